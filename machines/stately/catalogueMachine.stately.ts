// catalogueMachine from machines/catalogue/catalogueMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'catalogue',
  description: 'Loads the credit packs and subscription cards that can be bought.',
  initial: 'loading',
  context: {
    catalogue: null,
    failure: null,
  },
  states: {
    loading: {
      description: 'Loading the catalogue in the reader’s language and currency.',
      tags: ['loading'],
      invoke: {
        id: 'loadCatalogue',
        src: 'loadCatalogue',
        onDone: {
          target: 'ready',
          actions: 'rememberCatalogue',
        },
        onError: {
          target: 'failed',
          actions: 'rememberFailure',
        },
      },
      on: {
        'catalogue.reload': {
          target: 'loading',
          reenter: true,
        },
      },
    },
    ready: {
      description: 'The packs are shown.',
      tags: ['ready'],
      on: {
        'catalogue.reload': {
          target: 'loading',
        },
      },
    },
    failed: {
      description: 'The catalogue could not be loaded; the person may try again.',
      tags: ['failed'],
      on: {
        'catalogue.retry': {
          target: 'loading',
        },
      },
    },
  },
});
