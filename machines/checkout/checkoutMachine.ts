import { assertEvent, assign, emit, fromCallback, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../../src/api/callFailure';
import { errorOf, failureActions } from '../shared/failure';
import { injected } from '../shared/injected';

type User = components['schemas']['User'];

/** What is bought: a credit pack (its id) or a subscription card (its buyButton). */
export type CheckoutItem =
  { kind: 'credits'; buyButton: string; credits: number; label: string } | { kind: 'plan'; buyButton: string; plan: User['premiumType']; label: string };

/** The part of the account a purchase changes: the balance and the plan. */
export type AccountState = Pick<User, 'credits' | 'premiumType'>;

/** How the hosted page ended, as the return page announces it to the tab that opened it. */
export type CheckoutOutcome = 'success' | 'cancel';

export interface CheckoutContext {
  item: CheckoutItem | null;
  /** Where to pay (the hosted page, or the local test-mode page without Stripe keys). */
  url: string | null;
  /** The account before paying: the purchase is confirmed when it has changed accordingly. */
  baseline: AccountState | null;
  /** The account as last read while waiting; after confirming, what the purchase gave. */
  account: AccountState | null;
  failure: CallFailure | null;
}

export type CheckoutEvent =
  | { type: 'checkout.choose'; item: CheckoutItem }
  /** The popup was blocked and the person opened the payment page with the link. */
  | { type: 'checkout.openedManually' }
  /** The return page said how the payment ended (sent by the `watchReturn` actor). */
  | { type: 'checkout.returned'; outcome: CheckoutOutcome }
  /** Read the account now (the person came back to this tab, or pressed "check again"). */
  | { type: 'checkout.recheck' }
  | { type: 'checkout.cancel' }
  | { type: 'checkout.retry' }
  | { type: 'checkout.dismiss' };

export type CheckoutEmitted = { type: 'checkout.confirmed'; item: CheckoutItem; account: AccountState } | { type: 'checkout.failed'; failure: CallFailure };

export interface OpenTabResult {
  /** False when the browser blocked the new tab: the page then offers a link. */
  opened: boolean;
}

const PAYMENTS_UNAVAILABLE_STATUS = 503;

/** Whether the account now shows what was bought: the pack's credits added, or the card's plan it did not have. */
export function purchaseArrived(item: CheckoutItem, baseline: AccountState, account: AccountState): boolean {
  if (item.kind === 'credits') return account.credits >= baseline.credits + item.credits;
  return account.premiumType === item.plan && baseline.premiumType !== item.plan;
}

/**
 * Buying a credit pack or a subscription on the hosted payment page (opened in a new tab with the
 * e-mail prefilled and the user id as client reference), then waiting until the webhook's result shows
 * on the account.
 *
 * ```
 * idle ─choose(item)─▶ preparing ─▶ creating ─▶ opening ──opened──▶ waiting ─(credits / plan appear)─▶ confirmed
 *                      (baseline)   (session)    │                   ║ poll: checking ⇄ pausing
 *                                                └─blocked─▶ blocked ║ phase: paying ─returned(success)─▶ confirming
 *                                                  (link) ─opened──▶ ║   returned(cancel) / cancel ─▶ cancelled
 *   preparing / creating ─error─▶ failed (retry) | unavailable (503)   paying: after paymentTimeout, confirming:
 *                                                                      after confirmTimeout ─▶ timedOut (check again)
 *
 * ended ─dismiss─▶ idle            (one transition of the parent for all five ends)
 *   timedOut, unavailable, decided ─choose(item)─▶ preparing   (one transition for confirmed, cancelled, failed)
 * ```
 *
 * - `preparing` reads the account first (`readAccount`): the purchase is confirmed when the credits grew by
 *   the pack's credits or a paid plan appeared (`purchaseArrived`), so an old balance never confirms.
 * - `opening` opens the URL in a new tab (`openTab`); a blocked popup leaves a link to click (`blocked`).
 * - `waiting` polls the account every `pollInterval` and listens for the return page (`watchReturn`): a
 *   success shortens the wait to `confirmTimeout`, a cancel ends it. The person may stop waiting (cancel).
 * - Emits `checkout.confirmed` (the page refreshes the user and the ledger) and `checkout.failed`.
 * - Tags: `idle`, `busy`, `blocked`, `waiting`, `confirming`, `confirmed`, `cancelled`, `failed`,
 *   `unavailable`, `timedOut`.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    emitted: {} as CheckoutEmitted,
  },
  actors: {
    readAccount: injected<AccountState>('checkout: provide readAccount'),
    createCheckout: injected<{ url: string }, { buyButton: string }>('checkout: provide createCheckout'),
    openTab: injected<OpenTabResult, { url: string }>('checkout: provide openTab'),
    /** Sends `checkout.returned` when the return page reports, and `checkout.recheck` when the person comes back. */
    watchReturn: fromCallback(() => () => undefined),
  },
  delays: {
    /** Between two reads of the account while waiting. */
    pollInterval: 2_000,
    /** How long the hosted page may take before the flow says it did not hear back. */
    paymentTimeout: 30 * 60_000,
    /** After the return page said "paid": how long the webhook's result may take to show. */
    confirmTimeout: 60_000,
  },
  guards: {
    arrived: ({ context }, params: { account: AccountState }) =>
      context.item !== null && context.baseline !== null && purchaseArrived(context.item, context.baseline, params.account),
    tabOpened: (_, params: { result: OpenTabResult }) => params.result.opened,
    isUnavailable: ({ event }) => failureOf(errorOf(event)).status === PAYMENTS_UNAVAILABLE_STATUS,
    paid: ({ event }) => {
      assertEvent(event, 'checkout.returned');
      return event.outcome === 'success';
    },
  },
  actions: {
    rememberItem: assign(({ event }) => {
      assertEvent(event, 'checkout.choose');
      return { item: event.item, url: null, baseline: null, account: null, failure: null };
    }),
    rememberBaseline: assign((_, params: { account: AccountState }) => ({ baseline: params.account, account: params.account })),
    rememberUrl: assign((_, params: { url: string }) => ({ url: params.url })),
    rememberAccount: assign((_, params: { account: AccountState }) => ({ account: params.account })),
    forgetFailure: assign({ failure: null }),
    reset: assign({ item: null, url: null, baseline: null, account: null, failure: null }),
    emitConfirmed: emit(({ context }) => ({
      type: 'checkout.confirmed' as const,
      item: context.item as CheckoutItem,
      account: context.account as AccountState,
    })),
    ...failureActions<CheckoutContext, CheckoutEvent, CheckoutEmitted>('checkout.failed'),
  },
}).createMachine({
  id: 'checkout',
  description: 'Buys a credit pack or a subscription on the hosted payment page in a new tab and waits for its result.',
  context: { item: null, url: null, baseline: null, account: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing being bought: the packs and cards can be chosen.',
      tags: ['idle'],
      on: { 'checkout.choose': { target: 'preparing', actions: 'rememberItem' } },
    },
    preparing: {
      description: 'Reading the account as it is before paying (what the purchase must change).',
      tags: ['busy'],
      invoke: {
        id: 'readBaseline',
        src: 'readAccount',
        onDone: { target: 'creating', actions: { type: 'rememberBaseline', params: ({ event }) => ({ account: event.output }) } },
        onError: { target: 'ended.decided.failed', actions: ['rememberFailure', 'emitFailed'] },
      },
    },
    creating: {
      description: 'Asking the server for the payment page of the chosen pack or card.',
      tags: ['busy'],
      invoke: {
        id: 'createCheckout',
        src: 'createCheckout',
        input: ({ context }) => ({ buyButton: context.item?.buyButton ?? '' }),
        onDone: { target: 'opening', actions: { type: 'rememberUrl', params: ({ event }) => ({ url: event.output.url }) } },
        onError: [
          {
            guard: 'isUnavailable',
            target: 'ended.unavailable',
            actions: 'rememberFailure',
          },
          { target: 'ended.decided.failed', actions: ['rememberFailure', 'emitFailed'] },
        ],
      },
    },
    opening: {
      description: 'Opening the payment page in a new tab.',
      tags: ['busy'],
      invoke: {
        id: 'openTab',
        src: 'openTab',
        input: ({ context }) => ({ url: context.url ?? '' }),
        onDone: [{ guard: { type: 'tabOpened', params: ({ event }) => ({ result: event.output }) }, target: 'waiting' }, { target: 'blocked' }],
        onError: { target: 'blocked' },
      },
    },
    blocked: {
      description: 'The browser blocked the new tab: a link opens the payment page instead.',
      tags: ['blocked'],
      on: {
        'checkout.openedManually': { target: 'waiting' },
        'checkout.cancel': { target: 'ended.decided.cancelled' },
      },
    },
    waiting: {
      description: 'The payment page is open: the account is read until the purchase shows, and the return page is listened for.',
      tags: ['waiting'],
      type: 'parallel',
      invoke: { id: 'watchReturn', src: 'watchReturn' },
      on: {
        'checkout.cancel': { target: 'ended.decided.cancelled' },
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
                    guard: { type: 'arrived', params: ({ event }) => ({ account: event.output }) },
                    target: '#checkout.ended.decided.confirmed',
                    actions: [{ type: 'rememberAccount', params: ({ event }) => ({ account: event.output }) }, 'emitConfirmed'],
                  },
                  { target: 'pausing', actions: { type: 'rememberAccount', params: ({ event }) => ({ account: event.output }) } },
                ],
                // A read that fails while waiting is tried again at the next pause; the timeout bounds it.
                onError: { target: 'pausing' },
              },
            },
            pausing: {
              description: 'Waiting before the next read; a return or the person coming back reads at once.',
              after: { pollInterval: { target: 'checking' } },
              on: {
                'checkout.recheck': { target: 'checking' },
                'checkout.returned': { guard: 'paid', target: 'checking' },
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
              after: { paymentTimeout: { target: '#checkout.ended.timedOut' } },
              on: {
                'checkout.returned': [{ guard: 'paid', target: 'confirming' }, { target: '#checkout.ended.decided.cancelled' }],
              },
            },
            confirming: {
              description: 'Paid: waiting for the payment provider’s confirmation to reach the account.',
              tags: ['confirming'],
              after: { confirmTimeout: { target: '#checkout.ended.timedOut' } },
            },
          },
        },
      },
    },
    ended: {
      description: 'The purchase is over for this page (timed out, unavailable, confirmed, cancelled or failed): it can be dismissed.',
      // Every way in names its child; `timedOut` only satisfies the chart's need of an initial state.
      initial: 'timedOut',
      on: {
        'checkout.dismiss': { target: 'idle', actions: 'reset' },
      },
      states: {
        timedOut: {
          description: 'No confirmation in time: the purchase may still arrive; the person can check again.',
          tags: ['timedOut'],
          on: {
            'checkout.recheck': { target: '#checkout.waiting' },
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
            'checkout.choose': { target: '#checkout.preparing', actions: 'rememberItem' },
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
                'checkout.retry': { target: '#checkout.preparing', actions: 'forgetFailure' },
              },
            },
          },
        },
      },
    },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
