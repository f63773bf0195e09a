// The comparison machine walked along its graph against the real actor, with fakes for the three network
// calls (the API itself is tested against the real server in tests/server). Assertions read the view
// model the page renders and compare with what the walk's gestures did (the world), not only with the
// machine's own context.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { createApiClient, type CallFailure } from '../../src/api/client';
import { errorCatalogue, INSUFFICIENT_CREDITS_PAGE, INSUFFICIENT_CREDITS_TOAST_MS } from '../../src/api/errorCatalogue';
import { creditGateMachine } from '../../machines/creditGate/creditGateMachine';
import { creditGateActors, PENDING_SEARCH_KEY, readPendingSearch } from '../../machines/creditGate/actors';
import { connectComparisonToGate } from '../../machines/creditGate/connect';
import { signedInComparisonActors, subjectOf } from '../../machines/comparison/actors';
import {
  comparisonMachine,
  type ComparisonEmitted,
  type ComparisonEvent,
  type ComparisonFailure,
  type ComparisonMachine,
  type ComparisonRequestInput,
  type ComparisonResult,
  type CountRequestInput,
  type CountResult,
  type StartingPoint,
} from '../../machines/comparison/comparisonMachine';
import { comparisonView, failureView, filterPanelView, resultView, withheldView } from '../../machines/comparison/viewModel';
import { normaliseFilters, withFilter, type PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import type { Measures, Statistic } from '../../src/domain/peerDistribution';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

// ───────────────────────────── fixtures ─────────────────────────────

const DEBOUNCE_MS = 350;
const HISTORY_ID = 'hist0000000000000000000001';
const KEY_PREFIX = 'page-key-0001';

const stat = (p50: number, n = 120): Statistic => ({
  n,
  mean: Math.round(p50 * 1.02),
  p10: Math.round(p50 * 0.75),
  p25: Math.round(p50 * 0.88),
  p50,
  p75: Math.round(p50 * 1.15),
  p90: Math.round(p50 * 1.35),
  medianCi: { low: Math.round(p50 * 0.97), high: Math.round(p50 * 1.03) },
});

const measures: Measures = {
  fixedSalary: stat(130_000),
  annualBonus: stat(30_000),
  deferredCompensation: stat(20_000),
  totalWithoutDeferral: stat(160_000),
  totalWithDeferral: stat(180_000),
};

const RELEASE = { id: 'rel00000000000000000000001', sequence: 4, cutAt: '2026-11-23T03:00:00.000Z' };

const answer = (status: ComparisonResult['status'], extra: Partial<ComparisonResult> = {}): ComparisonResult => ({
  status,
  release: RELEASE,
  count: status === 'ok' ? 120 : null,
  countLabel: status === 'ok' ? '120' : '<5',
  year: 2025,
  currency: 'EUR',
  filters: {},
  measures: status === 'ok' ? measures : null,
  position:
    status === 'ok'
      ? {
          totalWithoutDeferral: { measure: 'totalWithoutDeferral', ownValue: 176_000, percentileRank: 68, diffFromMedianPercent: 10 },
          totalWithDeferral: { measure: 'totalWithDeferral', ownValue: 171_000, percentileRank: 41, diffFromMedianPercent: -5 },
          fixedSalary: null,
          annualBonus: null,
          deferredCompensation: null,
        }
      : null,
  creditsLeft: status === 'ok' ? 9 : null,
  ...extra,
});

const OK = answer('ok', { historyId: 'hist0000000000000000000002' });
const NOT_ENOUGH = answer('not-enough-data', { reasonCode: 'NOT_ENOUGH_DATA' });
const REFUSED = answer('refused', { reasonCode: 'DIFFERENCING_RISK', reasonFilter: 'gender', countLabel: '37', count: 37 });

const ENOUGH: CountResult = { count: 120, countLabel: '120', enough: true };
const TOO_FEW: CountResult = { count: null, countLabel: '<5', enough: false };

const httpFailure = (status: number, errorCode: string | null): ComparisonFailure => ({
  ok: false,
  status,
  value: null,
  reason: 'http',
  body: errorCode ? { error: errorCode, errorCode } : { error: 'Internal server error' },
  errorCode,
  request: { method: 'POST', path: '/forms/comparation' },
});
const OFFLINE: ComparisonFailure = { ok: false, status: 0, value: null, reason: 'network', body: null, errorCode: null, request: null };
const NO_CREDITS = httpFailure(402, 'INSUFFICIENT_CREDITS');
const SERVER_ERROR = httpFailure(500, null);
const GONE = httpFailure(404, 'NOT_FOUND');

const FRESH: StartingPoint = { filters: {} };
/** "Ver mi comparativa": the person's own group, widened in this order while under the threshold. */
const OWN_GROUP: StartingPoint = {
  filters: { year: 2025, country: 'es', sector: 'banking', positionLevel: 'director' },
  widen: ['sector', 'country', 'positionLevel'],
};
const SAVED: StartingPoint = { filters: { year: 2025, sector: 'banking' }, historyId: HISTORY_ID };

const SET_SECTOR = { type: 'comparison.setFilter', field: 'sector', value: 'energy' } as const;

// ───────────────────────────── graph ─────────────────────────────

// What changes behaviour or what the page shows: the state, whether the count allows a search, whether a
// saved search is being re-opened, and whether an earlier result is still on screen.
const serializeState = (s: MachineSnapshot<ComparisonMachine>) =>
  JSON.stringify({
    value: s.value,
    enough: s.matches({ editing: 'ready' }) ? s.context.count?.enough : undefined,
    reopening: s.context.historyId !== null,
    shownResult: s.context.result?.status === 'ok',
    dropped: s.context.dropped.length,
    ownGroup: s.context.widen !== null,
  });

const graph = machineGraph({
  machine: comparisonMachine,
  input: { searchKeyPrefix: KEY_PREFIX },
  serializeState,
  events: eventsWithFixtures<ComparisonEvent>(
    {
      'comparison.setFilter': [SET_SECTOR],
      'comparison.setDeferred': [{ type: 'comparison.setDeferred', include: true }],
      'comparison.setCredits': [{ type: 'comparison.setCredits', credits: 3 }],
    },
    {
      outputs: {
        loadStartingPoint: [FRESH, SAVED, OWN_GROUP],
        countOwnGroup: [ENOUGH, TOO_FEW],
        countResults: [ENOUGH, TOO_FEW],
        runComparison: [OK, NOT_ENOUGH, REFUSED],
      },
      errors: { loadStartingPoint: [GONE], countResults: [OFFLINE], countOwnGroup: [OFFLINE], runComparison: [NO_CREDITS, SERVER_ERROR] },
    },
  ),
});

// ───────────────────────────── the world ─────────────────────────────

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<ComparisonMachine> {
  clock: SimulatedClock;
  loading: Pending<StartingPoint> | null;
  counting: Pending<CountResult> | null;
  searching: Pending<ComparisonResult> | null;
  countCalls: Array<{ input: CountRequestInput; signal: AbortSignal }>;
  searchCalls: ComparisonRequestInput[];
  emitted: ComparisonEmitted[];
  /** The filters the gestures of the walk produced: the starting point's, then each change. */
  filters: PeerGroupFilters;
  /** The saved search the walk opened, until a gesture changes the filters. */
  reopening: string | null;
  /** How the last count and search were answered by the walk. */
  lastCount: CountResult | null;
  lastAnswer: ComparisonResult | null;
  lastFailure: ComparisonFailure | null;
  /** Number of new (not retried, not re-opened) searches the walk asked for. */
  newSearches: number;
  /** The count request a filter change interrupted, if the last change came while counting. */
  interruptedCount: { input: CountRequestInput; signal: AbortSignal } | null;
  /** The own group's filters the walk expects dropped (its too-small counts), in order. */
  dropped: string[];
  /** The widening order of the own group the walk opened; null otherwise or once the person changes a filter. */
  widen: string[] | null;
  /** The session storage of the credit gate the page connects (machines/creditGate/connect.ts). */
  gateStorage: Storage;
  /** What the gate handed the page for the 402's warning and /my-account. */
  toCredits: CallFailure[];
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

function pending<T>(world: World, slot: 'loading' | 'counting' | 'searching'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    (world[slot] as Pending<T> | null) = { resolve, reject };
  });
}

