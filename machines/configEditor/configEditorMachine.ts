import { assertEvent, assign, emit, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { failTo, outputOf } from '../shared/load';

/** One problem of the values being edited: a translation key with the field (and the row of a list) it is about. */
export interface EditorProblem {
  field: string;
  /** Row of a list editor (inflation data, exchange rates); absent for a single-record editor. */
  index?: number;
  /** Translation key of the message, e.g. `admin.configs.errors.EXCHANGE_RATE_DUPLICATE`. */
  messageKey: string;
  /** Values for the message's placeholders. */
  values?: Record<string, string | number>;
}

export interface ConfigEditorInput {
  /** The values stored now (GET forms/configs). */
  values: unknown;
}

export interface ConfigEditorContext {
  /** What the admin is editing (kept through every state, a failed save included). */
  values: unknown;
  /** What the server stores now. */
  stored: unknown;
  problems: EditorProblem[];
  failure: CallFailure | null;
}

export type ConfigEditorEvent =
  /** The admin changed the values (the whole value object of the editor). */
  | { type: 'editor.edit'; values: unknown }
  /** Save: validate first, then ask to confirm. */
  | { type: 'editor.submit' }
  /** Confirm the save (the change takes effect at the next release). */
  | { type: 'editor.confirm' }
  /** Back to editing without saving. */
  | { type: 'editor.cancel' };

export type ConfigEditorEmitted = { type: 'editor.saved'; values: unknown } | { type: 'editor.failed'; failure: CallFailure };

/** Changing the values (from a stored or a failed save) goes back to editing them. */
const edit = { target: 'editing', actions: 'setValues' } as const;
/** Saving starts with the check of the values (from editing, or again after a failed save). */
const submit = { target: 'validating', actions: 'clearProblems' } as const;

/**
 * One configuration editor of /admin/configs (minimum values, inflation data, exchange rates): the same chart for
 * each; the values, their check and the call are injected.
 *
 * ```
 * editing ──submit──▶ validating ──problems──▶ editing (problems shown)
 *    ▲                     └──valid──▶ confirming ──confirm──▶ saving ──done──▶ saved ──edit──▶ editing
 *    └────────────── cancel ─────────────┘                       └──error──▶ failed ──edit──▶ editing
 *                                                                                └──submit──▶ validating
 * ```
 * - A failed save keeps the values the admin typed (the server's refusal is shown translated from its errorCode).
 * - `saved` holds the values the server answered with; they become the stored ones.
 * - Tags: `editing`, `validating`, `confirming`, `saving`, `saved`, `failed`; `busy` while validating or saving.
 */
export const configEditorMachine = setup({
  types: {
    context: {} as ConfigEditorContext,
    events: {} as ConfigEditorEvent,
    input: {} as ConfigEditorInput,
    emitted: {} as ConfigEditorEmitted,
  },
  actors: {
    /** The editor's check of its values (the same rules as the server's); resolves with the problems. Injected. */
    validate: injected<EditorProblem[], { values: unknown }>('configEditor: provide validate'),
    /** The save call; resolves with the stored values, rejects with the client's CallFailure. Injected. */
    save: injected<unknown, { values: unknown }>('configEditor: provide save'),
  },
  guards: {
    hasProblems: (_, params: { problems: EditorProblem[] }) => params.problems.length > 0,
  },
  actions: {
    setValues: assign(({ event }) => {
      assertEvent(event, 'editor.edit');
      return { values: event.values, problems: [] };
    }),
    rememberProblems: assign((_, params: { problems: EditorProblem[] }) => ({ problems: params.problems })),
    clearProblems: assign({ problems: [], failure: null }),
    rememberStored: assign(({ event }) => ({ values: outputOf<unknown>(event), stored: outputOf<unknown>(event), failure: null })),
    emitSaved: emit(({ context }) => ({ type: 'editor.saved' as const, values: context.stored })),
    ...failureActions<ConfigEditorContext, ConfigEditorEvent, ConfigEditorEmitted>('editor.failed'),
  },
}).createMachine({
  id: 'configEditor',
  description: 'A configuration editor: edit, check, confirm, save; a failed save keeps the values.',
  context: ({ input }) => ({ values: input.values, stored: input.values, problems: [], failure: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The admin changes the values; problems of the last check are shown beside their fields.',
      tags: ['editing'],
      on: {
        'editor.edit': { actions: 'setValues' },
        'editor.submit': submit,
      },
    },
    validating: {
      description: 'Checking the values with the rules the server applies.',
      tags: ['validating', 'busy'],
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => ({ values: context.values }),
        onDone: [
          {
            guard: { type: 'hasProblems', params: ({ event }) => ({ problems: event.output }) },
            target: 'editing',
            actions: { type: 'rememberProblems', params: ({ event }) => ({ problems: event.output }) },
          },
          { target: 'confirming' },
        ],
      },
    },
    confirming: {
      description: 'Asks to confirm: the change takes effect at the next statistics release.',
      tags: ['confirming'],
      on: {
        'editor.confirm': { target: 'saving' },
        'editor.cancel': { target: 'editing' },
      },
    },
    saving: {
      description: 'Sending the values to the server.',
      tags: ['saving', 'busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ values: context.values }),
        onDone: { target: 'saved', actions: ['rememberStored', 'emitSaved'] },
        onError: failTo('failed'),
      },
    },
    saved: {
      description: 'Stored; the page says it takes effect at the next release.',
      tags: ['saved'],
      on: { 'editor.edit': edit },
    },
    failed: {
      description: 'The save failed; the values typed are kept to correct or send again.',
      tags: ['failed'],
      on: { 'editor.edit': edit, 'editor.submit': submit },
    },
  },
});

export type ConfigEditorMachine = typeof configEditorMachine;

/** The machine with one editor's check and call; `T` is its value object. */
export function provideConfigEditor<T>(validate: (values: T) => EditorProblem[], save: PromiseActorLogic<T, { values: T }>) {
  return configEditorMachine.provide({
    actors: {
      validate: fromPromise<EditorProblem[], { values: unknown }>(async ({ input }) => validate(input.values as T)),
      save: save as unknown as PromiseActorLogic<unknown, { values: unknown }>,
    },
  });
}
