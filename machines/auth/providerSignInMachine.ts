import { assign, fromPromise, setup } from 'xstate';
import { failureCode } from './failure';
import { errorOf } from '../shared/failure';
import type { SecondFactorChallenge, Session } from './landing';
import type { ProviderSignInContext, ProviderSignInInput, ProviderSignInOutput } from './providerSignInTypes';

export * from './providerSignInTypes';

const notInjected = (name: string) => () => Promise.reject(new Error(`inject the ${name} actor with machine.provide()`));

/**
 * The end of a sign-in through an identity provider, invoked by the auth machine (its `callback` state) when the
 * /login page found the provider's outcome in its fragment and the outcome is a session or a TOTP step (a link to
 * an existing account, our e-mailed link and a refusal stay in the auth machine).
 *
 * ```
 *  renewing (POST auth/refresh: the callback set the refresh cookie) ─ok─▶ signedIn          { kind: 'session' }
 *    │ the outcome carries a challenge (at once)              failed ─▶ failed              { kind: 'failed', failure }
 *    ▼
 *  resuming (POST auth/sign-in/challenge) ─ok─▶ secondFactorAsked   { kind: 'secondFactor', challenge }
 *                                         failed ─▶ failed
 * ```
 *
 * The auth machine routes on the output: the user is read (signingIn.loadingUser), the second step is asked
 * (its `secondFactor` state and the signInSecondStep child), or the sign-in form says why it failed.
 */
export const providerSignInMachine = setup({
  types: {
    context: {} as ProviderSignInContext,
    input: {} as ProviderSignInInput,
    output: {} as ProviderSignInOutput,
  },
  actors: {
    /** POST auth/refresh with the refresh cookie the callback set (the auth machine's refreshSession). Injected. */
    refreshSession: fromPromise<Session>(notInjected('refreshSession')),
    /** POST auth/sign-in/challenge: the second step the provider's sign-in asks for (with the enrolment's QR code). Injected. */
    resumeChallenge: fromPromise<SecondFactorChallenge, { challenge: string }>(notInjected('resumeChallenge')),
  },
  guards: {
    /** The provider did not assert a second factor: the account's TOTP step comes first. */
    resumesChallenge: ({ context }) => context.challenge !== null,
  },
  actions: {
    keepSession: assign((_, params: { session: Session }) => ({ session: params.session })),
    keepSecondStep: assign((_, params: { challenge: SecondFactorChallenge }) => ({ secondStep: params.challenge })),
    recordFailure: assign(({ event }) => ({ errorCode: failureCode(errorOf(event)) })),
  },
}).createMachine({
  id: 'providerSignIn',
  description: "Back from the provider: renews the session its callback opened, or fetches the account's TOTP step.",
  context: ({ input }) => ({ challenge: input.challenge, session: null, secondStep: null, errorCode: null }),
  initial: 'renewing',
  states: {
    renewing: {
      description:
        'The callback opened the session (refresh cookie): POST auth/refresh, as after a page reload. Left at once for resuming when the outcome carries a challenge.',
      always: { guard: 'resumesChallenge', target: 'resuming' },
      invoke: {
        id: 'renewProviderSession',
        src: 'refreshSession',
        onDone: { target: 'signedIn', actions: { type: 'keepSession', params: ({ event }) => ({ session: event.output }) } },
        onError: { target: 'failed', actions: 'recordFailure' },
      },
    },
    resuming: {
      description: "The provider did not assert a second factor: the account's TOTP step (POST auth/sign-in/challenge).",
      invoke: {
        id: 'resumeChallenge',
        src: 'resumeChallenge',
        input: ({ context }) => ({ challenge: context.challenge! }),
        onDone: { target: 'secondFactorAsked', actions: { type: 'keepSecondStep', params: ({ event }) => ({ challenge: event.output }) } },
        onError: { target: 'failed', actions: 'recordFailure' },
      },
    },
    signedIn: {
      description: 'The session is open: the auth machine reads the user.',
      type: 'final',
      output: ({ context }) => ({ kind: 'session' as const, session: context.session! }),
    },
    secondFactorAsked: {
      description: 'The second step is asked: the auth machine invokes it with this challenge.',
      type: 'final',
      output: ({ context }) => ({ kind: 'secondFactor' as const, challenge: context.secondStep! }),
    },
    failed: {
      description: 'The renewal or the challenge was refused: the sign-in form says why (auth.{code}).',
      type: 'final',
      output: ({ context }) => ({ kind: 'failed' as const, failure: context.errorCode ?? 'unknown' }),
    },
  },
  output: ({ event }) => event.output as ProviderSignInOutput,
});

export type ProviderSignInMachine = typeof providerSignInMachine;
