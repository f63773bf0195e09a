// checkoutMachine from machines/checkout/checkoutMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'checkout',
  description: 'Buys a credit pack or a subscription on the hosted payment page in a new tab and waits for its result.',
  initial: 'idle',
  context: {
    item: null,
    url: null,
    baseline: null,
    account: null,
    failure: null,
  },
  states: {
    idle: {
      description: 'Nothing being bought: the packs and cards can be chosen.',
      tags: ['idle'],
      on: {
        'checkout.choose': {
          target: 'preparing',
          actions: 'rememberItem',
        },
      },
    },
    preparing: {
      description: 'Reading the account as it is before paying (what the purchase must change).',
      tags: ['busy'],
      invoke: {
        id: 'readBaseline',
        src: 'readAccount',
        onDone: {
          target: 'creating',
          actions: 'rememberBaseline',
        },
        onError: {
          target: 'ended.decided.failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    creating: {
      description: 'Asking the server for the payment page of the chosen pack or card.',
      tags: ['busy'],
      invoke: {
        id: 'createCheckout',
        src: 'createCheckout',
        onDone: {
          target: 'opening',
          actions: 'rememberUrl',
        },
        onError: [
          {
            target: 'ended.unavailable',
            guard: 'isUnavailable',
            actions: 'rememberFailure',
          },
          {
            target: 'ended.decided.failed',
            actions: ['rememberFailure', 'emitFailed'],
          },
        ],
      },
    },
    opening: {
      description: 'Opening the payment page in a new tab.',
      tags: ['busy'],
      invoke: {
        id: 'openTab',
        src: 'openTab',
        onDone: [
          {
            target: 'waiting',
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
      description: 'The browser blocked the new tab: a link opens the payment page instead.',
      tags: ['blocked'],
      on: {
        'checkout.openedManually': {
          target: 'waiting',
        },
        'checkout.cancel': {
          target: 'ended.decided.cancelled',
        },
      },
    },
    waiting: {
      description: 'The payment page is open: the account is read until the purchase shows, and the return page is listened for.',
      type: 'parallel',
      tags: ['waiting'],
      invoke: {
        id: 'watchReturn',
        src: 'watchReturn',
      },
      on: {
        'checkout.cancel': {
          target: 'ended.decided.cancelled',
        },
      },
      states: {
        poll: {
          description: 'Reads the account, pauses, reads again.',
          initial: 'checking',
          states: {
            checking: {
              description: 'Reading the account (balance and plan).',
              invoke: {
                id: 'readAccount',
                src: 'readAccount',
                onDone: [
                  {
                    target: '#checkout.ended.decided.confirmed',
                    guard: 'arrived',
                    actions: ['rememberAccount', 'emitConfirmed'],
                  },
                  {
                    target: 'pausing',
                    actions: 'rememberAccount',
                  },
                ],
                onError: {
                  target: 'pausing',
                },
              },
            },
            pausing: {
              description: 'Waiting before the next read; a return or the person coming back reads at once.',
              on: {
                'checkout.recheck': {
                  target: 'checking',
                },
                'checkout.returned': {
                  target: 'checking',
                  guard: 'paid',
                },
              },
              after: {
                pollInterval: {
                  target: 'checking',
                },
              },
            },
          },
        },
        phase: {
          description: 'Whether the return page has said the payment went through.',
          initial: 'paying',
          states: {
            paying: {
              description: 'The person is on the payment page.',
              on: {
                'checkout.returned': [
                  {
                    target: 'confirming',
                    guard: 'paid',
                  },
                  {
                    target: '#checkout.ended.decided.cancelled',
                  },
                ],
              },
              after: {
                paymentTimeout: {
                  target: '#checkout.ended.timedOut',
                },
              },
            },
            confirming: {
              description: 'Paid: waiting for the payment provider’s confirmation to reach the account.',
              tags: ['confirming'],
              after: {
                confirmTimeout: {
                  target: '#checkout.ended.timedOut',
                },
              },
            },
          },
        },
      },
    },
    ended: {
      description: 'The purchase is over for this page (timed out, unavailable, confirmed, cancelled or failed): it can be dismissed.',
      initial: 'timedOut',
      on: {
        'checkout.dismiss': {
          target: 'idle',
          actions: 'reset',
        },
      },
      states: {
        timedOut: {
          description: 'No confirmation in time: the purchase may still arrive; the person can check again.',
          tags: ['timedOut'],
          on: {
            'checkout.recheck': {
              target: '#checkout.waiting',
            },
          },
        },
        unavailable: {
          description: 'Purchases are unavailable on this server (no payment provider configured).',
          tags: ['unavailable'],
        },
        decided: {
          description: 'The purchase went one way or the other (confirmed, cancelled, failed): another pack or card can be chosen.',
          initial: 'confirmed',
          on: {
            'checkout.choose': {
              target: '#checkout.preparing',
              actions: 'rememberItem',
            },
          },
          states: {
            confirmed: {
              description: 'The credits or the plan are on the account.',
              tags: ['confirmed'],
            },
            cancelled: {
              description: 'The payment was cancelled on the payment page, or the person stopped waiting.',
              tags: ['cancelled'],
            },
            failed: {
              description: 'The payment page could not be prepared; retrying starts again with the same item.',
              tags: ['failed'],
              on: {
                'checkout.retry': {
                  target: '#checkout.preparing',
                  actions: 'forgetFailure',
                },
              },
            },
          },
        },
      },
    },
  },
});
