// The admin dashboard as its view renders it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { AdminStatsMachine, DetailedStatistics } from './adminStatsMachine';

export type AdminStatsSnapshot = SnapshotFrom<AdminStatsMachine>;

export interface FunnelStep {
  step: number;
  /** Drafts that reached this step (stopped here or later, or completed). */
  reached: number;
  /** Drafts stopped at this step. */
  stopped: number;
}

export interface AdminStatsView {
  status: 'loading' | 'loaded' | 'failed';
  data: DetailedStatistics | null;
  /** Fresh figures are on their way (the old ones still show). */
  refreshing: boolean;
  failure: CallFailure | null;
  canRefresh: boolean;
  canRetry: boolean;
  /** The funnel read as "reached step n": every draft stopped at n or later plus the completed forms. */
  funnel: FunnelStep[];
  /** The weeks to draw: from the first with any registration or search (at least the last MIN_WEEKS_SHOWN). */
  weekly: DetailedStatistics['weekly'];
}

/** The fewest weeks the weekly chart shows, however recent the first activity. */
export const MIN_WEEKS_SHOWN = 4;

/**
 * The weekly series without its leading empty weeks: a young database (or one seeded a moment ago) draws the weeks
 * it has, not half a year of zeros before one spike. Never fewer than MIN_WEEKS_SHOWN weeks (all there are, if fewer).
 */
export function weeksShown(data: DetailedStatistics | null): DetailedStatistics['weekly'] {
  if (!data) return [];
  const first = data.weekly.findIndex((week) => week.registrations > 0 || week.searches > 0);
  const start = first === -1 ? data.weekly.length : first;
  return data.weekly.slice(Math.max(0, Math.min(start, data.weekly.length - MIN_WEEKS_SHOWN)));
}

export function funnelOf(data: DetailedStatistics | null): FunnelStep[] {
  if (!data) return [];
  const steps = data.funnel.stoppedAt;
  return steps.map((s, i) => ({
    step: s.step,
    stopped: s.drafts,
    reached: steps.slice(i).reduce((sum, later) => sum + later.drafts, 0) + data.funnel.completed,
  }));
}

export function adminStatsView(snapshot: AdminStatsSnapshot): AdminStatsView {
  const { data, failure } = snapshot.context;
  const status = snapshot.hasTag('failed') ? 'failed' : data ? 'loaded' : 'loading';
  return {
    status,
    data: status === 'failed' ? null : data,
    refreshing: snapshot.hasTag('loading') && data !== null,
    failure: status === 'failed' ? failure : null,
    canRefresh: snapshot.can({ type: 'stats.refresh' }),
    canRetry: snapshot.can({ type: 'stats.retry' }),
    funnel: funnelOf(data),
    weekly: weeksShown(status === 'failed' ? null : data),
  };
}

export function sameAdminStatsView(a: AdminStatsView, b: AdminStatsView): boolean {
  return (
    a.status === b.status &&
    a.data === b.data &&
    a.refreshing === b.refreshing &&
    a.failure === b.failure &&
    a.canRefresh === b.canRefresh &&
    a.canRetry === b.canRetry
  );
}
