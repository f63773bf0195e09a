// insightsMachine from machines/insights/insightsMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'insights',
  description: 'Loads the three rankings of the insights widgets.',
  initial: 'loading',
  context: {
    insights: null,
    failure: null,
    widening: null,
  },
  states: {
    loading: {
      description: 'Asking for the three rankings at once.',
      tags: ['busy'],
      invoke: {
        id: 'loadInsights',
        src: 'loadInsights',
        onDone: {
          target: 'ready',
          actions: 'rememberInsights',
        },
        onError: {
          target: 'failed',
          actions: 'rememberFailure',
        },
      },
    },
    ready: {
      description: 'The rankings are shown, with how many groups were left out for privacy; an empty one offers its widening link.',
      tags: ['ready'],
      on: {
        'insights.widen': {
          target: 'widening',
          guard: 'isEmptyRanking',
          actions: 'markWidening',
        },
      },
    },
    widening: {
      description: 'Asking one empty ranking again with its conditions widened; the others stay on screen.',
      tags: ['ready', 'widening'],
      invoke: {
        id: 'widenRanking',
        src: 'widenRanking',
        onDone: {
          target: 'ready',
          actions: 'rememberWidened',
        },
        onError: {
          target: 'failed',
          actions: 'rememberFailure',
        },
      },
    },
    failed: {
      description: 'The rankings did not arrive; they may be asked again.',
      tags: ['failed'],
      on: {
        'insights.retry': {
          target: 'loading',
        },
      },
    },
  },
});
