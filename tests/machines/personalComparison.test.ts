// The personalised comparison walked along its graph against the real actor, with a fake for its one call (the
// call itself is tested against the real server in tests/server). Assertions read the view model the page
// renders and compare with what the walk did (the world).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  personalComparisonMachine,
  type IndividualComparisonResult,
  type PersonalComparisonEmitted,
  type PersonalComparisonEvent,
  type PersonalComparisonMachine,
  type PersonalComparisonRequest,
} from '../../machines/personalComparison/personalComparisonMachine';
import { personalComparisonView } from '../../machines/personalComparison/viewModel';
import type { CallFailure } from '../../src/api/client';
import type { Measures, Statistic } from '../../src/domain/peerDistribution';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const KEY = 'personal-key-0001';
const stat = (p50: number): Statistic => ({
  n: 40,
  mean: p50,
  p10: p50 * 0.7,
  p25: p50 * 0.9,
  p50,
  p75: p50 * 1.1,
  p90: p50 * 1.3,
  medianCi: { low: p50 * 0.97, high: p50 * 1.03 },
});
const measures: Measures = {
  fixedSalary: stat(100_000),
  annualBonus: stat(20_000),
  deferredCompensation: stat(10_000),
  totalWithoutDeferral: stat(120_000),
  totalWithDeferral: stat(130_000),
};

const OK: IndividualComparisonResult = {
  status: 'ok',
  formId: 'form0000000000000000000001',
  year: 2026,
  currency: 'EUR',
  filters: { year: 2026, sector: 'banking', positionLevel: 'director' },
  widenedSteps: ['country'],
  n: 40,
  countLabel: '40',
  peer: { totalWithoutDeferral: { p25: 108_000, p50: 120_000, p75: 132_000 }, totalWithDeferral: { p25: 117_000, p50: 130_000, p75: 143_000 } },
  own: { fixedSalary: 110_000, annualBonus: 14_800, deferredCompensation: 0, totalWithoutDeferral: 124_800, totalWithDeferral: 124_800 },
  diffWithoutDeferral: 4,
  diffWithDeferral: -44,
  perceivedDiffWithoutDeferral: -10,
  perceivedDiffWithDeferral: null,
  release: { id: 'rel00000000000000000000001', sequence: 3, cutAt: '2026-11-23T03:00:00.000Z' },
  steps: [
    {
      filters: { year: 2026, country: 'es', sector: 'banking', positionLevel: 'director' },
      dropped: null,
      status: 'not-enough-data',
      reasonCode: 'NOT_ENOUGH_DATA',
      count: null,
      countLabel: '<5',
    },
    { filters: { year: 2026, sector: 'banking', positionLevel: 'director' }, dropped: 'country', status: 'used', count: 40, countLabel: '40' },
  ],
  measures,
  position: null,
  historyId: 'hist0000000000000000000009',
  creditsLeft: 4,
};
const NOT_ENOUGH: IndividualComparisonResult = {
  ...OK,
  status: 'not-enough-data',
  n: null,
  countLabel: '<5',
  peer: null,
  diffWithDeferral: null,
  diffWithoutDeferral: null,
  measures: null,
  position: null,
  historyId: undefined,
  creditsLeft: null,
};

const failure = (status: number, errorCode: string | null): CallFailure => ({
  ok: false,
  status,
  value: null,
  reason: 'http',
  body: null,
  errorCode,
  request: null,
});
const NO_CREDITS = failure(402, 'INSUFFICIENT_CREDITS');
const NO_FORM = failure(403, 'FORM_REQUIRED');
const SERVER_ERROR = failure(500, null);

const serializeState = (s: MachineSnapshot<PersonalComparisonMachine>) => JSON.stringify({ value: s.value });

const graph = machineGraph({
  machine: personalComparisonMachine,
  input: { historyId: null, autoStart: false, requestKey: KEY },
  serializeState,
  events: eventsWithFixtures<PersonalComparisonEvent>(
    {},
    { outputs: { runIndividualComparison: [OK, NOT_ENOUGH] }, errors: { runIndividualComparison: [NO_CREDITS, NO_FORM, SERVER_ERROR] } },
  ),
});

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<PersonalComparisonMachine> {
  running: Pending<IndividualComparisonResult> | null;
  calls: PersonalComparisonRequest[];
  emitted: PersonalComparisonEmitted[];
  lastAnswer: IndividualComparisonResult | null;
  lastFailure: CallFailure | null;
  asked: number;
}

