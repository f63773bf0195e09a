// corporateRegistrationMachine from machines/registration/corporateRegistrationMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'corporateRegistration',
  description: 'The register page creates a corporate user, confirms it on the page, and offers to invite another or (corporate) to move on.',
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
        onDone: {
          target: 'created',
          actions: ['rememberInvited', 'emitInvited'],
        },
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
      description: 'The invitation went out; the page says to whom, offers to invite another, and a corporate registrant may move on.',
      tags: ['created'],
      on: {
        'corporateRegistration.submit': {
          target: 'sending',
        },
        'corporateRegistration.inviteAnother': {
          target: 'editing',
          actions: 'forgetInvited',
        },
        'corporateRegistration.continue': {
          target: 'landed',
          guard: 'landsElsewhere',
          actions: 'emitLanded',
        },
      },
    },
    landed: {
      description: 'The registrant asked to move on: to the saved URL or the dashboard.',
      type: 'final',
    },
  },
});
