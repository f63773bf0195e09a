import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../../src/api/callFailure';
import { looksLikeEmail } from '../../src/domain/constants';
import { errorOf, failureActions } from '../shared/failure';
import { injected } from '../shared/injected';

export type Form = components['schemas']['Form'];

/**
 * - `form`: the latest form answered with the address or owned by its account (GET forms/form-by-email);
 * - `account`: the latest form of the account with that address (GET forms/last-by-user-email/{email}).
 */
export type LookupBy = 'form' | 'account';

export type LookupProblemKey = 'admin_forms.lookup.problems.required' | 'admin_forms.lookup.problems.invalid_email';

export interface FormLookupContext {
  email: string;
  by: LookupBy;
  problem: LookupProblemKey | null;
  /** The address of the last lookup, for the "nothing found for …" message. */
  looked: string | null;
  found: Form | null;
  failure: CallFailure | null;
}

export type FormLookupEvent = { type: 'formLookup.change'; email: string } | { type: 'formLookup.choose'; by: LookupBy } | { type: 'formLookup.submit' };

export type FormLookupEmitted = { type: 'formLookup.found'; form: Form } | { type: 'formLookup.failed'; failure: CallFailure };

export interface LookupRequest {
  email: string;
  by: LookupBy;
}

/**
 * The admin's search box of the forms page: find a form by e-mail address, either the latest form of the
 * address or the latest form of the account with it, and open it.
 *
 * ```
 * editing ── submit(valid) ──▶ looking ──done──▶ found (emits formLookup.found: the page opens the form)
 *   ▲  └─ submit(invalid): the problem shows    ├─404──▶ notFound
 *   └──────── change / choose ◀─────────────────┴─error─▶ failed
 * ```
 * Tags: `looking`, `found`, `notFound`, `failed`. A new submit from found, notFound or failed looks again.
 */
export const formLookupMachine = setup({
  types: {
    context: {} as FormLookupContext,
    events: {} as FormLookupEvent,
    emitted: {} as FormLookupEmitted,
  },
  actors: {
    lookUp: injected<Form, LookupRequest>('formLookup: provide lookUp'),
  },
  guards: {
    validEmail: ({ context }) => looksLikeEmail(context.email.trim()),
    isNotFound: ({ event }) => failureOf(errorOf(event)).status === 404,
  },
  actions: {
    setEmail: assign(({ event }) => {
      assertEvent(event, 'formLookup.change');
      return { email: event.email, problem: null };
    }),
    setBy: assign(({ event }) => {
      assertEvent(event, 'formLookup.choose');
      return { by: event.by };
    }),
    explainEmail: assign(({ context }) => ({
      problem: context.email.trim() === '' ? 'admin_forms.lookup.problems.required' : 'admin_forms.lookup.problems.invalid_email',
    })),
    startLooking: assign(({ context }) => ({ looked: context.email.trim().toLowerCase(), found: null, failure: null, problem: null })),
    rememberFound: assign((_, params: { form: Form }) => ({ found: params.form })),
    emitFound: emit(({ context }) => ({ type: 'formLookup.found' as const, form: context.found! })),
    ...failureActions<FormLookupContext, FormLookupEvent, FormLookupEmitted>('formLookup.failed'),
  },
}).createMachine({
  id: 'formLookup',
  description: 'Finds a form by e-mail address (the latest of the address, or of its account) and opens it.',
  context: { email: '', by: 'form', problem: null, looked: null, found: null, failure: null },
  initial: 'editing',
  on: {
    'formLookup.change': { target: '.editing', actions: 'setEmail' },
    'formLookup.choose': { target: '.editing', actions: 'setBy' },
  },
  states: {
    editing: {
      description: 'Typing the address and choosing what to look for.',
      on: {
        'formLookup.submit': [{ guard: 'validEmail', target: 'looking', actions: 'startLooking' }, { actions: 'explainEmail' }],
      },
    },
    looking: {
      description: 'Asking the server for the form.',
      tags: ['looking'],
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => ({ email: context.email.trim(), by: context.by }),
        onDone: { target: 'found', actions: [{ type: 'rememberFound', params: ({ event }) => ({ form: event.output }) }, 'emitFound'] },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'failed', actions: ['rememberFailure', 'emitFailed'] },
        ],
      },
    },
    found: {
      description: 'The form was found; the page opens it.',
      tags: ['found'],
      on: { 'formLookup.submit': { guard: 'validEmail', target: 'looking', actions: 'startLooking' } },
    },
    notFound: {
      description: 'No form for that address.',
      tags: ['notFound'],
      on: { 'formLookup.submit': { guard: 'validEmail', target: 'looking', actions: 'startLooking' } },
    },
    failed: {
      description: 'The lookup failed; it can be tried again.',
      tags: ['failed'],
      on: { 'formLookup.submit': { guard: 'validEmail', target: 'looking', actions: 'startLooking' } },
    },
  },
});

export type FormLookupMachine = typeof formLookupMachine;
