// perceptionHistoryMachine from machines/perceptionHistory/perceptionHistoryMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'perceptionHistory',
  description: 'The belief about one’s pay against the published position, over the survey years.',
  initial: 'loading',
  context: {
    history: null,
    requiredPlan: null,
    failure: null,
  },
  states: {
    loading: {
      description: 'Reading the belief and the published position of every year with a completed questionnaire.',
      tags: ['loading'],
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        onDone: [
          {
            target: 'shown',
            guard: 'hasYears',
            actions: 'rememberHistory',
          },
          {
            target: 'empty',
            actions: 'rememberHistory',
          },
        ],
        onError: [
          {
            target: 'premiumRequired',
            guard: 'isPremiumRequired',
            actions: 'rememberRequiredPlan',
          },
          {
            target: 'failed',
            actions: ['rememberFailure', 'emitFailed'],
          },
        ],
      },
    },
    shown: {
      description: 'The chart of belief against position over the years, and one sentence on how the belief moved.',
      tags: ['shown'],
    },
    empty: {
      description: 'No completed questionnaire yet: nothing to chart.',
      tags: ['empty'],
    },
    premiumRequired: {
      description: 'The person’s plan does not include this view: the cheapest plan that does is named.',
      tags: ['premiumRequired'],
    },
    failed: {
      description: 'The history could not be read: try again.',
      tags: ['failed'],
      on: {
        'perception.retry': {
          target: 'loading',
          actions: 'forgetFailure',
        },
      },
    },
  },
});