function createWorld(input = { historyId: null as string | null, autoStart: false, requestKey: KEY }): World {
  const world = { running: null, calls: [], emitted: [], lastAnswer: null, lastFailure: null, asked: 0 } as Omit<World, 'actor'> as World;
  const machine = personalComparisonMachine.provide({
    actors: {
      runIndividualComparison: fromPromise<IndividualComparisonResult, PersonalComparisonRequest>(({ input: request }) => {
        world.calls.push(request);
        return new Promise((resolve, reject) => (world.running = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<PersonalComparisonMachine, World>({
  start: () => createWorld(),
  executors: {
    'personal.run': (world, event) => {
      world.asked += 1;
      send(world, event);
    },
    'personal.retry': send,
  } satisfies EventExecutors<PersonalComparisonEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.runIndividualComparison': (world, event) => {
      world.lastAnswer = event.output as IndividualComparisonResult;
      world.running!.resolve(world.lastAnswer);
    },
    'xstate.error.actor.runIndividualComparison': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.running!.reject(event.error);
    },
  },
  serializeState,
});

const assertions = {
  waiting: (world, snapshot) => {
    expect(personalComparisonView(snapshot)).toMatchObject({ phase: 'waiting', canRun: true, result: null });
    expect(world.calls).toHaveLength(0);
  },
  running: (world, snapshot) => {
    expect(personalComparisonView(snapshot).phase).toBe('running');
    // Every attempt of this page uses the same key: a retry never charges twice.
    expect(world.calls.at(-1)).toEqual({ historyId: null, idempotencyKey: KEY });
    expect(world.asked).toBe(1);
  },
  result: (world, snapshot) => {
    const view = personalComparisonView(snapshot).result!;
    expect(view.countLabel).toBe(world.lastAnswer!.countLabel);
    // The measured difference beside the person's own estimate; −44 % is pinned at −30 with the true value kept.
    expect(view.gauges).toEqual([
      expect.objectContaining({
        measure: 'totalWithoutDeferral',
        perceived: -10,
        reading: { value: 4, shown: 4, pinned: null, fraction: 34 / 60 },
        median: 120_000,
      }),
      expect.objectContaining({ measure: 'totalWithDeferral', perceived: null, reading: { value: -44, shown: -30, pinned: 'below', fraction: 0 } }),
    ]);
    expect(view.steps.map((step) => [step.status, step.dropped, step.reasonKey])).toEqual([
      ['not-enough-data', null, 'comparison.reasons.NOT_ENOUGH_DATA'],
      ['used', 'country', null],
    ]);
    expect(view.dropped).toEqual(['country']);
    expect(view.boxPlots.map((box) => box.measure)).toHaveLength(5);
    expect(view.release).toEqual({ sequence: 3, cutAt: '2026-11-23T03:00:00.000Z' });
    expect(world.emitted.at(-1)).toEqual({ type: 'personal.compared', creditsLeft: 4 });
  },
  notEnoughData: (_world, snapshot) => {
    const view = personalComparisonView(snapshot);
    expect(view.phase).toBe('notEnoughData');
    expect(view.result).toMatchObject({ gauges: [], boxPlots: [], countLabel: '<5' });
  },
  creditGate: (world, snapshot) => {
    expect(personalComparisonView(snapshot).failure).toEqual({ status: 402, errorCode: 'INSUFFICIENT_CREDITS', offline: false, canRetry: false });
    expect(world.emitted.at(-1)).toEqual({ type: 'personal.creditsExhausted', failure: NO_CREDITS });
  },
  formRequired: (world, snapshot) => {
    expect(personalComparisonView(snapshot)).toMatchObject({ phase: 'formRequired', failure: { errorCode: world.lastFailure!.errorCode } });
  },
  failed: (world, snapshot) => {
    expect(personalComparisonView(snapshot)).toMatchObject({ phase: 'failed', failure: { status: 500, canRetry: true } });
    expect(world.emitted.at(-1)).toEqual({ type: 'personal.failed', failure: SERVER_ERROR });
  },
} satisfies StateAssertions<PersonalComparisonMachine, World>;

describeMachinePaths('personalComparison paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('personalComparison behaviour', () => {
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('starts at once when it is free, without waiting for a gesture', () => {
    const world = createWorld({ historyId: null, autoStart: true, requestKey: KEY });
    world.actor.start();
    expect(world.actor.getSnapshot().value).toBe('running');
    expect(world.calls).toEqual([{ historyId: null, idempotencyKey: KEY }]);
  });

  it('re-opens a saved comparison at once (free) and says so', async () => {
    const historyId = 'hist0000000000000000000009';
    const world = createWorld({ historyId, autoStart: false, requestKey: KEY });
    world.actor.start();
    expect(world.calls).toEqual([{ historyId, idempotencyKey: KEY }]);
    world.running!.resolve(OK);
    await settle();
    expect(personalComparisonView(world.actor.getSnapshot()).result!.reopened).toBe(true);
  });

  it('retries a failed comparison with the same key', async () => {
    const world = createWorld();
    world.actor.start();
    world.actor.send({ type: 'personal.run' });
    world.running!.reject(SERVER_ERROR);
    await settle();
    world.actor.send({ type: 'personal.retry' });
    expect(world.calls).toEqual([
      { historyId: null, idempotencyKey: KEY },
      { historyId: null, idempotencyKey: KEY },
    ]);
  });
});
