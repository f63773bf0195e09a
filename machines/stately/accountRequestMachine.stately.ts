// accountRequestMachine from machines/auth/accountRequestMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'accountRequest',
  description: 'One request of an account page: form, sending, succeeded or failed.',
  initial: 'editing',
  context: {
    errorCode: null,
    output: null,
    fieldProblems: {},
  },
  states: {
    editing: {
      description: 'The form is being filled in.',
      tags: ['form'],
      on: {
        'request.submit': [
          {
            target: 'sending',
            guard: 'fieldsLookValid',
            actions: 'clearFailure',
          },
          {
            target: 'invalid',
            actions: 'recordFieldProblems',
          },
        ],
      },
    },
    sending: {
      description: 'The request is on its way; the form is locked.',
      tags: ['busy'],
      invoke: {
        id: 'send',
        src: 'send',
        onDone: {
          target: 'succeeded',
          actions: ['recordOutput', 'emitSucceeded'],
        },
        onError: {
          target: 'failed',
          actions: ['recordFailure', 'emitFailed'],
        },
      },
    },
    succeeded: {
      description: 'Done; the page says so. It may be sent again or started over.',
      tags: ['done'],
      on: {
        'request.submit': [
          {
            target: 'sending',
            guard: 'fieldsLookValid',
            actions: 'clearFailure',
          },
          {
            target: 'invalid',
            actions: 'recordFieldProblems',
          },
        ],
        'request.reset': {
          target: 'editing',
        },
      },
    },
    failed: {
      description: 'The request failed; the form shows auth.{code} and can be sent again.',
      tags: ['form', 'failed'],
      on: {
        'request.submit': [
          {
            target: 'sending',
            guard: 'fieldsLookValid',
            actions: 'clearFailure',
          },
          {
            target: 'invalid',
            actions: 'recordFieldProblems',
          },
        ],
        'request.edit': {
          target: 'editing',
          actions: 'clearFailure',
        },
      },
    },
    invalid: {
      description: 'The submit was not sent: a field is malformed (an address, a confirmation that does not match); the fields say which.',
      tags: ['form', 'invalid'],
      on: {
        'request.submit': [
          {
            target: 'sending',
            guard: 'fieldsLookValid',
            actions: 'clearFailure',
          },
          {
            target: 'invalid',
            actions: 'recordFieldProblems',
          },
        ],
        'request.edit': {
          target: 'editing',
          actions: 'clearFailure',
        },
      },
    },
  },
});
