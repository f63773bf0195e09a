// The questionnaire as views read it: pure functions of the machine's snapshot returning translation keys and
// plain values. Views subscribe to one of them with a narrow `useSelector` (and `sameView` as the comparison),
// so a keystroke in one answer re-renders that answer, the progress and the buttons, nothing else.
import type { SnapshotFrom } from 'xstate';
import type { QuestionOption, QuestionType } from '../../src/domain/questionnaire';
import { isNumericType } from '../../src/domain/answerEntry';
import { LAST_STEP, STEP_COUNT, hasUnsavedAnswers, isAsked, isReachable, stepProblems, type AnswerProblem } from './answerSheet';
import { sheetContextOf, type CallProblem, type QuestionnaireMachine, type QuestionnaireMode } from './questionnaireMachine';

export type QuestionnaireSnapshot = SnapshotFrom<QuestionnaireMachine>;

export type QuestionnairePhase = 'loading' | 'loadFailed' | 'missing' | 'editing' | 'completed';

export function phaseOf(snapshot: QuestionnaireSnapshot): QuestionnairePhase {
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.hasTag('loadFailed')) return 'loadFailed';
  if (snapshot.hasTag('missing')) return 'missing';
  if (snapshot.hasTag('completed')) return 'completed';
  return 'editing';
}

export interface StepView {
  index: number;
  /** Translation key of the step title (questionnaire.steps.*). */
  titleKey: string;
  /** The server holds the step as saved. */
  saved: boolean;
  current: boolean;
  /** The progress indicator may jump there. */
  reachable: boolean;
}

export interface ProgressView {
  stepIndex: number;
  count: number;
  steps: StepView[];
}

const FALLBACK_TITLES = [
  'questionnaire.steps.profile',
  'questionnaire.steps.company',
  'questionnaire.steps.fixedSalary',
  'questionnaire.steps.annualBonus',
  'questionnaire.steps.deferred',
];

export function progressView(snapshot: QuestionnaireSnapshot): ProgressView {
  const { context } = snapshot;
  const editable = snapshot.matches('editing') && !snapshot.hasTag('saving');
  const steps = Array.from({ length: STEP_COUNT }, (_, index) => ({
    index,
    titleKey: context.definition?.steps[index]?.key ?? FALLBACK_TITLES[index],
    saved: context.completedSteps.includes(index),
    current: index === context.stepIndex,
    reachable: editable && index !== context.stepIndex && isReachable(index, context.completedSteps),
  }));
  return { stepIndex: context.stepIndex, count: STEP_COUNT, steps };
}

export interface QuestionView {
  name: string;
  type: QuestionType;
  labelKey: string;
  helpKey: string | null;
  required: boolean;
  min: number | null;
  max: number | null;
  /** Choices of a select; the city's depend on the country chosen. */
  options: QuestionOption[];
  /** A select without its choices yet (the city before the country). */
  disabled: boolean;
  /** Option code, yes/no or e-mail text; null when not given. */
  value: string | boolean | null;
  /** The text of a numeric answer as shown. */
  text: string;
  /** The problem to show (once the answer was left or the person tried to go on), else null. */
  problem: AnswerProblem | null;
  /** The currency of money answers (EUR unless the form says otherwise). */
  currency: string | null;
}

/** The names of the questions of the current step that are asked (the e-mail only when signed out). */
export function questionNames(snapshot: QuestionnaireSnapshot): string[] {
  const { context } = snapshot;
  const step = context.definition?.steps[context.stepIndex];
  if (!step) return [];
  const sheetContext = sheetContextOf(context);
  return step.questions.filter((question) => isAsked(question.name, sheetContext)).map((question) => question.name);
}

export function questionView(snapshot: QuestionnaireSnapshot, name: string): QuestionView | null {
  const { context } = snapshot;
  const step = context.definition?.steps[context.stepIndex];
  const question = step?.questions.find((candidate) => candidate.name === name);
  if (!step || !question) return null;
  const answer = context.sheet.answers[name];
  let options: QuestionOption[] = question.options ?? [];
  let disabled = false;
  if (question.dependsOn) {
    const parent = context.sheet.answers[question.dependsOn];
    options = typeof parent === 'string' ? (question.optionsBy?.[parent] ?? []) : [];
    disabled = options.length === 0;
  }
  const shown = context.revealed || context.touched.includes(name);
  const problem = shown ? (stepProblems(context.sheet, context.stepIndex, sheetContextOf(context)).find((p) => p.field === name) ?? null) : null;
  const numeric = isNumericType(question.type);
  return {
    name,
    type: question.type,
    labelKey: question.labelKey,
    helpKey: question.helpKey ?? null,
    required: question.required || (question.requiredWhenSignedOut === true && context.mode === 'anonymous'),
    min: question.min ?? null,
    max: question.max ?? null,
    options,
    disabled,
    value: numeric ? null : typeof answer === 'string' || typeof answer === 'boolean' ? answer : null,
    text: numeric ? (context.sheet.entries[name] ?? '') : '',
    problem,
    currency:
      question.type === 'money'
        ? typeof context.sheet.answers.currency === 'string'
          ? context.sheet.answers.currency
          : (context.definition?.currency ?? 'EUR')
        : null,
  };
}

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'unsaved' | 'failed';

export interface FailureView {
  /** No answer reached the server (offline). */
  offline: boolean;
  /** Translation key of the explanation. */
  messageKey: string;
  /** What the server said, when it said something (a list of problems, a message). */
  messages: string[];
  errorCode: string | null;
}