function createWorld(): World {
  const world = {
    clock: new SimulatedClock(),
    loading: null,
    counting: null,
    searching: null,
    countCalls: [],
    searchCalls: [],
    emitted: [],
    filters: {},
    reopening: null,
    lastCount: null,
    lastAnswer: null,
    lastFailure: null,
    newSearches: 0,
    interruptedCount: null,
    dropped: [],
    widen: null,
    gateStorage: memoryStorage(),
    toCredits: [],
  } as Omit<World, 'actor'> as World;
  const machine = comparisonMachine.provide({
    actors: {
      loadStartingPoint: fromPromise<StartingPoint>(() => pending(world, 'loading')),
      countResults: fromPromise<CountResult, CountRequestInput>(({ input, signal }) => {
        world.countCalls.push({ input, signal });
        return pending(world, 'counting');
      }),
      runComparison: fromPromise<ComparisonResult, ComparisonRequestInput>(({ input }) => {
        world.searchCalls.push(input);
        return pending(world, 'searching');
      }),
    },
    delays: { countDebounce: DEBOUNCE_MS },
  });
  world.actor = createActor(machine, { input: { searchKeyPrefix: KEY_PREFIX }, clock: world.clock });
  world.actor.on('*', (event) => world.emitted.push(event));
  // The credit gate as /comparison connects it.
  const gate = createActor(creditGateMachine.provide({ actors: creditGateActors(() => world.gateStorage) })).start();
  connectComparisonToGate(world.actor, gate, { path: '/comparison', toCredits: (failure) => world.toCredits.push(failure) });
  return world;
}

const filterChanged = (world: World, filters: PeerGroupFilters) => {
  world.interruptedCount = world.actor.getSnapshot().matches({ editing: 'counting' }) ? world.countCalls.at(-1)! : null;
  world.filters = filters;
  world.reopening = null;
  world.lastCount = null;
  world.widen = null;
  world.dropped = [];
};

