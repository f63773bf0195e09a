// The individual registration pages as the route table knows them (routes.ts page names), each loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export type RegisterIndividualPageName = 'register-individual' | 'register-individual-complete';

export const registerIndividualPages: Record<RegisterIndividualPageName, ComponentType<PageProps>> = {
  // register/individual and register/individual/form/:id.
  'register-individual': pageOnDemand(() => import('./RegisterIndividualPage')),
  'register-individual-complete': pageOnDemand(() => import('./RegisterCompletePage')),
};
