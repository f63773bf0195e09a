// premiumModalMachine from machines/premiumModal/premiumModalMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'premiumModal',
  description: 'The become-premium modal: subscription cards to buy, or the block that manages a paid plan.',
  initial: 'closed',
  invoke: [
    {
      id: 'checkout',
      src: 'checkout',
    },
    {
      id: 'manage',
      src: 'manageSubscription',
    },
    {
      id: 'contact',
      src: 'corporateContact',
    },
  ],
  on: {
    'premiumModal.userChanged': {
      actions: 'setUser',
    },
  },
  states: {
    closed: {
      description: 'Not shown.',
      tags: ['closed'],
      on: {
        'premiumModal.open': {
          target: 'open',
          actions: 'forgetNotice',
        },
      },
    },
    open: {
      description: 'Shown: the close icon, the heading (become_premium.button) and subheading (become_premium.upgrading).',
      initial: 'loading',
      tags: ['open'],
      on: {
        'premiumModal.close': {
          target: 'closed',
          actions: 'emitClosed',
        },
      },
      states: {
        loading: {
          description: 'Loading the subscription cards of the catalogue.',
          tags: ['loading'],
          invoke: {
            id: 'loadCatalogue',
            src: 'loadCatalogue',
            onDone: [
              {
                target: 'manage',
                guard: 'userIsPaid',
                actions: 'rememberCards',
              },
              {
                target: 'cards',
                guard: 'hasCards',
                actions: 'rememberCards',
              },
              {
                target: 'empty',
                actions: 'rememberCards',
              },
            ],
            onError: {
              target: 'failed',
              actions: 'rememberFailure',
            },
          },
        },
        failed: {
          description: 'The cards could not be loaded; the person may try again.',
          tags: ['failed'],
          on: {
            'premiumModal.retry': {
              target: 'loading',
            },
          },
        },
        manage: {
          description: 'A paid plan: the manage-subscription block (title, description, manage button).',
          tags: ['manage'],
          on: {
            'premiumModal.manage': {
              actions: 'openPortal',
            },
            'premiumModal.userChanged': [
              {
                guard: 'newUserIsPaid',
                actions: 'setUser',
              },
              {
                target: 'cards',
                guard: 'cardsKnown',
                actions: 'setUser',
              },
              {
                target: 'empty',
                actions: 'setUser',
              },
            ],
          },
        },
        cards: {
          description: 'The subscription cards in columns of two, each with its select and more-details actions.',
          initial: 'browsing',
          tags: ['cards'],
          on: {
            'premiumModal.select': [
              {
                target: 'contact',
                guard: 'isContactCard',
              },
              {
                actions: 'chooseCard',
              },
            ],
            'premiumModal.userChanged': [
              {
                target: 'purchased',
                guard: 'newUserIsPaid',
                actions: 'setUser',
              },
              {
                actions: 'setUser',
              },
            ],
          },
          states: {
            browsing: {
              description: 'The cards, nothing else.',
              on: {
                'premiumModal.moreDetails': {
                  target: 'notice',
                  actions: ['rememberNotice', 'logMoreDetails'],
                },
              },
            },
            notice: {
              description: 'More details were asked for: a notice says they are not available yet.',
              tags: ['notice'],
              on: {
                'premiumModal.dismissNotice': {
                  target: 'browsing',
                  actions: 'forgetNotice',
                },
                'premiumModal.moreDetails': {
                  actions: ['rememberNotice', 'logMoreDetails'],
                },
              },
            },
          },
        },
        purchased: {
          description: 'A plan was just bought from the cards: the heading says so, what it opens and the next step, above the manage block.',
          tags: ['purchased'],
          on: {
            'premiumModal.manage': {
              actions: 'openPortal',
            },
            'premiumModal.userChanged': [
              {
                guard: 'newUserIsPaid',
                actions: 'setUser',
              },
              {
                target: 'cards',
                guard: 'cardsKnown',
                actions: 'setUser',
              },
              {
                target: 'empty',
                actions: 'setUser',
              },
            ],
          },
        },
        contact: {
          description: 'The corporate plan has custom pricing: the contact form (child `contact`) replaces the cards.',
          tags: ['contact'],
          on: {
            'premiumModal.backToCards': [
              {
                target: 'manage',
                guard: 'userIsPaid',
              },
              {
                target: 'cards',
              },
            ],
            'premiumModal.userChanged': [
              {
                target: 'manage',
                guard: 'newUserIsPaid',
                actions: 'setUser',
              },
              {
                actions: 'setUser',
              },
            ],
          },
        },
        empty: {
          description: 'No cards to offer and no paid plan: the heading only.',
          tags: ['empty'],
          on: {
            'premiumModal.userChanged': [
              {
                target: 'manage',
                guard: 'newUserIsPaid',
                actions: 'setUser',
              },
              {
                actions: 'setUser',
              },
            ],
          },
        },
      },
    },
  },
});
