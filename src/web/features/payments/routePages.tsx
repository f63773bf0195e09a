// The payments pages as the route table knows them (routes.ts page names), each loaded on demand.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { LoadingSpinner } from '../../components/LoadingSpinner';

const BecomePremiumPage = lazyPage(() => import('./BecomePremiumPage'));
const CheckoutReturnPage = lazyPage(() => import('./CheckoutReturnPage'));

export type PaymentsPageName = 'become-premium' | 'checkout-return';

export const paymentsPages: Record<PaymentsPageName, ComponentType<PageProps>> = {
  'become-premium': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <BecomePremiumPage />
    </Suspense>
  ),
  'checkout-return': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <CheckoutReturnPage />
    </Suspense>
  ),
};
