// The questionnaire's page as the route table knows it (routes.ts page names), loaded on demand. The six step
// routes and my-form-editor share one page component, so moving between steps keeps the same questionnaire actor.
import { lazyPage } from '../../kernel/lazyPage';
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';

const QuestionnairePage = lazyPage(() => import('./QuestionnairePage'));

export type QuestionnairePageName = 'questionnaire';

export const questionnairePages: Record<QuestionnairePageName, ComponentType<PageProps>> = {
  // steps, steps/1 … steps/5 and my-form-editor (meta.stepIndex, meta.editor). No boundary of its own: while it
  // loads, the router's boundary shows the questionnaire's heading (routes.ts heading).
  questionnaire: (props) => <QuestionnairePage {...props} />,
};
