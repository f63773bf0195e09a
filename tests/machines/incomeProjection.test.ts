// The income projection's machine walked along its graph with a fake for its one call (the evolution asked as a
// projection is tested against the real server in tests/server, with its price); the projection maths are in
// tests/domain/incomeProjection.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  incomeProjectionMachine,
  type IncomeProjectionEmitted,
  type IncomeProjectionEvent,
  type IncomeProjectionInput,
  type IncomeProjectionMachine,
  type ProjectionInputs,
  type ProjectionRequest,
} from '../../machines/incomeProjection/incomeProjectionMachine';
import { projectionPhase, projectionPremiumPath, projectionView } from '../../machines/incomeProjection/viewModel';
import type { EvolutionResult } from '../../machines/evolution/evolutionMachine';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, walkPath, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const point = (year: number, p50: number | null) => ({
  year,
  n: p50 === null ? null : 40,
  countLabel: p50 === null ? '<5' : '40',
  p25: p50 === null ? null : p50 * 0.9,
  p50,
  p75: p50 === null ? null : p50 * 1.1,
  realP25: null,
  realP50: null,
  realP75: null,
});

const evolution = (
  series: EvolutionResult['series'],
  userSeries: EvolutionResult['userSeries'],
  nextLevel: EvolutionResult['nextLevel'] = null,
): EvolutionResult => ({
  measure: 'totalWithDeferral',
  currency: 'EUR',
  baseYear: 2026,
  filters: { sector: 'banking', positionLevel: 'manager', country: 'es' },
  series,
  userSeries,
  nextLevel,
  historyId: 'hist0000000000000000000009',
  creditsLeft: 4,
  inflation: {
    country: 'es',
    rates: [
      { year: 2024, country: 'es', rate: 10, estimate: false },
      { year: 2025, country: 'es', rate: 10, estimate: false },
    ],
  },
});

// 100,000 → 121,000 over two years: 10 % a year; the person earned 110,000 in 2025. One answer carries the next level.
const WITH_OWN: ProjectionInputs = {
  ...evolution(
    [point(2023, 100_000), point(2024, null), point(2025, 121_000)],
    [{ year: 2025, formId: 'form0000000000000000000001', value: 110_000, realValue: 110_000 }],
    { positionLevel: 'head', series: [point(2023, 150_000), point(2025, 181_500)] },
  ),
  // The person's group without its country (too few people with figures in two years).
  widenedSteps: ['country'],
};
const WITHOUT_OWN: ProjectionInputs = evolution([point(2025, 121_000)], []);
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
/** A plan without the projection: the server names the plan that unlocks it. */
const NO_PLAN: CallFailure = { ...failure(403, 'PREMIUM_REQUIRED'), body: { error: 'plan', errorCode: 'PREMIUM_REQUIRED', requiredPlan: 'advanced' } };
const SERVER_ERROR = failure(500, null);
const KEY = 'projection-key-0001';
const CHARGED: IncomeProjectionInput = { historyId: null, autoStart: false, requestKey: KEY };
const FREE: IncomeProjectionInput = { ...CHARGED, autoStart: true };

const serializeState = (s: MachineSnapshot<IncomeProjectionMachine>) => JSON.stringify({ value: s.value });

const graphFor = (input: IncomeProjectionInput) =>
  machineGraph({
    machine: incomeProjectionMachine,
    input,
    serializeState,
    events: eventsWithFixtures<IncomeProjectionEvent>(
      {},
      { outputs: { loadProjectionInputs: [WITH_OWN, WITHOUT_OWN] }, errors: { loadProjectionInputs: [NO_CREDITS, NO_PLAN, NO_FORM, SERVER_ERROR] } },
    ),
  });

interface World extends ActorWorld<IncomeProjectionMachine> {
  input: IncomeProjectionInput;
  loading: { resolve(value: ProjectionInputs): void; reject(error: unknown): void } | null;
  requests: ProjectionRequest[];
  emitted: IncomeProjectionEmitted[];
  asked: number;
}

