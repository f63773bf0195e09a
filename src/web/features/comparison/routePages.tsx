// The comparison and account pages as the route table knows them (routes.ts page names), each loaded on
// demand: the pages, their statecharts and ApexCharts stay out of the first load of other pages.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import type { PageProps } from '../../app/router';

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>;
}

const ComparisonPage = lazy(() => import('./ComparisonPage'));
const SavedComparisonPage = lazy(() => import('./SavedComparisonPage'));
const AdminComparisonPage = lazy(() => import('./AdminComparisonPage'));
const DemoComparisonPage = lazy(() => import('./DemoComparisonPage'));
const MyAccountPage = lazy(() => import('../my-account/MyAccountPage'));
const MySearchesPage = lazy(() => import('../my-account/MySearchesPage'));
const DashboardPage = lazy(() => import('../my-account/DashboardPage'));

export type ComparisonPageName = 'comparison' | 'comparison-saved' | 'comparison-admin' | 'demo-comparison' | 'my-account' | 'my-searches' | 'dashboard';

export const comparisonPages: Record<ComparisonPageName, ComponentType<PageProps>> = {
  comparison: () => (
    <Lazy>
      <ComparisonPage />
    </Lazy>
  ),
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
  'demo-comparison': () => (
    <Lazy>
      <DemoComparisonPage />
    </Lazy>
  ),
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
