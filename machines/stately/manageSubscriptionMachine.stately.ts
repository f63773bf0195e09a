// manageSubscriptionMachine from machines/manageSubscription/manageSubscriptionMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'manageSubscription',
  description: 'Opens the customer portal of a paid plan in a new tab and notices when the person comes back.',
  initial: 'idle',
  context: {
    url: null,
    failure: null,
  },
  states: {
    idle: {
      description: 'The manage button is available.',
      tags: ['idle'],
      on: {
        'manage.open': {
          target: 'creating',
          actions: 'reset',
        },
      },
    },
    creating: {
      description: 'Asking the server for a portal session.',
      tags: ['busy'],
      invoke: {
        id: 'createPortal',
        src: 'createPortal',
        onDone: {
          target: 'opening',
          actions: 'rememberUrl',
        },
        onError: [
          {
            target: 'noSubscription',
            guard: 'hasNoSubscription',
            actions: ['rememberFailure', 'emitPlanMayHaveChanged'],
          },
          {
            target: 'unavailable',
            guard: 'isUnavailable',
            actions: 'rememberFailure',
          },
          {
            target: 'failed',
            actions: ['rememberFailure', 'emitFailed'],
          },
        ],
      },
    },
    opening: {
      description: 'Opening the portal in a new tab.',
      tags: ['busy'],
      invoke: {
        id: 'openTab',
        src: 'openTab',
        onDone: [
          {
            target: 'opened',
            guard: 'tabOpened',
          },
          {
            target: 'blocked',
          },
        ],
        onError: {
          target: 'blocked',
        },
      },
    },
    blocked: {
      description: 'The browser blocked the new tab: a link opens the portal instead.',
      tags: ['blocked'],
      on: {
        'manage.openedManually': {
          target: 'opened',
        },
        'manage.dismiss': {
          target: 'idle',
          actions: 'reset',
        },
      },
    },
    opened: {
      description: 'The portal is open in another tab; coming back reads the plan again.',
      initial: 'watching',
      tags: ['opened'],
      invoke: {
        id: 'watchReturn',
        src: 'watchReturn',
      },
      on: {
        'manage.returned': {
          target: '.settling',
          actions: 'emitPlanMayHaveChanged',
          reenter: true,
        },
        'manage.open': {
          target: 'creating',
          actions: 'reset',
        },
        'manage.dismiss': {
          target: 'idle',
          actions: 'reset',
        },
      },
      states: {
        watching: {
          description: 'Waiting for the person to come back from the portal.',
        },
        settling: {
          description: 'Just came back: the plan is read again once more after a moment.',
          after: {
            settleDelay: {
              target: 'watching',
              actions: 'emitPlanMayHaveChanged',
            },
          },
        },
      },
    },
    noSubscription: {
      description: 'The account has no subscription to manage (it ended meanwhile).',
      tags: ['noSubscription'],
      on: {
        'manage.dismiss': {
          target: 'idle',
          actions: 'reset',
        },
      },
    },
    unavailable: {
      description: 'Purchases and the portal are unavailable on this server.',
      tags: ['unavailable'],
      on: {
        'manage.dismiss': {
          target: 'idle',
          actions: 'reset',
        },
      },
    },
    failed: {
      description: 'The portal could not be opened; the person may try again.',
      tags: ['failed'],
      on: {
        'manage.retry': {
          target: 'creating',
          actions: 'reset',
        },
        'manage.dismiss': {
          target: 'idle',
          actions: 'reset',
        },
      },
    },
  },
});
