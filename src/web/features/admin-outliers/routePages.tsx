// The outlier-pack simulator as the route table knows it (routes.ts page names), each loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export type AdminOutlierPageName = 'admin-outliers' | 'admin-outlier-forms';

export const adminOutlierPages: Record<AdminOutlierPageName, ComponentType<PageProps>> = {
  'admin-outliers': pageOnDemand(() => import('./OutlierPacksPage')),
  'admin-outlier-forms': pageOnDemand(() => import('./OutlierFormsPage')),
};
