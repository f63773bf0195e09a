import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { failureOf } from '../../src/api/callFailure';
import { errorOf } from '../shared/failure';
import { injected } from '../shared/injected';

/** A background job as GET /api/jobs/{id} answers it (the contract's Job schema). */
export interface JobSnapshot {
  id: string;
  name: string;
  state: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
  progress: { done: number; total: number; phase?: string } | null;
  result?: unknown;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
}

export interface JobProgressInput {
  /** Follow a job already started (e.g. the page was opened again while it runs); null: wait for job.start. */
  jobId?: string | null;
}

export interface JobProgressContext {
  jobId: string | null;
  /** The job as last read. */
  job: JobSnapshot | null;
  failure: CallFailure | null;
  /** Reads that failed in a row (a network failure or a 5xx); reset by every answer. */
  attempts: number;
}

export type JobProgressEvent =
  /** Start the job (the screen's start call, e.g. POST forms/run-deferred-compensation-script). */
  | { type: 'job.start' }
  /** Follow a job started elsewhere (e.g. by another call of the screen's machine). */
  | { type: 'job.follow'; jobId: string }
  /** Ask again after the start failed or the job could not be read. */
  | { type: 'job.retry' }
  /** Back to the start after a finished job. */
  | { type: 'job.reset' };

export type JobProgressEmitted =
  { type: 'job.completed'; job: JobSnapshot } | { type: 'job.failed'; job: JobSnapshot } | { type: 'job.unreachable'; failure: CallFailure };

/** Reads that may fail in a row (network, 5xx) before the machine stops and lets the admin retry. */
export const MAX_ATTEMPTS = 5;

/** A failure worth trying again by itself: no answer, a rate limit, or the server's own trouble. */
export const isTransient = (failure: CallFailure) => failure.reason === 'network' || failure.status === 0 || failure.status === 429 || failure.status >= 500;

const isFinished = (job: JobSnapshot) => job.state === 'completed' || job.state === 'failed' || job.state === 'cancelled';

/**
 * A background job followed from an admin page (the deferred-compensation script, an outlier pack's
 * calculation, a newsletter's sending): the job is started by the screen's call, then read through
 * GET /api/jobs/{id} every `pollDelay` until it is completed or failed.
 *
 * ```
 * idle ── start ──▶ starting ──done──▶ following.reading ──running──▶ following.waiting ──pollDelay──▶ reading
 *   └── follow(id) ───────────────────────▲        ├─completed─▶ finished.completed ┐ start / reset (one
 *            starting ──error──▶ startFailed     ├─failed────▶ finished.failed ───┘ transition of finished)
 *                                                 └─error─▶ following.backingOff ──retryDelay──▶ reading
 *                                                              (MAX_ATTEMPTS in a row, or a 4xx) ─▶ unreachable ── retry
 * ```
 * The actor stops with the view, which cancels the read on its way and the next poll. Tags: `idle`,
 * `starting`, `running`, `completed`, `failed`, `unreachable`, `startFailed`.
 */
