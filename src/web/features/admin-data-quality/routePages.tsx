// The data-quality page as the route table knows it (routes.ts page name), loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export const adminDataQualityPages: Record<'admin-data-quality', ComponentType<PageProps>> = {
  'admin-data-quality': pageOnDemand(() => import('./DataQualityPage')),
};
