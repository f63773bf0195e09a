// The evolution walked along its graph against the real actor, with fakes for its two effects (the evolution
// call is tested against the real server in tests/server). Assertions compare the view model with the walk's world.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import {
  evolutionMachine,
  type EvolutionEmitted,
  type EvolutionEvent,
  type EvolutionMachine,
  type EvolutionRequest,
  type EvolutionResult,
  type EvolutionStart,
} from '../../machines/evolution/evolutionMachine';
import { evolutionView } from '../../machines/evolution/viewModel';
import type { CountRequestInput, CountResult } from '../../machines/comparison/comparisonMachine';
import type { CallFailure } from '../../src/api/client';
import { nextWidening, widened, withFilter, type PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const KEY = 'evolution-key-01';
const HISTORY_ID = 'hist0000000000000000000003';

const ANSWER: EvolutionResult = {
  measure: 'totalWithDeferral',
  currency: 'EUR',
  baseYear: 2026,
  filters: { sector: 'banking' },
  series: [
    {
      year: 2023,
      n: null,
      countLabel: '<5',
      p25: null,
      p50: null,
      p75: null,
      realP25: null,
      realP50: null,
      realP75: null,
      status: 'not-enough-data',
      reasonCode: 'NOT_ENOUGH_DATA',
      deflator: 1.1,
    },
    {
      year: 2024,
      n: 40,
      countLabel: '40',
      p25: 90_000,
      p50: 100_000,
      p75: 120_000,
      realP25: 96_300,
      realP50: 107_000,
      realP75: 128_400,
      status: 'ok',
      deflator: 1.07,
    },
    {
      year: 2025,
      n: 10,
      countLabel: '10',
      p25: null,
      p50: null,
      p75: null,
      realP25: null,
      realP50: null,
      realP75: null,
      status: 'ok',
      reasonCode: 'TOO_FEW_FOR_QUARTILES',
      deflator: 1.03,
    },
    {
      year: 2026,
      n: 45,
      countLabel: '45',
      p25: 95_000,
      p50: 110_000,
      p75: 125_000,
      realP25: 95_000,
      realP50: 110_000,
      realP75: 125_000,
      status: 'ok',
      deflator: 1,
    },
  ],
  userSeries: [{ year: 2024, formId: 'form0000000000000000000001', value: 105_000, realValue: 112_400 }],
  historyId: 'hist0000000000000000000004',
  creditsLeft: null,
  release: { id: 'rel00000000000000000000001', sequence: 2, cutAt: '2026-11-23T03:00:00.000Z' },
  inflation: {
    country: 'es',
    rates: [
      { year: 2024, country: 'es', rate: 3.9, estimate: false },
      { year: 2026, country: 'es', rate: 2.0, estimate: true },
    ],
  },
};

// The server widened the group asked for (too small in every year): its filters are the group used.
const WIDENED: EvolutionResult = { ...ANSWER, filters: { sector: 'banking', positionLevel: 'director' }, widenedSteps: ['country'] };
// No year of the group has figures (under K everywhere): the page shows one sentence and the widening link.
const EMPTY: EvolutionResult = {
  ...ANSWER,
  series: ANSWER.series.map((point) => ({
    ...point,
    n: null,
    countLabel: '<5',
    p25: null,
    p50: null,
    p75: null,
    realP25: null,
    realP50: null,
    realP75: null,
    status: 'not-enough-data',
    reasonCode: 'NOT_ENOUGH_DATA',
  })),
};

const OWN_GROUP: EvolutionStart = { filters: { sector: 'banking', positionLevel: 'director', country: 'es' }, searchAtOnce: true, widen: true };
const CHARGED_START: EvolutionStart = { filters: {}, searchAtOnce: false };
const SAVED: EvolutionStart = { filters: { sector: 'energy' }, historyId: HISTORY_ID, searchAtOnce: false };

const COUNT: CountResult = { count: 40, countLabel: '40', enough: true, release: null };
const DEBOUNCE_MS = 350;

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
/** A plan without the evolution: the server names the plan that unlocks it. */
const NO_PLAN: CallFailure = { ...failure(403, 'PREMIUM_REQUIRED'), body: { error: 'plan', errorCode: 'PREMIUM_REQUIRED', requiredPlan: 'basic' } };
const SERVER_ERROR = failure(500, null);
const OFFLINE: CallFailure = { ok: false, status: 0, value: null, reason: 'network', body: null, errorCode: null, request: null };

const serializeState = (s: MachineSnapshot<EvolutionMachine>) =>
  JSON.stringify({
    value: s.value,
    scale: s.context.scale,
    shown: s.context.result === null ? null : s.context.result.series.some((point) => point.p50 !== null),
    credits: s.context.credits,
    filters: s.context.filters,
    widen: s.context.widen,
  });
// A corporate user with one credit left (the answers below report no balance: it stays until told otherwise).
const INPUT = { searchKeyPrefix: KEY, credits: 1 };

const graph = machineGraph({
  machine: evolutionMachine,
  input: INPUT,
  serializeState,
  events: eventsWithFixtures<EvolutionEvent>(
    {
      'evolution.setFilter': [{ type: 'evolution.setFilter', field: 'sector', value: 'energy' }],
      'evolution.setScale': [
        { type: 'evolution.setScale', scale: 'real' },
        { type: 'evolution.setScale', scale: 'nominal' },
      ],
      'evolution.setCredits': [{ type: 'evolution.setCredits', credits: 0 }],
    },
    {
      outputs: { loadStartingPoint: [OWN_GROUP, CHARGED_START, SAVED], runEvolution: [ANSWER, WIDENED, EMPTY], countResults: [COUNT] },
      errors: { loadStartingPoint: [OFFLINE], runEvolution: [NO_CREDITS, NO_PLAN, NO_FORM, SERVER_ERROR], countResults: [SERVER_ERROR] },
    },
  ),
});

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<EvolutionMachine> {
  loading: Pending<EvolutionStart> | null;
  running: Pending<EvolutionResult> | null;
  counting: Pending<CountResult> | null;
  countCalls: CountRequestInput[];
  clock: SimulatedClock;
  calls: EvolutionRequest[];
  emitted: EvolutionEmitted[];
  filters: PeerGroupFilters;
  /** The next search lets the server widen the group (the person's own group, until they choose filters). */
  widen: boolean;
  /** The group asked for before a widening, by the server or the link. */
  widenedFrom: PeerGroupFilters | null;
  following: string | null;
  scale: 'nominal' | 'real';
  newSearches: number;
  credits: number | null;
  lastAnswer: EvolutionResult | null;
  lastFailure: CallFailure | null;
}

function createWorld(): World {
  const world = {
    loading: null,
    running: null,
    counting: null,
    countCalls: [],
    clock: new SimulatedClock(),
    calls: [],
    emitted: [],
    filters: {},
    widen: false,
    widenedFrom: null,
    following: null,
    scale: 'nominal',
    newSearches: 0,
    credits: INPUT.credits,
    lastAnswer: null,
    lastFailure: null,
  } as Omit<World, 'actor'> as World;
  const machine = evolutionMachine.provide({
    actors: {
      loadStartingPoint: fromPromise<EvolutionStart>(() => new Promise((resolve, reject) => (world.loading = { resolve, reject }))),
      runEvolution: fromPromise<EvolutionResult, EvolutionRequest>(({ input }) => {
        world.calls.push(input);
        return new Promise((resolve, reject) => (world.running = { resolve, reject }));
      }),
      countResults: fromPromise<CountResult, CountRequestInput>(({ input }) => {
        world.countCalls.push(input);
        return new Promise((resolve, reject) => (world.counting = { resolve, reject }));
      }),
    },
    delays: { countDebounce: DEBOUNCE_MS },
  });
  world.actor = createActor(machine, { input: INPUT, clock: world.clock });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<EvolutionMachine, World>({
  start: createWorld,
  executors: {
    'evolution.setFilter': (world, event) => {
      if (event.field !== 'year') {
        world.filters = withFilter(world.filters, event.field, event.value);
        world.following = null;
        world.widen = false;
        world.widenedFrom = null;
      }
      send(world, event);
    },
    'evolution.clearFilters': (world, event) => {
      world.filters = {};
      world.following = null;
      world.widen = false;
      world.widenedFrom = null;
      send(world, event);
    },
    'evolution.widen': (world, event) => {
      world.widenedFrom ??= world.filters;
      world.filters = widened(world.filters, nextWidening(world.filters)!);
      world.following = null;
      world.widen = false;
      world.newSearches += 1;
      send(world, event);
    },
    'evolution.search': (world, event) => {
      world.newSearches += 1;
      send(world, event);
    },
    'evolution.retry': send,
    'evolution.setCredits': (world, event) => {
      world.credits = event.credits;
      send(world, event);
    },
    'evolution.setScale': (world, event) => {
      world.scale = event.scale;
      send(world, event);
    },
  } satisfies EventExecutors<EvolutionEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadStartingPoint': (world, event) => {
      const start = event.output as EvolutionStart;
      world.filters = start.filters;
      world.following = start.historyId ?? null;
      world.widen = start.widen === true && !start.historyId;
      world.loading!.resolve(start);
    },
    'xstate.error.actor.loadStartingPoint': (world, event) => world.loading!.reject(event.error),
    'xstate.done.actor.runEvolution': (world, event) => {
      const answer = event.output as EvolutionResult;
      // As the server: the group asked for, unless it was widened (then the group used, and the steps dropped).
      world.lastAnswer = answer.widenedSteps?.length ? answer : { ...answer, filters: world.calls.at(-1)!.filters };
      if (answer.widenedSteps?.length) {
        world.widenedFrom ??= world.filters;
        world.filters = answer.filters;
      }
      world.widen = false;
      world.running!.resolve(world.lastAnswer);
    },
    'xstate.error.actor.runEvolution': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.running!.reject(event.error);
    },
    'xstate.done.actor.countResults': (world, event) => world.counting!.resolve(event.output as CountResult),
    'xstate.error.actor.countResults': (world, event) => world.counting!.reject(event.error),
    'xstate.after.countDebounce.evolution.editing.waiting': (world) => world.clock.increment(DEBOUNCE_MS),
  },
  serializeState,
});

