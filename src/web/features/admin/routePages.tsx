// The admin area's pages as the route table knows them (routes.ts page names), each loaded on demand with its
// machine (and ApexCharts for the dashboard). They render inside AdminLayout (router.tsx).
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export type AdminPageName = 'admin-stats' | 'admin-releases' | 'admin-configs' | 'admin-outbox';

export const adminPages: Record<AdminPageName, ComponentType<PageProps>> = {
  'admin-stats': pageOnDemand(() => import('./stats/AdminStatsPage')),
  'admin-releases': pageOnDemand(() => import('./releases/AdminReleasesPage')),
  'admin-configs': pageOnDemand(() => import('./configs/AdminConfigsPage')),
  'admin-outbox': pageOnDemand(() => import('./outbox/AdminOutboxPage')),
};
