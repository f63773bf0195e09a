// personalComparisonMachine from machines/personalComparison/personalComparisonMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'personalComparison',
  description: 'Compares the caller\'s own pay with their (widened) peer group.',
  initial: 'waiting',
  states: {
    waiting: {
      description: 'A charged comparison waits for the corporate user to ask for it; a free one starts at once.',
      tags: ['waiting'],
      on: {
        'personal.run': {
          target: 'running',
        },
      },
      always: {
        target: 'running',
        guard: 'startsAtOnce',
      },
    },
    running: {
      description: 'Asking the server for the comparison (new, or the saved one re-opened for free).',
      tags: ['busy'],
      invoke: {
        id: 'runIndividualComparison',
        src: 'runIndividualComparison',
        onDone: [
          {
            target: 'result',
            guard: 'hasFigures',
            actions: ['rememberAnswer', 'emitCompared'],
          },
          {
            target: 'notEnoughData',
            actions: 'rememberAnswer',
          },
        ],
        onError: [
          {
            target: 'creditGate',
            guard: 'isInsufficientCredits',
            actions: ['rememberFailure', 'emitCreditsExhausted'],
          },
          {
            target: 'formRequired',
            guard: 'needsForm',
            actions: 'rememberFailure',
          },
          {
            target: 'failed',
            actions: ['rememberFailure', 'emitFailed'],
          },
        ],
      },
    },
    result: {
      description: 'The gauges, the perception beside the measured difference, the peer group and its box plots.',
      tags: ['result'],
    },
    notEnoughData: {
      description: 'Even everyone of the year is too few for a median: nothing to compare with.',
      tags: ['notEnoughData'],
    },
    creditGate: {
      description: 'A corporate user without credits: the app warns and leads to /my-account.',
      tags: ['creditGate'],
    },
    formRequired: {
      description: 'The caller has no completed form: the way out is the questionnaire.',
      tags: ['formRequired'],
    },
    failed: {
      description: 'The comparison did not arrive; it may be asked again with the same key (never charged twice).',
      tags: ['failed'],
      on: {
        'personal.retry': {
          target: 'running',
        },
      },
    },
  },
});