const executors = {
  'comparison.setFilter': (world, event) => {
    filterChanged(world, withFilter(world.filters, event.field, event.value));
    send(world, event);
  },
  'comparison.clearFilters': (world, event) => {
    filterChanged(world, {});
    send(world, event);
  },
  'comparison.search': (world, event) => {
    world.newSearches += 1;
    send(world, event);
  },
  'comparison.retry': send,
  'comparison.setDeferred': send,
  'comparison.setCredits': send,
} satisfies EventExecutors<ComparisonEvent, World>;

const driver = actorDriver<ComparisonMachine, World>({
  start: createWorld,
  executors,
  frameworkExecutors: {
    'xstate.done.actor.loadStartingPoint': (world, event) => {
      const start = event.output as StartingPoint;
      world.filters = start.filters;
      world.reopening = start.historyId ?? null;
      world.widen = start.widen ?? null;
      world.dropped = [];
      world.loading!.resolve(start);
    },
    'xstate.error.actor.loadStartingPoint': (world, event) => {
      world.lastFailure = event.error as ComparisonFailure;
      world.loading!.reject(event.error);
    },
    'xstate.done.actor.countOwnGroup': (world, event) => {
      const count = event.output as CountResult;
      world.lastCount = count;
      if (count.enough) world.newSearches += 1;
      else {
        // Too few: the next filter of the order that the group still has is left out.
        const next = world.widen!.find((field) => field in world.filters);
        if (next) {
          const { [next as keyof PeerGroupFilters]: _left, ...rest } = world.filters;
          world.filters = rest;
          world.dropped = [...world.dropped, next];
        }
      }
      world.counting!.resolve(count);
    },
    'xstate.error.actor.countOwnGroup': (world, event) => {
      world.lastFailure = event.error as ComparisonFailure;
      world.counting!.reject(event.error);
    },
    'xstate.done.actor.countResults': (world, event) => {
      world.lastCount = event.output as CountResult;
      world.counting!.resolve(world.lastCount);
    },
    'xstate.error.actor.countResults': (world, event) => {
      world.lastFailure = event.error as ComparisonFailure;
      world.counting!.reject(event.error);
    },
    'xstate.done.actor.runComparison': (world, event) => {
      world.lastAnswer = event.output as ComparisonResult;
      world.searching!.resolve(world.lastAnswer);
    },
    'xstate.error.actor.runComparison': (world, event) => {
      world.lastFailure = event.error as ComparisonFailure;
      world.searching!.reject(event.error);
    },
    'xstate.after.countDebounce.comparison.editing.waiting': (world) => world.clock.increment(DEBOUNCE_MS),
  },
  serializeState,
});

// ───────────────────────────── what each state shows ─────────────────────────────

const lastSearch = (world: World) => world.searchCalls.at(-1)!;

