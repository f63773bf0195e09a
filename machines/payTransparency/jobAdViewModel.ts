// The job-ad range page as its view renders it: pure functions of the form's and the history's snapshots, carrying
// translation keys (pay_transparency.job_ads.*), never texts.
import type { SnapshotFrom } from 'xstate';
import type { JobAdDraft, JobAdDraftField, JobAdRange, JobAdRangeMachine, JobAdRangeResult } from './jobAdRangeMachine';
import { POLICY_PRESETS } from './jobAdRangeMachine';
import type { JobAdHistoryMachine } from './jobAdHistoryMachine';

/** What a request costs the person: a credit of their balance, or nothing on the corporate plan. */
export type JobAdCost = { kind: 'credits'; credits: number } | { kind: 'unlimited' };

export type JobAdStatus = 'editing' | 'asking' | 'range' | 'notEnoughData' | 'creditGate' | 'failed';

export interface JobAdRangeView {
  status: JobAdStatus;
  draft: JobAdDraft;
  /** Each field's problem (pay_transparency.job_ads.errors.*), after asking with something wrong. */
  problemKeys: Partial<Record<JobAdDraftField, string>>;
  /** The form's inputs take changes (nothing on its way). */
  canEdit: boolean;
  asking: boolean;
  cost: JobAdCost;
  /** No credit left for a request: the way to buy some instead of the ask button's cost. */
  outOfCredits: boolean;
  /** The preset the policy is on, if any (its button shows pressed). */
  preset: string | null;
  /** The answer shown (a range, or not enough data). */
  result: JobAdRangeResult | null;
  /** Why the request failed (pay_transparency.job_ads.errors.*), when it did. */
  failureKey: string | null;
  canRetry: boolean;
}

const STATUSES: readonly JobAdStatus[] = ['asking', 'range', 'notEnoughData', 'creditGate', 'failed'];

/** A preset's name as the buttons and the tests know it (`25-75`). */
export const presetName = (preset: { from: number; to: number }) => `${preset.from}-${preset.to}`;

/** The key of a failed request: offline, refused by the server's checks, or anything else. */
export function failureKeyOf(failure: { status: number; errorCode: string | null } | null): string {
  if (!failure || failure.status === 0) return 'pay_transparency.job_ads.errors.offline';
  if (failure.status === 400) return 'pay_transparency.job_ads.errors.refused';
  if (failure.status === 403) return 'pay_transparency.job_ads.errors.forbidden';
  return 'pay_transparency.job_ads.errors.failed';
}

export function jobAdRangeView(snapshot: SnapshotFrom<JobAdRangeMachine>): JobAdRangeView {
  const { context } = snapshot;
  const status = STATUSES.find((tag) => snapshot.hasTag(tag)) ?? 'editing';
  const problemKeys: Partial<Record<JobAdDraftField, string>> = {};
  for (const [field, problem] of Object.entries(context.problems)) problemKeys[field as JobAdDraftField] = `pay_transparency.job_ads.errors.${problem}`;
  const preset = POLICY_PRESETS.find((p) => String(p.from) === context.draft.from.trim() && String(p.to) === context.draft.to.trim());
  return {
    status,
    draft: context.draft,
    problemKeys,
    canEdit: !snapshot.hasTag('busy'),
    asking: snapshot.hasTag('asking'),
    cost: context.credits === null ? { kind: 'unlimited' } : { kind: 'credits', credits: context.credits },
    outOfCredits: context.credits !== null && context.credits < 1,
    preset: preset ? presetName(preset) : null,
    result: status === 'range' || status === 'notEnoughData' ? context.result : null,
    failureKey: status === 'failed' ? failureKeyOf(context.failure) : null,
    canRetry: snapshot.can({ type: 'jobAd.retry' }),
  };
}

export interface JobAdHistoryView {
  status: 'loading' | 'failed' | 'ready';
  items: JobAdRange[];
  total: number;
  canLoadMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  /** The range whose details are open. */
  opened: JobAdRange | null;
  /** The list's buttons take gestures (nothing on its way). */
  canAct: boolean;
  confirming: boolean;
  deleting: boolean;
  pendingId: string | null;
  /** The range just deleted (the notice under the list). */
  deletedId: string | null;
}

export function jobAdHistoryView(snapshot: SnapshotFrom<JobAdHistoryMachine>): JobAdHistoryView {
  const { context } = snapshot;
  const status = snapshot.hasTag('loading') ? 'loading' : snapshot.hasTag('failed') ? 'failed' : 'ready';
  return {
    status,
    items: context.items,
    total: context.total,
    canLoadMore: snapshot.can({ type: 'jobAdHistory.loadMore' }),
    loadingMore: snapshot.hasTag('loadingMore'),
    moreFailed: snapshot.hasTag('moreFailed'),
    opened: context.items.find((item) => item.id === context.openedId) ?? null,
    canAct: status === 'ready' && !snapshot.hasTag('busy'),
    confirming: snapshot.hasTag('confirming'),
    deleting: snapshot.hasTag('deleting'),
    pendingId: context.pendingId,
    deletedId: snapshot.hasTag('deleted') ? context.deletedId : null,
  };
}
