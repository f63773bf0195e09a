// The data-quality page as the route table knows it (routes.ts page name), loaded on demand.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { LoadingSpinner } from '../../components/LoadingSpinner';

const DataQualityPage = lazyPage(() => import('./DataQualityPage'));

export const adminDataQualityPages: Record<'admin-data-quality', ComponentType<PageProps>> = {
  'admin-data-quality': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <DataQualityPage />
    </Suspense>
  ),
};