const assertions = {
  preparing: (world, snapshot) => {
    const view = comparisonView(snapshot);
    expect(view.phase).toBe('preparing');
    expect(view.panel).toMatchObject({ locked: true, canSearch: false, count: { status: 'pending' } });
    expect(world.loading).not.toBeNull();
  },
  widening: (world, snapshot) => {
    expect(comparisonView(snapshot).phase).toBe('searching');
    expect(filterPanelView(snapshot)).toMatchObject({ locked: true, canSearch: false, filters: world.filters });
    // Each count asks for the group as widened so far.
    expect(world.countCalls.at(-1)!.input).toEqual({ filters: world.filters });
    expect(snapshot.context.dropped).toEqual(world.dropped);
  },
  unavailable: (world, snapshot) => {
    expect(comparisonView(snapshot).phase).toBe('unavailable');
    expect(failureView(snapshot)).toMatchObject({ during: 'preparing', notFound: world.lastFailure?.status === 404, canRetry: true });
    expect(filterPanelView(snapshot).locked).toBe(true);
  },
  editing: (world, snapshot) => {
    const panel = filterPanelView(snapshot);
    expect(comparisonView(snapshot).phase).toBe('editing');
    expect(panel.filters).toEqual(world.filters);
    expect(panel.locked).toBe(false);
    // An earlier answer stays on screen, marked as no longer answering the filters.
    const result = resultView(snapshot);
    if (world.lastAnswer?.status === 'ok') expect(result).toMatchObject({ stale: true, countLabel: world.lastAnswer.countLabel });
    else expect(result).toBeNull();
  },
  'editing.waiting': (world, snapshot) => {
    expect(filterPanelView(snapshot)).toMatchObject({ canSearch: false, count: { status: 'pending', label: null } });
    expect(snapshot.hasTag('counting')).toBe(true);
    // The count of the previous filters, if it was still running, was cancelled.
    if (world.interruptedCount) expect(world.interruptedCount.signal.aborted).toBe(true);
  },
  'editing.counting': (world, snapshot) => {
    expect(filterPanelView(snapshot)).toMatchObject({ canSearch: false, count: { status: 'pending' } });
    expect(world.countCalls.at(-1)!.input).toEqual({ filters: world.filters });
    expect(world.countCalls.at(-1)!.signal.aborted).toBe(false);
  },
  'editing.ready': (world, snapshot) => {
    const count = world.lastCount!;
    expect(filterPanelView(snapshot)).toMatchObject({
      canSearch: count.enough,
      count: { status: 'known', label: count.countLabel, count: count.count, enough: count.enough },
    });
  },
  'editing.countFailed': (_world, snapshot) => {
    expect(filterPanelView(snapshot)).toMatchObject({ canSearch: true, canRecount: true, count: { status: 'failed' } });
    expect(failureView(snapshot)).toMatchObject({ during: 'count', offline: true });
  },
  searching: (world, snapshot) => {
    expect(filterPanelView(snapshot)).toMatchObject({ locked: true, searching: true, canSearch: false });
    const call = lastSearch(world);
    expect(call.filters).toEqual(world.filters);
    expect(call.historyId).toBe(world.reopening);
    // A new search gets a new key; a retry repeats the key of the search it retries.
    expect(call.idempotencyKey).toBe(`${KEY_PREFIX}-${world.newSearches}`);
  },
  answered: (_world, snapshot) => {
    // Every answer (figures, withheld, no credits, failed) is left by changing the filters.
    expect(snapshot.can({ type: 'comparison.clearFilters' })).toBe(true);
    expect(filterPanelView(snapshot).locked).toBe(false);
  },
  'answered.result': (world, snapshot) => {
    const view = resultView(snapshot)!;
    expect(comparisonView(snapshot).phase).toBe('result');
    expect(view).toMatchObject({ stale: false, countLabel: '120', year: 2025, currency: 'EUR', creditsLeft: 9, filters: world.lastAnswer!.filters });
    // The release it comes from and every figure published.
    expect(view).toMatchObject({ release: { sequence: 4, cutAt: RELEASE.cutAt }, detail: 'full', countsFromNextRelease: false });
    expect(view.headline.measure).toBe(snapshot.context.includeDeferred ? 'totalWithDeferral' : 'totalWithoutDeferral');
    expect(view.headline.position).toMatchObject({ estimated: false, percentileRank: snapshot.context.includeDeferred ? 41 : 68 });
    expect(view.reopened).toBe(world.reopening !== null && world.lastAnswer?.historyId === world.reopening);
    // The own group says which filters it left out to reach the threshold.
    expect(view).toMatchObject({ ownGroup: world.widen !== null, droppedFilters: world.dropped, showsPosition: true });
    expect(world.emitted.at(-1)).toEqual({ type: 'comparison.searched', creditsLeft: 9 });
    expect(filterPanelView(snapshot).canSearch).toBe(false);
  },
  'answered.withheld': (world, snapshot) => {
    expect(comparisonView(snapshot).phase).toBe('withheld');
    expect(resultView(snapshot)).toBeNull();
    expect(world.emitted.at(-1)).toEqual({ type: 'comparison.searched', creditsLeft: null });
  },
  'answered.withheld.notEnoughData': (_world, snapshot) => {
    expect(withheldView(snapshot)).toEqual({
      status: 'not-enough-data',
      reasonKey: 'comparison.reasons.NOT_ENOUGH_DATA',
      reasonFilter: null,
      countLabel: '<5',
    });
  },
  'answered.withheld.refused': (_world, snapshot) => {
    expect(withheldView(snapshot)).toEqual({ status: 'refused', reasonKey: 'comparison.reasons.DIFFERENCING_RISK', reasonFilter: 'gender', countLabel: '37' });
  },
  'answered.creditGate': (world, snapshot) => {
    expect(comparisonView(snapshot).phase).toBe('creditGate');
    expect(world.emitted.at(-1)).toEqual({ type: 'comparison.creditsExhausted', failure: NO_CREDITS });
    // The credit gate keeps the refused search for the way back (stored at once: the page is left right after).
    expect(readPendingSearch(world.gateStorage)).toEqual({ path: '/comparison', filters: normaliseFilters(world.filters) });
    expect(failureView(snapshot)).toMatchObject({ during: 'search', status: 402, errorCode: 'INSUFFICIENT_CREDITS', canRetry: false });
  },
  'answered.failed': (world, snapshot) => {
    expect(comparisonView(snapshot).phase).toBe('failed');
    expect(world.emitted.at(-1)).toEqual({ type: 'comparison.searchFailed', failure: SERVER_ERROR });
    expect(failureView(snapshot)).toMatchObject({ during: 'search', status: 500, canRetry: true, formRequired: false });
    // Retrying keeps the filters.
    expect(filterPanelView(snapshot).filters).toEqual(world.filters);
  },
} satisfies StateAssertions<ComparisonMachine, World>;

describeMachinePaths('comparison paths', {
  graph,
  driver,
  assertions,
  generators: ['shortest', 'transitions'],
  journeys: [
    graph.pathFromEvents('a failed search is retried with the same filters and the same key, then answers', [
      { type: 'xstate.done.actor.loadStartingPoint', output: FRESH } as never,
      { type: 'xstate.done.actor.countResults', output: ENOUGH } as never,
      { type: 'comparison.search' },
      { type: 'xstate.error.actor.runComparison', error: SERVER_ERROR } as never,
      { type: 'comparison.retry' },
      { type: 'xstate.done.actor.runComparison', output: OK } as never,
    ]),
  ],
});

// ───────────────────────────── behaviour ─────────────────────────────

