// The perception over the years walked along the machine's graph against the real actor, with a fake for the one
// call: shown, empty, the plan's refusal (naming the plan the server named) and a failure that can be retried.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  perceptionHistoryMachine,
  type PerceptionHistory,
  type PerceptionHistoryEmitted,
  type PerceptionHistoryEvent,
  type PerceptionHistoryMachine,
} from '../../machines/perceptionHistory/perceptionHistoryMachine';
import { perceptionView } from '../../machines/perceptionHistory/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const HISTORY: PerceptionHistory = {
  years: [
    { year: 2023, believedWithoutDeferral: 18, believedWithDeferral: 20, positionWithoutDeferral: -3, positionWithDeferral: -4 },
    { year: 2024, believedWithoutDeferral: 10, believedWithDeferral: 12, positionWithoutDeferral: null, positionWithDeferral: null },
    { year: 2025, believedWithoutDeferral: 3, believedWithDeferral: 4, positionWithoutDeferral: -1, positionWithDeferral: -2 },
  ],
};
const EMPTY: PerceptionHistory = { years: [] };
const PREMIUM_REQUIRED: CallFailure = {
  ok: false,
  status: 403,
  value: null,
  reason: 'http',
  body: { error: 'This view needs the basic plan', errorCode: 'PREMIUM_REQUIRED', requiredPlan: 'basic' },
  errorCode: 'PREMIUM_REQUIRED',
  request: null,
};
const FAILURE: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: { error: 'Internal server error' }, errorCode: null, request: null };

const serializeState = (s: MachineSnapshot<PerceptionHistoryMachine>) => JSON.stringify({ value: s.value });

const graph = machineGraph({
  machine: perceptionHistoryMachine,
  input: undefined,
  serializeState,
  events: eventsWithFixtures<PerceptionHistoryEvent>({}, { outputs: { loadHistory: [HISTORY, EMPTY] }, errors: { loadHistory: [PREMIUM_REQUIRED, FAILURE] } }),
});

interface World extends ActorWorld<PerceptionHistoryMachine> {
  loading: { resolve(value: PerceptionHistory): void; reject(error: unknown): void } | null;
  loads: number;
  emitted: PerceptionHistoryEmitted[];
  /** What the fake server answered last. */
  answered: PerceptionHistory | CallFailure | null;
}

function createWorld(): World {
  const world = { loading: null, loads: 0, emitted: [], answered: null } as Omit<World, 'actor'> as World;
  const machine = perceptionHistoryMachine.provide({
    actors: {
      loadHistory: fromPromise<PerceptionHistory>(() => {
        world.loads += 1;
        return new Promise((resolve, reject) => (world.loading = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine);
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<PerceptionHistoryMachine, World>({
  start: createWorld,
  executors: { 'perception.retry': send } satisfies EventExecutors<PerceptionHistoryEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadHistory': (world, event) => {
      world.answered = event.output as PerceptionHistory;
      world.loading!.resolve(world.answered);
    },
    'xstate.error.actor.loadHistory': (world, event) => {
      world.answered = event.error as CallFailure;
      world.loading!.reject(event.error);
    },
  },
  serializeState,
});

const assertions = {
  loading: (world, snapshot) => {
    expect(perceptionView(snapshot)).toMatchObject({ status: 'loading', points: [], trend: null, canRetry: false });
    expect(world.loads).toBeGreaterThan(0);
  },
  shown: (world, snapshot) => {
    const view = perceptionView(snapshot);
    const answered = world.answered as PerceptionHistory;
    expect(view.status).toBe('shown');
    expect(view.points).toEqual(answered.years.map((y) => ({ year: y.year, believed: y.believedWithDeferral, position: y.positionWithDeferral })));
    // 2023: 20 against −4 (24 points apart); 2025: 4 against −2 (6 apart); 2024 has no position.
    expect(view.trend).toEqual({ key: 'perception.trend.closer', values: { fromYear: 2023, from: 24, toYear: 2025, to: 6 } });
  },
  empty: (world, snapshot) => {
    expect(world.answered).toEqual(EMPTY);
    expect(perceptionView(snapshot)).toMatchObject({ status: 'empty', points: [], trend: null });
  },
  premiumRequired: (world, snapshot) => {
    expect((world.answered as CallFailure).errorCode).toBe('PREMIUM_REQUIRED');
    expect(perceptionView(snapshot)).toMatchObject({ status: 'premiumRequired', requiredPlan: 'basic', canRetry: false });
    expect(world.emitted).toEqual([]);
  },
  failed: (world, snapshot) => {
    expect(perceptionView(snapshot)).toMatchObject({ status: 'failed', canRetry: true });
    expect(world.emitted.at(-1)).toEqual({ type: 'perception.failed', failure: world.answered });
  },
} satisfies StateAssertions<PerceptionHistoryMachine, World>;

describeMachinePaths('perceptionHistory paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('perceptionHistory behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('names the cheapest paid plan when a refusal names none', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.reject({ ...PREMIUM_REQUIRED, body: { error: 'no', errorCode: 'PREMIUM_REQUIRED' } });
    await tick();
    expect(perceptionView(world.actor.getSnapshot())).toMatchObject({ status: 'premiumRequired', requiredPlan: 'basic' });
  });

  it('retrying a failure reads the history again and shows it', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.reject(FAILURE);
    await tick();
    world.actor.send({ type: 'perception.retry' });
    world.loading!.resolve(HISTORY);
    await tick();
    expect(world.loads).toBe(2);
    expect(perceptionView(world.actor.getSnapshot()).status).toBe('shown');
  });
});
