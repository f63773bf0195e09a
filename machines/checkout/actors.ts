// The real effects of the checkout: the account and the payment page through the typed client, the new
// tab, and the return page's message to the tab that opened it. Failures reject with the client's CallFailure.
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import type { AccountState, CheckoutEvent, CheckoutOutcome, OpenTabResult } from './checkoutMachine';
import { dataOf } from '../../src/api/callFailure';
import type { Language } from '../../src/domain/constants';
export { failureOfResult, dataOf } from '../../src/api/callFailure';

/** Where the hosted pages send the buyer back (a page of this app that tells the tab that opened them). */
export const RETURN_PATH = '/checkout/return';

/** The channel on which the return page (another tab of the same origin) says how a payment ended. */
export const PAYMENTS_CHANNEL = 'paybench-payments';

/**
 * The local-storage key the return page also writes its message to: every other tab of the origin gets a `storage`
 * event, where BroadcastChannel is missing (or the tabs do not share one).
 */
export const PAYMENTS_STORAGE_KEY = 'paybench-payments';

/** What the return pages post on PAYMENTS_CHANNEL. */
export type PaymentsMessage = { kind: 'checkout'; outcome: CheckoutOutcome } | { kind: 'portal' };

/** GET users/currentUser, fresh: the balance and the plan as the webhook left them. */
export function readAccountActor(client: ApiClient = api) {
  return fromPromise<AccountState>(async ({ signal }) => {
    const user = await dataOf(call(client.GET('/users/currentUser', { params: { query: { refresh: true } }, signal })));
    return { credits: user.credits, premiumType: user.premiumType };
  });
}

/**
 * Opens `url` in a new tab. The tab gets no handle on this one (opener cleared: the hosted page is another
 * site). A browser that blocks the popup returns no window: the flow shows a link instead.
 */
export function openInNewTab(url: string, open: typeof window.open = (...args) => window.open(...args)): OpenTabResult {
  const tab = open(url, '_blank');
  if (!tab) return { opened: false };
  try {
    tab.opener = null;
  } catch {
    // A browser that refuses to clear it has already isolated the tab.
  }
  return { opened: true };
}

export const openTabActor = fromPromise<OpenTabResult, { url: string }>(async ({ input }) => openInNewTab(input.url));

/** The message a `storage` event carries (written by announcePayment), or null for any other key or value. */
export function paymentsMessageOf(key: string | null, value: string | null): PaymentsMessage | null {
  if (key !== PAYMENTS_STORAGE_KEY || !value) return null;
  try {
    const stored = JSON.parse(value) as { message?: PaymentsMessage };
    const message = stored.message;
    if (message?.kind === 'portal') return message;
    if (message?.kind === 'checkout' && (message.outcome === 'success' || message.outcome === 'cancel')) return message;
  } catch {
    // Not ours: ignored.
  }
  return null;
}

/**
 * Listens on PAYMENTS_CHANNEL and for the same message in local storage (one of the two may not reach this tab; a
 * message heard twice only reads the account once more), and for the person coming back to this tab; `toEvent`
 * maps what to send back.
 */
export function watchPayments<E extends EventObject>(toEvent: (message: PaymentsMessage | 'focus') => E | null) {
  return fromCallback(({ sendBack }) => {
    const send = (event: E | null) => {
      if (event) sendBack(event);
    };
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(PAYMENTS_CHANNEL) : null;
    const onMessage = (message: MessageEvent<PaymentsMessage>) => send(toEvent(message.data));
    const onStorage = (event: StorageEvent) => {
      const message = paymentsMessageOf(event.key, event.newValue);
      if (message) send(toEvent(message));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') send(toEvent('focus'));
    };
    channel?.addEventListener('message', onMessage);
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      channel?.removeEventListener('message', onMessage);
      channel?.close();
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
    };
  });
}

/** Posts how a payment ended to the tab that started it (the return pages): on the channel and in local storage. */
export function announcePayment(message: PaymentsMessage): void {
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(PAYMENTS_CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
  try {
    // A fresh value each time (`at`), so the same outcome twice still fires the other tabs' storage event.
    window.localStorage.setItem(PAYMENTS_STORAGE_KEY, JSON.stringify({ message, at: Date.now() }));
  } catch {
    // Storage refused (private mode, quota): the channel and the polling remain.
  }
}

/** The language the person uses the app in, asked when a payment page is opened (the page speaks it). */
export type LanguageGetter = () => Language | undefined;

export function checkoutActors(client: ApiClient = api, language: LanguageGetter = () => undefined) {
  return {
    readAccount: readAccountActor(client),
    createCheckout: fromPromise<{ url: string }, { buyButton: string }>(({ input, signal }) =>
      dataOf(call(client.POST('/payments/checkout', { body: { buyButton: input.buyButton, returnPath: RETURN_PATH, language: language() }, signal }))),
    ),
    openTab: openTabActor,
    watchReturn: watchPayments<CheckoutEvent>((message) => {
      if (message === 'focus') return { type: 'checkout.recheck' };
      return message.kind === 'checkout' ? { type: 'checkout.returned', outcome: message.outcome } : null;
    }),
  };
}