describe('comparison behaviour', () => {
  async function settled(world: World) {
    // Lets injected promises and the actor's reactions run.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    return world.actor.getSnapshot();
  }

  async function startedWorld(start: StartingPoint = FRESH) {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(start);
    await settled(world);
    return world;
  }

  it('own group: widens by dropping sector, then country, then position level, and stops when nothing is left', async () => {
    const world = await startedWorld(OWN_GROUP);
    for (const expected of [
      { year: 2025, country: 'es', sector: 'banking', positionLevel: 'director' },
      { year: 2025, country: 'es', positionLevel: 'director' },
      { year: 2025, positionLevel: 'director' },
      { year: 2025 },
    ]) {
      expect(world.countCalls.at(-1)!.input.filters).toEqual(expected);
      world.counting!.resolve(TOO_FEW);
      await settled(world);
    }
    expect(world.countCalls).toHaveLength(4);
    expect(world.searchCalls).toEqual([]);
    expect(world.actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
    expect(world.actor.getSnapshot().context.dropped).toEqual(['sector', 'country', 'positionLevel']);
  });

  it('own group: compared at once when large enough, naming the filters dropped on the way', async () => {
    const world = await startedWorld(OWN_GROUP);
    world.counting!.resolve(TOO_FEW);
    await settled(world);
    world.counting!.resolve(ENOUGH);
    await settled(world);
    expect(world.searchCalls).toEqual([
      { filters: { year: 2025, country: 'es', positionLevel: 'director' }, historyId: null, idempotencyKey: `${KEY_PREFIX}-1` },
    ]);
    world.searching!.resolve(OK);
    await settled(world);
    expect(resultView(world.actor.getSnapshot())).toMatchObject({ ownGroup: true, droppedFilters: ['sector'] });
    // The person takes over: the widening note goes.
    world.actor.send(SET_SECTOR);
    expect(resultView(world.actor.getSnapshot())).toMatchObject({ ownGroup: false, droppedFilters: [] });
  });

  it('a corporate user at 0 credits cannot start a search; a search spending the last credit disables the next one', async () => {
    const machine = comparisonMachine.provide({
      actors: {
        loadStartingPoint: fromPromise<StartingPoint>(async () => FRESH),
        countResults: fromPromise<CountResult, CountRequestInput>(async () => ENOUGH),
        runComparison: fromPromise<ComparisonResult, ComparisonRequestInput>(async () => ({ ...OK, position: null, creditsLeft: 0 })),
      },
      delays: { countDebounce: 0 },
    });
    const broke = createActor(machine, { input: { searchKeyPrefix: KEY_PREFIX, credits: 0, comparesOwnPay: false } }).start();
    await waitFor(broke, (s) => s.matches({ editing: 'ready' }));
    expect(filterPanelView(broke.getSnapshot())).toMatchObject({ canSearch: false, outOfCredits: true });
    // Credits bought elsewhere: the button comes back.
    broke.send({ type: 'comparison.setCredits', credits: 1 });
    expect(filterPanelView(broke.getSnapshot())).toMatchObject({ canSearch: true, outOfCredits: false });
    broke.send({ type: 'comparison.search' });
    await waitFor(broke, (s) => s.hasTag('result'));
    // A corporate result has no position block (and so no call to fill in a questionnaire).
    expect(resultView(broke.getSnapshot())).toMatchObject({ showsPosition: false, creditsLeft: 0 });
    broke.send(SET_SECTOR);
    await waitFor(broke, (s) => s.matches({ editing: 'ready' }));
    expect(filterPanelView(broke.getSnapshot())).toMatchObject({ canSearch: false, outOfCredits: true });
  });

  it('opens on the filters of its input at once: editing from the first state, nothing loaded, then counted', async () => {
    let loads = 0;
    const counted: CountRequestInput[] = [];
    const machine = comparisonMachine.provide({
      actors: {
        loadStartingPoint: fromPromise<StartingPoint>(async () => {
          loads += 1;
          return FRESH;
        }),
        countResults: fromPromise<CountResult, CountRequestInput>(async ({ input }) => {
          counted.push(input);
          return ENOUGH;
        }),
      },
      delays: { countDebounce: 0 },
    });
    const opensOn = { sector: 'banking' };
    const actor = createActor(machine, { input: { searchKeyPrefix: KEY_PREFIX, opensOn } });
    // Before it starts, the page's first render already reads a ready panel, not a loading one.
    expect(actor.getSnapshot().matches({ editing: 'counting' })).toBe(true);
    expect(filterPanelView(actor.getSnapshot())).toMatchObject({ filters: opensOn, locked: false });
    actor.start();
    await waitFor(actor, (s) => s.matches({ editing: 'ready' }));
    expect(loads).toBe(0);
    expect(counted).toEqual([{ filters: opensOn }]);
    // Without it, the comparison loads where it starts.
    const loading = createActor(machine, { input: { searchKeyPrefix: KEY_PREFIX } });
    expect(loading.getSnapshot().matches('preparing')).toBe(true);
    loading.start();
    await waitFor(loading, (s) => s.matches({ editing: 'ready' }));
    expect(loads).toBe(1);
  });

  describe('a search resumed after buying credits (searchOnOpen)', () => {
    /** A comparison opened on the kept search's filters, with counts and searches answered by `answers`. */
    function resumed(count: CountResult, credits: number | null = 10) {
      const searches: ComparisonRequestInput[] = [];
      const counts: CountRequestInput[] = [];
      const machine = comparisonMachine.provide({
        actors: {
          countResults: fromPromise<CountResult, CountRequestInput>(async ({ input }) => {
            counts.push(input);
            return count;
          }),
          runComparison: fromPromise<ComparisonResult, ComparisonRequestInput>(async ({ input }) => {
            searches.push(input);
            return { ...OK, creditsLeft: 9 };
          }),
        },
        delays: { countDebounce: 0 },
      });
      const opensOn = { country: 'es' } as const;
      const actor = createActor(machine, { input: { searchKeyPrefix: KEY_PREFIX, opensOn, credits, comparesOwnPay: false, searchOnOpen: true } });
      return { actor, searches, counts, opensOn };
    }

    it('runs by itself once the first count allows it: one new search, with the kept filters', async () => {
      const { actor, searches, opensOn } = resumed(ENOUGH);
      const emitted: ComparisonEmitted[] = [];
      actor.on('*', (event) => emitted.push(event));
      actor.start();
      await waitFor(actor, (s) => s.hasTag('result'));
      expect(searches).toEqual([{ filters: opensOn, historyId: null, idempotencyKey: `${KEY_PREFIX}-1` }]);
      expect(emitted).toContainEqual({ type: 'comparison.searched', creditsLeft: 9 });
      expect(actor.getSnapshot().context.searchOnOpen).toBe(false);
    });

    it('does not run when the group is too small or no credit is left: the person sees the count and chooses', async () => {
      for (const [count, credits] of [
        [TOO_FEW, 10],
        [ENOUGH, 0],
      ] as const) {
        const { actor, searches } = resumed(count, credits);
        actor.start();
        await waitFor(actor, (s) => s.matches({ editing: 'ready' }));
        expect(searches).toEqual([]);
        expect(actor.getSnapshot().context.searchOnOpen).toBe(false);
      }
    });

    it('runs only on the first count: after a filter change the person searches', async () => {
      const { actor, searches, counts } = resumed(ENOUGH);
      actor.start();
      // Changed before the first count answered: the resumed search is no longer the one on screen.
      actor.send({ type: 'comparison.setFilter', field: 'sector', value: 'banking' });
      await waitFor(actor, (s) => s.matches({ editing: 'ready' }) && counts.length > 0 && s.context.count !== null);
      expect(searches).toEqual([]);
      expect(actor.getSnapshot().context.searchOnOpen).toBe(false);
    });
  });

  it('waits for a pause in typing: only the last of several quick changes is counted', async () => {
    const world = await startedWorld();
    world.counting!.resolve(ENOUGH);
    await settled(world);
    world.actor.send({ type: 'comparison.setFilter', field: 'sector', value: 'banking' });
    world.clock.increment(DEBOUNCE_MS - 1);
    world.actor.send({ type: 'comparison.setFilter', field: 'country', value: 'es' });
    world.clock.increment(DEBOUNCE_MS - 1);
    world.actor.send({ type: 'comparison.setFilter', field: 'positionLevel', value: 'director' });
    expect(world.countCalls).toHaveLength(1);
    world.clock.increment(DEBOUNCE_MS);
    expect(world.countCalls).toHaveLength(2);
    expect(world.countCalls[1].input.filters).toEqual({ sector: 'banking', country: 'es', positionLevel: 'director' });
  });

  it('cancels a stale count: its late answer never lands', async () => {
    const world = await startedWorld();
    const stale = world.counting!;
    const staleSignal = world.countCalls[0].signal;
    world.actor.send({ type: 'comparison.setFilter', field: 'sector', value: 'banking' });
    expect(staleSignal.aborted).toBe(true);
    stale.resolve({ count: 3_000, countLabel: '3000', enough: true });
    const snapshot = await settled(world);
    expect(filterPanelView(snapshot).count).toEqual({ status: 'pending', count: null, label: null, enough: null });
  });

  it('opens a saved search at once, free (isHistory), and makes the next search a new one', async () => {
    const world = await startedWorld(SAVED);
    expect(world.actor.getSnapshot().value).toBe('searching');
    expect(world.searchCalls[0]).toEqual({ filters: SAVED.filters, historyId: HISTORY_ID, idempotencyKey: `${KEY_PREFIX}-0` });
    world.searching!.resolve({ ...OK, historyId: HISTORY_ID });
    expect(resultView(await settled(world))!.reopened).toBe(true);

    world.actor.send({ type: 'comparison.setFilter', field: 'year', value: 2024 });
    world.clock.increment(DEBOUNCE_MS);
    world.counting!.resolve(ENOUGH);
    await settled(world);
    world.actor.send({ type: 'comparison.search' });
    expect(world.searchCalls[1]).toEqual({ filters: { year: 2024, sector: 'banking' }, historyId: null, idempotencyKey: `${KEY_PREFIX}-1` });
  });

  it('the with/without deferred switch changes the measures and the headline position, in any state', async () => {
    const world = await startedWorld();
    world.counting!.resolve(ENOUGH);
    await settled(world);
    world.actor.send({ type: 'comparison.search' });
    world.searching!.resolve(OK);
    let view = resultView(await settled(world))!;
    expect(view.measures.map((m) => m.measure)).toEqual(['totalWithoutDeferral', 'fixedSalary', 'annualBonus']);
    world.actor.send({ type: 'comparison.setDeferred', include: true });
    view = resultView(world.actor.getSnapshot())!;
    expect(view.includeDeferred).toBe(true);
    expect(view.measures.map((m) => m.measure)).toEqual(['totalWithDeferral', 'fixedSalary', 'annualBonus', 'deferredCompensation']);
    expect(view.headline.position).toMatchObject({ percentileRank: 41, diffFromMedianPercent: -5 });
    world.actor.send({ type: 'comparison.setFilter', field: 'sector', value: 'energy' });
    world.actor.send({ type: 'comparison.setDeferred', include: false });
    expect(resultView(world.actor.getSnapshot())).toMatchObject({ stale: true, includeDeferred: false });
  });

  it('marks an admin’s subject on the result with estimated positions, never the admin’s own', async () => {
    const subject = {
      formId: 'form000000000000000000001',
      label: 'someone@example.com',
      figures: { fixedSalary: 130_000, annualBonus: 30_000, deferredCompensation: 0, totalWithoutDeferral: 160_000, totalWithDeferral: 160_000 },
      currency: 'EUR',
    };
    const world = await startedWorld({ filters: { sector: 'banking' }, subject });
    world.counting!.resolve(ENOUGH);
    await settled(world);
    world.actor.send({ type: 'comparison.search' });
    world.searching!.resolve({ ...OK, position: null });
    const view = resultView(await settled(world))!;
    expect(view.subjectLabel).toBe('someone@example.com');
    expect(view.headline.position).toEqual({
      measure: 'totalWithoutDeferral',
      ownValue: 160_000,
      percentileRank: 50,
      diffFromMedianPercent: 0,
      estimated: true,
    });
  });

  async function answered(result: ComparisonResult, start: StartingPoint = FRESH) {
    const world = await startedWorld(start);
    world.counting!.resolve(ENOUGH);
    await settled(world);
    world.actor.send({ type: 'comparison.search' });
    world.searching!.resolve(result);
    return resultView(await settled(world))!;
  }

  it('a group too small for quartiles shows its mean only, and says a position waits for a larger group', async () => {
    const meanOnly = (mean: number): Statistic => ({ n: 10, mean, p10: null, p25: null, p50: null, p75: null, p90: null, medianCi: null });
    const small: Measures = {
      fixedSalary: meanOnly(130_000),
      annualBonus: meanOnly(30_000),
      deferredCompensation: meanOnly(20_000),
      totalWithoutDeferral: meanOnly(160_000),
      totalWithDeferral: meanOnly(180_000),
    };
    const noPositions = { totalWithoutDeferral: null, totalWithDeferral: null, fixedSalary: null, annualBonus: null, deferredCompensation: null };
    const view = await answered({ ...OK, count: 10, countLabel: '10', measures: small, position: noPositions });
    expect(view.detail).toBe('mean');
    expect(view.headline).toMatchObject({ detail: 'mean', position: null, positionWithheld: true });
    // Without a form (no positions at all) there is nothing withheld: the page invites to the questionnaire.
    expect((await answered({ ...OK, measures: small, position: null })).headline.positionWithheld).toBe(false);
  });

  it('knows when the marked form changed after the release was cut (its answers count from the next one)', async () => {
    const after = { surveyYear: 2025, completed: true, updatedAt: '2026-11-23T03:00:00.001Z' };
    expect((await answered({ ...OK, ownForm: after })).countsFromNextRelease).toBe(true);
    expect((await answered({ ...OK, ownForm: { ...after, updatedAt: '2026-11-22T23:00:00.000Z' } })).countsFromNextRelease).toBe(false);
    expect((await answered({ ...OK, release: null, ownForm: after })).countsFromNextRelease).toBe(false);
    // An admin's subject: their form's stamp decides, never the admin's own.
    const subject = {
      formId: 'form000000000000000000001',
      label: 'someone@example.com',
      figures: { fixedSalary: 130_000, annualBonus: 30_000, deferredCompensation: 0, totalWithoutDeferral: 160_000, totalWithDeferral: 160_000 },
      currency: 'EUR',
      stamp: after,
    };
    expect((await answered({ ...OK, position: null, ownForm: null }, { filters: {}, subject })).countsFromNextRelease).toBe(true);
  });

  it('a 402 keeps the search, then leads to the credits with the warning toast (8 s) and /my-account, like every paid view', async () => {
    const world = await startedWorld({ filters: { sector: 'banking' } });
    world.counting!.resolve(ENOUGH);
    await settled(world);
    world.actor.send({ type: 'comparison.search' });
    world.searching!.reject(NO_CREDITS);
    expect(comparisonView(await settled(world)).phase).toBe('creditGate');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(world.toCredits).toEqual([NO_CREDITS]);
    expect(readPendingSearch(world.gateStorage)).toEqual({ path: '/comparison', filters: normaliseFilters({ sector: 'banking' }) });
    // What the app does with it: the error catalogue's warning, then /my-account (src/web/components/paidSearch/useCreditGateSearch.ts).
    expect(errorCatalogue(NO_CREDITS.request, NO_CREDITS.status, NO_CREDITS.body)).toEqual({
      kind: 'toast',
      status: 'warning',
      durationMs: INSUFFICIENT_CREDITS_TOAST_MS,
      titleKey: 'errors.insufficient_credits.title',
      textKey: 'errors.insufficient_credits.message',
      navigateTo: INSUFFICIENT_CREDITS_PAGE,
    });
    // Any other failure stays on the page (its panel), with nothing kept.
    const other = await startedWorld();
    other.counting!.resolve(ENOUGH);
    await settled(other);
    other.actor.send({ type: 'comparison.search' });
    other.searching!.reject(SERVER_ERROR);
    await settled(other);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(other.toCredits).toEqual([]);
    expect(readPendingSearch(other.gateStorage)).toBeNull();
  });

  it('a saved search re-opened neither settles the search waiting for credits nor waits itself; refused, it goes to the credits', async () => {
    const world = createWorld();
    const storage = memoryStorage();
    storage.setItem(PENDING_SEARCH_KEY, JSON.stringify({ path: '/comparison', filters: { country: 'es' } }));
    const gate = createActor(creditGateMachine.provide({ actors: creditGateActors(() => storage) })).start();
    const toCredits: CallFailure[] = [];
    connectComparisonToGate(world.actor, gate, { path: '/comparison', toCredits: (failure) => toCredits.push(failure), onlyRefused: true });
    world.actor.start();
    world.actor.send({ type: 'comparison.setCredits', credits: 0 });
    world.loading!.resolve(SAVED);
    await settled(world);
    world.searching!.resolve(OK);
    await settled(world);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(readPendingSearch(storage)).toEqual({ path: '/comparison', filters: normaliseFilters({ country: 'es' }) });
    // A new search from the saved one, refused: kept for /comparison, then the credits.
    world.actor.send({ type: 'comparison.setCredits', credits: 1 });
    world.actor.send(SET_SECTOR);
    world.clock.increment(DEBOUNCE_MS);
    world.counting!.resolve(ENOUGH);
    await settled(world);
    world.actor.send({ type: 'comparison.search' });
    world.searching!.reject(NO_CREDITS);
    await settled(world);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(toCredits).toEqual([NO_CREDITS]);
    expect(readPendingSearch(storage)).toEqual({ path: '/comparison', filters: normaliseFilters(withFilter(SAVED.filters, 'sector', 'energy')) });
  });

  it('a member without a completed form is pointed to the questionnaire', async () => {
    const world = await startedWorld();
    world.counting!.reject(httpFailure(403, 'FORM_REQUIRED'));
    const snapshot = await settled(world);
    expect(failureView(snapshot)).toMatchObject({ during: 'count', formRequired: true });
    expect(filterPanelView(snapshot).canSearch).toBe(false);
  });

  it('a search needs a large enough group when the count is known', async () => {
    const world = await startedWorld();
    world.counting!.resolve(TOO_FEW);
    const snapshot = await settled(world);
    expect(snapshot.can({ type: 'comparison.search' })).toBe(false);
    world.actor.send({ type: 'comparison.search' });
    expect(world.searchCalls).toEqual([]);
  });
});

// ───────────────────────────── the real effects ─────────────────────────────

describe('comparison actors', () => {
  const BASE = 'http://paybench.test/api';
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const FORM = {
    id: 'form000000000000000000001',
    userId: 'user000000000000000000001',
    surveyYear: 2025,
    status: 'completed' as const,
    completedSteps: [0, 1, 2, 3, 4],
    answers: { email: 'ana@example.com', fixedSalary: 130_000, annualBonus: 30_000 },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-23T09:30:00.000Z',
  };

  function fakeServer(comparison: ComparisonResult, lastForm: Response | (() => Response)) {
    const paths: string[] = [];
    const client = createApiClient({
      baseUrl: BASE,
      getAccessToken: () => 'token',
      fetch: async (request) => {
        const path = new URL(request.url).pathname.replace('/api', '');
        paths.push(`${request.method} ${path}`);
        if (path === '/forms/comparation') return json(200, comparison);
        return typeof lastForm === 'function' ? lastForm() : lastForm;
      },
    });
    return { client, paths };
  }

  const run = (client: ReturnType<typeof createApiClient>) =>
    toPromise(createActor(signedInComparisonActors(client).runComparison, { input: { filters: {}, historyId: null, idempotencyKey: 'key-00000001' } }).start());

  it('reads when the caller’s own form last changed only when the answer placed them in the group', async () => {
    const placed = fakeServer(OK, json(200, FORM));
    expect((await run(placed.client)).ownForm).toEqual({ surveyYear: 2025, completed: true, updatedAt: FORM.updatedAt });
    expect(placed.paths).toEqual(['POST /forms/comparation', 'GET /forms/last']);

    const notPlaced = fakeServer({ ...OK, position: null }, json(200, FORM));
    expect((await run(notPlaced.client)).ownForm).toBeUndefined();
    expect(notPlaced.paths).toEqual(['POST /forms/comparation']);
  });

  it('never fails a search because the own form could not be read', async () => {
    const failing = fakeServer(OK, json(500, { error: 'Internal server error' }));
    const answer = await run(failing.client);
    expect(answer).toMatchObject({ status: 'ok', ownForm: null });
  });

  it('an admin’s subject carries when their form last changed', () => {
    expect(subjectOf(FORM).subject?.stamp).toEqual({ surveyYear: 2025, completed: true, updatedAt: FORM.updatedAt });
  });
});
