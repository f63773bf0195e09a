// The outlier-pack simulator as the route table knows it (routes.ts page names), each loaded on demand.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { LoadingSpinner } from '../../components/LoadingSpinner';

const OutlierPacksPage = lazyPage(() => import('./OutlierPacksPage'));
const OutlierFormsPage = lazyPage(() => import('./OutlierFormsPage'));

export type AdminOutlierPageName = 'admin-outliers' | 'admin-outlier-forms';

export const adminOutlierPages: Record<AdminOutlierPageName, ComponentType<PageProps>> = {
  'admin-outliers': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <OutlierPacksPage />
    </Suspense>
  ),
  'admin-outlier-forms': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <OutlierFormsPage />
    </Suspense>
  ),
};
