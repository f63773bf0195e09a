// The job-progress machine (an admin page's background job: started, followed through GET /api/jobs/{id} until
// completed or failed) walked along its graph against the real actor on a simulated clock, with fakes for the
// start call and the read.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  jobProgressMachine,
  MAX_ATTEMPTS,
  type JobProgressEmitted,
  type JobProgressEvent,
  type JobProgressMachine,
  type JobSnapshot,
} from '../../machines/jobProgress/jobProgressMachine';
import { jobProgressView } from '../../machines/jobProgress/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const JOB_ID = '7d0b7a52-5a4e-4c8e-9d56-0a3c2b1e4f60';
const job = (state: JobSnapshot['state'], extra: Partial<JobSnapshot> = {}): JobSnapshot => ({
  id: JOB_ID,
  name: 'deferred-compensation-script',
  state,
  progress: null,
  result: null,
  error: null,
  createdAt: '2026-11-23T18:00:00.000Z',
  startedAt: state === 'queued' ? null : '2026-11-23T18:00:01.000Z',
  completedAt: state === 'completed' || state === 'failed' ? '2026-11-23T18:00:09.000Z' : null,
  ...extra,
});
const RUNNING = job('running', { progress: { done: 40, total: 160, phase: 'recomputing' } });
const COMPLETED = job('completed', { progress: { done: 160, total: 160, phase: 'recomputing' }, result: { changed: 3 } });
const FAILED = job('failed', { progress: { done: 80, total: 160 }, error: 'No exchange rate for XYZ' });
const NETWORK: CallFailure = { ok: false, status: 0, value: null, reason: 'network', body: null, errorCode: null, request: null };
const GONE: CallFailure = {
  ok: false,
  status: 404,
  value: null,
  reason: 'http',
  body: null,
  errorCode: 'NOT_FOUND',
  request: { method: 'get', path: '/jobs/{id}' },
};
const REFUSED: CallFailure = {
  ok: false,
  status: 403,
  value: null,
  reason: 'http',
  body: null,
  errorCode: 'FORBIDDEN',
  request: { method: 'post', path: '/forms/run-deferred-compensation-script' },
};

const serializeState = (s: MachineSnapshot<JobProgressMachine>) =>
  JSON.stringify({ value: s.value, attempts: s.context.attempts, job: s.context.jobId !== null });

const graph = machineGraph({
  machine: jobProgressMachine,
  input: { jobId: null },
  serializeState,
  events: eventsWithFixtures<JobProgressEvent>(
    { 'job.follow': [{ type: 'job.follow', jobId: JOB_ID }] },
    { outputs: { startJob: [JOB_ID], readJob: [RUNNING, COMPLETED, FAILED] }, errors: { startJob: [REFUSED], readJob: [NETWORK, GONE] } },
  ),
});

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<JobProgressMachine> {
  clock: SimulatedClock;
  starting: Deferred<string> | null;
  reading: Deferred<JobSnapshot> | null;
  starts: number;
  reads: string[];
  /** What the gestures did: the last job answered, the last failure, failed reads in a row. */
  answered: JobSnapshot | null;
  failed: CallFailure | null;
  failuresInRow: number;
  emitted: JobProgressEmitted[];
}

