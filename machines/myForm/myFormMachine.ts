import { assign, emit, setup } from 'xstate';
import type { components } from '../../src/api/schema';
import { injected } from '../shared/injected';
import { retryOn } from '../shared/load';

export type Form = components['schemas']['Form'];

/** A failed call as the flow keeps it. */
export interface MyFormProblem {
  reason: 'network' | 'http';
  status: number;
  errorCode: string | null;
}

export interface MyFormInput {
  /** The current survey year (the year a copy is made for). */
  currentYear: number;
  /** The signed-in user. */
  userId: string;
}

export interface LoadLastFormInput {
  userId: string;
}

export interface CopyFormInput {
  fromYear: number;
}

export type MyFormEvent =
  | { type: 'myForm.retry' }
  /** "Update for this year": ask before copying. */
  | { type: 'myForm.askCopy' }
  /** The confirm modal (type copy) was resolved. */
  | { type: 'myForm.confirmCopy' }
  /** The confirm modal was rejected or closed. */
  | { type: 'myForm.declineCopy' };

export type MyFormEmitted = { type: 'myForm.copied'; form: Form };

export interface MyFormContext {
  currentYear: number;
  userId: string;
  /** The user's latest form; null when they have none. */
  form: Form | null;
  failure: MyFormProblem | null;
  /** The copy found this year's form already there (another tab, another device): it was reloaded. */
  copyFoundExisting: boolean;
}

export function myFormProblemOf(error: unknown): MyFormProblem {
  const candidate = error as Partial<MyFormProblem> | null;
  return {
    reason: candidate?.reason === 'http' ? 'http' : 'network',
    status: typeof candidate?.status === 'number' ? candidate.status : 0,
    errorCode: typeof candidate?.errorCode === 'string' ? candidate.errorCode : null,
  };
}

/** The yearly update of a form of an earlier year, asked from the form shown (again after a failed copy). */
const askCopy = { guard: 'isOfEarlierYear', target: 'confirming', actions: 'forgetNotice' } as const;

/**
 * My form and the yearly update (my-form, update-data; docs/questionnaire.md).
 *
 * ```
 * loading ──▶ ready ── askCopy ──▶ confirming ── confirmCopy ──▶ copying ──▶ copied (emits myForm.copied)
 *    │    └─▶ empty       ▲              └ declineCopy ─▶ ready      │ 409 FORM_EXISTS ─▶ loading
 *    └ error ▶ loadFailed └──────────────── askCopy ── copyFailed ◀──┘ other error
 * ```
 *
 * - `loading` reads the user's latest form (GET forms/last; a draft this browser started signed out is
 *   adopted first): `ready` with it, `empty` when there is none.
 * - `ready` shows it by step. When it is of an earlier survey year, "update for this year" asks first
 *   (`confirming`: the view shows the confirm modal of type copy and answers confirmCopy / declineCopy).
 * - `copying` posts forms/copy from the form's year; `copied` emits `myForm.copied` with the new form (the
 *   view opens it in the editor). This year's form already existing (409 FORM_EXISTS) reloads it.
 *
 * Effects are injected: actors loadLastForm, copyForm. No React, no fetch here.
 */
export const myFormMachine = setup({
  types: {
    context: {} as MyFormContext,
    events: {} as MyFormEvent,
    input: {} as MyFormInput,
    emitted: {} as MyFormEmitted,
  },
  actors: {
    loadLastForm: injected<Form | null, LoadLastFormInput>('loadLastForm is not provided'),
    copyForm: injected<Form, CopyFormInput>('copyForm is not provided'),
  },
  actions: {
    keepForm: assign({ form: ({ event }) => (event as unknown as { output: Form | null }).output, failure: null }),
    keepFailure: assign({ failure: ({ event }) => myFormProblemOf((event as unknown as { error: unknown }).error) }),
    noteExistingForm: assign({ copyFoundExisting: true, failure: null }),
    forgetNotice: assign({ copyFoundExisting: false, failure: null }),
    emitCopied: emit(({ event }) => ({ type: 'myForm.copied' as const, form: (event as unknown as { output: Form }).output })),
    adoptCopy: assign({ form: ({ event }) => (event as unknown as { output: Form }).output }),
  },
  guards: {
    hasForm: ({ event }) => (event as unknown as { output: Form | null }).output !== null,
    isOfEarlierYear: ({ context }) => context.form !== null && context.form.surveyYear < context.currentYear,
    formAlreadyExists: ({ event }) => myFormProblemOf((event as unknown as { error: unknown }).error).status === 409,
  },
}).createMachine({
  id: 'myForm',
  description: 'The user’s latest form, read-only by step, and the yearly update (copy into this survey year).',
  context: ({ input }) => ({ currentYear: input.currentYear, userId: input.userId, form: null, failure: null, copyFoundExisting: false }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET forms/last.',
      tags: ['loading'],
      invoke: {
        id: 'loadLastForm',
        src: 'loadLastForm',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: [
          { guard: 'hasForm', target: 'ready', actions: 'keepForm' },
          { target: 'empty', actions: 'keepForm' },
        ],
        onError: { target: 'loadFailed', actions: 'keepFailure' },
      },
    },
    loadFailed: {
      description: 'The form could not be read (offline or server failure); offers to try again.',
      ...retryOn('myForm.retry', 'loading', 'loadFailed'),
    },
    empty: {
      description: 'The user has no form yet: the view leads to the questionnaire.',
      tags: ['empty'],
    },
    ready: {
      description: 'The form by step, with edit; when it is of an earlier year, the update for this year.',
      tags: ['ready'],
      on: { 'myForm.askCopy': askCopy },
    },
    confirming: {
      description: 'The confirm modal of type copy is open.',
      tags: ['ready', 'confirming'],
      on: {
        'myForm.confirmCopy': { target: 'copying' },
        'myForm.declineCopy': { target: 'ready' },
      },
    },
    copying: {
      description: 'POST forms/copy from the form’s survey year.',
      tags: ['ready', 'copying'],
      invoke: {
        id: 'copyForm',
        src: 'copyForm',
        input: ({ context }) => ({ fromYear: context.form!.surveyYear }),
        onDone: { target: 'copied', actions: ['adoptCopy', 'emitCopied'] },
        onError: [
          { guard: 'formAlreadyExists', target: 'loading', actions: 'noteExistingForm' },
          { target: 'copyFailed', actions: 'keepFailure' },
        ],
      },
    },
    copyFailed: {
      description: 'The copy failed; the form is still shown and the update can be asked again.',
      tags: ['ready', 'copyFailed'],
      on: { 'myForm.askCopy': askCopy },
    },
    copied: {
      description: 'This year’s form exists now (in progress): the view opens it in the editor.',
      tags: ['copied'],
    },
  },
});

export type MyFormMachine = typeof myFormMachine;
