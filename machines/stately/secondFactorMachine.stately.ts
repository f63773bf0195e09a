// secondFactorMachine from machines/secondFactor/secondFactorMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'secondFactor',
  description: 'The TOTP second factor of the settings: enrol with a QR code, keep the recovery codes, renew them, turn it off.',
  initial: 'loading',
  context: {
    status: null,
    enrolment: null,
    recoveryCodes: null,
    errorCode: null,
  },
  states: {
    loading: {
      description: 'Reading whether the second factor is on (GET auth/totp).',
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            target: 'on',
            guard: 'enabled',
            actions: 'adoptStatus',
          },
          {
            target: 'off',
            actions: 'adoptStatus',
          },
        ],
        onError: {
          target: 'unavailable',
          actions: 'recordFailure',
        },
      },
    },
    unavailable: {
      description: 'The state could not be read; the person may try again.',
      on: {
        'secondFactor.retry': {
          target: 'loading',
          actions: 'clearFailure',
        },
      },
    },
    off: {
      description: 'No second factor: it can be turned on.',
      on: {
        'secondFactor.start': {
          target: 'starting',
          actions: 'clearFailure',
        },
      },
    },
    starting: {
      description: 'Asking for a new secret (POST auth/totp/setup).',
      tags: ['busy'],
      invoke: {
        id: 'startEnrolment',
        src: 'startEnrolment',
        onDone: {
          target: 'scanning',
          actions: 'adoptEnrolment',
        },
        onError: {
          target: 'off',
          actions: 'recordFailure',
        },
      },
    },
    scanning: {
      description: 'The QR code and the secret are shown; the code of the app confirms them.',
      on: {
        'secondFactor.confirm': {
          target: 'confirming',
          guard: 'codeTyped',
          actions: 'clearFailure',
        },
        'secondFactor.cancel': {
          target: 'off',
          actions: ['forgetEnrolment', 'clearFailure'],
        },
      },
    },
    confirming: {
      description: 'Turning the second factor on with the code (POST auth/totp/confirm).',
      tags: ['busy'],
      invoke: {
        id: 'confirmEnrolment',
        src: 'confirmEnrolment',
        onDone: {
          target: 'showingCodes',
          actions: 'adoptCodes',
        },
        onError: {
          target: 'scanning',
          actions: 'recordFailure',
        },
      },
    },
    showingCodes: {
      description: 'The recovery codes are shown once, until the person has kept them.',
      on: {
        'secondFactor.codesSaved': {
          target: 'loading',
          actions: 'forgetCodes',
        },
      },
    },
    on: {
      description: 'The second factor is on: new recovery codes, or turn it off (unless an admin must keep it).',
      on: {
        'secondFactor.disable': {
          target: 'disabling',
          guard: 'removalTyped',
          actions: 'clearFailure',
        },
        'secondFactor.regenerate': {
          target: 'regenerating',
          guard: 'codeTyped',
          actions: 'clearFailure',
        },
      },
    },
    disabling: {
      description: 'Turning it off (POST auth/totp/disable).',
      tags: ['busy'],
      invoke: {
        id: 'disable',
        src: 'disable',
        onDone: {
          target: 'loading',
        },
        onError: {
          target: 'on',
          actions: 'recordFailure',
        },
      },
    },
    regenerating: {
      description: 'Replacing the recovery codes (POST auth/totp/recovery-codes).',
      tags: ['busy'],
      invoke: {
        id: 'regenerate',
        src: 'regenerate',
        onDone: {
          target: 'showingCodes',
          actions: 'adoptCodes',
        },
        onError: {
          target: 'on',
          actions: 'recordFailure',
        },
      },
    },
  },
});
