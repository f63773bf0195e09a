// corporateContactMachine from machines/corporateContact/corporateContactMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'corporateContact',
  description: 'A request for the corporate plan (custom pricing), sent to the administrators.',
  initial: 'editing',
  context: {
    values: {
      company: '',
      name: '',
      phone: '',
      message: '',
    },
    errors: {},
    failure: null,
  },
  states: {
    editing: {
      description: 'The form: company, name, optional phone, message.',
      tags: ['editing'],
      on: {
        'contact.set': {
          actions: 'setValue',
        },
        'contact.submit': [
          {
            target: 'sending',
            guard: 'isValid',
            actions: 'forgetFailure',
          },
          {
            actions: 'showErrors',
          },
        ],
      },
    },
    sending: {
      description: 'Sending the request.',
      tags: ['sending'],
      invoke: {
        id: 'sendContact',
        src: 'sendContact',
        onDone: {
          target: 'sent',
          actions: ['clear', 'emitSent'],
        },
        onError: {
          target: 'editing',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    sent: {
      description: 'Received: the administrators answer by e-mail.',
      tags: ['sent'],
      on: {
        'contact.again': {
          target: 'editing',
        },
      },
    },
  },
});
