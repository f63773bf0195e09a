// formLookupMachine from machines/formLookup/formLookupMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'formLookup',
  description: 'Finds a form by e-mail address (the latest of the address, or of its account) and opens it.',
  initial: 'editing',
  on: {
    'formLookup.change': {
      target: '.editing',
      actions: 'setEmail',
    },
    'formLookup.choose': {
      target: '.editing',
      actions: 'setBy',
    },
  },
  context: {
    email: '',
    by: 'form',
    problem: null,
    looked: null,
    found: null,
    failure: null,
  },
  states: {
    editing: {
      description: 'Typing the address and choosing what to look for.',
      on: {
        'formLookup.submit': [
          {
            target: 'looking',
            guard: 'validEmail',
            actions: 'startLooking',
          },
          {
            actions: 'explainEmail',
          },
        ],
      },
    },
    looking: {
      description: 'Asking the server for the form.',
      tags: ['looking'],
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        onDone: {
          target: 'found',
          actions: ['rememberFound', 'emitFound'],
        },
        onError: [
          {
            target: 'notFound',
            guard: 'isNotFound',
          },
          {
            target: 'failed',
            actions: ['rememberFailure', 'emitFailed'],
          },
        ],
      },
    },
    found: {
      description: 'The form was found; the page opens it.',
      tags: ['found'],
      on: {
        'formLookup.submit': {
          target: 'looking',
          guard: 'validEmail',
          actions: 'startLooking',
        },
      },
    },
    notFound: {
      description: 'No form for that address.',
      tags: ['notFound'],
      on: {
        'formLookup.submit': {
          target: 'looking',
          guard: 'validEmail',
          actions: 'startLooking',
        },
      },
    },
    failed: {
      description: 'The lookup failed; it can be tried again.',
      tags: ['failed'],
      on: {
        'formLookup.submit': {
          target: 'looking',
          guard: 'validEmail',
          actions: 'startLooking',
        },
      },
    },
  },
});
