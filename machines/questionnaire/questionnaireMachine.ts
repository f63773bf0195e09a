import { and, assertEvent, assign, emit, fromCallback, not, setup } from 'xstate';
import type { components } from '../../src/api/schema';
import type { Language } from '../../src/domain/constants';
import type { FormAnswerValues } from '../../src/domain/formValidation';
import {
  EMPTY_SHEET,
  LAST_STEP,
  applyRawAnswers,
  hasUnsavedAnswers,
  isReachable,
  openableStep,
  prefilledEmail,
  reachedSteps,
  relanguage,
  resumeSheet,
  savableAnswers,
  stepProblems,
  stepsWithProblems,
  type AnswerSheet,
  type LocalDraft,
  type RawAnswer,
  type SheetContext,
} from './answerSheet';
import { injected } from '../shared/injected';
import { retryOn } from '../shared/load';

export type Form = components['schemas']['Form'];
export type QuestionnaireDefinition = components['schemas']['Questionnaire'];

/**
 * - anonymous: signed out on /steps; the form is created at the end of step 1 and continued by its id
 *   (localStorage questionaryID) until the person registers and claims it.
 * - member: signed in on /steps; the form is the user's form of this survey year.
 * - editor: my-form-editor; the signed-in user's latest form, saved in place.
 */
export type QuestionnaireMode = 'anonymous' | 'member' | 'editor';

export interface QuestionnaireInput {
  mode: QuestionnaireMode;
  /** The step of the route (steps and steps/1 are 0, steps/5 is 4). */
  stepIndex: number;
  language: Language;
  /** Whose local draft this is: 'anonymous' or the signed-in user's id. */
  owner: string;
}

/** A failed call, as the machine keeps it (the view turns it into words). */
export interface CallProblem {
  /** network: no answer (offline); http: the server refused or failed. */
  reason: 'network' | 'http';
  status: number;
  errorCode: string | null;
  /** The server's message, or its list of problems. */
  messages: string[];
}

export interface LoadFormInput {
  mode: QuestionnaireMode;
  owner: string;
}

/** What loadForm finds: the form to continue (null: none yet) and the local draft of this browser. */
export interface LoadedForm {
  form: Form | null;
  draft: LocalDraft | null;
  /** localStorage formEmail (captured from an ?email= link): prefills the e-mail address. */
  formEmail?: string | null;
  /** Signed in without a form this year: the survey year of the user's latest form (update-data copies it). */
  earlierYear?: number | null;
}

export interface SaveFormInput {
  /** null: the form does not exist yet (POST forms); otherwise PUT forms/{id}. */
  formId: string | null;
  answers: FormAnswerValues;
  /** The step being saved (PUT marks it saved). */
  step: number;
  /** Complete the form (the last step's submit). */
  complete: boolean;
  signedOut: boolean;
}

export type QuestionnaireEvent =
  /** Answers typed or chosen: texts of numeric answers as typed, option codes, yes/no; null clears. */
  | { type: 'questionnaire.change'; values: Record<string, RawAnswer> }
  /** The person left an answer: its problem may show from now on. */
  | { type: 'questionnaire.touch'; field: string }
  | { type: 'questionnaire.next' }
  | { type: 'questionnaire.back' }
  /** Jump from the progress indicator (or the browser's history) to a reached step. */
  | { type: 'questionnaire.goTo'; step: number }
  | { type: 'questionnaire.submit' }
  | { type: 'questionnaire.retry' }
  /** The interface language changed: numbers are shown (and read) in it. */
  | { type: 'questionnaire.language'; language: Language };

export type QuestionnaireEmitted =
  | { type: 'questionnaire.saved'; formId: string; step: number }
  | { type: 'questionnaire.completed'; formId: string; mode: QuestionnaireMode }
  /**
   * The person tried to go on (next, submit, retry) and the step shown has problems: they are all shown now, and
   * `field` is the first one in the order of the questions (the view moves focus there and announces them).
   */
  | { type: 'questionnaire.problemsShown'; step: number; field: string; count: number };

