// corporateRegistrationMachine from machines/registration/corporateRegistrationMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'corporateRegistration',
  description: 'The register page creates a corporate user, then sends a corporate registrant on or lets an admin invite more.',
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is being filled in.',
      on: {
        'corporateRegistration.submit': {
          target: 'sending',
        },
      },
    },
    sending: {
      description: 'Creating the user; the form is locked.',
      tags: ['busy'],
      invoke: {
        id: 'registerCorporate',
        src: 'registerCorporate',
        onDone: [
          {
            target: 'landed',
            guard: 'landsElsewhere',
            actions: ['rememberInvited', 'emitInvited', 'emitLanded'],
          },
          {
            target: 'created',
            actions: ['rememberInvited', 'emitInvited'],
          },
        ],
        onError: {
          target: 'failed',
          actions: ['recordFailure', 'emitFailed'],
        },
      },
    },
    failed: {
      description: 'Creating the user failed; auth.{code} shows and the form can be sent again.',
      tags: ['failed'],
      on: {
        'corporateRegistration.submit': {
          target: 'sending',
        },
        'corporateRegistration.edit': {
          target: 'editing',
          actions: 'clearFailure',
        },
      },
    },
    created: {
      description: 'The invitation went out; the page says to whom and the form is empty for the next one.',
      tags: ['created'],
      on: {
        'corporateRegistration.submit': {
          target: 'sending',
        },
      },
    },
    landed: {
      description: 'The registrant moves on to the saved URL or the dashboard.',
      type: 'final',
    },
  },
});
