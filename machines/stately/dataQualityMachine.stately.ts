// dataQualityMachine from machines/dataQuality/dataQualityMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'dataQuality',
  description: 'The data-quality report: loading, shown, or failed and retried; asked again with other days or after the script.',
  initial: 'loading',
  states: {
    loading: {
      description: 'The report is being computed; the one shown before stays until the answer comes.',
      tags: ['loading'],
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        onDone: {
          target: 'ready',
          actions: 'rememberReport',
        },
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    ready: {
      description: 'The report is shown.',
      tags: ['ready'],
      on: {
        'quality.setStaleDays': {
          target: 'loading',
          guard: 'isValidDays',
          actions: 'setDays',
        },
        'quality.reload': {
          target: 'loading',
        },
      },
    },
    failed: {
      description: 'The report could not be loaded; it can be asked again.',
      tags: ['failed'],
      on: {
        'quality.retry': {
          target: 'loading',
        },
      },
    },
  },
});