function createWorld(input: { jobId: string | null } = { jobId: null }): World {
  const clock = new SimulatedClock();
  const world = { clock, starting: null, reading: null, starts: 0, reads: [], answered: null, failed: null, failuresInRow: 0, emitted: [] } as Omit<
    World,
    'actor'
  > as World;
  const machine = jobProgressMachine.provide({
    actors: {
      startJob: fromPromise<string>(() => {
        world.starts += 1;
        return new Promise((resolve, reject) => (world.starting = { resolve, reject }));
      }),
      readJob: fromPromise<JobSnapshot, { jobId: string }>(({ input: request }) => {
        world.reads.push(request.jobId);
        return new Promise((resolve, reject) => (world.reading = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input, clock });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<JobProgressMachine, World>({
  start: () => createWorld(),
  executors: {
    'job.start': (world, event) => {
      world.answered = null;
      world.failuresInRow = 0;
      send(world, event);
    },
    'job.follow': send,
    'job.retry': (world, event) => {
      world.failuresInRow = 0;
      send(world, event);
    },
    'job.reset': (world, event) => {
      world.answered = null;
      send(world, event);
    },
  } satisfies EventExecutors<JobProgressEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.startJob': (world, event) => world.starting!.resolve(event.output as string),
    'xstate.error.actor.startJob': (world, event) => {
      world.failed = event.error as CallFailure;
      world.starting!.reject(event.error);
    },
    'xstate.done.actor.readJob': (world, event) => {
      world.answered = event.output as JobSnapshot;
      world.failuresInRow = 0;
      world.reading!.resolve(world.answered);
    },
    'xstate.error.actor.readJob': (world, event) => {
      world.failed = event.error as CallFailure;
      world.failuresInRow += 1;
      world.reading!.reject(event.error);
    },
    'xstate.after.pollDelay.jobProgress.following.waiting': (world) => {
      const reads = world.reads.length;
      world.clock.increment(999);
      expect(world.reads).toHaveLength(reads);
      world.clock.increment(1);
    },
    'xstate.after.retryDelay.jobProgress.following.backingOff': (world) => {
      // 1 s after the first failure, 2 s after the second, 4 s, 8 s.
      const wait = Math.min(8_000, 1_000 * 2 ** (world.failuresInRow - 1));
      const reads = world.reads.length;
      world.clock.increment(wait - 1);
      expect(world.reads).toHaveLength(reads);
      world.clock.increment(1);
    },
  },
  serializeState,
});

const assertions = {
  idle: (world, snapshot) => {
    expect(world.reading === null || world.answered === null).toBe(true);
    expect(jobProgressView(snapshot)).toMatchObject({ status: 'idle', jobId: null, percent: null, canStart: true, canRetry: false });
  },
  starting: (world, snapshot) => {
    expect(world.starts).toBeGreaterThan(0);
    expect(jobProgressView(snapshot)).toMatchObject({ status: 'starting', canStart: false });
  },
  startFailed: (world, snapshot) => {
    expect(jobProgressView(snapshot)).toMatchObject({ status: 'startFailed', failure: world.failed, canRetry: true, canReset: true });
  },
  following: (world, snapshot) => {
    expect(jobProgressView(snapshot)).toMatchObject({ status: 'running', jobId: JOB_ID, canStart: false });
    expect(world.reads.every((id) => id === JOB_ID)).toBe(true);
  },
  'following.reading': (world) => {
    expect(world.reading).not.toBeNull();
  },
  'following.waiting': (world, snapshot) => {
    expect(world.answered).toEqual(RUNNING);
    expect(jobProgressView(snapshot)).toMatchObject({ percent: 25, done: 40, total: 160, phase: 'recomputing', jobState: 'running', reconnecting: false });
  },
  'following.backingOff': (world, snapshot) => {
    expect(world.failed).toEqual(NETWORK);
    expect(world.failuresInRow).toBeGreaterThan(0);
    expect(world.failuresInRow).toBeLessThan(MAX_ATTEMPTS);
    expect(jobProgressView(snapshot)).toMatchObject({ reconnecting: true, failure: NETWORK });
  },
  finished: (_world, snapshot) => {
    // A finished job (either way) may be run again or cleared.
    expect(jobProgressView(snapshot)).toMatchObject({ canStart: true, canReset: true });
  },
  'finished.completed': (world, snapshot) => {
    expect(world.answered).toEqual(COMPLETED);
    expect(jobProgressView(snapshot)).toMatchObject({ status: 'completed', percent: 100, result: { changed: 3 }, canStart: true, canReset: true });
    expect(world.emitted.at(-1)).toEqual({ type: 'job.completed', job: COMPLETED });
  },
  'finished.failed': (world, snapshot) => {
    expect(world.answered).toEqual(FAILED);
    expect(jobProgressView(snapshot)).toMatchObject({ status: 'failed', error: 'No exchange rate for XYZ', percent: 50, result: null, canStart: true });
    expect(world.emitted.at(-1)).toEqual({ type: 'job.failed', job: FAILED });
  },
  unreachable: (world, snapshot) => {
    // A refusal at once, or MAX_ATTEMPTS failed reads in a row.
    expect(world.failed === GONE || world.failuresInRow === MAX_ATTEMPTS).toBe(true);
    expect(jobProgressView(snapshot)).toMatchObject({ status: 'unreachable', failure: world.failed, canRetry: true });
    expect(world.emitted.at(-1)).toEqual({ type: 'job.unreachable', failure: world.failed });
  },
} satisfies StateAssertions<JobProgressMachine, World>;

describeMachinePaths('jobProgress paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('jobProgress behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('follows a job given at start without starting one, and polls until it completes', async () => {
    const world = createWorld({ jobId: JOB_ID });
    world.actor.start();
    expect(world.starts).toBe(0);
    expect(world.reads).toEqual([JOB_ID]);
    world.reading!.resolve(RUNNING);
    await tick();
    world.clock.increment(1_000);
    expect(world.reads).toHaveLength(2);
    world.reading!.resolve(COMPLETED);
    await tick();
    expect(world.actor.getSnapshot().value).toEqual({ finished: 'completed' });
    world.clock.increment(10_000);
    expect(world.reads).toHaveLength(2);
  });

  it('stops polling when the view leaves: the read on its way is cancelled and no poll follows', async () => {
    let aborted = 0;
    let reads = 0;
    const clock = new SimulatedClock();
    const actor = createActor(
      jobProgressMachine.provide({
        actors: {
          readJob: fromPromise<JobSnapshot, { jobId: string }>(({ signal }) => {
            reads += 1;
            signal.addEventListener('abort', () => (aborted += 1));
            return reads === 1 ? Promise.resolve(RUNNING) : new Promise(() => {});
          }),
        },
      }),
      { input: { jobId: JOB_ID }, clock },
    ).start();
    await tick();
    expect(actor.getSnapshot().matches({ following: 'waiting' })).toBe(true);
    clock.increment(1_000);
    expect(reads).toBe(2);
    actor.stop();
    expect(aborted).toBe(1);
    clock.increment(60_000);
    expect(reads).toBe(2);
  });

  it('gives up after MAX_ATTEMPTS network failures in a row, and a retry reads again', async () => {
    const world = createWorld({ jobId: JOB_ID });
    world.actor.start();
    for (let failure = 1; failure <= MAX_ATTEMPTS; failure++) {
      world.reading!.reject(NETWORK);
      await tick();
      if (failure < MAX_ATTEMPTS) world.clock.increment(Math.min(8_000, 1_000 * 2 ** (failure - 1)));
    }
    expect(world.actor.getSnapshot().value).toBe('unreachable');
    expect(world.reads).toHaveLength(MAX_ATTEMPTS);
    world.actor.send({ type: 'job.retry' });
    expect(world.reads).toHaveLength(MAX_ATTEMPTS + 1);
    world.reading!.resolve(COMPLETED);
    await tick();
    expect(world.actor.getSnapshot().value).toEqual({ finished: 'completed' });
  });

  it('runs again from a finished job with a new start call', async () => {
    const world = createWorld();
    world.actor.start();
    world.actor.send({ type: 'job.start' });
    world.starting!.resolve(JOB_ID);
    await tick();
    world.reading!.resolve(COMPLETED);
    await tick();
    world.actor.send({ type: 'job.start' });
    expect(world.starts).toBe(2);
    expect(jobProgressView(world.actor.getSnapshot())).toMatchObject({ status: 'starting', jobId: null, result: null });
  });
});
