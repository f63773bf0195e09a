// loadingMachine from machines/loading/loadingMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'loading',
  description: 'One loading state: a spinner at once, a "still working…" message (and try again) after 3 s.',
  initial: 'idle',
  on: {
    'loading.hide': {
      target: '.idle',
    },
  },
  states: {
    idle: {
      description: 'Nothing is loading: nothing shows.',
      on: {
        'loading.show': 'spinning',
      },
    },
    spinning: {
      description: 'Loading for less than slowAfter (3 s): the spinner alone.',
      tags: ['visible'],
      after: {
        slowAfter: 'slow',
      },
    },
    slow: {
      description: 'Still loading after slowAfter: the spinner with "still working…" and, when the owner can, try again.',
      tags: ['visible', 'slow'],
      on: {
        'loading.retry': {
          target: 'spinning',
          actions: 'emitRetried',
        },
      },
    },
  },
});
