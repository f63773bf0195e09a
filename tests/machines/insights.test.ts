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
// A profile whose sectors ranking has no entry (no group above K): the card offers its widening link.
const PROFILE = { year: 2026, country: 'pt', sector: 'insurance', positionLevel: 'director' } as const;
const SPARSE: Insights = {
  betterCities: { ...list('city', ['porto']), filters: { year: 2026, sector: 'insurance', positionLevel: 'director' } },
  betterSectors: {
    ...list('sector', [], { notEnoughData: 20, tooFewForMedian: 0, refused: 0 }),
    filters: { year: 2026, country: 'pt', positionLevel: 'director' },
  },
  averageByCountry: { ...list('country', ['pt']), filters: { year: 2026, sector: 'insurance', positionLevel: 'director' } },
};
// The sectors ranking asked again widened: the country dropped.
const WIDENED_SECTORS: InsightList = {
  ...list('sector', ['banking', 'energy']),
  filters: { year: PROFILE.year, positionLevel: PROFILE.positionLevel },
  widenedSteps: ['country'],
};
const SERVER_ERROR: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: null, errorCode: null, request: null };

// Which rankings are empty and which widened tell the graph apart where a widening link is offered.
const serializeState = (s: MachineSnapshot<InsightsMachine>) =>
  JSON.stringify({
    value: s.value,
    rankings: s.context.insights ? Object.entries(s.context.insights).map(([name, list]) => [name, list.items.length > 0, list.widenedSteps ?? null]) : null,
  });

const graph = machineGraph({
  machine: insightsMachine,
  serializeState,
  events: eventsWithFixtures<InsightsEvent>(
    {
      'insights.widen': [
        { type: 'insights.widen', ranking: 'betterSectors' },
        { type: 'insights.widen', ranking: 'betterCities' },
      ],
    },
    { outputs: { loadInsights: [INSIGHTS, SPARSE], widenRanking: [WIDENED_SECTORS] }, errors: { loadInsights: [SERVER_ERROR], widenRanking: [SERVER_ERROR] } },
  ),
});

interface World extends ActorWorld<InsightsMachine> {
  loading: { resolve(value: Insights): void; reject(error: unknown): void } | null;
  widening: { resolve(value: InsightList): void; reject(error: unknown): void } | null;
  loads: number;
  /** The rankings asked again widened. */
  widened: string[];
  /** What the page shows: the last rankings loaded, with the widened one replaced. */
  shown: Insights | null;
}

const driver = actorDriver<InsightsMachine, World>({
  start: () => {
    const world = { loading: null, widening: null, loads: 0, widened: [], shown: null } as Omit<World, 'actor'> as World;
    world.actor = createActor(
      insightsMachine.provide({
        actors: {
          loadInsights: fromPromise<Insights>(() => {
            world.loads += 1;
            return new Promise((resolve, reject) => (world.loading = { resolve, reject }));
          }),
          widenRanking: fromPromise<InsightList, { ranking: keyof Insights }>(({ input }) => {
            world.widened.push(input.ranking);
            return new Promise((resolve, reject) => (world.widening = { resolve, reject }));
          }),
        },
      }),
    );
    return world;
  },
  executors: { 'insights.retry': send, 'insights.widen': send } satisfies EventExecutors<InsightsEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadInsights': (world, event) => {
      world.shown = event.output as Insights;
      world.loading!.resolve(world.shown);
    },
    'xstate.error.actor.loadInsights': (world, event) => world.loading!.reject(event.error),
    'xstate.done.actor.widenRanking': (world, event) => {
      world.shown = { ...world.shown!, [world.widened.at(-1)!]: event.output as InsightList };
      world.widening!.resolve(event.output as InsightList);
    },
    'xstate.error.actor.widenRanking': (world, event) => world.widening!.reject(event.error),
  },
  serializeState,
});

function expectReady(world: World, snapshot: MachineSnapshot<InsightsMachine>) {
  const view = insightsView(snapshot);
  if (world.shown === INSIGHTS) {
    expect(view.rankings.map((r) => [r.name, r.rankedBy, r.items.map((item) => item.key), r.omitted])).toEqual([
      ['betterCities', 'city', ['madrid', 'barcelona'], 4],
      ['betterSectors', 'sector', ['banking'], 0],
      ['averageByCountry', 'country', ['es', 'pt'], 2],
    ]);
  }
  const sectors = view.rankings.find((r) => r.name === 'betterSectors')!;
  const widening = snapshot.matches('widening');
  if (world.shown!.betterSectors === WIDENED_SECTORS) {
    // Widened: its entries, the dropped condition said, no link again.
    expect(sectors).toMatchObject({ items: [{ key: 'banking' }, { key: 'energy' }], widened: ['country'], canWiden: false, widening: false });
  } else if (world.shown!.betterSectors.items.length === 0) {
    // No group above K: the link drops the country (never the ranked sector nor the level), once.
    expect(sectors).toMatchObject({ items: [], widened: null, widenField: 'country', canWiden: !widening, widening });
  } else {
    expect(sectors).toMatchObject({ widened: null, canWiden: false });
  }
  // A ranking with entries offers no widening.
  expect(view.rankings.find((r) => r.name === 'betterCities')!.canWiden).toBe(false);
}

const assertions = {
  loading: (world, snapshot) => {
    expect(insightsView(snapshot)).toEqual({ phase: 'loading', rankings: [], canRetry: false });
    expect(world.loads).toBeGreaterThan(0);
  },
  ready: expectReady,
  widening: (world, snapshot) => {
    expect(insightsView(snapshot).phase).toBe('ready');
    expect(world.widened.at(-1)).toBe('betterSectors');
    expectReady(world, snapshot);
  },
  failed: (_world, snapshot) => {
    // A failed widening fails the widget as a failed load does: retry asks every ranking again.
    expect(insightsView(snapshot)).toEqual({ phase: 'failed', rankings: [], canRetry: true });
  },
} satisfies StateAssertions<InsightsMachine, World>;

describeMachinePaths('insights paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });
