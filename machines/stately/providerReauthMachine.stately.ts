// providerReauthMachine from machines/providerReauth/providerReauthMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'providerReauth',
  description: 'The settings page\'s return from a re-authentication at an identity provider: posts its proof, then says the change may be made.',
  initial: 'idle',
  context: {
    proof: null,
    errorCode: null,
  },
  states: {
    idle: {
      description: 'Nothing came back from a provider (or its message was closed).',
      on: {
        'providerReauth.arrived': [
          {
            target: 'confirming',
            guard: 'bringsProof',
            actions: ['keepProof', 'clearFragment'],
          },
          {
            target: 'failed',
            guard: 'bringsError',
            actions: ['recordReturnedError', 'clearFragment'],
          },
        ],
      },
    },
    confirming: {
      description: 'Posting the provider\'s proof (POST auth/reauthenticate { providerProof }).',
      tags: ['busy'],
      invoke: {
        id: 'confirmProof',
        src: 'confirmProof',
        onDone: {
          target: 'confirmed',
          actions: 'forgetProof',
        },
        onError: {
          target: 'failed',
          actions: 'recordFailure',
        },
      },
    },
    confirmed: {
      description: 'The session may make security changes for 5 minutes: the page says so.',
      on: {
        'providerReauth.dismiss': {
          target: 'idle',
          actions: 'clear',
        },
      },
    },
    failed: {
      description: 'The provider or the proof was refused: the page shows auth.{code}.',
      on: {
        'providerReauth.dismiss': {
          target: 'idle',
          actions: 'clear',
        },
      },
    },
  },
});
