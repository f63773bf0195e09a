// Background jobs: long admin work (an outlier pack's calculation, the deferred-compensation
// script, a newsletter issue's sending) runs as a job on a PostgreSQL-backed queue that works on PGlite and on
// PostgreSQL with several app instances: a job runs once, survives a restart, and reports progress that the admin
// pages follow through GET /api/jobs/{id}. The implementation lives in src/server/jobs/; route modules register
// their handlers through AppContext.jobs.
export type JobState = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface JobProgress {
  done: number;
  total: number;
  /** Short machine-readable phase (e.g. `flagging`, `sending`); the web translates it. */
  phase?: string;
}

export interface JobInfo<Result = unknown> {
  id: string;
  name: string;
  state: JobState;
  progress: JobProgress | null;
  result: Result | null;
  /** A short error code or message when failed (never a stack trace). */
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
}

export interface RunningJob<Data> {
  id: string;
  data: Data;
  /**
   * Aborted when this instance shuts down while the handler runs: stop at the next safe point by throwing
   * (`signal.throwIfAborted()`); the job is then queued again and runs from the start on a live instance.
   */
  signal: AbortSignal;
  /** Stores progress (throttled by the implementation); visible to GET /api/jobs/{id}. */
  progress(progress: JobProgress): Promise<void>;
}

/** A handler must be idempotent: a job interrupted by a restart is run again from the start. */
export type JobHandler<Data, Result> = (job: RunningJob<Data>) => Promise<Result>;

export interface RegisterOptions {
  /**
   * How long a run may take before the queue gives up on it (default 15 minutes). It is also how long a job
   * whose instance died without shutting down (a crash, a kill -9) stays "running" before it is retried.
   */
  expireInSeconds?: number;
}

export interface Jobs {
  register<Data, Result>(name: string, handler: JobHandler<Data, Result>, options?: RegisterOptions): void;
  /** Queues a job; with `singletonKey`, a second job with the same key while one is queued or running returns the first's id. */
  enqueue<Data>(name: string, data: Data, options?: { singletonKey?: string }): Promise<string>;
  get(id: string): Promise<JobInfo | null>;
  /** Resolves when the job has finished (tests). */
  waitFor(id: string, timeoutMs?: number): Promise<JobInfo>;
}
