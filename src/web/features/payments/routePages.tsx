// The payments pages as the route table knows them (routes.ts page names), each loaded on demand.
import { lazy, Suspense, type ComponentType } from 'react';
import type { PageProps } from '../../app/router';
import { LoadingSpinner } from '../../components/LoadingSpinner';

const BecomePremiumPage = lazy(() => import('./BecomePremiumPage'));
const CheckoutReturnPage = lazy(() => import('./CheckoutReturnPage'));

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
