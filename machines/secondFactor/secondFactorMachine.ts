import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { components } from '../../src/api/schema';
import { failureCode } from '../auth/failure';
import { errorOf } from '../shared/failure';

export type SecondFactorStatus = components['schemas']['SecondFactorStatus'];
export type TotpEnrolment = components['schemas']['TotpEnrolment'];

/** A change of the second factor the person asked for: kept while the password is asked again, then sent again. */
export type SecondFactorRequest =
  { kind: 'start' } | { kind: 'confirm'; code: string } | { kind: 'disable'; password: string; code: string } | { kind: 'regenerate'; code: string };

export interface SecondFactorContext {
  /** What the server says of the account's second factor; null until read. */
  status: SecondFactorStatus | null;
  /** The secret being enrolled (QR code, secret, URI) while scanning; null otherwise. */
  enrolment: TotpEnrolment | null;
  /** Recovery codes just issued, shown once; null otherwise. */
  recoveryCodes: string[] | null;
  /** Code of the last failure (shown as auth.{code}); null after a success. */
  errorCode: string | null;
  /** The change being sent, or waiting for the re-authentication (what the person typed is kept); null otherwise. */
  request: SecondFactorRequest | null;
}

export type SecondFactorEvent =
  /** Turn the second factor on: ask the server for a new secret. */
  | { type: 'secondFactor.start' }
  /** The code the authenticator app shows for the new secret. */
  | { type: 'secondFactor.confirm'; code: string }
  /** Give up the enrolment. */
  | { type: 'secondFactor.cancel' }
  /** The person kept the recovery codes shown. */
  | { type: 'secondFactor.codesSaved' }
  /** Turn it off: the password and a code (or a recovery code) again. */
  | { type: 'secondFactor.disable'; password: string; code: string }
  /** New recovery codes (the old ones stop working), with a current code. */
  | { type: 'secondFactor.regenerate'; code: string }
  /** Read the state again after a failed read. */
  | { type: 'secondFactor.retry' }
  /** The password, asked again because the server wants a fresh re-authentication before the change. */
  | { type: 'secondFactor.reauthenticate'; password: string }
  /** Give up the change instead of giving the password. */
  | { type: 'secondFactor.cancelReauthentication' };

export interface Removal {
  password: string;
  code: string;
}

const notInjected = (name: string) => () => Promise.reject(new Error(`inject the ${name} actor with machine.provide()`));
const typed = (code: string) => code.trim().length > 0;
/** The server's answer when the session has not proved the person within the last 5 minutes. */
export const REAUTHENTICATION_REQUIRED = 'REAUTHENTICATION_REQUIRED';

/** The request of the change under way (each busy state is entered only with its own). */
function requestOf<K extends SecondFactorRequest['kind']>(context: SecondFactorContext, kind: K): Extract<SecondFactorRequest, { kind: K }> {
  if (context.request?.kind !== kind) throw new Error(`secondFactor: no ${kind} request to send`);
  return context.request as Extract<SecondFactorRequest, { kind: K }>;
}

/**
 * The second factor in the settings (docs/identity.md): a TOTP authenticator app with recovery codes.
 *
 * ```
 *  loading ─on─▶ on ─secondFactor.disable─▶ disabling ─ok─▶ loading
 *     │ off        │ secondFactor.regenerate ─▶ regenerating ─ok─▶ showingCodes
 *     ▼            (failures: back to on, auth.{code})
 *    off ─secondFactor.start─▶ starting ─ok─▶ scanning ─secondFactor.confirm─▶ confirming ─ok─▶ showingCodes
 *     ▲                          │ failed       │ cancel                         │ wrong code: back to scanning
 *     └──────────────────────────┴──────────────┘
 *  showingCodes ─secondFactor.codesSaved─▶ loading;   loading ─failed─▶ unavailable ─secondFactor.retry─▶ loading
 *
 *  Starting, confirming, disabling, regenerating ─403 REAUTHENTICATION_REQUIRED─▶ reauthenticating.asking
 *  reauthenticating.asking ─secondFactor.reauthenticate─▶ reauthenticating.checking (POST auth/reauthenticate)
 *     ─ok─▶ the same change sent again (what was typed is kept)   │ wrong password: back to asking (auth.{code})
 *  reauthenticating ─secondFactor.cancelReauthentication─▶ off / scanning / on (where the change was asked)
 * ```
 * Tags: `busy` while a call runs, `reauthenticating` while the password is asked again. A blank code or password
 * is not sent.
 */
