// The comparison pages as the route table knows them (routes.ts page names), each loaded on demand: the pages,
// their statecharts and ApexCharts stay out of the first load of other pages.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import type { PageProps } from '../../kernel/lazyPage';

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>;
}

const ComparisonPage = lazyPage(() => import('./ComparisonPage'));
const SavedComparisonPage = lazyPage(() => import('./SavedComparisonPage'));
const AdminComparisonPage = lazyPage(() => import('./AdminComparisonPage'));
const DemoComparisonPage = lazyPage(() => import('./DemoComparisonPage'));

export type ComparisonPageName = 'comparison' | 'comparison-saved' | 'comparison-admin' | 'demo-comparison';

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
};