function failureView(problem: CallProblem | null, while_: 'load' | 'save'): FailureView | null {
  if (!problem) return null;
  const offline = problem.reason === 'network';
  return {
    offline,
    messageKey: offline ? `questionnaire.failure.${while_}_offline` : `questionnaire.failure.${while_}_server`,
    messages: problem.messages,
    errorCode: problem.errorCode,
  };
}

export interface NavigationView {
  mode: QuestionnaireMode;
  stepIndex: number;
  isFirstStep: boolean;
  isLastStep: boolean;
  canGoBack: boolean;
  canGoNext: boolean;
  canSubmit: boolean;
  canRetry: boolean;
  /** The step has a missing or wrong answer (tag invalid). */
  invalid: boolean;
  saving: boolean;
  saveStatus: SaveStatus;
  failure: FailureView | null;
  /** Translation key of the last step's button: complete the form, or save it in editor mode. */
  submitLabelKey: string;
}

export function saveStatusOf(snapshot: QuestionnaireSnapshot): SaveStatus {
  const { context } = snapshot;
  if (snapshot.hasTag('saving')) return 'saving';
  if (snapshot.hasTag('saveFailed')) return 'failed';
  if (context.formId === null) return 'idle';
  return hasUnsavedAnswers(context.sheet, context.savedAnswers) ? 'unsaved' : 'saved';
}

export function navigationView(snapshot: QuestionnaireSnapshot): NavigationView {
  const { context } = snapshot;
  const answering = snapshot.matches({ editing: { flow: 'answering' } });
  const failed = snapshot.hasTag('saveFailed');
  return {
    mode: context.mode,
    stepIndex: context.stepIndex,
    isFirstStep: context.stepIndex === 0,
    isLastStep: context.stepIndex === LAST_STEP,
    canGoBack: (answering || failed) && context.stepIndex > 0,
    canGoNext: answering && context.stepIndex < LAST_STEP,
    canSubmit: answering && context.stepIndex === LAST_STEP,
    canRetry: snapshot.can({ type: 'questionnaire.retry' }),
    invalid: snapshot.hasTag('invalid'),
    saving: snapshot.hasTag('saving'),
    saveStatus: saveStatusOf(snapshot),
    failure: failed ? failureView(context.failure, 'save') : null,
    submitLabelKey: context.mode === 'editor' || context.formStatus === 'completed' ? 'questionnaire.actions.save' : 'questionnaire.actions.submit',
  };
}

export function loadFailureView(snapshot: QuestionnaireSnapshot): FailureView | null {
  return snapshot.hasTag('loadFailed') ? failureView(snapshot.context.failure, 'load') : null;
}

export interface CompletionView {
  mode: QuestionnaireMode;
  formId: string | null;
  /** The address given in the questionnaire, to prefill the registration. */
  email: string | null;
  /** Signed out: offer to register and claim the form. */
  offerRegistration: boolean;
}

export function completionView(snapshot: QuestionnaireSnapshot): CompletionView {
  const { context } = snapshot;
  const email = context.sheet.answers.email;
  return {
    mode: context.mode,
    formId: context.formId,
    email: typeof email === 'string' ? email : null,
    offerRegistration: context.mode === 'anonymous' && context.formId !== null,
  };
}

/** Whether leaving the page now would abandon an unfinished form (the leave warning is armed). */
export function leaveWarningArmed(snapshot: QuestionnaireSnapshot): boolean {
  return snapshot.hasTag('leaveWarning');
}

/** Structural equality for view models (plain data), the comparison of every `useSelector` of the views. */
export function sameView(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameView((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Signed in without a form this year but with an earlier one: its year, to offer the yearly update; else null. */
export function yearlyUpdateOffer(snapshot: QuestionnaireSnapshot): number | null {
  const { context } = snapshot;
  return context.mode === 'member' && context.formId === null && snapshot.matches('editing') ? context.earlierFormYear : null;
}

export interface ProblemSummaryView {
  /** The step's problems, in the order of its questions: the field (its input id is question-{field}) and its label. */
  problems: Array<{ field: string; labelKey: string }>;
}

/**
 * The summary announced above the questions once the person tried to go on with problems (role=alert): how many
 * answers need attention and which. Null while nothing is revealed, or nothing is wrong.
 */
export function problemSummaryView(snapshot: QuestionnaireSnapshot): ProblemSummaryView | null {
  const { context } = snapshot;
  if (!context.revealed || !snapshot.hasTag('invalid')) return null;
  const step = context.definition?.steps[context.stepIndex];
  const problems = stepProblems(context.sheet, context.stepIndex, sheetContextOf(context)).map((problem) => ({
    field: problem.field,
    labelKey: step?.questions.find((question) => question.name === problem.field)?.labelKey ?? problem.field,
  }));
  return problems.length > 0 ? { problems } : null;
}

/** The addresses of the questionnaire itself: moving between them never abandons it. */
const QUESTIONNAIRE_PATH = /^\/(steps(\/.*)?|my-form-editor)$/;

/**
 * Whether an in-app navigation from the questionnaire to `nextPath` should ask first: the leave warning is armed
 * (an unfinished anonymous form, or unsaved answers) and the address leaves the questionnaire.
 */
export function blocksNavigation(snapshot: QuestionnaireSnapshot, nextPath: string): boolean {
  return leaveWarningArmed(snapshot) && !QUESTIONNAIRE_PATH.test(nextPath);
}

/** The address of the completed questionnaire (so a reload of it does not reopen the last step). */
export const COMPLETED_PATH = '/steps/done';
