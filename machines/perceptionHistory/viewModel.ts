// The perception over the years as the section renders it: a pure function of the snapshot. The chart's two
// lines (belief and published position, total pay with deferred pay) and the sentence's translation key and values.
import type { SnapshotFrom } from 'xstate';
import type { PaidPlan } from '../../src/domain/entitlements';
import { perceptionTrend, type PerceptionPoint } from '../../src/domain/perception';
import type { PerceptionHistoryMachine } from './perceptionHistoryMachine';

export type PerceptionHistorySnapshot = SnapshotFrom<PerceptionHistoryMachine>;

export type PerceptionStatus = 'loading' | 'shown' | 'empty' | 'premiumRequired' | 'failed';

export interface PerceptionView {
  status: PerceptionStatus;
  /** One point per year, oldest first (the total with deferred pay, as step 5 asks it last). */
  points: PerceptionPoint[];
  /** The sentence on how the belief moved: perception.trend.{kind}, with its values. */
  trend: { key: string; values: Record<string, number> } | null;
  requiredPlan: PaidPlan | null;
  canRetry: boolean;
}

function statusOf(snapshot: PerceptionHistorySnapshot): PerceptionStatus {
  const order: PerceptionStatus[] = ['shown', 'empty', 'premiumRequired', 'failed'];
  return order.find((tag) => snapshot.hasTag(tag)) ?? 'loading';
}

export function perceptionView(snapshot: PerceptionHistorySnapshot): PerceptionView {
  const status = statusOf(snapshot);
  const points: PerceptionPoint[] =
    status === 'shown'
      ? (snapshot.context.history?.years ?? []).map((year) => ({ year: year.year, believed: year.believedWithDeferral, position: year.positionWithDeferral }))
      : [];
  const trend = perceptionTrend(points);
  return {
    status,
    points,
    trend:
      status !== 'shown'
        ? null
        : trend.kind === 'none'
          ? { key: 'perception.trend.none', values: {} }
          : trend.kind === 'single'
            ? { key: 'perception.trend.single', values: { year: trend.year, gap: trend.gap } }
            : { key: `perception.trend.${trend.kind}`, values: { fromYear: trend.fromYear, from: trend.fromGap, toYear: trend.toYear, to: trend.toGap } },
    requiredPlan: status === 'premiumRequired' ? snapshot.context.requiredPlan : null,
    canRetry: snapshot.can({ type: 'perception.retry' }),
  };
}

/** Two views are the same for rendering (useSelector's compare). */
export function samePerceptionView(a: PerceptionView, b: PerceptionView): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