export const jobProgressMachine = setup({
  types: {
    context: {} as JobProgressContext,
    events: {} as JobProgressEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- every field is optional, yet the assertion types the input
    input: {} as JobProgressInput,
    emitted: {} as JobProgressEmitted,
  },
  actors: {
    /** Starts the job; resolves with its id, rejects with the client's CallFailure. Injected. */
    startJob: injected<string>('jobProgress: provide startJob'),
    /** Reads the job (GET /api/jobs/{id}); rejects with the client's CallFailure. Injected. */
    readJob: injected<JobSnapshot, { jobId: string }>('jobProgress: provide readJob'),
  },
  delays: {
    pollDelay: 1_000,
    /** Waits longer after each failed read in a row: 1 s, 2 s, 4 s, 8 s. */
    retryDelay: ({ context }) => Math.min(8_000, 1_000 * 2 ** Math.max(0, context.attempts - 1)),
  },
  guards: {
    hasJobId: ({ context }) => context.jobId !== null,
    isCompleted: (_, params: { job: JobSnapshot }) => params.job.state === 'completed',
    isFinishedBadly: (_, params: { job: JobSnapshot }) => isFinished(params.job) && params.job.state !== 'completed',
    mayTryAgain: ({ context, event }) => isTransient(failureOf(errorOf(event))) && context.attempts + 1 < MAX_ATTEMPTS,
  },
  actions: {
    rememberJobId: assign((_, params: { jobId: string }) => ({ jobId: params.jobId, job: null, failure: null, attempts: 0 })),
    followGiven: assign(({ event }) => {
      assertEvent(event, 'job.follow');
      return { jobId: event.jobId, job: null, failure: null, attempts: 0 };
    }),
    rememberJob: assign((_, params: { job: JobSnapshot }) => ({ job: params.job, failure: null, attempts: 0 })),
    rememberFailure: assign(({ context, event }) => ({ failure: failureOf(errorOf(event)), attempts: context.attempts + 1 })),
    clearAttempts: assign({ attempts: 0, failure: null }),
    forget: assign({ jobId: null, job: null, failure: null, attempts: 0 }),
    emitCompleted: emit(({ context }) => ({ type: 'job.completed' as const, job: context.job! })),
    emitFailed: emit(({ context }) => ({ type: 'job.failed' as const, job: context.job! })),
    emitUnreachable: emit(({ context }) => ({ type: 'job.unreachable' as const, failure: context.failure ?? failureOf(null) })),
  },
}).createMachine({
  id: 'jobProgress',
  description: 'A background job started from an admin page and followed until it is completed or failed.',
  context: ({ input }) => ({ jobId: input.jobId ?? null, job: null, failure: null, attempts: 0 }),
  initial: 'idle',
  states: {
    idle: {
      description: 'No job yet: the page offers to start it. Opened on a job already started (its id given), it follows it at once.',
      tags: ['idle'],
      always: { guard: 'hasJobId', target: 'following' },
      on: {
        'job.start': { target: 'starting' },
        'job.follow': { target: 'following', actions: 'followGiven' },
      },
    },
    starting: {
      description: 'The start call is on its way.',
      tags: ['starting'],
      invoke: {
        id: 'startJob',
        src: 'startJob',
        onDone: { target: 'following', actions: { type: 'rememberJobId', params: ({ event }) => ({ jobId: event.output }) } },
        onError: { target: 'startFailed', actions: 'rememberFailure' },
      },
    },
    startFailed: {
      description: 'The job could not be started (refused or no answer); the page says why and may try again.',
      tags: ['startFailed'],
      on: {
        'job.retry': { target: 'starting', actions: 'clearAttempts' },
        'job.reset': { target: 'idle', actions: 'forget' },
      },
    },
    following: {
      description: 'The job is queued or running: read it, wait, read it again.',
      tags: ['running'],
      initial: 'reading',
      states: {
        reading: {
          description: 'GET /api/jobs/{id} is on its way.',
          invoke: {
            id: 'readJob',
            src: 'readJob',
            input: ({ context }) => ({ jobId: context.jobId! }),
            onDone: [
              {
                guard: { type: 'isCompleted', params: ({ event }) => ({ job: event.output }) },
                target: '#jobProgress.finished.completed',
                actions: [{ type: 'rememberJob', params: ({ event }) => ({ job: event.output }) }, 'emitCompleted'],
              },
              {
                guard: { type: 'isFinishedBadly', params: ({ event }) => ({ job: event.output }) },
                target: '#jobProgress.finished.failed',
                actions: [{ type: 'rememberJob', params: ({ event }) => ({ job: event.output }) }, 'emitFailed'],
              },
              { target: 'waiting', actions: { type: 'rememberJob', params: ({ event }) => ({ job: event.output }) } },
            ],
            onError: [
              {
                guard: 'mayTryAgain',
                target: 'backingOff',
                actions: 'rememberFailure',
              },
              {
                target: '#jobProgress.unreachable',
                actions: ['rememberFailure', 'emitUnreachable'],
              },
            ],
          },
        },
        waiting: {
          description: 'The job runs; the progress shown is the last read. Read again after pollDelay.',
          after: { pollDelay: { target: 'reading' } },
        },
        backingOff: {
          description: 'A read failed (no answer, or the server had trouble): try again after retryDelay, longer each time.',
          after: { retryDelay: { target: 'reading' } },
        },
      },
    },
    finished: {
      description: 'The job ended (completed, or failed or cancelled): it may be run again, or the page cleared.',
      // Every way in names its child; `completed` only satisfies the chart's need of an initial state.
      initial: 'completed',
      on: {
        'job.start': { target: 'starting', actions: 'forget' },
        'job.reset': { target: 'idle', actions: 'forget' },
      },
      states: {
        completed: {
          description: 'The job is done; its result is shown.',
          tags: ['completed'],
        },
        failed: {
          description: 'The job failed (or was cancelled); its short error is shown.',
          tags: ['failed'],
        },
      },
    },
    unreachable: {
      description: 'The job could not be read (refused, or no answer several times in a row); the admin may try again.',
      tags: ['unreachable'],
      on: { 'job.retry': { target: 'following', actions: 'clearAttempts' } },
    },
  },
});

export type JobProgressMachine = typeof jobProgressMachine;
