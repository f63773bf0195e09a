// The release alerts section and the unsubscribe page as views render them: pure functions of the snapshots.
import type { SnapshotFrom } from 'xstate';
import type { ReleaseAlertsMachine, RequiredPlan } from './releaseAlertsMachine';
import type { ReleaseAlertsUnsubscribeMachine } from './unsubscribeMachine';
import { linkStatus } from '../shared/linkStatus';

export interface ReleaseAlertsView {
  status: 'loading' | 'loadFailed' | 'premium' | 'editing';
  enabled: boolean;
  /** The threshold as typed; null when the field holds no number. */
  thresholdPercent: number | null;
  saving: boolean;
  canSave: boolean;
  /** Translation key of the notice under the form (release_alerts.*), or null. */
  noticeKey: string | null;
  noticeTone: 'success' | 'error' | null;
  /** The cheapest plan that includes the alerts (release_alerts.plans.*), when the member's does not. */
  requiredPlan: RequiredPlan | null;
}

export function releaseAlertsView(snapshot: SnapshotFrom<ReleaseAlertsMachine>): ReleaseAlertsView {
  const { draft, requiredPlan } = snapshot.context;
  const status = snapshot.hasTag('loading') ? 'loading' : snapshot.hasTag('loadFailed') ? 'loadFailed' : snapshot.hasTag('premium') ? 'premium' : 'editing';
  const notice = snapshot.hasTag('invalid')
    ? { noticeKey: 'release_alerts.invalid_threshold', noticeTone: 'error' as const }
    : snapshot.hasTag('failed')
      ? { noticeKey: 'release_alerts.save_failed', noticeTone: 'error' as const }
      : snapshot.hasTag('saved')
        ? { noticeKey: 'release_alerts.saved', noticeTone: 'success' as const }
        : { noticeKey: null, noticeTone: null };
  return {
    status,
    enabled: draft.enabled,
    thresholdPercent: Number.isFinite(draft.thresholdPercent) ? draft.thresholdPercent : null,
    saving: snapshot.hasTag('saving'),
    canSave: snapshot.can({ type: 'releaseAlerts.save' }),
    ...notice,
    requiredPlan: status === 'premium' ? (requiredPlan ?? 'premium') : null,
  };
}

export interface ReleaseAlertsUnsubscribeView {
  status: 'asking' | 'working' | 'done' | 'invalid' | 'failed';
  /** Translation key of why the link does not work (release_alerts.unsubscribe.*), when it does not. */
  reasonKey: string | null;
}

export function releaseAlertsUnsubscribeView(snapshot: SnapshotFrom<ReleaseAlertsUnsubscribeMachine>): ReleaseAlertsUnsubscribeView {
  const status = linkStatus(snapshot);
  const expired = snapshot.context.failure?.errorCode === 'RELEASE_ALERTS_LINK_EXPIRED';
  return { status, reasonKey: status === 'invalid' ? (expired ? 'release_alerts.unsubscribe.expired' : 'release_alerts.unsubscribe.invalid') : null };
}
