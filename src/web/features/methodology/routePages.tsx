// The methodology page as the route table knows it, loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export const methodologyPages: Record<'methodology', ComponentType<PageProps>> = {
  methodology: pageOnDemand(() => import('./MethodologyPage')),
};
