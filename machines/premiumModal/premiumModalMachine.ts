import { assertEvent, assign, emit, sendTo, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { hasPaidPlan, isContactCard } from '../../src/domain/payments';
import { checkoutMachine, type CheckoutItem } from '../checkout/checkoutMachine';
import { manageSubscriptionMachine } from '../manageSubscription/manageSubscriptionMachine';
import { corporateContactMachine } from '../corporateContact/corporateContactMachine';
import { failureOf } from '../../src/api/callFailure';
import { errorOf } from '../shared/failure';
import { injected } from '../shared/injected';
import type { Feature, PaidPlan } from '../../src/domain/entitlements';

export type SubscriptionCard = components['schemas']['SubscriptionCard'];
export type Catalogue = components['schemas']['Catalogue'];

/** Who looks at the modal: only the plan matters (the manage block needs a user with a paid plan). */
export type PremiumModalUser = { premiumType: string } | null;

/** A view refused for the plan (403 PREMIUM_REQUIRED, or a locked section): the feature and the cheapest plan with it. */
export interface PremiumHighlight {
  feature: Feature;
  plan: PaidPlan;
}

export interface PremiumModalInput {
  user: PremiumModalUser;
  /** Opened for a feature the plan lacks: the cards of the plan that unlocks it are marked. */
  highlight?: PremiumHighlight | null;
}

export interface PremiumModalContext {
  user: PremiumModalUser;
  /** The feature asked for and the plan that unlocks it; null when the modal was opened for itself. */
  highlight: PremiumHighlight | null;
  cards: SubscriptionCard[];
  /** Set when the prices were converted from EUR: the rate and its date are shown beside them (docs/money.md). */
  conversion: Catalogue['conversion'];
  /** The card whose more-details was asked for (the in-progress notice names it). */
  noticeCardId: string | null;
  failure: CallFailure | null;
}

export type PremiumModalEvent =
  | { type: 'premiumModal.open' }
  | { type: 'premiumModal.close' }
  | { type: 'premiumModal.userChanged'; user: PremiumModalUser }
  | { type: 'premiumModal.retry' }
  | { type: 'premiumModal.select'; card: SubscriptionCard }
  | { type: 'premiumModal.moreDetails'; cardId: string }
  | { type: 'premiumModal.dismissNotice' }
  | { type: 'premiumModal.backToCards' }
  | { type: 'premiumModal.manage' };

export type PremiumModalEmitted = { type: 'premiumModal.closed' };

/** What a subscription card buys, as the checkout takes it (the card's buyButton is the handle). */
export function checkoutItemOfCard(card: SubscriptionCard): CheckoutItem {
  return { kind: 'plan', buyButton: card.buyButton, plan: card.plan, label: card.content[0]?.title ?? card.id };
}

/**
 * What the two states of a paid plan (`manage`, `purchased`) do alike: the manage button opens the billing portal,
 * and a change of the user keeps a paid plan where it is, or falls back to the cards (or to none to offer).
 */
const paidPlanEvents = {
  'premiumModal.manage': { actions: 'openPortal' },
  'premiumModal.userChanged': [
    { guard: 'newUserIsPaid', actions: 'setUser' },
    { guard: 'cardsKnown', target: 'cards', actions: 'setUser' },
    { target: 'empty', actions: 'setUser' },
  ],
} as const;

/**
 * The premium modal (docs/payments.md "Plans and the premium flag").
 *
 * ```
 * closed ─open─▶ open.loading ──catalogue──▶ open.manage   (a user with a paid plan: the manage block)
 *    ▲              │  └─error─▶ failed       open.cards    (the subscription cards: browsing ⇄ notice)
 *    └────close─────┘     (retry)               └─paid─▶ open.purchased (what the plan opens, the next step, manage)
 *                                             open.contact  (the corporate plan's contact form ─back─▶ cards)
 *                                             open.empty    (no cards, no paid plan: heading only)
 * ```
 *
 * - The cards show only when the list is non-empty; the manage block only for a current user whose
 *   premiumType is not "free" (`userChanged` moves between them). A plan that appears while the cards show was
 *   just bought here: `purchased` says what changed (the heading, the views it opens, the next step) above the
 *   manage block, instead of the "become premium" pitch.
 * - select(card) of the corporate plan (custom pricing) shows the contact form (child `contact`,
 *   machines/corporateContact) instead of the cards; back returns to them.
 * - select(card) of any other card starts the checkout of the card's buyButton in the child `checkout` (machines/checkout);
 *   more-details logs (`logMoreDetails`, the app's logger) and shows the in-progress notice.
 * - The manage button opens the portal through the child `manage` (machines/manageSubscription).
 * - It starts closed; a page that shows it at once (/become-premium, a free user on a paid view) opens it. Opened for
 *   a feature the plan lacks (input `highlight`: the feature and the cheapest plan with it), the cards of that plan
 *   are marked as including it.
 * - Closing emits `premiumModal.closed` (a page that showed the modal instead of a paid view leaves).
 * - Tags: `closed`, `open`, `loading`, `failed`, `manage`, `purchased`, `cards`, `notice`, `contact`, `empty`.
 */
export const premiumModalMachine = setup({
  types: {
    context: {} as PremiumModalContext,
    events: {} as PremiumModalEvent,
    input: {} as PremiumModalInput,
    emitted: {} as PremiumModalEmitted,
  },
  actors: {
    checkout: checkoutMachine,
    manageSubscription: manageSubscriptionMachine,
    corporateContact: corporateContactMachine,
    loadCatalogue: injected<Catalogue>('premiumModal: provide loadCatalogue'),
  },
  guards: {
    userIsPaid: ({ context }) => hasPaidPlan(context.user),
    hasCards: (_, params: { cards: readonly SubscriptionCard[] }) => params.cards.length > 0,
    newUserIsPaid: ({ event }) => {
      assertEvent(event, 'premiumModal.userChanged');
      return hasPaidPlan(event.user);
    },
    cardsKnown: ({ context }) => context.cards.length > 0,
    isContactCard: ({ event }) => {
      assertEvent(event, 'premiumModal.select');
      return isContactCard(event.card);
    },
  },
  actions: {
    rememberCards: assign((_, params: { catalogue: Catalogue }) => ({
      cards: params.catalogue.subscriptionCards,
      conversion: params.catalogue.conversion,
      failure: null,
    })),
    rememberFailure: assign(({ event }) => ({ failure: failureOf(errorOf(event)) })),
    setUser: assign(({ event }) => {
      assertEvent(event, 'premiumModal.userChanged');
      return { user: event.user };
    }),
    rememberNotice: assign(({ event }) => {
      assertEvent(event, 'premiumModal.moreDetails');
      return { noticeCardId: event.cardId };
    }),
    forgetNotice: assign({ noticeCardId: null }),
    /** More-details only logs: the app provides its logger. */
    logMoreDetails: (_, _params: { cardId: string }) => undefined,
    chooseCard: sendTo('checkout', ({ event }) => {
      assertEvent(event, 'premiumModal.select');
      return { type: 'checkout.choose' as const, item: checkoutItemOfCard(event.card) };
    }),
    openPortal: sendTo('manage', { type: 'manage.open' as const }),
    emitClosed: emit({ type: 'premiumModal.closed' as const }),
  },
}).createMachine({
  id: 'premiumModal',
  description: 'The become-premium modal: subscription cards to buy, or the block that manages a paid plan.',
  context: ({ input }) => ({ user: input.user, highlight: input.highlight ?? null, cards: [], conversion: null, noticeCardId: null, failure: null }),
  invoke: [
    { id: 'checkout', src: 'checkout' },
    { id: 'manage', src: 'manageSubscription' },
    { id: 'contact', src: 'corporateContact' },
  ],
  initial: 'closed',
  on: {
    'premiumModal.userChanged': { actions: 'setUser' },
  },
  states: {
    closed: {
      description: 'Not shown.',
      tags: ['closed'],
      on: { 'premiumModal.open': { target: 'open', actions: 'forgetNotice' } },
    },
    open: {
      description: 'Shown: the close icon, the heading (become_premium.button) and subheading (become_premium.upgrading).',
      tags: ['open'],
      initial: 'loading',
      on: {
        'premiumModal.close': { target: 'closed', actions: 'emitClosed' },
      },
      states: {
        loading: {
          description: 'Loading the subscription cards of the catalogue.',
          tags: ['loading'],
          invoke: {
            id: 'loadCatalogue',
            src: 'loadCatalogue',
            onDone: [
              { guard: 'userIsPaid', target: 'manage', actions: { type: 'rememberCards', params: ({ event }) => ({ catalogue: event.output }) } },
              {
                guard: { type: 'hasCards', params: ({ event }) => ({ cards: event.output.subscriptionCards }) },
                target: 'cards',
                actions: { type: 'rememberCards', params: ({ event }) => ({ catalogue: event.output }) },
              },
              { target: 'empty', actions: { type: 'rememberCards', params: ({ event }) => ({ catalogue: event.output }) } },
            ],
            onError: { target: 'failed', actions: 'rememberFailure' },
          },
        },
        failed: {
          description: 'The cards could not be loaded; the person may try again.',
          tags: ['failed'],
          on: { 'premiumModal.retry': { target: 'loading' } },
        },
        manage: {
          description: 'A paid plan: the manage-subscription block (title, description, manage button).',
          tags: ['manage'],
          on: paidPlanEvents,
        },
        cards: {
          description: 'The subscription cards in columns of two, each with its select and more-details actions.',
          tags: ['cards'],
          initial: 'browsing',
          on: {
            'premiumModal.select': [{ guard: 'isContactCard', target: 'contact' }, { actions: 'chooseCard' }],
            'premiumModal.userChanged': [{ guard: 'newUserIsPaid', target: 'purchased', actions: 'setUser' }, { actions: 'setUser' }],
          },
          states: {
            browsing: {
              description: 'The cards, nothing else.',
              on: {
                'premiumModal.moreDetails': {
                  target: 'notice',
                  actions: ['rememberNotice', { type: 'logMoreDetails', params: ({ event }) => ({ cardId: event.cardId }) }],
                },
              },
            },
            notice: {
              description: 'More details were asked for: a notice says they are not available yet.',
              tags: ['notice'],
              on: {
                'premiumModal.dismissNotice': { target: 'browsing', actions: 'forgetNotice' },
                'premiumModal.moreDetails': {
                  actions: ['rememberNotice', { type: 'logMoreDetails', params: ({ event }) => ({ cardId: event.cardId }) }],
                },
              },
            },
          },
        },
        purchased: {
          description: 'A plan was just bought from the cards: the heading says so, what it opens and the next step, above the manage block.',
          tags: ['purchased'],
          on: paidPlanEvents,
        },
        contact: {
          description: 'The corporate plan has custom pricing: the contact form (child `contact`) replaces the cards.',
          tags: ['contact'],
          on: {
            'premiumModal.backToCards': [{ guard: 'userIsPaid', target: 'manage' }, { target: 'cards' }],
            'premiumModal.userChanged': [{ guard: 'newUserIsPaid', target: 'manage', actions: 'setUser' }, { actions: 'setUser' }],
          },
        },
        empty: {
          description: 'No cards to offer and no paid plan: the heading only.',
          tags: ['empty'],
          on: {
            'premiumModal.userChanged': [{ guard: 'newUserIsPaid', target: 'manage', actions: 'setUser' }, { actions: 'setUser' }],
          },
        },
      },
    },
  },
});

export type PremiumModalMachine = typeof premiumModalMachine;
