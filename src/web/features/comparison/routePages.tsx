// The comparison and account pages as the route table knows them (routes.ts page names), each loaded on
// demand: the pages, their statecharts and ApexCharts stay out of the first load of other pages.
import { lazyPage } from '../../app/lazyPage';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import type { PageProps } from '../../app/lazyPage';

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>;
}

const ComparisonPage = lazyPage(() => import('./ComparisonPage'));
const SavedComparisonPage = lazyPage(() => import('./SavedComparisonPage'));
const AdminComparisonPage = lazyPage(() => import('./AdminComparisonPage'));
const DemoComparisonPage = lazyPage(() => import('./DemoComparisonPage'));
const MyAccountPage = lazyPage(() => import('../my-account/MyAccountPage'));
const MySearchesPage = lazyPage(() => import('../my-account/MySearchesPage'));
const DashboardPage = lazyPage(() => import('../my-account/DashboardPage'));

export type ComparisonPageName = 'comparison' | 'comparison-saved' | 'comparison-admin' | 'demo-comparison' | 'my-account' | 'my-searches' | 'dashboard';

export const comparisonPages: Record<ComparisonPageName, ComponentType<PageProps>> = {
  // No boundary of their own: while they load, the router's boundary shows their heading (routes.ts heading).
  comparison: () => <ComparisonPage />,
  'comparison-saved': () => (
    <Lazy>
      <SavedComparisonPage />
    </Lazy>
  ),
  'comparison-admin': () => (
    <Lazy>
      <AdminComparisonPage />
    </Lazy>
  ),
  'demo-comparison': () => <DemoComparisonPage />,
  // my-account and my-account/my-credits: the same page, titled by its section.
  'my-account': ({ section }) => (
    <Lazy>
      <MyAccountPage section={section} />
    </Lazy>
  ),
  'my-searches': () => (
    <Lazy>
      <MySearchesPage />
    </Lazy>
  ),
  dashboard: () => (
    <Lazy>
      <DashboardPage />
    </Lazy>
  ),
};
