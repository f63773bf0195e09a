import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { components } from '../../src/api/schema';
import { failureCode } from '../auth/failure';

export type SecondFactorStatus = components['schemas']['SecondFactorStatus'];
export type TotpEnrolment = components['schemas']['TotpEnrolment'];

export interface SecondFactorContext {
  /** What the server says of the account's second factor; null until read. */
  status: SecondFactorStatus | null;
  /** The secret being enrolled (QR code, secret, URI) while scanning; null otherwise. */
  enrolment: TotpEnrolment | null;
  /** Recovery codes just issued, shown once; null otherwise. */
  recoveryCodes: string[] | null;
  /** Code of the last failure (shown as auth.{code}); null after a success. */
  errorCode: string | null;
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
  | { type: 'secondFactor.retry' };

export interface Removal {
  password: string;
  code: string;
}

const notInjected = (name: string) => () => Promise.reject(new Error(`inject the ${name} actor with machine.provide()`));
const typed = (code: string) => code.trim().length > 0;

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
 * ```
 * Tags: `busy` while a call runs. A blank code or password is not sent.
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
  },
  actions: {
    adoptStatus: assign((_, params: { status: SecondFactorStatus }) => ({ status: params.status })),
    adoptEnrolment: assign((_, params: { enrolment: TotpEnrolment }) => ({ enrolment: params.enrolment })),
    forgetEnrolment: assign({ enrolment: null }),
    adoptCodes: assign((_, params: { codes: string[] }) => ({ recoveryCodes: params.codes, enrolment: null })),
    forgetCodes: assign({ recoveryCodes: null }),
    recordFailure: assign((_, params: { error: unknown }) => ({ errorCode: failureCode(params.error) })),
    clearFailure: assign({ errorCode: null }),
  },
  guards: {
    enabled: (_, params: { status: SecondFactorStatus }) => params.status.enabled,
    codeTyped: ({ event }) => (event.type === 'secondFactor.confirm' || event.type === 'secondFactor.regenerate') && typed(event.code),
    removalTyped: ({ event }) => event.type === 'secondFactor.disable' && typed(event.code) && event.password.length > 0,
  },
}).createMachine({
  id: 'secondFactor',
  description: 'The TOTP second factor of the settings: enrol with a QR code, keep the recovery codes, renew them, turn it off.',
  context: { status: null, enrolment: null, recoveryCodes: null, errorCode: null },
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
        onError: { target: 'unavailable', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    unavailable: {
      description: 'The state could not be read; the person may try again.',
      on: { 'secondFactor.retry': { target: 'loading', actions: 'clearFailure' } },
    },
    off: {
      description: 'No second factor: it can be turned on.',
      on: { 'secondFactor.start': { target: 'starting', actions: 'clearFailure' } },
    },
    starting: {
      description: 'Asking for a new secret (POST auth/totp/setup).',
      tags: ['busy'],
      invoke: {
        id: 'startEnrolment',
        src: 'startEnrolment',
        onDone: { target: 'scanning', actions: { type: 'adoptEnrolment', params: ({ event }) => ({ enrolment: event.output }) } },
        onError: { target: 'off', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    scanning: {
      description: 'The QR code and the secret are shown; the code of the app confirms them.',
      on: {
        'secondFactor.confirm': { guard: 'codeTyped', target: 'confirming', actions: 'clearFailure' },
        'secondFactor.cancel': { target: 'off', actions: ['forgetEnrolment', 'clearFailure'] },
      },
    },
    confirming: {
      description: 'Turning the second factor on with the code (POST auth/totp/confirm).',
      tags: ['busy'],
      invoke: {
        id: 'confirmEnrolment',
        src: 'confirmEnrolment',
        input: ({ event }) => {
          assertEvent(event, 'secondFactor.confirm');
          return { code: event.code.trim() };
        },
        onDone: { target: 'showingCodes', actions: { type: 'adoptCodes', params: ({ event }) => ({ codes: event.output }) } },
        onError: { target: 'scanning', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    showingCodes: {
      description: 'The recovery codes are shown once, until the person has kept them.',
      on: { 'secondFactor.codesSaved': { target: 'loading', actions: 'forgetCodes' } },
    },
    on: {
      description: 'The second factor is on: new recovery codes, or turn it off (unless an admin must keep it).',
      on: {
        'secondFactor.disable': { guard: 'removalTyped', target: 'disabling', actions: 'clearFailure' },
        'secondFactor.regenerate': { guard: 'codeTyped', target: 'regenerating', actions: 'clearFailure' },
      },
    },
    disabling: {
      description: 'Turning it off (POST auth/totp/disable).',
      tags: ['busy'],
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ event }) => {
          assertEvent(event, 'secondFactor.disable');
          return { password: event.password, code: event.code.trim() };
        },
        onDone: { target: 'loading' },
        onError: { target: 'on', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    regenerating: {
      description: 'Replacing the recovery codes (POST auth/totp/recovery-codes).',
      tags: ['busy'],
      invoke: {
        id: 'regenerate',
        src: 'regenerate',
        input: ({ event }) => {
          assertEvent(event, 'secondFactor.regenerate');
          return { code: event.code.trim() };
        },
        onDone: { target: 'showingCodes', actions: { type: 'adoptCodes', params: ({ event }) => ({ codes: event.output }) } },
        onError: { target: 'on', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type SecondFactorMachine = typeof secondFactorMachine;
