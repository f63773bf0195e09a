// The manage-subscription block as views render it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { ManageSubscriptionMachine } from './manageSubscriptionMachine';

export type ManageSubscriptionSnapshot = SnapshotFrom<ManageSubscriptionMachine>;

export type ManageStatus = 'idle' | 'busy' | 'blocked' | 'opened' | 'failed' | 'noSubscription' | 'unavailable';

export interface ManageSubscriptionView {
  status: ManageStatus;
  /** The portal, for the link shown when the popup was blocked. */
  url: string | null;
  /** Translation key of the status message; null when there is nothing to say. */
  messageKey: string | null;
  /** The manage button can be pressed. */
  canOpen: boolean;
}

const MESSAGE_KEYS: Record<ManageStatus, string | null> = {
  idle: null,
  busy: null,
  blocked: 'payments.manage.blocked',
  opened: 'payments.manage.opened',
  failed: 'payments.manage.failed',
  noSubscription: 'payments.manage.no_subscription',
  unavailable: 'payments.unavailable',
};

export function manageSubscriptionView(snapshot: ManageSubscriptionSnapshot): ManageSubscriptionView {
  const order: ManageStatus[] = ['busy', 'blocked', 'opened', 'failed', 'noSubscription', 'unavailable'];
  const status = order.find((tag) => snapshot.hasTag(tag)) ?? 'idle';
  return {
    status,
    url: snapshot.context.url,
    messageKey: MESSAGE_KEYS[status],
    canOpen: snapshot.can({ type: 'manage.open' }),
  };
}
