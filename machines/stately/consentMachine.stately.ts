// consentMachine from machines/consent/consentMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'consent',
  description: 'Cookie consent: the bar, the stored choice and the analytics it allows.',
  initial: 'undecided',
  states: {
    undecided: {
      description: 'No choice stored: the bar shows accept and deny, equally prominent.',
      tags: ['bar'],
      on: {
        'consent.accept': {
          target: 'accepted.hiding',
          actions: 'storeChoice',
        },
        'consent.deny': {
          target: 'denied.hiding',
          actions: 'storeChoice',
        },
      },
      always: [
        {
          target: 'accepted.settled',
          guard: 'storedAccepted',
        },
        {
          target: 'denied.settled',
          guard: 'storedDenied',
        },
      ],
    },
    accepted: {
      description: 'Cookies accepted (acceptCookies=true): analytics runs.',
      initial: 'settled',
      tags: ['accepted'],
      invoke: {
        id: 'analytics',
        src: 'analytics',
      },
      on: {
        'consent.deny': {
          target: 'denied.settled',
          actions: 'storeChoice',
        },
      },
      states: {
        hiding: {
          description: 'Just accepted: the bar slides away.',
          tags: ['bar', 'bar-hiding'],
          after: {
            barHide: {
              target: 'settled',
            },
          },
        },
        settled: {
          description: 'Accepted, no bar.',
        },
      },
    },
    denied: {
      description: 'Cookies denied (acceptCookies=false): no analytics code loads.',
      initial: 'settled',
      tags: ['denied'],
      on: {
        'consent.accept': {
          target: 'accepted.settled',
          actions: 'storeChoice',
        },
      },
      states: {
        hiding: {
          description: 'Just denied: the bar slides away.',
          tags: ['bar', 'bar-hiding'],
          after: {
            barHide: {
              target: 'settled',
            },
          },
        },
        settled: {
          description: 'Denied, no bar.',
        },
      },
    },
  },
});
