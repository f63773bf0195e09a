// resourceMachine from machines/resource/resourceMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'resource',
  description: 'One answer of the API a screen shows: loading, ready, or failed and retried.',
  initial: 'loading',
  context: {
    data: null,
    failure: null,
  },
  states: {
    loading: {
      description: 'The call is on its way.',
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: 'rememberData',
        },
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    ready: {
      description: 'The answer is shown.',
      tags: ['ready'],
      on: {
        'resource.reload': {
          target: 'loading',
        },
      },
    },
    failed: {
      description: 'The call failed; the screen says so and may ask again.',
      tags: ['failed'],
      on: {
        'resource.retry': {
          target: 'loading',
        },
      },
    },
  },
});