export interface QuestionnaireContext {
  mode: QuestionnaireMode;
  owner: string;
  language: Language;
  definition: QuestionnaireDefinition | null;
  /** The form being filled in; null until the anonymous flow's first save. */
  formId: string | null;
  formStatus: 'new' | 'in-progress' | 'completed';
  surveyYear: number | null;
  /** Signed in without a form this year: the year of the latest form, to offer the yearly update instead. */
  earlierFormYear: number | null;
  /** The step the route asked for; the step shown is decided once the form is loaded. */
  requestedStep: number;
  stepIndex: number;
  /** Steps the server holds as saved (in the editor, also those answered completely when loaded). */
  completedSteps: number[];
  sheet: AnswerSheet;
  /** The answers the server holds: loaded, plus every save it accepted (what is unsaved is the difference). */
  savedAnswers: FormAnswerValues;
  /** The answers of the save in flight. */
  sending: FormAnswerValues;
  /** Answers the person has left: their problems show. */
  touched: string[];
  /** The person tried to go on with problems: every problem of the step shows. */
  revealed: boolean;
  /** The last failed load or save. */
  failure: CallProblem | null;
}

export function sheetContextOf(context: Pick<QuestionnaireContext, 'mode'>): SheetContext {
  return { signedOut: context.mode === 'anonymous' };
}

export function callProblemOf(error: unknown): CallProblem {
  const candidate = error as Partial<CallProblem> | null;
  if (candidate && (candidate.reason === 'network' || candidate.reason === 'http')) {
    return {
      reason: candidate.reason,
      status: typeof candidate.status === 'number' ? candidate.status : 0,
      errorCode: typeof candidate.errorCode === 'string' ? candidate.errorCode : null,
      messages: Array.isArray(candidate.messages) ? candidate.messages.filter((m): m is string => typeof m === 'string') : [],
    };
  }
  return { reason: 'network', status: 0, errorCode: null, messages: error instanceof Error && error.message ? [error.message] : [] };
}

const hasProblemsOnStep = (context: QuestionnaireContext) => stepProblems(context.sheet, context.stepIndex, sheetContextOf(context)).length > 0;

/**
 * The five-step questionnaire (docs/questionnaire.md): steps 0–4, per-answer validation, next / back / jump
 * to a reached step, saving as the person goes, resume, submit, retry after a failure, and the leave warning.
 *
 * ```
 * loading.definition ─▶ loading.form ─┬─▶ editing (flow ∥ leave) ─── submit ok ──▶ completed
 *        │ error             │ error  ├─▶ completed   (the form is already completed; not in editor mode)
 *        └──────▶ loadFailed ◀┘       └─▶ missing     (editor mode and the user has no form)
 *                  └ retry ─▶ loading
 *
 * editing.flow:  answering.{valid|invalid} ── next ──▶ saving ──▶ answering (next step)
 *                      │  submit (last step)              └ error ─▶ saveFailed ── retry ─▶ saving
 *                      └──────────────▶ submitting ──▶ completed
 *                                            └ error ─▶ submitFailed ── retry ─▶ submitting
 * editing.leave: quiet ⇄ warning (invokes leaveWarning: the browser asks before leaving the page)
 * ```
 *
 * - Loading: the definition (GET forms/questionnaire, cached by version) then the form (loadForm: the stored
 *   questionaryID's form when anonymous, the user's form when signed in) with this browser's local draft,
 *   so nothing typed is lost on a reload or in another tab. The step of the route opens if it was reached.
 * - `questionnaire.change` reads what is typed in the person's language (money "90.000" / "90,000"), keeps
 *   unreadable text as typed with its problem, and writes the local draft (`storeDraft`). `answering.invalid`
 *   (tag `invalid`) while the current step has problems; they show once an answer is left (`touch`) or the
 *   person tries to go on (`revealed`).
 * - `next` saves the step, then advances: anonymous and without a form, POST forms creates it and its id is
 *   kept (`rememberFormId` → questionaryID); afterwards PUT forms/{id}. Signed in, the form is the user's.
 *   A failed save (offline, server error) keeps every value and offers `retry` (tag `saveFailed`).
 * - `back` and `goTo` move between steps without saving (the draft keeps the answers; every save sends all).
 *   `goTo` reaches a saved step and the first step after them; in the editor every step answered completely
 *   when loaded counts as saved (a copied form is reviewed in any order).
 * - `submit` on the last step completes the form (PUT complete: true) once every step is valid; otherwise it
 *   opens the first step with problems and shows them.
 * - Whenever going on is refused because of problems (next, submit, retry), every problem of the step shows and
 *   `questionnaire.problemsShown` names the first field: the view moves focus there and announces the count.
 * - editing.leave: `warning` (invokes the `leaveWarning` callback actor: beforeunload) while an anonymous form
 *   id is stored, or — signed in — while answers are not saved. Never once completed.
 *
 * Effects are injected: actors loadQuestionnaire, loadForm, saveForm, leaveWarning; actions storeDraft,
 * rememberFormId and forgetDraft. No React, no fetch, no storage here.
 */
