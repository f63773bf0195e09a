// outlierCalculationMachine from machines/outlierCalculation/outlierCalculationMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'outlierCalculation',
  description: 'One pack\'s impact: its stored result, and calculating it again with progress.',
  initial: 'loadingResult',
  states: {
    loadingResult: {
      description: 'Reading the pack\'s stored result.',
      tags: ['loading'],
      invoke: {
        id: 'loadResult',
        src: 'loadResult',
        onDone: [
          {
            target: 'showing',
            guard: 'hasResult',
            actions: 'rememberResult',
          },
          {
            target: 'idle',
            actions: 'rememberResult',
          },
        ],
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    idle: {
      description: 'Never calculated with its current rules: nothing to show yet.',
      tags: ['idle'],
      on: {
        'calculation.start': {
          target: 'starting',
          actions: 'forgetFailure',
        },
      },
    },
    showing: {
      description: 'The impact: forms flagged, per measure the median and p90 before and after, overall and per group.',
      tags: ['showing'],
      on: {
        'calculation.start': {
          target: 'starting',
          actions: 'forgetFailure',
        },
      },
    },
    starting: {
      description: 'Asking the server to queue the calculation as a background job.',
      tags: ['calculating'],
      invoke: {
        id: 'startCalculation',
        src: 'startCalculation',
        onDone: {
          target: 'running',
          actions: 'rememberJob',
        },
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    running: {
      description: 'The background job runs; its progress is shown.',
      tags: ['calculating'],
      invoke: {
        id: 'followJob',
        src: 'followJob',
      },
      on: {
        'calculation.progress': {
          actions: 'rememberProgress',
        },
        'calculation.jobDone': {
          target: 'finishing',
          actions: 'forgetJob',
        },
        'calculation.jobFailed': {
          target: 'failed',
          actions: ['rememberJobFailure', 'forgetJob', 'emitFailed'],
        },
      },
    },
    finishing: {
      description: 'Reading the new result.',
      tags: ['calculating'],
      invoke: {
        id: 'loadNewResult',
        src: 'loadResult',
        onDone: [
          {
            target: 'showing',
            guard: 'hasResult',
            actions: ['rememberResult', 'emitFinished'],
          },
          {
            target: 'idle',
            actions: 'rememberResult',
          },
        ],
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    failed: {
      description: 'The result could not be read or the calculation failed; the reason is shown.',
      tags: ['failed'],
      on: {
        'calculation.retry': {
          target: 'loadingResult',
        },
      },
    },
  },
});
