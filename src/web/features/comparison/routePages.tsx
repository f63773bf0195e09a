// The comparison pages as the route table knows them (routes.ts page names), each loaded on demand: the pages,
// their statecharts and ApexCharts stay out of the first load of other pages.
import type { ComponentType } from 'react';
import { lazyPage, type PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

const ComparisonPage = lazyPage(() => import('./ComparisonPage'));
const DemoComparisonPage = lazyPage(() => import('./DemoComparisonPage'));

export type ComparisonPageName = 'comparison' | 'comparison-saved' | 'comparison-admin' | 'demo-comparison';

export const comparisonPages: Record<ComparisonPageName, ComponentType<PageProps>> = {
  // No boundary of their own: while they load, the router's boundary shows their heading (routes.ts heading).
  comparison: () => <ComparisonPage />,
  'comparison-saved': pageOnDemand(() => import('./SavedComparisonPage')),
  'comparison-admin': pageOnDemand(() => import('./AdminComparisonPage')),
  'demo-comparison': () => <DemoComparisonPage />,
};
