// newsletterSignupMachine from machines/newsletterSignup/newsletterSignupMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'newsletterSignup',
  description: 'Signing up for the newsletter (double opt-in: a confirmation link goes to the address).',
  initial: 'editing',
  on: {
    'signup.language': {
      actions: 'setLanguage',
    },
  },
  states: {
    editing: {
      description: 'The form: address, individual or professional, optional name (company and position for professionals).',
      tags: ['editing'],
      on: {
        'signup.set': {
          actions: 'setValue',
        },
        'signup.kind': {
          actions: 'setKind',
        },
        'signup.submit': [
          {
            target: 'submitting',
            guard: 'isValid',
            actions: 'forgetFailure',
          },
          {
            actions: 'showErrors',
          },
        ],
      },
    },
    submitting: {
      description: 'Sending the sign-up.',
      tags: ['submitting'],
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        onDone: {
          target: 'sent',
          actions: ['rememberAddress', 'clear', 'emitSent'],
        },
        onError: {
          target: 'editing',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    sent: {
      description: 'Accepted: the person is asked to follow the link in the e-mail.',
      tags: ['sent'],
      on: {
        'signup.again': {
          target: 'editing',
        },
      },
    },
  },
});
