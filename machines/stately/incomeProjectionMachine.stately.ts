// incomeProjectionMachine from machines/incomeProjection/incomeProjectionMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'incomeProjection',
  description: 'Projects the person\'s total five years ahead at their peer group\'s growth.',
  initial: 'waiting',
  states: {
    waiting: {
      description: 'A charged projection waits for the corporate user to ask for it; a free one (or a re-opening) starts at once.',
      tags: ['waiting'],
      on: {
        'projection.run': {
          target: 'loading',
        },
      },
      always: {
        target: 'loading',
        guard: 'startsAtOnce',
      },
    },
    loading: {
      description: 'Asking for the evolution of the person\'s peer group and of the next position level\'s peers (one search).',
      tags: ['busy'],
      invoke: {
        id: 'loadProjectionInputs',
        src: 'loadProjectionInputs',
        onDone: [
          {
            target: 'ready',
            guard: 'hasOwnTotal',
            actions: ['rememberInputs', 'emitLoaded'],
          },
          {
            target: 'noOwnFigures',
            actions: ['rememberInputs', 'emitLoaded'],
          },
        ],
        onError: [
          {
            target: 'creditGate',
            guard: 'isInsufficientCredits',
            actions: ['rememberFailure', 'emitCreditsExhausted'],
          },
          {
            target: 'premiumRequired',
            guard: 'needsPlan',
            actions: 'rememberFailure',
          },
          {
            target: 'noOwnFigures',
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
    ready: {
      description: 'The projection, its band, real terms and the next-level scenario, with the assumptions explained.',
      tags: ['ready'],
    },
    noOwnFigures: {
      description: 'The person has no completed form to start from: the way out is the questionnaire.',
      tags: ['noOwnFigures'],
    },
    premiumRequired: {
      description: 'The member\'s plan lacks the income projection (403 PREMIUM_REQUIRED): the way out is the premium modal, the plan that unlocks it marked.',
      tags: ['premiumRequired'],
    },
    creditGate: {
      description: 'A corporate user without credits: the app warns and leads to /my-account.',
      tags: ['creditGate'],
    },
    failed: {
      description: 'The inputs did not arrive; they may be asked again with the same key (never charged twice).',
      tags: ['failed'],
      on: {
        'projection.retry': {
          target: 'loading',
        },
      },
    },
  },
});
