// The payments pages as the route table knows them (routes.ts page names), each loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export type PaymentsPageName = 'become-premium' | 'checkout-return';

export const paymentsPages: Record<PaymentsPageName, ComponentType<PageProps>> = {
  'become-premium': pageOnDemand(() => import('./BecomePremiumPage')),
  'checkout-return': pageOnDemand(() => import('./CheckoutReturnPage')),
};
