// The admin area's pages as the route table knows them (routes.ts page names), each loaded on demand with its
// machine (and ApexCharts for the dashboard). They render inside AdminLayout (router.tsx).
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { LoadingSpinner } from '../../components/LoadingSpinner';

const AdminStatsPage = lazyPage(() => import('./stats/AdminStatsPage'));
const AdminReleasesPage = lazyPage(() => import('./releases/AdminReleasesPage'));
const AdminConfigsPage = lazyPage(() => import('./configs/AdminConfigsPage'));
const AdminOutboxPage = lazyPage(() => import('./outbox/AdminOutboxPage'));

export type AdminPageName = 'admin-stats' | 'admin-releases' | 'admin-configs' | 'admin-outbox';

export const adminPages: Record<AdminPageName, ComponentType<PageProps>> = {
  'admin-stats': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <AdminStatsPage />
    </Suspense>
  ),
  'admin-releases': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <AdminReleasesPage />
    </Suspense>
  ),
  'admin-configs': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <AdminConfigsPage />
    </Suspense>
  ),
  'admin-outbox': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <AdminOutboxPage />
    </Suspense>
  ),
};
