// One pack's calculation walked along its graph against the real actor: the stored result, a calculation run as a
// background job with progress, and failures; fakes for the calls and the job follower.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import {
  outlierCalculationMachine,
  type OutlierCalculationEmitted,
  type OutlierCalculationEvent,
  type OutlierCalculationMachine,
} from '../../machines/outlierCalculation/outlierCalculationMachine';
import { outlierCalculationView } from '../../machines/outlierCalculation/viewModel';
import type { OutlierPackResult } from '../../machines/outlierPacks/calls';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const PACK = 'pack0000000000000000';
const RESULT: OutlierPackResult = {
  packId: PACK,
  excludedForms: 3,
  totalForms: 120,
  medianBefore: { fixedSalary: 100_000, annualBonus: 0, deferredCompensation: 0, totalWithoutDeferral: 110_000, totalWithDeferral: 110_000 },
  medianAfter: { fixedSalary: 99_000, annualBonus: 0, deferredCompensation: 0, totalWithoutDeferral: 108_000, totalWithDeferral: 108_000 },
  calculatedAt: '2026-11-23T10:00:00.000Z',
};
const FAILURE: CallFailure = { ok: false, status: 409, value: null, reason: 'http', body: null, errorCode: 'OUTLIER_PACK_CHANGED', request: null };

const serializeState = (s: MachineSnapshot<OutlierCalculationMachine>) =>
  JSON.stringify({ value: s.value, result: s.context.result !== null, progress: s.context.progress !== null });

const graph = machineGraph({
  machine: outlierCalculationMachine,
  input: { packId: PACK },
  serializeState,
  events: eventsWithFixtures<OutlierCalculationEvent>(
    {
      'calculation.progress': [{ type: 'calculation.progress', done: 3, total: 4, phase: 'flagging' }],
      'calculation.jobFailed': [{ type: 'calculation.jobFailed', error: 'OUTLIER_PACK_CHANGED' }],
    },
    {
      outputs: {
        loadResult: [RESULT, null],
        loadNewResult: [RESULT, null],
        startCalculation: ['job-1'],
      },
      errors: { loadResult: [FAILURE], loadNewResult: [FAILURE], startCalculation: [FAILURE] },
    },
  ),
});

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<OutlierCalculationMachine> {
  loading: Pending<OutlierPackResult | null> | null;
  starting: Pending<string> | null;
  followed: string[];
  sendBack: ((event: AnyEventObject) => void) | null;
  emitted: OutlierCalculationEmitted[];
  starts: number;
  /** The last result the fakes answered, and the last progress the job reported. */
  answered: OutlierPackResult | null;
  reported: { done: number; total: number } | null;
}

function createWorld(): World {
  const world = { loading: null, starting: null, followed: [], sendBack: null, emitted: [], starts: 0, answered: null, reported: null } as Omit<
    World,
    'actor'
  > as World;
  const machine = outlierCalculationMachine.provide({
    actors: {
      loadResult: fromPromise<OutlierPackResult | null, { packId: string }>(() => new Promise((resolve, reject) => (world.loading = { resolve, reject }))),
      startCalculation: fromPromise<string, { packId: string }>(() => {
        world.starts++;
        return new Promise((resolve, reject) => (world.starting = { resolve, reject }));
      }),
      followJob: fromCallback<{ type: 'noop' }, { jobId: string }>(({ input, sendBack }) => {
        world.followed.push(input.jobId);
        world.sendBack = sendBack;
        return () => (world.sendBack = null);
      }),
    },
  });
  world.actor = createActor(machine, { input: { packId: PACK } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const executors = {
  'calculation.start': send,
  'calculation.retry': send,
  'calculation.progress': (world, event) => {
    world.reported = { done: event.done, total: event.total };
    world.sendBack!(event);
  },
  'calculation.jobDone': (world, event) => world.sendBack!(event),
  'calculation.jobFailed': (world, event) => world.sendBack!(event),
} satisfies EventExecutors<OutlierCalculationEvent, World>;

const driver = actorDriver<OutlierCalculationMachine, World>({
  start: createWorld,
  executors,
  frameworkExecutors: {
    'xstate.done.actor.loadResult': (world, event) => {
      world.answered = event.output as OutlierPackResult | null;
      world.loading!.resolve(world.answered);
    },
    'xstate.error.actor.loadResult': (world, event) => world.loading!.reject(event.error),
    'xstate.done.actor.loadNewResult': (world, event) => {
      world.answered = event.output as OutlierPackResult | null;
      world.loading!.resolve(world.answered);
    },
    'xstate.error.actor.loadNewResult': (world, event) => world.loading!.reject(event.error),
    'xstate.done.actor.startCalculation': (world, event) => world.starting!.resolve(event.output as string),
    'xstate.error.actor.startCalculation': (world, event) => world.starting!.reject(event.error),
  },
  serializeState,
});

const assertions = {
  loadingResult: (_world, snapshot) => expect(outlierCalculationView(snapshot)).toMatchObject({ status: 'loading', canCalculate: false }),
  idle: (world, snapshot) => {
    expect(world.answered).toBeNull();
    expect(outlierCalculationView(snapshot)).toMatchObject({ status: 'idle', result: null, canCalculate: true });
  },
  showing: (world, snapshot) => {
    expect(outlierCalculationView(snapshot)).toMatchObject({ status: 'showing', result: world.answered, canCalculate: true, percent: null });
  },
  starting: (world, snapshot) => {
    expect(world.starts).toBeGreaterThan(0);
    expect(outlierCalculationView(snapshot)).toMatchObject({ status: 'calculating', canCalculate: false, percent: null });
  },
  running: (world, snapshot) => {
    expect(world.followed.at(-1)).toBe('job-1');
    const view = outlierCalculationView(snapshot);
    expect(view.status).toBe('calculating');
    if (snapshot.context.progress) expect(view).toMatchObject({ percent: Math.round((100 * world.reported!.done) / world.reported!.total), phase: 'flagging' });
    else expect(view.percent).toBeNull();
  },
  finishing: (_world, snapshot) => expect(outlierCalculationView(snapshot).status).toBe('calculating'),
  failed: (world, snapshot) => {
    expect(outlierCalculationView(snapshot)).toMatchObject({ status: 'failed', failureCode: 'OUTLIER_PACK_CHANGED' });
    expect(world.emitted.at(-1)?.type).toBe('calculation.failed');
  },
} satisfies StateAssertions<OutlierCalculationMachine, World>;

describeMachinePaths('outlierCalculation paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('outlierCalculation behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('a job: follows it, shows its progress, then reads and announces the new result', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(null);
    await tick();
    world.actor.send({ type: 'calculation.start' });
    world.starting!.resolve('job-7');
    await tick();
    expect(world.followed).toEqual(['job-7']);
    world.sendBack!({ type: 'calculation.progress', done: 1, total: 4, phase: 'flagging' });
    expect(outlierCalculationView(world.actor.getSnapshot())).toMatchObject({ percent: 25, phase: 'flagging' });
    world.sendBack!({ type: 'calculation.jobDone' });
    expect(world.sendBack).toBeNull();
    world.loading!.resolve(RESULT);
    await tick();
    expect(outlierCalculationView(world.actor.getSnapshot())).toMatchObject({ status: 'showing', result: RESULT });
    expect(world.emitted).toContainEqual({ type: 'calculation.finished', packId: PACK, result: RESULT });
  });
});
