import { assign, emit, fromCallback, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { OpenTabResult } from '../checkout/checkoutMachine';
import { failureOf } from '../../src/api/callFailure';
import { errorOf, failureActions } from '../shared/failure';
import { injected } from '../shared/injected';

export interface ManageSubscriptionContext {
  /** The customer portal (or the local test-mode portal without Stripe keys). */
  url: string | null;
  failure: CallFailure | null;
}

export type ManageSubscriptionEvent =
  | { type: 'manage.open' }
  /** The popup was blocked and the person opened the portal with the link. */
  | { type: 'manage.openedManually' }
  /** The portal's return page reported, or the person came back to this tab: the plan may have changed. */
  | { type: 'manage.returned' }
  | { type: 'manage.retry' }
  | { type: 'manage.dismiss' };

export type ManageSubscriptionEmitted =
  /** The plan may have changed in the portal: the app reads the user again. */
  { type: 'manage.planMayHaveChanged' } | { type: 'manage.failed'; failure: CallFailure };

const NO_SUBSCRIPTION = 'NO_SUBSCRIPTION';
const PAYMENTS_UNAVAILABLE_STATUS = 503;

/**
 * Managing a paid plan in the payment provider's customer portal (opened in a new tab).
 *
 * ```
 * idle ─open─▶ creating ──url──▶ opening ──opened──▶ opened ─returned─▶ opened (emits planMayHaveChanged)
 *                 │                 └──blocked──▶ blocked ─openedManually─▶ opened
 *                 ├─409 NO_SUBSCRIPTION─▶ noSubscription (emits planMayHaveChanged)
 *                 ├─503─▶ unavailable
 *                 └─other─▶ failed ─retry─▶ creating
 * ```
 *
 * - `opened` listens for the portal's return page and for the person coming back (`watchReturn`): each
 *   emits `manage.planMayHaveChanged` at once and again after `settleDelay`, so the page reads the user
 *   again (a cancelled plan shows as free) even when the first read still saw the old plan.
 * - Tags: `idle`, `busy`, `blocked`, `opened`, `failed`, `noSubscription`, `unavailable`.
 */
export const manageSubscriptionMachine = setup({
  types: {
    context: {} as ManageSubscriptionContext,
    events: {} as ManageSubscriptionEvent,
    emitted: {} as ManageSubscriptionEmitted,
  },
  actors: {
    createPortal: injected<{ url: string }>('manageSubscription: provide createPortal'),
    openTab: injected<OpenTabResult, { url: string }>('manageSubscription: provide openTab'),
    /** Sends `manage.returned` when the portal's return page reports or the person comes back. */
    watchReturn: fromCallback(() => () => undefined),
  },
  delays: {
    /** After a return, the plan is read once more: the server may answer from its 1 s account cache. */
    settleDelay: 1_500,
  },
  guards: {
    tabOpened: (_, params: { result: OpenTabResult }) => params.result.opened,
    hasNoSubscription: ({ event }) => failureOf(errorOf(event)).errorCode === NO_SUBSCRIPTION,
    isUnavailable: ({ event }) => failureOf(errorOf(event)).status === PAYMENTS_UNAVAILABLE_STATUS,
  },
  actions: {
    rememberUrl: assign((_, params: { url: string }) => ({ url: params.url })),
    reset: assign({ url: null, failure: null }),
    emitPlanMayHaveChanged: emit({ type: 'manage.planMayHaveChanged' as const }),
    ...failureActions<ManageSubscriptionContext, ManageSubscriptionEvent, ManageSubscriptionEmitted>('manage.failed'),
  },
}).createMachine({
  id: 'manageSubscription',
  description: 'Opens the customer portal of a paid plan in a new tab and notices when the person comes back.',
  context: { url: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The manage button is available.',
      tags: ['idle'],
      on: { 'manage.open': { target: 'creating', actions: 'reset' } },
    },
    creating: {
      description: 'Asking the server for a portal session.',
      tags: ['busy'],
      invoke: {
        id: 'createPortal',
        src: 'createPortal',
        onDone: { target: 'opening', actions: { type: 'rememberUrl', params: ({ event }) => ({ url: event.output.url }) } },
        onError: [
          {
            guard: 'hasNoSubscription',
            target: 'noSubscription',
            actions: ['rememberFailure', 'emitPlanMayHaveChanged'],
          },
          {
            guard: 'isUnavailable',
            target: 'unavailable',
            actions: 'rememberFailure',
          },
          { target: 'failed', actions: ['rememberFailure', 'emitFailed'] },
        ],
      },
    },
    opening: {
      description: 'Opening the portal in a new tab.',
      tags: ['busy'],
      invoke: {
        id: 'openTab',
        src: 'openTab',
        input: ({ context }) => ({ url: context.url ?? '' }),
        onDone: [{ guard: { type: 'tabOpened', params: ({ event }) => ({ result: event.output }) }, target: 'opened' }, { target: 'blocked' }],
        onError: { target: 'blocked' },
      },
    },
    blocked: {
      description: 'The browser blocked the new tab: a link opens the portal instead.',
      tags: ['blocked'],
      on: {
        'manage.openedManually': { target: 'opened' },
        'manage.dismiss': { target: 'idle', actions: 'reset' },
      },
    },
    opened: {
      description: 'The portal is open in another tab; coming back reads the plan again.',
      tags: ['opened'],
      invoke: { id: 'watchReturn', src: 'watchReturn' },
      initial: 'watching',
      on: {
        'manage.returned': { target: '.settling', reenter: true, actions: 'emitPlanMayHaveChanged' },
        'manage.open': { target: 'creating', actions: 'reset' },
        'manage.dismiss': { target: 'idle', actions: 'reset' },
      },
      states: {
        watching: {
          description: 'Waiting for the person to come back from the portal.',
        },
        settling: {
          description: 'Just came back: the plan is read again once more after a moment.',
          after: { settleDelay: { target: 'watching', actions: 'emitPlanMayHaveChanged' } },
        },
      },
    },
    noSubscription: {
      description: 'The account has no subscription to manage (it ended meanwhile).',
      tags: ['noSubscription'],
      on: { 'manage.dismiss': { target: 'idle', actions: 'reset' } },
    },
    unavailable: {
      description: 'Purchases and the portal are unavailable on this server.',
      tags: ['unavailable'],
      on: { 'manage.dismiss': { target: 'idle', actions: 'reset' } },
    },
    failed: {
      description: 'The portal could not be opened; the person may try again.',
      tags: ['failed'],
      on: {
        'manage.retry': { target: 'creating', actions: 'reset' },
        'manage.dismiss': { target: 'idle', actions: 'reset' },
      },
    },
  },
});

export type ManageSubscriptionMachine = typeof manageSubscriptionMachine;