export const questionnaireMachine = setup({
  types: {
    context: {} as QuestionnaireContext,
    events: {} as QuestionnaireEvent,
    input: {} as QuestionnaireInput,
    emitted: {} as QuestionnaireEmitted,
  },
  actors: {
    loadQuestionnaire: injected<QuestionnaireDefinition>('loadQuestionnaire is not provided'),
    loadForm: injected<LoadedForm, LoadFormInput>('loadForm is not provided'),
    saveForm: injected<Form, SaveFormInput>('saveForm is not provided'),
    /** Asks the browser to warn before the page is left; its cleanup stops asking. */
    leaveWarning: fromCallback(() => () => undefined),
  },
  actions: {
    keepDefinition: assign({
      definition: ({ event }) => (event as unknown as { output: QuestionnaireDefinition }).output,
    }),
    adoptLoadedForm: assign(({ context, event }) => {
      const { form, draft, formEmail, earlierYear } = (event as unknown as { output: LoadedForm }).output;
      const ownDraft = draft && draft.owner === context.owner ? draft : null;
      let sheet = resumeSheet(form, ownDraft, context.language);
      const email = prefilledEmail(formEmail ?? null);
      if (context.mode === 'anonymous' && email && !sheet.answers.email) sheet = applyRawAnswers(sheet, { email }, context.language);
      // In the editor every step answered completely counts as reached, so a copied form (nothing saved yet
      // this year) can be reviewed in any order.
      const completedSteps = form
        ? context.mode === 'editor'
          ? reachedSteps(sheet, form.completedSteps, sheetContextOf(context))
          : [...form.completedSteps]
        : [];
      // The bare route (step 0) resumes where this browser's draft left off, e.g. in another tab.
      const requested = context.requestedStep === 0 && ownDraft ? ownDraft.stepIndex : context.requestedStep;
      return {
        formId: form?.id ?? null,
        formStatus: form ? form.status : ('new' as const),
        surveyYear: form?.surveyYear ?? null,
        earlierFormYear: form ? null : (earlierYear ?? null),
        completedSteps,
        sheet,
        savedAnswers: form ? { ...form.answers } : {},
        stepIndex: context.mode === 'editor' ? 0 : openableStep(requested, completedSteps),
        failure: null,
      };
    }),
    keepFailure: assign({
      failure: ({ event }) => callProblemOf((event as unknown as { error: unknown }).error),
    }),
    applyChange: assign({
      sheet: ({ context, event }) => {
        assertEvent(event, 'questionnaire.change');
        return applyRawAnswers(context.sheet, event.values, context.language);
      },
    }),
    markTouched: assign({
      touched: ({ context, event }) => {
        assertEvent(event, 'questionnaire.touch');
        return context.touched.includes(event.field) ? context.touched : [...context.touched, event.field];
      },
    }),
    changeLanguage: assign(({ context, event }) => {
      assertEvent(event, 'questionnaire.language');
      return { language: event.language, sheet: relanguage(context.sheet, event.language) };
    }),
    revealProblems: assign({ revealed: true }),
    /** Nothing left to show: a problem typed later shows once its answer is left. */
    concealProblems: assign({ revealed: false }),
    stepBack: assign({ stepIndex: ({ context }) => context.stepIndex - 1, revealed: false, touched: [] }),
    goToStep: assign(({ event }) => {
      assertEvent(event, 'questionnaire.goTo');
      return { stepIndex: event.step, revealed: false, touched: [] };
    }),
    goToFirstProblem: assign(({ context }) => ({
      stepIndex: stepsWithProblems(context.sheet, sheetContextOf(context))[0] ?? context.stepIndex,
      revealed: true,
      touched: [],
    })),
    adoptSavedForm: assign(({ context, event }) => {
      const form = (event as unknown as { output: Form }).output;
      return {
        formId: form.id,
        formStatus: form.status,
        surveyYear: form.surveyYear,
        completedSteps: [...new Set([...context.completedSteps, ...form.completedSteps, context.stepIndex])].sort((a, b) => a - b),
        savedAnswers: { ...context.savedAnswers, ...form.answers, ...context.sending },
        sending: {},
        failure: null,
      };
    }),
    rememberSending: assign({ sending: ({ context }) => savableOf(context) }),
    advanceStep: assign({ stepIndex: ({ context }) => Math.min(context.stepIndex + 1, LAST_STEP), revealed: false, touched: [] }),
    emitSaved: emit(({ context }) => ({ type: 'questionnaire.saved' as const, formId: context.formId ?? '', step: context.stepIndex })),
    emitProblemsShown: emit(({ context }) => {
      const problems = stepProblems(context.sheet, context.stepIndex, sheetContextOf(context));
      return { type: 'questionnaire.problemsShown' as const, step: context.stepIndex, field: problems[0]?.field ?? '', count: problems.length };
    }),
    emitCompleted: emit(({ context }) => ({ type: 'questionnaire.completed' as const, formId: context.formId ?? '', mode: context.mode })),
    /** Writes the local draft (localStorage): the answers, unreadable texts as typed, the step. */
    storeDraft: (_, _params: { draft: Omit<LocalDraft, 'updatedAt'> }) => undefined,
    /** Keeps the id of the anonymous form (localStorage questionaryID). */
    rememberFormId: (_, _params: { formId: string }) => undefined,
    /** The form is completed: the local draft is no longer needed. */
    forgetDraft: (_, _params: { owner: string }) => undefined,
  },
  guards: {
    loadedCompletedForm: ({ context, event }) => context.mode !== 'editor' && (event as unknown as { output: LoadedForm }).output.form?.status === 'completed',
    editorWithoutForm: ({ context, event }) => context.mode === 'editor' && (event as unknown as { output: LoadedForm }).output.form === null,
    stepHasProblems: ({ context }) => hasProblemsOnStep(context),
    anotherStepHasProblems: ({ context }) => stepsWithProblems(context.sheet, sheetContextOf(context)).some((step) => step !== context.stepIndex),
    isLastStep: ({ context }) => context.stepIndex === LAST_STEP,
    hasPreviousStep: ({ context }) => context.stepIndex > 0,
    canGoToStep: ({ context, event }) => {
      assertEvent(event, 'questionnaire.goTo');
      return event.step !== context.stepIndex && isReachable(event.step, context.completedSteps);
    },
    createdAnonymousForm: ({ context }) => context.mode === 'anonymous' && context.formId === null,
    shouldWarnOnLeave: ({ context }) => (context.mode === 'anonymous' ? context.formId !== null : hasUnsavedAnswers(context.sheet, context.savedAnswers)),
  },
}).createMachine({
  id: 'questionnaire',
  description: 'The five-step questionnaire: answer, save as you go, resume, submit; warns before leaving an unfinished form.',
  context: ({ input }) => ({
    mode: input.mode,
    owner: input.owner,
    language: input.language,
    definition: null,
    formId: null,
    formStatus: 'new',
    surveyYear: null,
    earlierFormYear: null,
    requestedStep: input.stepIndex,
    stepIndex: input.mode === 'editor' ? 0 : Math.max(0, Math.min(LAST_STEP, input.stepIndex)),
    completedSteps: [],
    sheet: EMPTY_SHEET,
    savedAnswers: {},
    sending: {},
    touched: [],
    revealed: false,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the questionnaire definition, then the form to continue and the local draft.',
      tags: ['loading'],
      initial: 'definition',
      states: {
        definition: {
          description: 'GET forms/questionnaire (served from the cache when its version has not changed).',
          invoke: {
            id: 'loadQuestionnaire',
            src: 'loadQuestionnaire',
            onDone: { target: 'form', actions: 'keepDefinition' },
            onError: { target: '#questionnaire.loadFailed', actions: 'keepFailure' },
          },
        },
        form: {
          description: 'The form to continue: the stored questionaryID (anonymous) or the user’s form (signed in), plus the local draft.',
          invoke: {
            id: 'loadForm',
            src: 'loadForm',
            input: ({ context }) => ({ mode: context.mode, owner: context.owner }),
            onDone: [
              { guard: 'editorWithoutForm', target: '#questionnaire.missing', actions: 'adoptLoadedForm' },
              { guard: 'loadedCompletedForm', target: '#questionnaire.completed', actions: 'adoptLoadedForm' },
              { target: '#questionnaire.editing', actions: 'adoptLoadedForm' },
            ],
            onError: { target: '#questionnaire.loadFailed', actions: 'keepFailure' },
          },
        },
      },
    },
    loadFailed: {
      description: 'The definition or the form could not be loaded (offline or server failure); offers to try again.',
      ...retryOn('questionnaire.retry', 'loading', 'loadFailed'),
    },
    missing: {
      description: 'Editor mode, but the signed-in user has no form yet: the view leads to the questionnaire.',
      tags: ['missing'],
    },
    editing: {
      description: 'Answering the steps. The flow region answers and saves; the leave region warns before the page is left.',
      type: 'parallel',
      states: {
        flow: {
          description: 'The current step: answering, saving it, or a failed save that keeps every value.',
          initial: 'answering',
          on: {
            'questionnaire.change': {
              actions: ['applyChange', { type: 'storeDraft', params: ({ context }) => ({ draft: draftParams(context) }) }],
            },
            'questionnaire.touch': { actions: 'markTouched' },
            'questionnaire.language': {
              actions: ['changeLanguage', { type: 'storeDraft', params: ({ context }) => ({ draft: draftParams(context) }) }],
            },
          },
          states: {
            answering: {
              description: 'The person answers the current step.',
              initial: 'valid',
              on: {
                'questionnaire.next': [
                  { guard: and([not('isLastStep'), 'stepHasProblems']), actions: ['revealProblems', 'emitProblemsShown'] },
                  { guard: not('isLastStep'), target: 'saving' },
                ],
                'questionnaire.submit': [
                  { guard: and(['isLastStep', 'stepHasProblems']), actions: ['revealProblems', 'emitProblemsShown'] },
                  { guard: and(['isLastStep', 'anotherStepHasProblems']), actions: ['goToFirstProblem', 'emitProblemsShown'] },
                  { guard: 'isLastStep', target: 'submitting' },
                ],
                'questionnaire.back': { guard: 'hasPreviousStep', actions: 'stepBack' },
                'questionnaire.goTo': { guard: 'canGoToStep', actions: 'goToStep' },
              },
              states: {
                valid: {
                  description: 'Every answer of the step is given and keeps the rules: the person may go on.',
                  entry: 'concealProblems',
                  always: { guard: 'stepHasProblems', target: 'invalid' },
                },
                invalid: {
                  description: 'The step has a missing or wrong answer; its problems show once touched or revealed.',
                  tags: ['invalid'],
                  always: { guard: not('stepHasProblems'), target: 'valid' },
                },
              },
            },
            saving: {
              description: 'Saving the step: POST forms creates the form (first anonymous save), PUT forms/{id} otherwise.',
              tags: ['saving'],
              entry: 'rememberSending',
              invoke: {
                id: 'saveForm',
                src: 'saveForm',
                input: ({ context }) => saveParams(context, false),
                onDone: [
                  {
                    guard: 'createdAnonymousForm',
                    target: 'answering',
                    actions: [
                      'adoptSavedForm',
                      { type: 'rememberFormId', params: ({ context }) => ({ formId: context.formId ?? '' }) },
                      'emitSaved',
                      'advanceStep',
                      { type: 'storeDraft', params: ({ context }) => ({ draft: draftParams(context) }) },
                    ],
                  },
                  {
                    target: 'answering',
                    actions: ['adoptSavedForm', 'emitSaved', 'advanceStep', { type: 'storeDraft', params: ({ context }) => ({ draft: draftParams(context) }) }],
                  },
                ],
                onError: { target: 'saveFailed', actions: 'keepFailure' },
              },
            },
            saveFailed: {
              description: 'The save failed (offline or server failure). Every typed value is kept; retry saves again.',
              tags: ['saveFailed'],
              on: {
                'questionnaire.retry': [
                  { guard: 'stepHasProblems', target: 'answering', actions: ['revealProblems', 'emitProblemsShown'] },
                  { target: 'saving' },
                ],
                'questionnaire.back': { guard: 'hasPreviousStep', target: 'answering', actions: 'stepBack' },
                'questionnaire.goTo': { guard: 'canGoToStep', target: 'answering', actions: 'goToStep' },
              },
            },
            submitting: {
              description: 'Completing the form: PUT forms/{id} with every answer and complete: true.',
              tags: ['saving'],
              entry: 'rememberSending',
              invoke: {
                id: 'submitForm',
                src: 'saveForm',
                input: ({ context }) => saveParams(context, true),
                onDone: [
                  {
                    guard: 'createdAnonymousForm',
                    target: '#questionnaire.completed',
                    actions: ['adoptSavedForm', { type: 'rememberFormId', params: ({ context }) => ({ formId: context.formId ?? '' }) }, 'emitCompleted'],
                  },
                  { target: '#questionnaire.completed', actions: ['adoptSavedForm', 'emitCompleted'] },
                ],
                onError: { target: 'submitFailed', actions: 'keepFailure' },
              },
            },
            submitFailed: {
              description: 'Completing failed (offline or server failure). Every typed value is kept; retry submits again.',
              tags: ['saveFailed'],
              on: {
                'questionnaire.retry': [
                  { guard: 'stepHasProblems', target: 'answering', actions: ['revealProblems', 'emitProblemsShown'] },
                  { target: 'submitting' },
                ],
                'questionnaire.back': { guard: 'hasPreviousStep', target: 'answering', actions: 'stepBack' },
                'questionnaire.goTo': { guard: 'canGoToStep', target: 'answering', actions: 'goToStep' },
              },
            },
          },
        },
        leave: {
          description: 'Whether leaving the page now would abandon an unfinished form.',
          initial: 'quiet',
          states: {
            quiet: {
              description: 'Nothing to warn about: no anonymous form stored yet, or (signed in) everything is saved.',
              always: { guard: 'shouldWarnOnLeave', target: 'warning' },
            },
            warning: {
              description: 'An unfinished anonymous form is stored, or answers are not saved: the browser asks before leaving.',
              tags: ['leaveWarning'],
              invoke: { id: 'leaveWarning', src: 'leaveWarning' },
              always: { guard: not('shouldWarnOnLeave'), target: 'quiet' },
            },
          },
        },
      },
    },
    completed: {
      description: 'The form is completed. Signed out, the person is offered to register and claim it; no leave warning.',
      tags: ['completed'],
      entry: { type: 'forgetDraft', params: ({ context }) => ({ owner: context.owner }) },
    },
  },
});

function draftParams(context: QuestionnaireContext): Omit<LocalDraft, 'updatedAt'> {
  const pendingTexts = Object.fromEntries(Object.keys(context.sheet.entryProblems).map((field) => [field, context.sheet.entries[field] ?? '']));
  return {
    formId: context.formId,
    owner: context.owner,
    answers: context.sheet.answers,
    pendingTexts,
    language: context.language,
    stepIndex: context.stepIndex,
  };
}

function saveParams(context: QuestionnaireContext, complete: boolean): SaveFormInput {
  return {
    formId: context.formId,
    answers: savableOf(context),
    step: context.stepIndex,
    complete,
    signedOut: context.mode === 'anonymous',
  };
}

function savableOf(context: QuestionnaireContext): FormAnswerValues {
  return savableAnswers(context.sheet, sheetContextOf(context));
}

export type QuestionnaireMachine = typeof questionnaireMachine;
