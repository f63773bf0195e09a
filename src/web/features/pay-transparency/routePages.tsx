// The pay transparency pages as the route table knows them (routes.ts page names), loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export type PayTransparencyPageName = 'pay-transparency' | 'job-ads' | 'bands';

export const payTransparencyPages: Record<PayTransparencyPageName, ComponentType<PageProps>> = {
  'pay-transparency': pageOnDemand(() => import('./PayTransparencyPage')),
  'job-ads': pageOnDemand(() => import('./JobAdRangesPage')),
  bands: pageOnDemand(() => import('./SalaryBandsPage')),
};
