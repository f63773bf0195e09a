import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { hasProblems, requestFieldProblems, type FieldProblems } from '../../src/domain/credentials';
import { failureCode } from './failure';
import { errorOf } from '../shared/failure';

/** The fields of the form the request sends (e-mail, passwords, company, a token from a link). */
export type RequestFields = Record<string, string>;

export type AccountRequestEvent =
  /** Send the request with these fields. */
  | { type: 'request.submit'; fields: RequestFields }
  /** The person changes the form after a failure: the message goes. */
  | { type: 'request.edit' }
  /** Start over after a success (e.g. create another user). */
  | { type: 'request.reset' }
  /** The password, asked again because the server wants a fresh re-authentication before this change. */
  | { type: 'request.reauthenticate'; password: string }
  /** Give up the change instead of giving the password. */
  | { type: 'request.cancelReauthentication' };

export type AccountRequestEmitted = { type: 'request.succeeded'; output: unknown } | { type: 'request.failed'; code: string };

export interface AccountRequestContext {
  /** Code of the last failure (shown as auth.{code}), null when none. */
  errorCode: string | null;
  /** What the last successful request answered (the created user, the export…). */
  output: unknown;
  /** What the browser found wrong with the fields of the last submit it refused to send. */
  fieldProblems: FieldProblems;
  /** The fields of the request being sent, or waiting for the re-authentication (sent again as they were); null before. */
  fields: RequestFields | null;
}

/** The server's answer to a security change when the session has not proved the person within 5 minutes. */
export const REAUTHENTICATION_REQUIRED = 'REAUTHENTICATION_REQUIRED';

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
 *
 *  Sending ─403 REAUTHENTICATION_REQUIRED─▶ reauthenticating.asking ─request.reauthenticate─▶
 *     reauthenticating.checking (POST auth/reauthenticate) ─ok─▶ sending (the same fields again)
 *                                                          │ wrong password: back to asking (auth.{code})
 *  reauthenticating ─request.cancelReauthentication─▶ editing (the form keeps what was typed)
 * ```
 * Before anything is sent the fields are checked (`fieldsLookValid`, src/domain/credentials.ts): an `email`
 * field must look like an address, a `confirmation` must equal the new password, which keeps the length rules.
 * A refused submit goes to `invalid` with the problems by field, and nothing is sent.
 *
 * Tags: `form` (the form can be sent), `invalid` (fields are marked), `busy` (sending: the button spins and the form is locked),
 * `failed` (the message auth.{code} shows), `done`, `reauthenticating` (a dialog asks the password again). Emits `request.succeeded` / `request.failed` for the
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
    /** POST auth/reauthenticate { password }. Injected. */
    reauthenticate: fromPromise<void, { password: string }>(() => Promise.reject(new Error('inject the reauthenticate actor with machine.provide()'))),
  },
  guards: {
    fieldsLookValid: ({ event }) => event.type === 'request.submit' && !hasProblems(requestFieldProblems(event.fields)),
    /** The server wants the password again before this change (403 REAUTHENTICATION_REQUIRED). */
    reauthenticationRequired: ({ event }) => failureCode(errorOf(event)) === REAUTHENTICATION_REQUIRED,
    passwordTyped: ({ event }) => event.type === 'request.reauthenticate' && event.password.length > 0,
  },
  actions: {
    recordFailure: assign(({ event }) => ({ errorCode: failureCode(errorOf(event)) })),
    recordOutput: assign((_, params: { output: unknown }) => ({ output: params.output, errorCode: null })),
    clearFailure: assign({ errorCode: null, fieldProblems: {} }),
    keepFields: assign(({ event }) => {
      assertEvent(event, 'request.submit');
      return { fields: event.fields };
    }),
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
  context: { errorCode: null, output: null, fieldProblems: {}, fields: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is being filled in.',
      tags: ['form'],
      on: {
        'request.submit': [
          { guard: 'fieldsLookValid', target: 'sending', actions: ['clearFailure', 'keepFields'] },
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
        input: ({ context }) => context.fields ?? {},
        onDone: {
          target: 'succeeded',
          actions: [{ type: 'recordOutput', params: ({ event }) => ({ output: event.output }) }, 'emitSucceeded'],
        },
        onError: [
          { guard: 'reauthenticationRequired', target: 'reauthenticating' },
          {
            target: 'failed',
            actions: ['recordFailure', 'emitFailed'],
          },
        ],
      },
    },
    reauthenticating: {
      description:
        'The server wants the password again before this change (the session proved the person more than 5 minutes ago); the request waits, as typed.',
      tags: ['reauthenticating'],
      initial: 'asking',
      on: { 'request.cancelReauthentication': { target: 'editing', actions: 'clearFailure' } },
      states: {
        asking: {
          description: 'A dialog asks the password.',
          on: { 'request.reauthenticate': { guard: 'passwordTyped', target: 'checking', actions: 'clearFailure' } },
        },
        checking: {
          description: 'Checking the password (POST auth/reauthenticate); then the same request is sent again.',
          tags: ['busy'],
          invoke: {
            id: 'reauthenticate',
            src: 'reauthenticate',
            input: ({ event }) => {
              assertEvent(event, 'request.reauthenticate');
              return { password: event.password };
            },
            onDone: { target: '#accountRequest.sending' },
            onError: { target: 'asking', actions: 'recordFailure' },
          },
        },
      },
    },
    succeeded: {
      description: 'Done; the page says so. It may be sent again or started over.',
      tags: ['done'],
      on: {
        'request.submit': [
          { guard: 'fieldsLookValid', target: 'sending', actions: ['clearFailure', 'keepFields'] },
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
          { guard: 'fieldsLookValid', target: 'sending', actions: ['clearFailure', 'keepFields'] },
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
          { guard: 'fieldsLookValid', target: 'sending', actions: ['clearFailure', 'keepFields'] },
          { target: 'invalid', actions: 'recordFieldProblems' },
        ],
        'request.edit': { target: 'editing', actions: 'clearFailure' },
      },
    },
  },
});

export type AccountRequestMachine = typeof accountRequestMachine;
