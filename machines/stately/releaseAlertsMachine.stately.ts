// releaseAlertsMachine from machines/releaseAlerts/releaseAlertsMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'releaseAlerts',
  description: 'The member\'s release alerts in the settings: on or off, and the threshold.',
  initial: 'loading',
  context: {
    saved: null,
    draft: {
      enabled: false,
      thresholdPercent: 3,
    },
    requiredPlan: null,
    failure: null,
  },
  states: {
    loading: {
      description: 'Reading the saved settings and whether the plan includes the alerts.',
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          {
            target: 'premiumRequired',
            guard: 'notInPlan',
            actions: 'keepSettings',
          },
          {
            target: 'ready',
            actions: 'keepSettings',
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: 'rememberFailure',
        },
      },
    },
    loadFailed: {
      description: 'The settings could not be read: the same call can be tried again.',
      tags: ['loadFailed'],
      on: {
        'releaseAlerts.retry': {
          target: 'loading',
        },
      },
    },
    premiumRequired: {
      description: 'The member\'s plan does not include release alerts: the premium modal is offered instead of the switch.',
      tags: ['premium'],
    },
    ready: {
      description: 'The form: the switch and the threshold, as saved or as edited.',
      tags: ['editing'],
      on: {
        'releaseAlerts.toggle': {
          target: '#releaseAlerts.ready',
          actions: 'setEnabled',
        },
        'releaseAlerts.setThreshold': {
          target: '#releaseAlerts.ready',
          actions: 'setThreshold',
        },
        'releaseAlerts.save': [
          {
            target: '#releaseAlerts.invalid',
            guard: 'thresholdInvalid',
          },
          {
            target: '#releaseAlerts.saving',
          },
        ],
      },
    },
    invalid: {
      description: 'The threshold is not a whole number from 1 to 20 (checked here, or refused by the server): said plainly, nothing saved.',
      tags: ['editing', 'invalid'],
      on: {
        'releaseAlerts.toggle': {
          target: '#releaseAlerts.ready',
          actions: 'setEnabled',
        },
        'releaseAlerts.setThreshold': {
          target: '#releaseAlerts.ready',
          actions: 'setThreshold',
        },
      },
    },
    saving: {
      description: 'Saving the switch and the threshold.',
      tags: ['editing', 'saving'],
      invoke: {
        id: 'save',
        src: 'save',
        onDone: {
          target: 'saved',
          actions: ['keepSettings', 'emitSaved'],
        },
        onError: [
          {
            target: 'premiumRequired',
            guard: 'isPremiumRequired',
            actions: ['rememberFailure', 'rememberRequiredPlan'],
          },
          {
            target: 'invalid',
            guard: 'isBadInput',
            actions: 'rememberFailure',
          },
          {
            target: 'failed',
            actions: 'rememberFailure',
          },
        ],
      },
    },
    saved: {
      description: 'Saved: the form shows what the server keeps.',
      tags: ['editing', 'saved'],
      on: {
        'releaseAlerts.toggle': {
          target: '#releaseAlerts.ready',
          actions: 'setEnabled',
        },
        'releaseAlerts.setThreshold': {
          target: '#releaseAlerts.ready',
          actions: 'setThreshold',
        },
        'releaseAlerts.save': [
          {
            target: '#releaseAlerts.invalid',
            guard: 'thresholdInvalid',
          },
          {
            target: '#releaseAlerts.saving',
          },
        ],
      },
    },
    failed: {
      description: 'The save got no answer or a server error: saving again is offered.',
      tags: ['editing', 'failed'],
      on: {
        'releaseAlerts.toggle': {
          target: '#releaseAlerts.ready',
          actions: 'setEnabled',
        },
        'releaseAlerts.setThreshold': {
          target: '#releaseAlerts.ready',
          actions: 'setThreshold',
        },
        'releaseAlerts.save': [
          {
            target: '#releaseAlerts.invalid',
            guard: 'thresholdInvalid',
          },
          {
            target: '#releaseAlerts.saving',
          },
        ],
        'releaseAlerts.retry': [
          {
            target: '#releaseAlerts.invalid',
            guard: 'thresholdInvalid',
          },
          {
            target: '#releaseAlerts.saving',
          },
        ],
      },
    },
  },
});
