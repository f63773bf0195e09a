// A followed background job as its view renders it: a pure function of the job-progress machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { JobProgressMachine, JobSnapshot } from './jobProgressMachine';

export type JobProgressSnapshot = SnapshotFrom<JobProgressMachine>;

export interface JobProgressView {
  status: 'idle' | 'starting' | 'running' | 'completed' | 'failed' | 'unreachable' | 'startFailed';
  jobId: string | null;
  /** queued until a worker takes it, then running (null before the first read). */
  jobState: JobSnapshot['state'] | null;
  done: number;
  total: number;
  /** 0–100, or null while the job has not said how much there is to do (an indeterminate bar). */
  percent: number | null;
  /** The job's phase (a key the view translates), if it gave one. */
  phase: string | null;
  result: unknown;
  /** The job's short error when it failed. */
  error: string | null;
  /** Why the start or the reads failed. */
  failure: CallFailure | null;
  /** A read failed and is tried again by itself. */
  reconnecting: boolean;
  canStart: boolean;
  canRetry: boolean;
  canReset: boolean;
}

export function jobProgressView(snapshot: JobProgressSnapshot): JobProgressView {
  const { job, jobId, failure } = snapshot.context;
  const status: JobProgressView['status'] = snapshot.hasTag('starting')
    ? 'starting'
    : snapshot.hasTag('running')
      ? 'running'
      : snapshot.hasTag('completed')
        ? 'completed'
        : snapshot.hasTag('failed')
          ? 'failed'
          : snapshot.hasTag('unreachable')
            ? 'unreachable'
            : snapshot.hasTag('startFailed')
              ? 'startFailed'
              : 'idle';
  const done = job?.progress?.done ?? 0;
  const total = job?.progress?.total ?? 0;
  const percent = status === 'completed' ? 100 : total > 0 ? Math.min(100, Math.round((done / total) * 100)) : null;
  return {
    status,
    jobId,
    jobState: job?.state ?? null,
    done,
    total,
    percent,
    phase: job?.progress?.phase ?? null,
    result: status === 'completed' ? (job?.result ?? null) : null,
    error: status === 'failed' ? (job?.error ?? null) : null,
    failure: status === 'unreachable' || status === 'startFailed' || snapshot.matches({ following: 'backingOff' }) ? failure : null,
    reconnecting: snapshot.matches({ following: 'backingOff' }),
    canStart: snapshot.can({ type: 'job.start' }),
    canRetry: snapshot.can({ type: 'job.retry' }),
    canReset: snapshot.can({ type: 'job.reset' }),
  };
}

/** Compares two views by what the job's view renders, for `useSelector`. */
export function sameJobProgressView(a: JobProgressView, b: JobProgressView): boolean {
  return (
    a.status === b.status &&
    a.jobId === b.jobId &&
    a.jobState === b.jobState &&
    a.done === b.done &&
    a.total === b.total &&
    a.percent === b.percent &&
    a.phase === b.phase &&
    a.result === b.result &&
    a.error === b.error &&
    a.failure === b.failure &&
    a.reconnecting === b.reconnecting &&
    a.canStart === b.canStart &&
    a.canRetry === b.canRetry &&
    a.canReset === b.canReset
  );
}
