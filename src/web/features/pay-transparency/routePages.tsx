// The pay transparency page as the route table knows it (routes.ts page names), loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export type PayTransparencyPageName = 'pay-transparency' | 'pay-transparency-bands';

export const payTransparencyPages: Record<PayTransparencyPageName, ComponentType<PageProps>> = {
  'pay-transparency': pageOnDemand(() => import('./PayTransparencyPage')),
  'pay-transparency-bands': pageOnDemand(() => import('./SalaryBandsPage')),
};
