// The income projection's machine walked along its graph with a fake for its inputs (the evolution calls are
// tested against the real server in tests/server); the projection maths are in tests/domain/incomeProjection.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  incomeProjectionMachine,
  type IncomeProjectionEvent,
  type IncomeProjectionMachine,
  type ProjectionInputs,
} from '../../machines/incomeProjection/incomeProjectionMachine';
import { projectionPhase, projectionView } from '../../machines/incomeProjection/viewModel';
import type { EvolutionResult } from '../../machines/evolution/evolutionMachine';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

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

const evolution = (series: EvolutionResult['series'], userSeries: EvolutionResult['userSeries']): EvolutionResult => ({
  measure: 'totalWithDeferral',
  currency: 'EUR',
  baseYear: 2026,
  filters: { sector: 'banking', positionLevel: 'manager', country: 'es' },
  series,
  userSeries,
  creditsLeft: null,
  inflation: { country: 'es', rates: [{ year: 2024, country: 'es', rate: 10, estimate: false }, { year: 2025, country: 'es', rate: 10, estimate: false }] },
});

// 100,000 → 121,000 over two years: 10 % a year; the person earned 110,000 in 2025.
const WITH_OWN: ProjectionInputs = {
  own: evolution([point(2023, 100_000), point(2024, null), point(2025, 121_000)], [{ year: 2025, formId: 'form0000000000000000000001', value: 110_000, realValue: 110_000 }]),
  nextLevel: { level: 'head', evolution: evolution([point(2023, 150_000), point(2025, 181_500)], null) },
};
const WITHOUT_OWN: ProjectionInputs = { own: evolution([point(2025, 121_000)], []), nextLevel: null };
const failure = (status: number, errorCode: string | null): CallFailure => ({ ok: false, status, value: null, reason: 'http', body: null, errorCode, request: null });
const NO_FORM = failure(403, 'FORM_REQUIRED');
const SERVER_ERROR = failure(500, null);

const serializeState = (s: MachineSnapshot<IncomeProjectionMachine>) => JSON.stringify({ value: s.value });

const graph = machineGraph({
  machine: incomeProjectionMachine,
  serializeState,
  events: eventsWithFixtures<IncomeProjectionEvent>({}, { outputs: { loadProjectionInputs: [WITH_OWN, WITHOUT_OWN] }, errors: { loadProjectionInputs: [NO_FORM, SERVER_ERROR] } }),
});

interface World extends ActorWorld<IncomeProjectionMachine> {
  loading: { resolve(value: ProjectionInputs): void; reject(error: unknown): void } | null;
  loads: number;
}

function createWorld(): World {
  const world = { loading: null, loads: 0 } as Omit<World, 'actor'> as World;
  world.actor = createActor(
    incomeProjectionMachine.provide({
      actors: {
        loadProjectionInputs: fromPromise<ProjectionInputs>(() => {
          world.loads += 1;
          return new Promise((resolve, reject) => (world.loading = { resolve, reject }));
        }),
      },
    }),
  );
  return world;
}

const driver = actorDriver<IncomeProjectionMachine, World>({
  start: createWorld,
  executors: { 'projection.retry': send } satisfies EventExecutors<IncomeProjectionEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadProjectionInputs': (world, event) => world.loading!.resolve(event.output as ProjectionInputs),
    'xstate.error.actor.loadProjectionInputs': (world, event) => world.loading!.reject(event.error),
  },
  serializeState,
});

const assertions = {
  loading: (world, snapshot) => {
    expect(projectionPhase(snapshot)).toBe('loading');
    expect(projectionView(snapshot)).toBeNull();
    expect(world.loads).toBeGreaterThan(0);
  },
  ready: (_world, snapshot) => {
    const view = projectionView(snapshot)!;
    expect(view.start).toEqual({ year: 2025, value: 110_000 });
    expect(view.yearsWithMedian).toEqual([2023, 2025]);
    expect(view.projection.current.nominal).toEqual([110_000, 121_000, 133_100, 146_410, 161_051, 177_156]);
    expect(view.projection.current.real).toEqual([110_000, 110_000, 110_000, 110_000, 110_000, 110_000]);
    expect(view.projection.nextLevel).toMatchObject({ level: 'head', startValue: 165_000 });
  },
  noOwnFigures: (_world, snapshot) => {
    expect(projectionPhase(snapshot)).toBe('noOwnFigures');
    expect(projectionView(snapshot)).toBeNull();
  },
  failed: (_world, snapshot) => {
    expect(projectionPhase(snapshot)).toBe('failed');
    expect(snapshot.can({ type: 'projection.retry' })).toBe(true);
  },
} satisfies StateAssertions<IncomeProjectionMachine, World>;

describeMachinePaths('incomeProjection paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('incomeProjection behaviour', () => {
  it('a member without a form is led to the questionnaire, not shown an error to retry', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.reject(NO_FORM);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(projectionPhase(world.actor.getSnapshot())).toBe('noOwnFigures');
    expect(world.actor.getSnapshot().can({ type: 'projection.retry' })).toBe(false);
  });
});
