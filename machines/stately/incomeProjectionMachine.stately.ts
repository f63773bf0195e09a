// incomeProjectionMachine from machines/incomeProjection/incomeProjectionMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'incomeProjection',
  description: 'Projects the person\'s total five years ahead at their peer group\'s growth.',
  initial: 'loading',
  context: {
    inputs: null,
    failure: null,
  },
  states: {
    loading: {
      description: 'Asking for the evolution of the person\'s peer group and of the next position level\'s peers.',
      tags: ['busy'],
      invoke: {
        id: 'loadProjectionInputs',
        src: 'loadProjectionInputs',
        onDone: [
          {
            target: 'ready',
            guard: 'hasOwnTotal',
            actions: 'rememberInputs',
          },
          {
            target: 'noOwnFigures',
            actions: 'rememberInputs',
          },
        ],
        onError: [
          {
            target: 'noOwnFigures',
            guard: 'needsForm',
            actions: 'rememberFailure',
          },
          {
            target: 'failed',
            actions: 'rememberFailure',
          },
        ],
      },
    },
    ready: {
      description: 'The projection, its band, real terms and the next-level scenario, with the assumptions explained.',
      tags: ['ready'],
    },
    noOwnFigures: {
      description: 'The person has no completed form to start from: the way out is the questionnaire.',
      tags: ['noOwnFigures'],
    },
    failed: {
      description: 'The inputs did not arrive; they may be asked again.',
      tags: ['failed'],
      on: {
        'projection.retry': {
          target: 'loading',
        },
      },
    },
  },
});
