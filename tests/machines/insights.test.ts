// The insights widgets' machine walked along its graph with a fake for its call (the calls are tested against
// the real server in tests/server).
import { expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { insightsMachine, type Insights, type InsightsEvent, type InsightsMachine, type InsightList } from '../../machines/insights/insightsMachine';
import { insightsView } from '../../machines/insights/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const list = (rankedBy: InsightList['rankedBy'], keys: string[], omitted = { notEnoughData: 0, tooFewForMedian: 0, refused: 0 }): InsightList => ({
  year: 2026,
  currency: 'EUR',
  measure: 'totalWithDeferral',
  filters: { year: 2026, sector: 'banking' },
  rankedBy,
  items: keys.map((key, i) => ({ key, n: 40, countLabel: '40', p50: 150_000 - i * 10_000, mean: null, p25: null, p75: null })),
  omitted,
});

const INSIGHTS: Insights = {
  betterCities: list('city', ['madrid', 'barcelona'], { notEnoughData: 3, tooFewForMedian: 1, refused: 0 }),
  betterSectors: list('sector', ['banking']),
  averageByCountry: list('country', ['es', 'pt'], { notEnoughData: 0, tooFewForMedian: 0, refused: 2 }),
};
const SERVER_ERROR: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: null, errorCode: null, request: null };

const serializeState = (s: MachineSnapshot<InsightsMachine>) => JSON.stringify({ value: s.value });

const graph = machineGraph({
  machine: insightsMachine,
  serializeState,
  events: eventsWithFixtures<InsightsEvent>({}, { outputs: { loadInsights: [INSIGHTS] }, errors: { loadInsights: [SERVER_ERROR] } }),
});

interface World extends ActorWorld<InsightsMachine> {
  loading: { resolve(value: Insights): void; reject(error: unknown): void } | null;
  loads: number;
}

const driver = actorDriver<InsightsMachine, World>({
  start: () => {
    const world = { loading: null, loads: 0 } as Omit<World, 'actor'> as World;
    world.actor = createActor(
      insightsMachine.provide({
        actors: {
          loadInsights: fromPromise<Insights>(() => {
            world.loads += 1;
            return new Promise((resolve, reject) => (world.loading = { resolve, reject }));
          }),
        },
      }),
    );
    return world;
  },
  executors: { 'insights.retry': send } satisfies EventExecutors<InsightsEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadInsights': (world, event) => world.loading!.resolve(event.output as Insights),
    'xstate.error.actor.loadInsights': (world, event) => world.loading!.reject(event.error),
  },
  serializeState,
});

const assertions = {
  loading: (world, snapshot) => {
    expect(insightsView(snapshot)).toEqual({ phase: 'loading', rankings: [], canRetry: false });
    expect(world.loads).toBeGreaterThan(0);
  },
  ready: (_world, snapshot) => {
    const view = insightsView(snapshot);
    expect(view.rankings.map((r) => [r.name, r.rankedBy, r.items.map((item) => item.key), r.omitted])).toEqual([
      ['betterCities', 'city', ['madrid', 'barcelona'], 4],
      ['betterSectors', 'sector', ['banking'], 0],
      ['averageByCountry', 'country', ['es', 'pt'], 2],
    ]);
  },
  failed: (_world, snapshot) => {
    expect(insightsView(snapshot)).toEqual({ phase: 'failed', rankings: [], canRetry: true });
  },
} satisfies StateAssertions<InsightsMachine, World>;

describeMachinePaths('insights paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });
