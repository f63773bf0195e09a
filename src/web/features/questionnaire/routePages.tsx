// The questionnaire, my-form and individual registration pages as the route table knows them (routes.ts page
// names), each loaded on demand. The six step routes and my-form-editor share one page component, so moving
// between steps keeps the same questionnaire actor.
import { lazyPage } from '../../app/lazyPage';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import type { PageProps } from '../../app/lazyPage';

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>;
}

const QuestionnairePage = lazyPage(() => import('./QuestionnairePage'));
const MyFormPage = lazyPage(() => import('../my-form/MyFormPage'));
const UpdateDataPage = lazyPage(() => import('../my-form/UpdateDataPage'));
const RegisterIndividualPage = lazyPage(() => import('../register-individual/RegisterIndividualPage'));
const RegisterCompletePage = lazyPage(() => import('../register-individual/RegisterCompletePage'));

export type QuestionnairePageName = 'questionnaire' | 'my-form' | 'update-data' | 'register-individual' | 'register-individual-complete';

export const questionnairePages: Record<QuestionnairePageName, ComponentType<PageProps>> = {
  // steps, steps/1 … steps/5 and my-form-editor (meta.stepIndex, meta.editor). No boundary of its own: while it
  // loads, the router's boundary shows the questionnaire's heading (routes.ts heading).
  questionnaire: (props) => <QuestionnairePage {...props} />,
  'my-form': () => (
    <Lazy>
      <MyFormPage />
    </Lazy>
  ),
  'update-data': () => (
    <Lazy>
      <UpdateDataPage />
    </Lazy>
  ),
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
