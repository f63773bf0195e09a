// The admin dashboard machine walked along its graph against the real actor, with a fake for its one call:
// loading, the figures, refreshing (the old figures stay), another year, a failure and its retry.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  adminStatsMachine,
  type AdminStatsEmitted,
  type AdminStatsEvent,
  type AdminStatsMachine,
  type DetailedStatistics,
  type StatsRequest,
} from '../../machines/adminStats/adminStatsMachine';
import { adminStatsView, funnelOf, MIN_WEEKS_SHOWN, weeksShown } from '../../machines/adminStats/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const statistics = (year: number): DetailedStatistics => ({
  generatedAt: '2026-11-23T10:00:00.000Z',
  year,
  surveyYears: [2025, 2026],
  totals: { forms: 20, completedForms: 12, inProgressForms: 8, countedForms: 10, searches: 4 },
  users: { total: 15, member: 12, corporate: 2, admin: 1 },
  formsByYear: [
    { year: 2025, completed: 5, inProgress: 2 },
    { year: 2026, completed: 7, inProgress: 6 },
  ],
  funnel: {
    stoppedAt: [
      { step: 1, drafts: 3 },
      { step: 2, drafts: 1 },
      { step: 3, drafts: 0 },
      { step: 4, drafts: 2 },
      { step: 5, drafts: 0 },
    ],
    completed: 7,
  },
  bySector: [{ key: 'banking', count: 7 }],
  byCountry: [{ key: 'es', count: 7 }],
  byPositionLevel: [{ key: 'director', count: 7 }],
  weekly: Array.from({ length: 26 }, (_, i) => ({ weekStart: `2026-06-${String(i + 1).padStart(2, '0')}`, registrations: i % 3, searches: i % 2 })),
  credits: { sold: 10, spent: 3, refunded: 0, adjusted: 0, granted: 0, balance: 7 },
  revenue: [],
  release: null,
  nextScheduledCut: null,
  threshold: 5,
});

const LATEST = statistics(2026);
const EARLIER = statistics(2025);
const FAILURE: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: { error: 'Internal server error' }, errorCode: null, request: null };

const serializeState = (s: MachineSnapshot<AdminStatsMachine>) => JSON.stringify({ value: s.value, year: s.context.year, data: s.context.data !== null });

const graph = machineGraph({
  machine: adminStatsMachine,
  input: undefined,
  serializeState,
  events: eventsWithFixtures<AdminStatsEvent>(
    { 'stats.selectYear': [{ type: 'stats.selectYear', year: 2025 }] },
    { outputs: { loadStatistics: [LATEST], refreshStatistics: [LATEST, EARLIER] }, errors: { loadStatistics: [FAILURE], refreshStatistics: [FAILURE] } },
  ),
});

interface World extends ActorWorld<AdminStatsMachine> {
  pending: { resolve(data: DetailedStatistics): void; reject(error: unknown): void } | null;
  requests: StatsRequest[];
  emitted: AdminStatsEmitted[];
  /** The year the gestures asked for (null: the server's default) and the last answer given. */
  askedYear: number | null;
  answered: DetailedStatistics | null;
}

