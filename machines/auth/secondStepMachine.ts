import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failureCode } from './failure';
import { errorOf } from '../shared/failure';
import type { Session } from './landing';
import type { SecondStepContext, SecondStepEvent, SecondStepInput, SecondStepOutput, SubmitSecondFactorInput } from './secondStepTypes';

export * from './secondStepTypes';

/** The systemId (and invoke id) the auth machine gives the step: views reach it through `snapshot.children`. */
export const SIGN_IN_SECOND_STEP = 'signInSecondStep';

/** The sign-in cannot go on (the 5 minutes of the second step are over, the account was disabled): start again. */
const SIGN_IN_OVER = ['SECOND_FACTOR_EXPIRED', 'USER_DISABLED'];

/**
 * The second step of a sign-in, invoked by the auth machine (systemId `signInSecondStep`) once the password was
 * right and the server answered a challenge instead of a session. One step for both kinds of challenge, as the
 * input says: `verify` (the code of the account's authenticator app, or a recovery code) or `enrol` (an admin
 * without a second factor while ADMIN_MFA asks one: scan the QR code, type the app's code, then keep the
 * recovery codes shown once).
 *
 * ```
 *  asking ─auth.submitSecondFactor (a code typed)─▶ submitting (POST auth/sign-in/second-factor, or auth/sign-in/enrol)
 *    │ auth.cancelSecondFactor                          │ ok, verify ─▶ passed                 { kind: 'session' }
 *    ▼                                                  │ ok, enrol  ─▶ showingRecoveryCodes ─auth.recoveryCodesSaved─▶ passed
 *  cancelled { kind: 'cancelled' }                      │ wrong code ─▶ asking (auth.{code} shown on the step)
 *                                                       │ SECOND_FACTOR_EXPIRED / USER_DISABLED ─▶ over { kind: 'over', failure }
 * ```
 *
 * - A blank code is ignored (`codeTyped`); the server judges the rest.
 * - Tags: `busy` while the code is checked.
 * - The auth machine forwards the login page's events to the step and routes on its output: the session is read
 *   (signingIn.loadingUser), the person is back at the sign-in form, or the form says the sign-in is over.
 */
export const secondStepMachine = setup({
  types: {
    context: {} as SecondStepContext,
    events: {} as SecondStepEvent,
    input: {} as SecondStepInput,
    output: {} as SecondStepOutput,
  },
  actors: {
    /** POST auth/sign-in/second-factor (verify) or auth/sign-in/enrol (enrol: the session carries the recovery codes). Injected. */
    submitSecondFactor: fromPromise<Session, SubmitSecondFactorInput>(() =>
      Promise.reject(new Error('inject the submitSecondFactor actor with machine.provide()')),
    ),
  },
  guards: {
    /** A code was typed (blank submissions are ignored; the server judges the rest). */
    codeTyped: ({ event }) => event.type === 'auth.submitSecondFactor' && event.code.trim().length > 0,
    /** The step is an admin's enrolment: the recovery codes are shown before going on. */
    enrolling: ({ context }) => context.secondFactor === 'enrol',
    signInOver: ({ event }) => SIGN_IN_OVER.includes(failureCode(errorOf(event))),
  },
  actions: {
    clearFailure: assign({ errorCode: null }),
    recordFailure: assign(({ event }) => ({ errorCode: failureCode(errorOf(event)) })),
    keepSession: assign((_, params: { session: Session }) => ({ session: params.session })),
  },
}).createMachine({
  id: 'signInSecondStep',
  description: "The second step of a sign-in: the authenticator app's code, or an admin's enrolment and its recovery codes.",
  context: ({ input }) => ({ ...input, errorCode: null, session: null }),
  initial: 'asking',
  states: {
    asking: {
      description:
        "Asking for the TOTP code of the authenticator app (or a recovery code); enrol: after scanning the QR code. A refused code's auth.{code} shows.",
      on: {
        'auth.submitSecondFactor': { guard: 'codeTyped', target: 'submitting', actions: 'clearFailure' },
        'auth.cancelSecondFactor': { target: 'cancelled' },
      },
    },
    submitting: {
      description: 'Checking the code: POST auth/sign-in/second-factor (verify) or auth/sign-in/enrol (enrol).',
      tags: ['busy'],
      invoke: {
        id: 'submitSecondFactor',
        src: 'submitSecondFactor',
        input: ({ context, event }) => {
          assertEvent(event, 'auth.submitSecondFactor');
          return {
            secondFactor: context.secondFactor,
            challenge: context.challenge,
            code: event.code.trim(),
            ...(context.linkToken ? { linkToken: context.linkToken } : {}),
          };
        },
        onDone: [
          { guard: 'enrolling', target: 'showingRecoveryCodes', actions: { type: 'keepSession', params: ({ event }) => ({ session: event.output }) } },
          { target: 'passed', actions: { type: 'keepSession', params: ({ event }) => ({ session: event.output }) } },
        ],
        onError: [
          { guard: 'signInOver', target: 'over', actions: 'recordFailure' },
          { target: 'asking', actions: 'recordFailure' },
        ],
      },
    },
    showingRecoveryCodes: {
      description: 'Enrolled and the session is open: the recovery codes are shown once, until the person has kept them.',
      on: {
        'auth.recoveryCodesSaved': { target: 'passed' },
      },
    },
    passed: {
      description: 'The session is open: the auth machine reads the user.',
      type: 'final',
      output: ({ context }) => ({ kind: 'session' as const, session: context.session! }),
    },
    cancelled: {
      description: 'The person gave up the second step: back to the sign-in form.',
      type: 'final',
      output: { kind: 'cancelled' as const },
    },
    over: {
      description: 'The challenge is over (SECOND_FACTOR_EXPIRED, USER_DISABLED): the sign-in starts again.',
      type: 'final',
      output: ({ context }) => ({ kind: 'over' as const, failure: context.errorCode ?? 'unknown' }),
    },
  },
  output: ({ event }) => event.output as SecondStepOutput,
});

export type SecondStepMachine = typeof secondStepMachine;
