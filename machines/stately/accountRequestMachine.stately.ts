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
    fields: null,
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
            actions: ['clearFailure', 'keepFields'],
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
        onError: [
          {
            target: 'reauthenticating',
            guard: 'reauthenticationRequired',
          },
          {
            target: 'failed',
            actions: ['recordFailure', 'emitFailed'],
          },
        ],
      },
    },
    reauthenticating: {
      description: 'The server wants the password again before this change (the session proved the person more than 5 minutes ago); the request waits, as typed.',
      initial: 'asking',
      tags: ['reauthenticating'],
      on: {
        'request.cancelReauthentication': {
          target: 'editing',
          actions: 'clearFailure',
        },
      },
      states: {
        asking: {
          description: 'A dialog asks the password.',
          on: {
            'request.reauthenticate': {
              target: 'checking',
              guard: 'passwordTyped',
              actions: 'clearFailure',
            },
          },
        },
        checking: {
          description: 'Checking the password (POST auth/reauthenticate); then the same request is sent again.',
          tags: ['busy'],
          invoke: {
            id: 'reauthenticate',
            src: 'reauthenticate',
            onDone: {
              target: '#accountRequest.sending',
            },
            onError: {
              target: 'asking',
              actions: 'recordFailure',
            },
          },
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
            actions: ['clearFailure', 'keepFields'],
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
            actions: ['clearFailure', 'keepFields'],
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
            actions: ['clearFailure', 'keepFields'],
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
