// One pack's calculation and impact as /admin/outliers renders it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { OutlierCalculationMachine } from './outlierCalculationMachine';
import type { OutlierPackResult } from '../outlierPacks/calls';

export type OutlierCalculationSnapshot = SnapshotFrom<OutlierCalculationMachine>;

export interface OutlierCalculationView {
  status: 'loading' | 'idle' | 'showing' | 'calculating' | 'failed';
  result: OutlierPackResult | null;
  /** 0–100 while a job reports progress; null while the calculation runs without figures (indeterminate). */
  percent: number | null;
  /** admin_outliers.phase.{phase} (reading, flagging, storing), or null. */
  phase: string | null;
  canCalculate: boolean;
  failureCode: string | null;
}

export function outlierCalculationView(snapshot: OutlierCalculationSnapshot): OutlierCalculationView {
  const { result, progress, failure } = snapshot.context;
  const status = snapshot.hasTag('calculating')
    ? 'calculating'
    : snapshot.hasTag('failed')
      ? 'failed'
      : snapshot.hasTag('showing')
        ? 'showing'
        : snapshot.hasTag('idle')
          ? 'idle'
          : 'loading';
  return {
    status,
    result,
    percent: status === 'calculating' && progress && progress.total > 0 ? Math.round((100 * progress.done) / progress.total) : null,
    phase: status === 'calculating' ? (progress?.phase ?? null) : null,
    canCalculate: snapshot.can({ type: 'calculation.start' }),
    failureCode: failure ? (failure.errorCode ?? (failure.status === 0 ? 'NETWORK' : 'INTERNAL')) : null,
  };
}

export const sameCalculationView = (a: OutlierCalculationView, b: OutlierCalculationView) =>
  a.status === b.status &&
  a.result === b.result &&
  a.percent === b.percent &&
  a.phase === b.phase &&
  a.canCalculate === b.canCalculate &&
  a.failureCode === b.failureCode;
