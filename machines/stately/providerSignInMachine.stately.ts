// providerSignInMachine from machines/auth/providerSignInMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'providerSignIn',
  description: 'Back from the provider: renews the session its callback opened, or fetches the account\'s TOTP step.',
  initial: 'renewing',
  states: {
    renewing: {
      description: 'The callback opened the session (refresh cookie): POST auth/refresh, as after a page reload. Left at once for resuming when the outcome carries a challenge.',
      invoke: {
        id: 'renewProviderSession',
        src: 'refreshSession',
        onDone: {
          target: 'signedIn',
          actions: 'keepSession',
        },
        onError: {
          target: 'failed',
          actions: 'recordFailure',
        },
      },
      always: {
        target: 'resuming',
        guard: 'resumesChallenge',
      },
    },
    resuming: {
      description: 'The provider did not assert a second factor: the account\'s TOTP step (POST auth/sign-in/challenge).',
      invoke: {
        id: 'resumeChallenge',
        src: 'resumeChallenge',
        onDone: {
          target: 'secondFactorAsked',
          actions: 'keepSecondStep',
        },
        onError: {
          target: 'failed',
          actions: 'recordFailure',
        },
      },
    },
    signedIn: {
      description: 'The session is open: the auth machine reads the user.',
      type: 'final',
    },
    secondFactorAsked: {
      description: 'The second step is asked: the auth machine invokes it with this challenge.',
      type: 'final',
    },
    failed: {
      description: 'The renewal or the challenge was refused: the sign-in form says why (auth.{code}).',
      type: 'final',
    },
  },
});