function expectEditing(world: World, snapshot: MachineSnapshot<EvolutionMachine>) {
  const view = evolutionView(snapshot);
  // As the comparison's panel: no search without a credit, and the panel says so.
  const outOfCredits = world.credits !== null && world.credits <= 0;
  expect(view.panel).toMatchObject({ filters: world.filters, locked: false, canSearch: !outOfCredits, outOfCredits, followsSaved: world.following !== null });
  // An earlier answer stays, marked as no longer answering the filters.
  if (world.lastAnswer) expect(view.result).toMatchObject({ stale: true });
  else expect(view.result).toBeNull();
}

const assertions = {
  preparing: (world, snapshot) => {
    expect(evolutionView(snapshot)).toMatchObject({ phase: 'preparing', panel: { locked: true, canSearch: false } });
    expect(world.loading).not.toBeNull();
  },
  unavailable: (_world, snapshot) => {
    expect(evolutionView(snapshot)).toMatchObject({ phase: 'unavailable', failure: { offline: true, canRetry: true } });
  },
  editing: expectEditing,
  'editing.waiting': (world, snapshot) => {
    expectEditing(world, snapshot);
    expect(evolutionView(snapshot).panel.count?.status).toBe('pending');
  },
  'editing.counting': (world, snapshot) => {
    expectEditing(world, snapshot);
    expect(evolutionView(snapshot).panel.count?.status).toBe('pending');
    // The filters shown are the ones counted (the latest year: no year is sent).
    expect(world.countCalls.at(-1)).toEqual({ filters: world.filters });
  },
  'editing.ready': (world, snapshot) => {
    expectEditing(world, snapshot);
    expect(evolutionView(snapshot).panel).toMatchObject({ count: { status: 'known', count: 40, label: '40', enough: true }, canRecount: false });
  },
  'editing.countFailed': (world, snapshot) => {
    expectEditing(world, snapshot);
    // A failed count can be asked again; the evolution can still be asked.
    expect(evolutionView(snapshot).panel).toMatchObject({ count: { status: 'failed' }, canRecount: true });
  },
  searching: (world, snapshot) => {
    expect(evolutionView(snapshot).panel).toMatchObject({ locked: true, searching: true });
    expect(world.calls.at(-1)).toEqual({
      filters: world.filters,
      historyId: world.following,
      idempotencyKey: `${KEY}-${world.newSearches}`,
      widen: world.widen,
    });
  },
  result: (world, snapshot) => {
    const view = evolutionView(snapshot).result!;
    const real = world.scale === 'real';
    expect(view).toMatchObject({ stale: false, scale: world.scale, baseYear: 2026, hasOwnLine: true, inflation: { country: 'es', provisional: true } });
    // A widened group says what was asked and which fields went (country, then sector; never the level).
    expect(view.widened).toEqual(
      world.widenedFrom
        ? { from: world.widenedFrom, dropped: (['country', 'sector'] as const).filter((f) => world.widenedFrom![f] && !world.filters[f]) }
        : null,
    );
    expect(view.filters).toEqual(world.filters);
    expect(world.emitted.at(-1)).toEqual({ type: 'evolution.searched', creditsLeft: null });
    if (world.lastAnswer!.series.every((point) => point.p50 === null)) {
      // No figures in any year: one sentence, and the widening link while a field is left and a search is allowed.
      const canSearch = world.credits === null || world.credits > 0;
      expect(view).toMatchObject({ empty: true, widenField: canSearch ? nextWidening(world.filters) : null });
      return;
    }
    expect(view).toMatchObject({ empty: false, widenField: null });
    // Every year keeps its place: the year under K and the year without quartiles are marked, not dropped.
    expect(view.years.map((y) => [y.year, y.note, y.p50, y.own])).toEqual([
      [2023, 'notEnoughData', null, null],
      [2024, null, real ? 107_000 : 100_000, real ? 112_400 : 105_000],
      [2025, 'tooFewForQuartiles', null, null],
      [2026, null, 110_000, null],
    ]);
    expect(view.years[0].reasonKey).toBe('comparison.reasons.NOT_ENOUGH_DATA');
    // No "counting…" line that never ends: without a count asked, the panel shows none (the table has each year's).
    const { count } = evolutionView(snapshot).panel;
    if (snapshot.context.count === null) expect(count).toBeNull();
    else expect(count?.status).toBe('known');
  },
  creditGate: (world, snapshot) => {
    expect(evolutionView(snapshot)).toMatchObject({ phase: 'creditGate', failure: { status: 402, canRetry: false } });
    expect(world.emitted.at(-1)).toEqual({ type: 'evolution.creditsExhausted', failure: NO_CREDITS });
  },
  premiumRequired: (world, snapshot) => {
    // The way out is the premium modal's page, Basic (the plan the server named) marked as including the evolution.
    expect(evolutionView(snapshot)).toMatchObject({ phase: 'premiumRequired', premiumPath: '/become-premium?feature=evolution&plan=basic', failure: null });
    // Not a failure to notify: nothing broke, the plan lacks the view.
    expect(world.emitted).not.toContainEqual({ type: 'evolution.failed', failure: NO_PLAN });
  },
  formRequired: (_world, snapshot) => {
    expect(evolutionView(snapshot)).toMatchObject({ phase: 'formRequired', premiumPath: null, failure: { errorCode: 'FORM_REQUIRED' } });
  },
  failed: (world, snapshot) => {
    expect(evolutionView(snapshot)).toMatchObject({ phase: 'failed', failure: { status: 500, canRetry: true }, panel: { filters: world.filters } });
    expect(world.emitted.at(-1)).toEqual({ type: 'evolution.failed', failure: SERVER_ERROR });
  },
} satisfies StateAssertions<EvolutionMachine, World>;

