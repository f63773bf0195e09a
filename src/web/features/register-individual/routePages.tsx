// The individual registration pages as the route table knows them (routes.ts page names), each loaded on demand.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import type { PageProps } from '../../kernel/lazyPage';

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>;
}

const RegisterIndividualPage = lazyPage(() => import('./RegisterIndividualPage'));
const RegisterCompletePage = lazyPage(() => import('./RegisterCompletePage'));

export type RegisterIndividualPageName = 'register-individual' | 'register-individual-complete';

export const registerIndividualPages: Record<RegisterIndividualPageName, ComponentType<PageProps>> = {
  // register/individual and register/individual/form/:id.
  'register-individual': () => (
    <Lazy>
      <RegisterIndividualPage />
    </Lazy>
  ),
  'register-individual-complete': () => (
    <Lazy>
      <RegisterCompletePage />
    </Lazy>
  ),
};
