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
    request: null,
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
          actions: ['clearFailure', 'keepRequest'],
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
          actions: ['forgetRequest', 'adoptEnrolment'],
        },
        onError: [
          {
            target: 'reauthenticating',
            guard: 'reauthenticationRequired',
          },
          {
            target: 'off',
            actions: ['forgetRequest', 'recordFailure'],
          },
        ],
      },
    },
    scanning: {
      description: 'The QR code and the secret are shown; the code of the app confirms them.',
      on: {
        'secondFactor.confirm': {
          target: 'confirming',
          guard: 'codeTyped',
          actions: ['clearFailure', 'keepRequest'],
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
          actions: ['forgetRequest', 'adoptCodes'],
        },
        onError: [
          {
            target: 'reauthenticating',
            guard: 'reauthenticationRequired',
          },
          {
            target: 'scanning',
            actions: ['forgetRequest', 'recordFailure'],
          },
        ],
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
          actions: ['clearFailure', 'keepRequest'],
        },
        'secondFactor.regenerate': {
          target: 'regenerating',
          guard: 'codeTyped',
          actions: ['clearFailure', 'keepRequest'],
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
          actions: 'forgetRequest',
        },
        onError: [
          {
            target: 'reauthenticating',
            guard: 'reauthenticationRequired',
          },
          {
            target: 'on',
            actions: ['forgetRequest', 'recordFailure'],
          },
        ],
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
          actions: ['forgetRequest', 'adoptCodes'],
        },
        onError: [
          {
            target: 'reauthenticating',
            guard: 'reauthenticationRequired',
          },
          {
            target: 'on',
            actions: ['forgetRequest', 'recordFailure'],
          },
        ],
      },
    },
    reauthenticating: {
      description: 'The server wants the password again before this change (the session proved the person more than 5 minutes ago); the change waits, as typed.',
      initial: 'asking',
      tags: ['reauthenticating'],
      on: {
        'secondFactor.cancelReauthentication': [
          {
            target: 'off',
            guard: 'requestIs',
            actions: ['forgetRequest', 'clearFailure'],
          },
          {
            target: 'scanning',
            guard: 'requestIs',
            actions: ['forgetRequest', 'clearFailure'],
          },
          {
            target: 'on',
            actions: ['forgetRequest', 'clearFailure'],
          },
        ],
      },
      states: {
        asking: {
          description: 'The password is asked in a dialog.',
          on: {
            'secondFactor.reauthenticate': {
              target: 'checking',
              guard: 'passwordTyped',
              actions: 'clearFailure',
            },
          },
        },
        checking: {
          description: 'Checking the password (POST auth/reauthenticate); then the change is sent again.',
          tags: ['busy'],
          invoke: {
            id: 'reauthenticate',
            src: 'reauthenticate',
            onDone: [
              {
                target: '#secondFactor.starting',
                guard: 'requestIs',
              },
              {
                target: '#secondFactor.confirming',
                guard: 'requestIs',
              },
              {
                target: '#secondFactor.disabling',
                guard: 'requestIs',
              },
              {
                target: '#secondFactor.regenerating',
              },
            ],
            onError: {
              target: 'asking',
              actions: 'recordFailure',
            },
          },
        },
      },
    },
  },
});
