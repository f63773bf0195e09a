// The account pages as the route table knows them (routes.ts page names), each loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export type MyAccountPageName = 'my-account' | 'my-searches' | 'dashboard';

export const myAccountPages: Record<MyAccountPageName, ComponentType<PageProps>> = {
  // my-account and my-account/my-credits: the same page, titled by its section.
  'my-account': pageOnDemand(() => import('./MyAccountPage')),
  'my-searches': pageOnDemand(() => import('./MySearchesPage')),
  dashboard: pageOnDemand(() => import('./DashboardPage')),
};