export const secondFactorMachine = setup({
  types: {
    context: {} as SecondFactorContext,
    events: {} as SecondFactorEvent,
  },
  actors: {
    /** GET auth/totp. */
    loadStatus: fromPromise<SecondFactorStatus>(notInjected('loadStatus')),
    /** POST auth/totp/setup. */
    startEnrolment: fromPromise<TotpEnrolment>(notInjected('startEnrolment')),
    /** POST auth/totp/confirm: the recovery codes. */
    confirmEnrolment: fromPromise<string[], { code: string }>(notInjected('confirmEnrolment')),
    /** POST auth/totp/disable. */
    disable: fromPromise<void, Removal>(notInjected('disable')),
    /** POST auth/totp/recovery-codes: the new recovery codes. */
    regenerate: fromPromise<string[], { code: string }>(notInjected('regenerate')),
    /** POST auth/reauthenticate: the password again, so the session may make security changes for 5 minutes. */
    reauthenticate: fromPromise<void, { password: string }>(notInjected('reauthenticate')),
  },
  actions: {
    adoptStatus: assign((_, params: { status: SecondFactorStatus }) => ({ status: params.status })),
    adoptEnrolment: assign((_, params: { enrolment: TotpEnrolment }) => ({ enrolment: params.enrolment })),
    forgetEnrolment: assign({ enrolment: null }),
    adoptCodes: assign((_, params: { codes: string[] }) => ({ recoveryCodes: params.codes, enrolment: null })),
    forgetCodes: assign({ recoveryCodes: null }),
    recordFailure: assign(({ event }) => ({ errorCode: failureCode(errorOf(event)) })),
    clearFailure: assign({ errorCode: null }),
    keepRequest: assign((_, params: { request: SecondFactorRequest }) => ({ request: params.request })),
    forgetRequest: assign({ request: null }),
  },
  guards: {
    enabled: (_, params: { status: SecondFactorStatus }) => params.status.enabled,
    codeTyped: ({ event }) => (event.type === 'secondFactor.confirm' || event.type === 'secondFactor.regenerate') && typed(event.code),
    removalTyped: ({ event }) => event.type === 'secondFactor.disable' && typed(event.code) && event.password.length > 0,
    passwordTyped: ({ event }) => event.type === 'secondFactor.reauthenticate' && event.password.length > 0,
    /** The server wants the password again before this change (403 REAUTHENTICATION_REQUIRED). */
    reauthenticationRequired: ({ event }) => failureCode(errorOf(event)) === REAUTHENTICATION_REQUIRED,
    requestIs: ({ context }, params: { kind: SecondFactorRequest['kind'] }) => context.request?.kind === params.kind,
  },
}).createMachine({
  id: 'secondFactor',
  description: 'The TOTP second factor of the settings: enrol with a QR code, keep the recovery codes, renew them, turn it off.',
  context: { status: null, enrolment: null, recoveryCodes: null, errorCode: null, request: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading whether the second factor is on (GET auth/totp).',
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'enabled', params: ({ event }) => ({ status: event.output }) },
            target: 'on',
            actions: { type: 'adoptStatus', params: ({ event }) => ({ status: event.output }) },
          },
          { target: 'off', actions: { type: 'adoptStatus', params: ({ event }) => ({ status: event.output }) } },
        ],
        onError: { target: 'unavailable', actions: 'recordFailure' },
      },
    },
    unavailable: {
      description: 'The state could not be read; the person may try again.',
      on: { 'secondFactor.retry': { target: 'loading', actions: 'clearFailure' } },
    },
    off: {
      description: 'No second factor: it can be turned on.',
      on: {
        'secondFactor.start': { target: 'starting', actions: ['clearFailure', { type: 'keepRequest', params: { request: { kind: 'start' } } }] },
      },
    },
    starting: {
      description: 'Asking for a new secret (POST auth/totp/setup).',
      tags: ['busy'],
      invoke: {
        id: 'startEnrolment',
        src: 'startEnrolment',
        onDone: {
          target: 'scanning',
          actions: ['forgetRequest', { type: 'adoptEnrolment', params: ({ event }) => ({ enrolment: event.output }) }],
        },
        onError: [
          { guard: 'reauthenticationRequired', target: 'reauthenticating' },
          { target: 'off', actions: ['forgetRequest', 'recordFailure'] },
        ],
      },
    },
    scanning: {
      description: 'The QR code and the secret are shown; the code of the app confirms them.',
      on: {
        'secondFactor.confirm': {
          guard: 'codeTyped',
          target: 'confirming',
          actions: ['clearFailure', { type: 'keepRequest', params: ({ event }) => ({ request: { kind: 'confirm', code: event.code.trim() } }) }],
        },
        'secondFactor.cancel': { target: 'off', actions: ['forgetEnrolment', 'clearFailure'] },
      },
    },
    confirming: {
      description: 'Turning the second factor on with the code (POST auth/totp/confirm).',
      tags: ['busy'],
      invoke: {
        id: 'confirmEnrolment',
        src: 'confirmEnrolment',
        input: ({ context }) => ({ code: requestOf(context, 'confirm').code }),
        onDone: { target: 'showingCodes', actions: ['forgetRequest', { type: 'adoptCodes', params: ({ event }) => ({ codes: event.output }) }] },
        onError: [
          { guard: 'reauthenticationRequired', target: 'reauthenticating' },
          { target: 'scanning', actions: ['forgetRequest', 'recordFailure'] },
        ],
      },
    },
    showingCodes: {
      description: 'The recovery codes are shown once, until the person has kept them.',
      on: { 'secondFactor.codesSaved': { target: 'loading', actions: 'forgetCodes' } },
    },
    on: {
      description: 'The second factor is on: new recovery codes, or turn it off (unless an admin must keep it).',
      on: {
        'secondFactor.disable': {
          guard: 'removalTyped',
          target: 'disabling',
          actions: [
            'clearFailure',
            { type: 'keepRequest', params: ({ event }) => ({ request: { kind: 'disable', password: event.password, code: event.code.trim() } }) },
          ],
        },
        'secondFactor.regenerate': {
          guard: 'codeTyped',
          target: 'regenerating',
          actions: ['clearFailure', { type: 'keepRequest', params: ({ event }) => ({ request: { kind: 'regenerate', code: event.code.trim() } }) }],
        },
      },
    },
    disabling: {
      description: 'Turning it off (POST auth/totp/disable).',
      tags: ['busy'],
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ context }) => {
          const { password, code } = requestOf(context, 'disable');
          return { password, code };
        },
        onDone: { target: 'loading', actions: 'forgetRequest' },
        onError: [
          { guard: 'reauthenticationRequired', target: 'reauthenticating' },
          { target: 'on', actions: ['forgetRequest', 'recordFailure'] },
        ],
      },
    },
    regenerating: {
      description: 'Replacing the recovery codes (POST auth/totp/recovery-codes).',
      tags: ['busy'],
      invoke: {
        id: 'regenerate',
        src: 'regenerate',
        input: ({ context }) => ({ code: requestOf(context, 'regenerate').code }),
        onDone: { target: 'showingCodes', actions: ['forgetRequest', { type: 'adoptCodes', params: ({ event }) => ({ codes: event.output }) }] },
        onError: [
          { guard: 'reauthenticationRequired', target: 'reauthenticating' },
          { target: 'on', actions: ['forgetRequest', 'recordFailure'] },
        ],
      },
    },
    reauthenticating: {
      description:
        'The server wants the password again before this change (the session proved the person more than 5 minutes ago); the change waits, as typed.',
      tags: ['reauthenticating'],
      initial: 'asking',
      on: {
        'secondFactor.cancelReauthentication': [
          { guard: { type: 'requestIs', params: { kind: 'start' } }, target: 'off', actions: ['forgetRequest', 'clearFailure'] },
          { guard: { type: 'requestIs', params: { kind: 'confirm' } }, target: 'scanning', actions: ['forgetRequest', 'clearFailure'] },
          { target: 'on', actions: ['forgetRequest', 'clearFailure'] },
        ],
      },
      states: {
        asking: {
          description: 'The password is asked in a dialog.',
          on: { 'secondFactor.reauthenticate': { guard: 'passwordTyped', target: 'checking', actions: 'clearFailure' } },
        },
        checking: {
          description: 'Checking the password (POST auth/reauthenticate); then the change is sent again.',
          tags: ['busy'],
          invoke: {
            id: 'reauthenticate',
            src: 'reauthenticate',
            input: ({ event }) => {
              assertEvent(event, 'secondFactor.reauthenticate');
              return { password: event.password };
            },
            onDone: [
              { guard: { type: 'requestIs', params: { kind: 'start' } }, target: '#secondFactor.starting' },
              { guard: { type: 'requestIs', params: { kind: 'confirm' } }, target: '#secondFactor.confirming' },
              { guard: { type: 'requestIs', params: { kind: 'disable' } }, target: '#secondFactor.disabling' },
              { target: '#secondFactor.regenerating' },
            ],
            onError: { target: 'asking', actions: 'recordFailure' },
          },
        },
      },
    },
  },
});

export type SecondFactorMachine = typeof secondFactorMachine;