function createWorld(): World {
  const world = { pending: null, requests: [], emitted: [], askedYear: null, answered: null } as Omit<World, 'actor'> as World;
  const machine = adminStatsMachine.provide({
    actors: {
      loadStatistics: fromPromise<DetailedStatistics, StatsRequest>(({ input }) => {
        world.requests.push(input);
        return new Promise((resolve, reject) => (world.pending = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine);
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const resolve = (world: World, output: unknown) => {
  world.answered = output as DetailedStatistics;
  world.pending!.resolve(world.answered);
};

const driver = actorDriver<AdminStatsMachine, World>({
  start: createWorld,
  executors: {
    'stats.retry': send,
    'stats.refresh': send,
    'stats.selectYear': (world, event) => {
      world.askedYear = event.year;
      send(world, event);
    },
  } satisfies EventExecutors<AdminStatsEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadStatistics': (world, event) => resolve(world, event.output),
    'xstate.error.actor.loadStatistics': (world, event) => world.pending!.reject(event.error),
    'xstate.done.actor.refreshStatistics': (world, event) => resolve(world, event.output),
    'xstate.error.actor.refreshStatistics': (world, event) => world.pending!.reject(event.error),
  },
  serializeState,
});

const assertions = {
  loading: (world, snapshot) => {
    expect(world.requests.at(-1)).toEqual({ year: world.askedYear ?? world.answered?.year ?? null });
    expect(adminStatsView(snapshot)).toMatchObject({ canRefresh: false });
  },
  loaded: (world, snapshot) => {
    expect(adminStatsView(snapshot)).toMatchObject({ status: 'loaded', data: world.answered, refreshing: false, canRefresh: true, failure: null });
  },
  refreshing: (world, snapshot) => {
    const view = adminStatsView(snapshot);
    expect(view).toMatchObject({ status: 'loaded', refreshing: true, canRefresh: false });
    expect(view.data).toBe(world.answered);
    expect(world.requests.at(-1)).toEqual({ year: world.askedYear ?? world.answered!.year });
  },
  failed: (world, snapshot) => {
    expect(adminStatsView(snapshot)).toMatchObject({ status: 'failed', failure: FAILURE, canRetry: true, data: null });
    expect(world.emitted.at(-1)).toEqual({ type: 'stats.failed', failure: FAILURE });
  },
} satisfies StateAssertions<AdminStatsMachine, World>;

describeMachinePaths('adminStats paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('adminStats behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('ignores a year the answer does not list, and the year shown', async () => {
    const world = createWorld();
    world.actor.start();
    world.pending!.resolve(LATEST);
    await tick();
    world.actor.send({ type: 'stats.selectYear', year: 2019 });
    world.actor.send({ type: 'stats.selectYear', year: 2026 });
    expect(world.actor.getSnapshot().value).toBe('loaded');
    expect(world.requests).toHaveLength(1);
  });

  it('draws the weeks from the first with activity, never fewer than a few', () => {
    const withWeeks = (active: (i: number) => { registrations: number; searches: number }) => ({
      ...LATEST,
      weekly: LATEST.weekly.map((week, i) => ({ ...week, ...active(i) })),
    });
    // Activity from the 20th week on: the 19 empty weeks before it are left out, the rest kept in order.
    const late = withWeeks((i) => (i >= 19 ? { registrations: i % 2, searches: (i + 1) % 2 } : { registrations: 0, searches: 0 }));
    expect(weeksShown(late)).toEqual(late.weekly.slice(19));
    // Searches alone count as activity; an empty week after the first active one stays.
    const searchesOnly = withWeeks((i) => ({ registrations: 0, searches: i === 10 || i === 25 ? 1 : 0 }));
    expect(weeksShown(searchesOnly)).toEqual(searchesOnly.weekly.slice(10));
    // Activity only in the current week, or none: still the last few weeks, so the chart has a line.
    const current = withWeeks((i) => ({ registrations: i === 25 ? 4 : 0, searches: 0 }));
    expect(weeksShown(current)).toEqual(current.weekly.slice(-MIN_WEEKS_SHOWN));
    const none = withWeeks(() => ({ registrations: 0, searches: 0 }));
    expect(weeksShown(none)).toHaveLength(MIN_WEEKS_SHOWN);
    // Activity from the first week: every week.
    const full = withWeeks(() => ({ registrations: 1, searches: 0 }));
    expect(weeksShown(full)).toEqual(full.weekly);
    expect(weeksShown(null)).toEqual([]);
  });

  it('reads the funnel as drafts that reached each step', () => {
    expect(funnelOf(LATEST)).toEqual([
      { step: 1, stopped: 3, reached: 13 },
      { step: 2, stopped: 1, reached: 10 },
      { step: 3, stopped: 0, reached: 9 },
      { step: 4, stopped: 2, reached: 9 },
      { step: 5, stopped: 0, reached: 7 },
    ]);
  });
});
