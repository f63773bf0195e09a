// The methodology page as the route table knows it, loaded on demand.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { LoadingSpinner } from '../../components/LoadingSpinner';

const MethodologyPage = lazyPage(() => import('./MethodologyPage'));

export const methodologyPages: Record<'methodology', ComponentType<PageProps>> = {
  methodology: () => (
    <Suspense fallback={<LoadingSpinner />}>
      <MethodologyPage />
    </Suspense>
  ),
};
