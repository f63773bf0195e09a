// adminStatsMachine from machines/adminStats/adminStatsMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'adminStats',
  description: 'The admin dashboard: loading the figures, showing them, refreshing them or another year, or a failure to retry.',
  initial: 'loading',
  context: {
    year: null,
    data: null,
    failure: null,
  },
  states: {
    loading: {
      description: 'Asking for the figures for the first time.',
      tags: ['loading'],
      invoke: {
        id: 'loadStatistics',
        src: 'loadStatistics',
        onDone: {
          target: 'loaded',
          actions: 'rememberData',
        },
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    loaded: {
      description: 'The figures, cards and charts are shown.',
      tags: ['loaded'],
      on: {
        'stats.refresh': {
          target: 'refreshing',
        },
        'stats.selectYear': {
          target: 'refreshing',
          guard: 'isAnotherListedYear',
          actions: 'setYear',
        },
      },
    },
    refreshing: {
      description: 'Asking for fresh figures (or another year) while the previous ones stay on screen.',
      tags: ['loading', 'loaded'],
      invoke: {
        id: 'refreshStatistics',
        src: 'loadStatistics',
        onDone: {
          target: 'loaded',
          actions: 'rememberData',
        },
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    failed: {
      description: 'The figures could not be loaded; the page says so and may ask again.',
      tags: ['failed'],
      on: {
        'stats.retry': {
          target: 'loading',
        },
      },
    },
  },
});
