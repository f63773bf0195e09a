// The checkout as views render it: a pure function of the machine's snapshot, with translation keys.
import type { SnapshotFrom } from 'xstate';
import type { AccountState, CheckoutItem, CheckoutMachine } from './checkoutMachine';
import { MEMBER_PLANS, PLAN_ADDS, memberPlanOf, planFeatures, type Feature } from '../../src/domain/entitlements';

export type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>;

export type CheckoutStatus = 'idle' | 'busy' | 'blocked' | 'waiting' | 'confirming' | 'confirmed' | 'cancelled' | 'failed' | 'unavailable' | 'timedOut';

export interface CheckoutView {
  status: CheckoutStatus;
  item: CheckoutItem | null;
  /** The payment page, for the link shown when the popup was blocked (and while waiting, to reopen it). */
  url: string | null;
  /** What the account shows now (after confirming: the new balance or plan). */
  account: AccountState | null;
  /** After confirming: what the purchase gave, to say so (credits added, or the plan and the views it opened). */
  confirmed: ConfirmedMessage | null;
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

/**
 * The confirmation's message: for credits, how many more the account has (the difference from before paying) and
 * the balance; for a plan, the plan and the views it opened (planFeatures of the new plan less the old plan's).
 */
export type ConfirmedMessage =
  | { kind: 'credits'; key: 'purchase.credits_added'; values: { count: number; balance: number } }
  | { kind: 'plan'; key: 'purchase.plan_active'; plan: AccountState['premiumType']; views: Feature[] };

export function confirmedMessage(item: CheckoutItem, account: AccountState, baseline: AccountState | null): ConfirmedMessage {
  if (item.kind === 'credits') {
    const added = baseline ? account.credits - baseline.credits : item.credits;
    return { kind: 'credits', key: 'purchase.credits_added', values: { count: added, balance: account.credits } };
  }
  const now = planFeatures(memberPlanOf(account.premiumType));
  const before = new Set(baseline ? planFeatures(memberPlanOf(baseline.premiumType)) : []);
  const opened = now.filter((feature) => !before.has(feature));
  return { kind: 'plan', key: 'purchase.plan_active', plan: account.premiumType, views: opened.length > 0 ? opened : now };
}

export function checkoutView(snapshot: CheckoutSnapshot): CheckoutView {
  const status = statusOf(snapshot);
  const { item, url, account, baseline } = snapshot.context;
  const choosing = status === 'idle' || status === 'confirmed' || status === 'cancelled' || status === 'failed';
  return {
    status,
    item,
    url,
    account,
    confirmed: status === 'confirmed' && item && account ? confirmedMessage(item, account, baseline) : null,
    messageKey: MESSAGE_KEYS[status],
    canChoose: choosing,
    busyBuyButton: choosing || status === 'unavailable' ? null : (item?.buyButton ?? null),
  };
}

/** The page of each view a plan opens (the first one a new plan opens is the return page's next step). */
const FEATURE_PAGES: Partial<Record<Feature, string>> = {
  evolution: '/your-evolution',
  perceptionHistory: '/your-evolution',
  incomeProjection: '/your-income-projection',
  insights: '/personalized-comparison',
};

/**
 * The next step the payment's return page offers, from the account as it is now: credits for a corporate account
 * (its credits, or back to its search); for a member on a paid plan, the first view the plan opens beyond the free
 * ones; otherwise (nothing bought yet, or the confirmation still on its way) the plans.
 */
export type ReturnNextStep = { kind: 'credits' } | { kind: 'plan'; feature: Feature; to: string } | { kind: 'plans' };

export function returnNextStep(user: { role: readonly string[]; premiumType: string } | null): ReturnNextStep {
  if (user?.role.includes('corporate')) return { kind: 'credits' };
  const plan = memberPlanOf(user?.premiumType);
  if (!user || plan === 'free') return { kind: 'plans' };
  const opened = MEMBER_PLANS.slice(1, MEMBER_PLANS.indexOf(plan) + 1).flatMap((each) => PLAN_ADDS[each]);
  const feature = opened.find((each) => FEATURE_PAGES[each] !== undefined);
  return feature ? { kind: 'plan', feature, to: FEATURE_PAGES[feature]! } : { kind: 'plans' };
}
