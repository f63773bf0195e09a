// The data-quality report's machine (the admin's /admin/data-quality page) walked along its graph against the
// real actor, with a fake for its one call: the days of stale drafts, reloads after the script, a failure.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { dataQualityMachine, type DataQualityEmitted, type DataQualityEvent, type DataQualityMachine } from '../../machines/dataQuality/dataQualityMachine';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const REPORT = { staleDraftDays: 30, totalForms: 10 };
const FAILURE: CallFailure = { ok: false, status: 0, value: null, reason: 'network', body: null, errorCode: null, request: null };

const serializeState = (s: MachineSnapshot<DataQualityMachine>) =>
  JSON.stringify({ value: s.value, days: s.context.staleDraftDays, report: s.context.report !== null });

const graph = machineGraph({
  machine: dataQualityMachine,
  input: { staleDraftDays: 30 },
  serializeState,
  events: eventsWithFixtures<DataQualityEvent>(
    {
      'quality.setStaleDays': [
        { type: 'quality.setStaleDays', days: 60 },
        { type: 'quality.setStaleDays', days: 0 },
      ],
    },
    { outputs: { loadReport: [REPORT] }, errors: { loadReport: [FAILURE] } },
  ),
});

interface World extends ActorWorld<DataQualityMachine> {
  pending: { days: number; resolve(value: unknown): void; reject(error: unknown): void } | null;
  /** What the gestures did: the days asked for, the report answered. */
  days: number;
  answered: unknown;
  emitted: DataQualityEmitted[];
}

function createWorld(): World {
  const world = { pending: null, days: 30, answered: null, emitted: [] } as Omit<World, 'actor'> as World;
  const machine = dataQualityMachine.provide({
    actors: {
      loadReport: fromPromise<unknown, { staleDraftDays: number }>(
        ({ input }) => new Promise((resolve, reject) => (world.pending = { days: input.staleDraftDays, resolve, reject })),
      ),
    },
  });
  world.actor = createActor(machine, { input: { staleDraftDays: 30 } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<DataQualityMachine, World>({
  start: createWorld,
  executors: {
    'quality.setStaleDays': (world, event) => {
      if (event.days >= 1) world.days = event.days;
      send(world, event);
    },
    'quality.reload': send,
    'quality.retry': send,
  } satisfies EventExecutors<DataQualityEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadReport': (world, event) => {
      world.answered = event.output;
      world.pending!.resolve(event.output);
    },
    'xstate.error.actor.loadReport': (world, event) => world.pending!.reject(event.error),
  },
  serializeState,
});

const assertions = {
  loading: (world) => expect(world.pending!.days).toBe(world.days),
  ready: (world, snapshot) => {
    expect(snapshot.context.report).toBe(world.answered);
    expect(snapshot.context.staleDraftDays).toBe(world.days);
  },
  failed: (world, snapshot) => {
    expect(snapshot.context.failure).toEqual(FAILURE);
    expect(world.emitted.at(-1)).toEqual({ type: 'quality.failed', failure: FAILURE });
  },
} satisfies StateAssertions<DataQualityMachine, World>;

describeMachinePaths('dataQuality paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('dataQuality behaviour', () => {
  it('ignores days out of range or the same days', async () => {
    let calls = 0;
    const actor = createActor(
      dataQualityMachine.provide({ actors: { loadReport: fromPromise<unknown, { staleDraftDays: number }>(async () => (calls++, REPORT)) } }),
      { input: { staleDraftDays: 30 } },
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const days of [0, 30, 3651, 2.5]) actor.send({ type: 'quality.setStaleDays', days });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls).toBe(1);
  });
});
