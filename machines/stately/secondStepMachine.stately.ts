// secondStepMachine from machines/auth/secondStepMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'signInSecondStep',
  description: 'The second step of a sign-in: the authenticator app\'s code, or an admin\'s enrolment and its recovery codes.',
  initial: 'asking',
  states: {
    asking: {
      description: 'Asking for the TOTP code of the authenticator app (or a recovery code); enrol: after scanning the QR code. A refused code\'s auth.{code} shows.',
      on: {
        'auth.submitSecondFactor': {
          target: 'submitting',
          guard: 'codeTyped',
          actions: 'clearFailure',
        },
        'auth.cancelSecondFactor': {
          target: 'cancelled',
        },
      },
    },
    submitting: {
      description: 'Checking the code: POST auth/sign-in/second-factor (verify) or auth/sign-in/enrol (enrol).',
      tags: ['busy'],
      invoke: {
        id: 'submitSecondFactor',
        src: 'submitSecondFactor',
        onDone: [
          {
            target: 'showingRecoveryCodes',
            guard: 'enrolling',
            actions: 'keepSession',
          },
          {
            target: 'passed',
            actions: 'keepSession',
          },
        ],
        onError: [
          {
            target: 'over',
            guard: 'signInOver',
            actions: 'recordFailure',
          },
          {
            target: 'asking',
            actions: 'recordFailure',
          },
        ],
      },
    },
    showingRecoveryCodes: {
      description: 'Enrolled and the session is open: the recovery codes are shown once, until the person has kept them.',
      on: {
        'auth.recoveryCodesSaved': {
          target: 'passed',
        },
      },
    },
    passed: {
      description: 'The session is open: the auth machine reads the user.',
      type: 'final',
    },
    cancelled: {
      description: 'The person gave up the second step: back to the sign-in form.',
      type: 'final',
    },
    over: {
      description: 'The challenge is over (SECOND_FACTOR_EXPIRED, USER_DISABLED): the sign-in starts again.',
      type: 'final',
    },
  },
});
