// memberRegistrationMachine from machines/registration/memberRegistrationMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'memberRegistration',
  description: 'A person registers as a member, claiming their anonymous questionnaire when it is still theirs to claim.',
  initial: 'checkingForm',
  states: {
    checkingForm: {
      description: 'Asking whether the questionnaire can still be claimed; the form waits.',
      tags: ['checking'],
      invoke: {
        id: 'lookUpForm',
        src: 'lookUpForm',
        onDone: [
          {
            target: 'claiming',
            guard: 'formIsClaimable',
            actions: 'rememberForm',
          },
          {
            target: 'withoutForm',
          },
        ],
        onError: {
          target: 'withoutForm',
        },
      },
      always: {
        target: 'withoutForm',
        guard: 'hasNoForm',
      },
    },
    claiming: {
      description: 'The questionnaire is unclaimed: the new account takes it.',
      initial: 'editing',
      tags: ['claiming'],
      states: {
        editing: {
          description: 'The form is being filled in.',
          on: {
            'memberRegistration.submit': {
              target: 'sending',
            },
          },
        },
        sending: {
          description: 'Registering with the form id, then signing in.',
          tags: ['busy'],
          invoke: {
            id: 'registerMember',
            src: 'registerMember',
            onDone: {
              target: '#memberRegistration.registered',
              actions: ['recordSession', 'emitRegistered'],
            },
            onError: [
              {
                target: '#memberRegistration.withoutForm',
                guard: 'formWasRefused',
                actions: 'markRefused',
              },
              {
                target: 'failed',
                actions: ['recordFailure', 'emitFailed'],
              },
            ],
          },
        },
        failed: {
          description: 'The registration failed; auth.{code} shows and the form can be sent again.',
          tags: ['failed'],
          on: {
            'memberRegistration.submit': {
              target: 'sending',
            },
            'memberRegistration.edit': {
              target: 'editing',
              actions: 'clearFailure',
            },
          },
        },
      },
    },
    withoutForm: {
      description: 'No questionnaire to claim (none, already claimed, or not found): the account is registered on its own.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The form is being filled in.',
          on: {
            'memberRegistration.submit': {
              target: 'sending',
            },
          },
        },
        sending: {
          description: 'Registering without a form, then signing in.',
          tags: ['busy'],
          invoke: {
            id: 'registerMember',
            src: 'registerMember',
            onDone: {
              target: '#memberRegistration.registered',
              actions: ['recordSession', 'emitRegistered'],
            },
            onError: {
              target: 'failed',
              actions: ['recordFailure', 'emitFailed'],
            },
          },
        },
        failed: {
          description: 'The registration failed; auth.{code} shows and the form can be sent again.',
          tags: ['failed'],
          on: {
            'memberRegistration.submit': {
              target: 'sending',
            },
            'memberRegistration.edit': {
              target: 'editing',
              actions: 'clearFailure',
            },
          },
        },
      },
    },
    registered: {
      description: 'Registered and signed in; the app takes the person on.',
      type: 'final',
      tags: ['done'],
    },
  },
});
