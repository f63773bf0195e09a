import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { hasProblems, requestFieldProblems, type FieldProblems } from '../../src/domain/credentials';
import { failureCode } from './failure';

/** The fields of the form the request sends (e-mail, passwords, company, a token from a link). */
export type RequestFields = Record<string, string>;

export type AccountRequestEvent =
  /** Send the request with these fields. */
  | { type: 'request.submit'; fields: RequestFields }
  /** The person changes the form after a failure: the message goes. */
  | { type: 'request.edit' }
  /** Start over after a success (e.g. create another user). */
  | { type: 'request.reset' };

export type AccountRequestEmitted =
  | { type: 'request.succeeded'; output: unknown }
  | { type: 'request.failed'; code: string };

export interface AccountRequestContext {
  /** Code of the last failure (shown as auth.{code}), null when none. */
  errorCode: string | null;
  /** What the last successful request answered (the created user, the export…). */
  output: unknown;
  /** What the browser found wrong with the fields of the last submit it refused to send. */
  fieldProblems: FieldProblems;
}

/**
 * One request of the account pages, each page injecting its `send` actor: asking for a password-reset
 * e-mail (POST users/reset-pass), setting a new password from the link (POST auth/reset-confirm),
 * changing the password (POST auth/change-password), verifying the e-mail (POST auth/verify-email),
 * creating a corporate user (POST users/corporate), exporting the data (GET users/currentUser/export)
 * and deleting the account (DELETE users/currentUser, after the confirm modal).
 *
 * ```
 *  editing ──request.submit──▶ sending ──ok──▶ succeeded ──request.reset──▶ editing
     │ request.submit with a malformed field ──▶ invalid ──request.edit──▶ editing
 *     ▲                          │ failed         │ request.submit (again)
 *     └──request.edit── failed ◀─┘                ▼
 *                         │ request.submit ──▶ sending
 * ```
 * Before anything is sent the fields are checked (`fieldsLookValid`, src/domain/credentials.ts): an `email`
 * field must look like an address, a `confirmation` must equal the new password, which keeps the length rules.
 * A refused submit goes to `invalid` with the problems by field, and nothing is sent.
 *
 * Tags: `form` (the form can be sent), `invalid` (fields are marked), `busy` (sending: the button spins and the form is locked),
 * `failed` (the message auth.{code} shows), `done`. Emits `request.succeeded` / `request.failed` for the
 * page to react (toast, navigate, download).
 */
export const accountRequestMachine = setup({
  types: {
    context: {} as AccountRequestContext,
    events: {} as AccountRequestEvent,
    emitted: {} as AccountRequestEmitted,
  },
  actors: {
    /** The page's call; rejects with an AuthFailure (machines/auth/failure.ts). Injected. */
    send: fromPromise<unknown, RequestFields>(() => Promise.reject(new Error('inject the send actor with machine.provide()'))),
  },
  guards: {
    fieldsLookValid: ({ event }) => event.type === 'request.submit' && !hasProblems(requestFieldProblems(event.fields)),
  },
  actions: {
    recordFailure: assign((_, params: { error: unknown }) => ({ errorCode: failureCode(params.error) })),
    recordOutput: assign((_, params: { output: unknown }) => ({ output: params.output, errorCode: null })),
    clearFailure: assign({ errorCode: null, fieldProblems: {} }),
    recordFieldProblems: assign(({ event }) => {
      assertEvent(event, 'request.submit');
      return { errorCode: null, fieldProblems: requestFieldProblems(event.fields) };
    }),
    emitSucceeded: emit(({ context }) => ({ type: 'request.succeeded' as const, output: context.output })),
    emitFailed: emit(({ context }) => ({ type: 'request.failed' as const, code: context.errorCode ?? 'unknown' })),
  },
}).createMachine({
  id: 'accountRequest',
  description: 'One request of an account page: form, sending, succeeded or failed.',
  context: { errorCode: null, output: null, fieldProblems: {} },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is being filled in.',
      tags: ['form'],
      on: {
        'request.submit': [
          { guard: 'fieldsLookValid', target: 'sending', actions: 'clearFailure' },
          { target: 'invalid', actions: 'recordFieldProblems' },
        ],
      },
    },
    sending: {
      description: 'The request is on its way; the form is locked.',
      tags: ['busy'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ event }) => {
          assertEvent(event, 'request.submit');
          return event.fields;
        },
        onDone: {
          target: 'succeeded',
          actions: [{ type: 'recordOutput', params: ({ event }) => ({ output: event.output }) }, 'emitSucceeded'],
        },
        onError: {
          target: 'failed',
          actions: [{ type: 'recordFailure', params: ({ event }) => ({ error: event.error }) }, 'emitFailed'],
        },
      },
    },
    succeeded: {
      description: 'Done; the page says so. It may be sent again or started over.',
      tags: ['done'],
      on: {
        'request.submit': [
          { guard: 'fieldsLookValid', target: 'sending', actions: 'clearFailure' },
          { target: 'invalid', actions: 'recordFieldProblems' },
        ],
        'request.reset': { target: 'editing' },
      },
    },
    failed: {
      description: 'The request failed; the form shows auth.{code} and can be sent again.',
      tags: ['form', 'failed'],
      on: {
        'request.submit': [
          { guard: 'fieldsLookValid', target: 'sending', actions: 'clearFailure' },
          { target: 'invalid', actions: 'recordFieldProblems' },
        ],
        'request.edit': { target: 'editing', actions: 'clearFailure' },
      },
    },
    invalid: {
      description: 'The submit was not sent: a field is malformed (an address, a confirmation that does not match); the fields say which.',
      tags: ['form', 'invalid'],
      on: {
        'request.submit': [
          { guard: 'fieldsLookValid', target: 'sending', actions: 'clearFailure' },
          { target: 'invalid', actions: 'recordFieldProblems' },
        ],
        'request.edit': { target: 'editing', actions: 'clearFailure' },
      },
    },
  },
});

export type AccountRequestMachine = typeof accountRequestMachine;