function createWorld(input: IncomeProjectionInput = CHARGED): World {
  const world = { input, loading: null, requests: [], emitted: [], asked: 0 } as Omit<World, 'actor'> as World;
  world.actor = createActor(
    incomeProjectionMachine.provide({
      actors: {
        loadProjectionInputs: fromPromise<ProjectionInputs, ProjectionRequest>(({ input: request }) => {
          world.requests.push(request);
          return new Promise((resolve, reject) => (world.loading = { resolve, reject }));
        }),
      },
    }),
    { input },
  );
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driverFor = (input: IncomeProjectionInput) =>
  actorDriver<IncomeProjectionMachine, World>({
    start: () => createWorld(input),
    executors: {
      'projection.run': (world, event) => {
        world.asked += 1;
        send(world, event);
      },
      'projection.retry': send,
    } satisfies EventExecutors<IncomeProjectionEvent, World>,
    frameworkExecutors: {
      'xstate.done.actor.loadProjectionInputs': (world, event) => world.loading!.resolve(event.output as ProjectionInputs),
      'xstate.error.actor.loadProjectionInputs': (world, event) => world.loading!.reject(event.error),
    },
    serializeState,
  });

const assertions = {
  waiting: (world, snapshot) => {
    // A charged projection is asked for by the person: nothing is requested (nor charged) before.
    expect(projectionPhase(snapshot)).toBe('waiting');
    expect(snapshot.can({ type: 'projection.run' })).toBe(true);
    expect(world.requests).toEqual([]);
  },
  loading: (world, snapshot) => {
    expect(projectionPhase(snapshot)).toBe('loading');
    expect(projectionView(snapshot)).toBeNull();
    // A charged one waits for the person; a free one starts at once.
    expect(world.asked).toBe(world.input.autoStart ? 0 : 1);
    // One request per attempt, always with this page's key: a retry never charges twice.
    expect(world.requests.at(-1)).toEqual({ historyId: null, idempotencyKey: KEY });
  },
  ready: (world, snapshot) => {
    const view = projectionView(snapshot)!;
    expect(view.start).toEqual({ year: 2025, value: 110_000 });
    expect(view.yearsWithMedian).toEqual([2023, 2025]);
    expect(view.projection.current.nominal).toEqual([110_000, 121_000, 133_100, 146_410, 161_051, 177_156]);
    expect(view.projection.current.real).toEqual([110_000, 110_000, 110_000, 110_000, 110_000, 110_000]);
    expect(view.projection.nextLevel).toMatchObject({ level: 'head', startValue: 165_000 });
    expect(view.reopened).toBe(false);
    expect(view.widened).toEqual(['country']);
    expect(world.emitted.at(-1)).toEqual({ type: 'projection.loaded', creditsLeft: 4 });
  },
  noOwnFigures: (_world, snapshot) => {
    expect(projectionPhase(snapshot)).toBe('noOwnFigures');
    expect(projectionView(snapshot)).toBeNull();
    expect(projectionPremiumPath(snapshot)).toBeNull();
  },
  premiumRequired: (world, snapshot) => {
    // The way out is the premium modal's page, Advanced (the plan the server named) marked as including the projection.
    expect(projectionPhase(snapshot)).toBe('premiumRequired');
    expect(projectionPremiumPath(snapshot)).toBe('/become-premium?feature=incomeProjection&plan=advanced');
    expect(projectionView(snapshot)).toBeNull();
    // Not a failure to notify: nothing broke, the plan lacks the view.
    expect(world.emitted).not.toContainEqual({ type: 'projection.failed', failure: NO_PLAN });
  },
  creditGate: (world, snapshot) => {
    expect(projectionPhase(snapshot)).toBe('creditGate');
    expect(snapshot.can({ type: 'projection.retry' })).toBe(false);
    expect(world.emitted.at(-1)).toEqual({ type: 'projection.creditsExhausted', failure: NO_CREDITS });
  },
  failed: (world, snapshot) => {
    expect(projectionPhase(snapshot)).toBe('failed');
    expect(snapshot.can({ type: 'projection.retry' })).toBe(true);
    expect(world.emitted.at(-1)).toEqual({ type: 'projection.failed', failure: SERVER_ERROR });
  },
} satisfies StateAssertions<IncomeProjectionMachine, World>;

describeMachinePaths('incomeProjection paths (charged: the person asks)', {
  graph: graphFor(CHARGED),
  driver: driverFor(CHARGED),
  assertions,
  generators: ['shortest', 'transitions'],
});
// A free projection never waits: its shortest paths walk the eventless start (the guard suites are the charged one's).
describe('incomeProjection paths (free: at once)', () => {
  for (const path of graphFor(FREE).shortestPaths()) it(path.description, () => walkPath(path, driverFor(FREE), assertions));
});

async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('incomeProjection behaviour', () => {
  it('a member without a form is led to the questionnaire, not shown an error to retry', async () => {
    const world = createWorld({ historyId: null, autoStart: true, requestKey: KEY });
    world.actor.start();
    world.loading!.reject(NO_FORM);
    await settle();
    expect(projectionPhase(world.actor.getSnapshot())).toBe('noOwnFigures');
    expect(world.actor.getSnapshot().can({ type: 'projection.retry' })).toBe(false);
  });

  it('a free projection starts at once; a saved one is re-opened at once by its historyId', async () => {
    const free = createWorld({ historyId: null, autoStart: true, requestKey: KEY });
    free.actor.start();
    expect(free.requests).toEqual([{ historyId: null, idempotencyKey: KEY }]);
    const saved = createWorld({ historyId: 'hist0000000000000000000009', autoStart: false, requestKey: KEY });
    saved.actor.start();
    expect(saved.requests).toEqual([{ historyId: 'hist0000000000000000000009', idempotencyKey: KEY }]);
    saved.loading!.resolve(WITH_OWN);
    await settle();
    expect(projectionPhase(saved.actor.getSnapshot())).toBe('ready');
    expect(projectionView(saved.actor.getSnapshot())!.reopened).toBe(true);
  });
});
