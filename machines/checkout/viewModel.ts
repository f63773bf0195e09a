// The checkout as views render it: a pure function of the machine's snapshot, with translation keys.
import type { SnapshotFrom } from 'xstate';
import type { AccountState, CheckoutItem, CheckoutMachine } from './checkoutMachine';

export type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>;

export type CheckoutStatus = 'idle' | 'busy' | 'blocked' | 'waiting' | 'confirming' | 'confirmed' | 'cancelled' | 'failed' | 'unavailable' | 'timedOut';

export interface CheckoutView {
  status: CheckoutStatus;
  item: CheckoutItem | null;
  /** The payment page, for the link shown when the popup was blocked (and while waiting, to reopen it). */
  url: string | null;
  /** What the account shows now (after confirming: the new balance or plan). */
  account: AccountState | null;
  /** Translation key of the message of the status; null when there is nothing to say. */
  messageKey: string | null;
  /** A pack or card can be chosen now. */
  canChoose: boolean;
  /** Which item is being bought (to mark its button busy). */
  busyBuyButton: string | null;
}

const MESSAGE_KEYS: Record<CheckoutStatus, string | null> = {
  idle: null,
  busy: 'payments.checkout.preparing',
  blocked: 'payments.checkout.blocked',
  waiting: 'payments.checkout.waiting',
  confirming: 'payments.checkout.confirming',
  confirmed: null,
  cancelled: 'payments.checkout.cancelled',
  failed: 'payments.checkout.failed',
  unavailable: 'payments.unavailable',
  timedOut: 'payments.checkout.timed_out',
};

function statusOf(snapshot: CheckoutSnapshot): CheckoutStatus {
  // `confirming` is a phase inside `waiting`: ask for it first.
  const order: CheckoutStatus[] = ['confirming', 'waiting', 'busy', 'blocked', 'confirmed', 'cancelled', 'failed', 'unavailable', 'timedOut'];
  return order.find((tag) => snapshot.hasTag(tag)) ?? 'idle';
}

/** The confirmation's message: the credits added and the balance, or the plan now active. */
export function confirmedMessage(item: CheckoutItem, account: AccountState): { key: string; values: Record<string, string | number> } {
  return item.kind === 'credits'
    ? { key: 'payments.checkout.confirmed_credits', values: { count: item.credits, balance: account.credits } }
    : { key: 'payments.checkout.confirmed_plan', values: { plan: account.premiumType } };
}

export function checkoutView(snapshot: CheckoutSnapshot): CheckoutView {
  const status = statusOf(snapshot);
  const { item, url, account } = snapshot.context;
  const choosing = status === 'idle' || status === 'confirmed' || status === 'cancelled' || status === 'failed';
  return {
    status,
    item,
    url,
    account,
    messageKey: MESSAGE_KEYS[status],
    canChoose: choosing,
    busyBuyButton: choosing || status === 'unavailable' ? null : (item?.buyButton ?? null),
  };
}
