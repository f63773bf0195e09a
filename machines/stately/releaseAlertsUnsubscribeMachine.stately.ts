// releaseAlertsUnsubscribeMachine from machines/releaseAlerts/unsubscribeMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'releaseAlertsUnsubscribe',
  description: 'Turning release alerts off from the link of an alert e-mail.',
  initial: 'reading',
  context: {
    token: null,
    failure: null,
  },
  states: {
    reading: {
      description: 'The page reads the token from its address.',
      tags: ['working'],
      on: {
        'unsubscribe.open': [
          {
            target: 'invalidLink',
            guard: 'hasNoToken',
            actions: 'rememberToken',
          },
          {
            target: 'asking',
            actions: 'rememberToken',
          },
        ],
      },
    },
    asking: {
      description: 'The page asks for the click that turns the alerts off.',
      tags: ['asking'],
      on: {
        'unsubscribe.confirm': {
          target: 'working',
        },
      },
    },
    working: {
      description: 'Turning the alerts off with the signed token.',
      tags: ['working'],
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        onDone: {
          target: 'done',
        },
        onError: [
          {
            target: 'invalidLink',
            guard: 'isLinkFailure',
            actions: 'rememberFailure',
          },
          {
            target: 'failed',
            actions: 'rememberFailure',
          },
        ],
      },
    },
    done: {
      description: 'The alerts are off.',
      type: 'final',
      tags: ['done'],
    },
    invalidLink: {
      description: 'The link is missing, tampered with, for another purpose or expired: said plainly, nothing changed.',
      type: 'final',
      tags: ['invalid'],
    },
    failed: {
      description: 'No answer (offline, server error): the same link can be tried again.',
      tags: ['failed'],
      on: {
        'unsubscribe.retry': {
          target: 'working',
        },
      },
    },
  },
});
