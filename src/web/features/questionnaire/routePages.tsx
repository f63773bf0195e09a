// The questionnaire, my-form and individual registration pages as the route table knows them (routes.ts page
// names), each loaded on demand. The six step routes and my-form-editor share one page component, so moving
// between steps keeps the same questionnaire actor.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import type { PageProps } from '../../app/router';

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>;
}

const QuestionnairePage = lazy(() => import('./QuestionnairePage'));
const MyFormPage = lazy(() => import('../my-form/MyFormPage'));
const UpdateDataPage = lazy(() => import('../my-form/UpdateDataPage'));
const RegisterIndividualPage = lazy(() => import('../register-individual/RegisterIndividualPage'));
const RegisterCompletePage = lazy(() => import('../register-individual/RegisterCompletePage'));

export type QuestionnairePageName = 'questionnaire' | 'my-form' | 'update-data' | 'register-individual' | 'register-individual-complete';

export const questionnairePages: Record<QuestionnairePageName, ComponentType<PageProps>> = {
  // steps, steps/1 … steps/5 and my-form-editor (meta.stepIndex, meta.editor).
  questionnaire: (props) => (
    <Lazy>
      <QuestionnairePage {...props} />
    </Lazy>
  ),
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