describeMachinePaths('evolution paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('evolution behaviour', () => {
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('follows a saved search for free and makes the next search a new one', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(SAVED);
    await settle();
    expect(world.calls).toEqual([{ filters: { sector: 'energy' }, historyId: HISTORY_ID, idempotencyKey: `${KEY}-0`, widen: false }]);
    world.running!.resolve(ANSWER);
    await settle();
    world.actor.send({ type: 'evolution.setFilter', field: 'country', value: 'es' });
    world.actor.send({ type: 'evolution.search' });
    expect(world.calls.at(-1)).toEqual({ filters: { sector: 'energy', country: 'es' }, historyId: null, idempotencyKey: `${KEY}-1`, widen: false });
  });

  it("lets the server widen the person's own group on the first search, shows the group used and says so", async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(OWN_GROUP);
    await settle();
    expect(world.calls).toEqual([{ filters: OWN_GROUP.filters, historyId: null, idempotencyKey: `${KEY}-0`, widen: true }]);
    world.running!.resolve(WIDENED);
    await settle();
    const view = evolutionView(world.actor.getSnapshot());
    expect(view.panel.filters).toEqual({ sector: 'banking', positionLevel: 'director' });
    expect(view.result).toMatchObject({ empty: false, widenField: null, widened: { from: OWN_GROUP.filters, dropped: ['country'] } });
    // Filters the person chooses are asked as chosen, and the note goes.
    world.actor.send({ type: 'evolution.setFilter', field: 'gender', value: 'female' });
    world.actor.send({ type: 'evolution.search' });
    expect(world.calls.at(-1)).toEqual({
      filters: { sector: 'banking', positionLevel: 'director', gender: 'female' },
      historyId: null,
      idempotencyKey: `${KEY}-1`,
      widen: false,
    });
    world.running!.resolve(ANSWER);
    await settle();
    expect(evolutionView(world.actor.getSnapshot()).result!.widened).toBeNull();
  });

  it('replaces a result without figures by a widening link: country, then sector, never the level', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(OWN_GROUP);
    await settle();
    world.running!.resolve({ ...EMPTY, filters: world.calls.at(-1)!.filters });
    await settle();
    expect(evolutionView(world.actor.getSnapshot()).result).toMatchObject({ empty: true, widenField: 'country', widened: null });
    world.actor.send({ type: 'evolution.widen' });
    expect(world.calls.at(-1)).toEqual({
      filters: { sector: 'banking', positionLevel: 'director' },
      historyId: null,
      idempotencyKey: `${KEY}-1`,
      widen: false,
    });
    world.running!.resolve({ ...EMPTY, filters: world.calls.at(-1)!.filters });
    await settle();
    expect(evolutionView(world.actor.getSnapshot()).result).toMatchObject({
      empty: true,
      widenField: 'sector',
      widened: { from: OWN_GROUP.filters, dropped: ['country'] },
    });
    world.actor.send({ type: 'evolution.widen' });
    expect(world.calls.at(-1)).toMatchObject({ filters: { positionLevel: 'director' } });
    world.running!.resolve({ ...EMPTY, filters: world.calls.at(-1)!.filters });
    await settle();
    // Only the level is left: no link (it is never dropped), and the event is refused.
    expect(evolutionView(world.actor.getSnapshot()).result).toMatchObject({ empty: true, widenField: null, widened: { dropped: ['country', 'sector'] } });
    world.actor.send({ type: 'evolution.widen' });
    expect(world.calls).toHaveLength(3);
    // A result with figures offers no link either.
    const withFigures = createWorld();
    withFigures.actor.start();
    withFigures.loading!.resolve(OWN_GROUP);
    await settle();
    withFigures.running!.resolve(ANSWER);
    await settle();
    withFigures.actor.send({ type: 'evolution.widen' });
    expect(withFigures.calls).toHaveLength(1);
  });

  it('a caller out of credits cannot start a new search until the balance changes; an answer reports the balance', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(CHARGED_START);
    await settle();
    world.actor.send({ type: 'evolution.setCredits', credits: 0 });
    world.actor.send({ type: 'evolution.search' });
    expect(evolutionView(world.actor.getSnapshot())).toMatchObject({ phase: 'editing', panel: { canSearch: false, outOfCredits: true } });
    world.actor.send({ type: 'evolution.setCredits', credits: 2 });
    world.actor.send({ type: 'evolution.search' });
    world.running!.resolve({ ...ANSWER, creditsLeft: 1 });
    await settle();
    expect(world.actor.getSnapshot().context.credits).toBe(1);
    expect(world.calls).toHaveLength(1);
  });

  it('counts the chosen filters after a pause (free), as the comparison does; a failed count may be asked again', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(CHARGED_START);
    await settle();
    expect(world.countCalls).toEqual([{ filters: {} }]);
    world.counting!.resolve(COUNT);
    await settle();
    expect(evolutionView(world.actor.getSnapshot()).panel.count).toEqual({ status: 'known', count: 40, label: '40', enough: true });
    world.actor.send({ type: 'evolution.setFilter', field: 'sector', value: 'energy' });
    expect(evolutionView(world.actor.getSnapshot()).panel.count?.status).toBe('pending');
    world.clock.increment(DEBOUNCE_MS - 1);
    expect(world.countCalls).toHaveLength(1);
    world.clock.increment(1);
    expect(world.countCalls.at(-1)).toEqual({ filters: { sector: 'energy' } });
    world.counting!.reject(SERVER_ERROR);
    await settle();
    expect(evolutionView(world.actor.getSnapshot()).panel).toMatchObject({ count: { status: 'failed' }, canRecount: true, canSearch: true });
    world.actor.send({ type: 'evolution.retry' });
    expect(world.countCalls).toHaveLength(3);
  });

  it('ignores the year filter: every survey year is shown', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(CHARGED_START);
    await settle();
    world.actor.send({ type: 'evolution.setFilter', field: 'year', value: 2025 });
    expect(world.actor.getSnapshot().context.filters).toEqual({});
  });

  it('switches nominal/real without asking again', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(OWN_GROUP);
    await settle();
    world.running!.resolve(ANSWER);
    await settle();
    world.actor.send({ type: 'evolution.setScale', scale: 'real' });
    expect(evolutionView(world.actor.getSnapshot()).result!.years[3].p25).toBe(95_000);
    expect(evolutionView(world.actor.getSnapshot()).result!.years[1].p25).toBe(96_300);
    expect(world.calls).toHaveLength(1);
  });
});
