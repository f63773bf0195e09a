// The credit gate walked along its graph against the real actor with a fake storage; the real storage
// actors are tested on an in-memory Storage below.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import {
  creditGateMachine,
  type CreditGateEmitted,
  type CreditGateEvent,
  type CreditGateMachine,
  type PendingSearch,
} from '../../machines/creditGate/creditGateMachine';
import { creditGateView } from '../../machines/creditGate/viewModel';
import {
  creditGateActors,
  PENDING_SEARCH_KEY,
  pendingSearchFilters,
  pendingSearchStart,
  readPendingSearch,
  takePendingSearch,
} from '../../machines/creditGate/actors';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const SEARCH: PendingSearch = { path: '/comparison', filters: { sector: 'banking', year: 2025 } };
const NEWER: PendingSearch = { path: '/comparison', filters: { country: 'ES' } };
const NO_CREDITS: CallFailure = {
  ok: false,
  status: 402,
  value: null,
  reason: 'http',
  body: { error: 'Insufficient credits', errorCode: 'INSUFFICIENT_CREDITS' },
  errorCode: 'INSUFFICIENT_CREDITS',
  request: { method: 'POST', path: '/forms/comparation' },
};

const serializeState = (s: MachineSnapshot<CreditGateMachine>) =>
  JSON.stringify({ value: s.value, pending: s.context.pending, refused: s.context.refusal !== null });

const graph = machineGraph({
  machine: creditGateMachine,
  serializeState,
  events: eventsWithFixtures<CreditGateEvent>(
    {
      'creditGate.exhausted': [{ type: 'creditGate.exhausted', search: SEARCH }],
      'creditGate.refused': [{ type: 'creditGate.refused', search: SEARCH, failure: NO_CREDITS }],
    },
    {
      outputs: { loadPendingSearch: [SEARCH, null], savePendingSearch: [undefined], saveRefusedSearch: [undefined], clearPendingSearch: [undefined] },
      errors: {
        loadPendingSearch: [new Error('storage blocked')],
        savePendingSearch: [new Error('quota')],
        saveRefusedSearch: [new Error('quota')],
        clearPendingSearch: [new Error('storage blocked')],
      },
    },
  ),
});

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<CreditGateMachine> {
  loading: Pending<PendingSearch | null> | null;
  saving: Pending<void> | null;
  clearing: Pending<void> | null;
  saved: PendingSearch[];
  /** The search the world holds: what was found at start or what the last gesture saved. */
  held: PendingSearch | null;
  emitted: CreditGateEmitted[];
  /** The 402 the walk's last gesture refused a search with, until the gate has kept the search (or could not). */
  refusal: CallFailure | null;
  /** The way to the credits the walk expects the page to have been told to take, in order (the 402's warning and /my-account). */
  toCredits: CallFailure[];
}

function createWorld(): World {
  const world = { loading: null, saving: null, clearing: null, saved: [], held: null, emitted: [], refusal: null, toCredits: [] } as Omit<
    World,
    'actor'
  > as World;
  const machine = creditGateMachine.provide({
    actors: {
      loadPendingSearch: fromPromise<PendingSearch | null>(() => new Promise((resolve, reject) => (world.loading = { resolve, reject }))),
      savePendingSearch: fromPromise<void, PendingSearch>(({ input }) => {
        world.saved.push(input);
        return new Promise((resolve, reject) => (world.saving = { resolve, reject }));
      }),
      clearPendingSearch: fromPromise<void>(() => new Promise((resolve, reject) => (world.clearing = { resolve, reject }))),
    },
  });
  world.actor = createActor(machine);
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const executors = {
  'creditGate.exhausted': (world, event) => {
    world.held = event.search;
    // A newer search replaces a refused one still being kept: that one no longer leads to the credits.
    world.refusal = null;
    send(world, event);
  },
  'creditGate.refused': (world, event) => {
    world.held = event.search;
    world.refusal = event.failure;
    send(world, event);
  },
  'creditGate.creditsAdded': send,
  'creditGate.resume': send,
  'creditGate.discard': send,
} satisfies EventExecutors<CreditGateEvent, World>;

const driver = actorDriver<CreditGateMachine, World>({
  start: createWorld,
  executors,
  frameworkExecutors: {
    'xstate.done.actor.loadPendingSearch': (world, event) => {
      world.held = event.output as PendingSearch | null;
      world.loading!.resolve(event.output as PendingSearch | null);
    },
    'xstate.error.actor.loadPendingSearch': (world, event) => world.loading!.reject(event.error),
    'xstate.done.actor.savePendingSearch': (world) => world.saving!.resolve(),
    // The refused search is kept: then (never before) the page is told to go to the credits.
    'xstate.done.actor.saveRefusedSearch': (world) => {
      world.toCredits.push(world.refusal!);
      world.refusal = null;
      world.saving!.resolve();
    },
    // It could not be kept: the person still goes to the credits, with no way back.
    'xstate.error.actor.saveRefusedSearch': (world, event) => {
      world.toCredits.push(world.refusal!);
      world.refusal = null;
      world.held = null;
      world.saving!.reject(event.error);
    },
    'xstate.error.actor.savePendingSearch': (world, event) => {
      world.held = null;
      world.saving!.reject(event.error);
    },
    'xstate.done.actor.clearPendingSearch': (world) => {
      world.held = null;
      world.clearing!.resolve();
    },
    'xstate.error.actor.clearPendingSearch': (world, event) => {
      world.held = null;
      world.clearing!.reject(event.error);
    },
  },
  serializeState,
});

/** The page was told to go to the credits exactly when the walk expects it: once per refused search, after keeping it. */
function expectToCredits(world: World) {
  const told = world.emitted.filter((event) => event.type === 'creditGate.toCredits');
  expect(told).toEqual(world.toCredits.map((failure) => ({ type: 'creditGate.toCredits', failure })));
}

const assertions = {
  loading: (world, snapshot) => {
    expect(creditGateView(snapshot)).toMatchObject({ pending: false, canResume: false });
    expectToCredits(world);
  },
  none: (world, snapshot) => {
    expect(creditGateView(snapshot)).toMatchObject({ pending: false, filters: null, canResume: false });
    expectToCredits(world);
  },
  saving: (world, snapshot) => {
    expect(world.saved.at(-1)).toEqual(world.held);
    expect(creditGateView(snapshot).canResume).toBe(false);
    expectToCredits(world);
  },
  refusing: (world, snapshot) => {
    // Kept first: the credits page must find the search when the person lands there.
    expect(world.saved.at(-1)).toEqual(world.held);
    expect(snapshot.context.refusal).toEqual(world.refusal);
    expect(creditGateView(snapshot).canResume).toBe(false);
    expectToCredits(world);
  },
  waiting: (world, snapshot) => {
    expect(creditGateView(snapshot)).toMatchObject({ pending: true, ready: false, filters: world.held!.filters, canResume: true });
    expectToCredits(world);
  },
  ready: (world, snapshot) => {
    expect(creditGateView(snapshot)).toMatchObject({ pending: true, ready: true, filters: world.held!.filters, canResume: true });
    expectToCredits(world);
  },
  returning: (world) => expect(world.emitted.at(-1)).toEqual({ type: 'creditGate.returnTo', path: world.held!.path, runSearch: true }),
  discarding: (world, snapshot) => {
    expect(creditGateView(snapshot)).toMatchObject({ pending: false, canResume: false });
    expectToCredits(world);
  },
} satisfies StateAssertions<CreditGateMachine, World>;

describeMachinePaths('creditGate paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

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

describe('creditGate storage', () => {
  it('keeps the refused search in session storage and hands it over exactly once', async () => {
    const storage = memoryStorage();
    const gate = createActor(creditGateMachine.provide({ actors: creditGateActors(() => storage) })).start();
    gate.send({ type: 'creditGate.exhausted', search: NEWER });
    // Written at once: the 402 leaves the page right after.
    expect(readPendingSearch(storage)).toEqual(NEWER);
    expect(takePendingSearch(storage)).toEqual(NEWER);
    expect(takePendingSearch(storage)).toBeNull();
  });

  it('a refused search (402) is stored before the page is told to go to the credits, and only once', async () => {
    const storage = memoryStorage();
    const gate = createActor(creditGateMachine.provide({ actors: creditGateActors(() => storage) }));
    const told: Array<{ failure: CallFailure; stored: PendingSearch | null }> = [];
    gate.on('creditGate.toCredits', (event) => told.push({ failure: event.failure, stored: readPendingSearch(storage) }));
    gate.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    gate.send({ type: 'creditGate.refused', search: NEWER, failure: NO_CREDITS });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(told).toEqual([{ failure: NO_CREDITS, stored: NEWER }]);
    expect(creditGateView(gate.getSnapshot())).toMatchObject({ pending: true, filters: NEWER.filters, canResume: true });
  });

  it('a refused search that cannot be stored still leads to the credits, with no way back', async () => {
    const full: Storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('quota');
      },
    };
    const gate = createActor(creditGateMachine.provide({ actors: creditGateActors(() => full) }));
    const told: CallFailure[] = [];
    gate.on('creditGate.toCredits', (event) => told.push(event.failure));
    gate.start();
    gate.send({ type: 'creditGate.refused', search: NEWER, failure: NO_CREDITS });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(told).toEqual([NO_CREDITS]);
    expect(creditGateView(gate.getSnapshot())).toMatchObject({ pending: false, canResume: false });
  });

  it('a page opened later finds the search and leads back to it', async () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_SEARCH_KEY, JSON.stringify(SEARCH));
    const gate = createActor(creditGateMachine.provide({ actors: creditGateActors(() => storage) }));
    const returns: string[] = [];
    gate.on('creditGate.returnTo', (event) => returns.push(event.path));
    gate.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    gate.send({ type: 'creditGate.creditsAdded' });
    expect(creditGateView(gate.getSnapshot())).toMatchObject({ ready: true, filters: SEARCH.filters });
    gate.send({ type: 'creditGate.resume' });
    expect(returns).toEqual(['/comparison']);
  });

  it('/comparison opens on the waiting search’s filters, read at once or through the starting-point actor alike', async () => {
    const storage = memoryStorage();
    expect(pendingSearchFilters(() => storage)).toEqual({});
    storage.setItem(PENDING_SEARCH_KEY, JSON.stringify(SEARCH));
    expect(pendingSearchFilters(() => storage)).toEqual(SEARCH.filters);
    await expect(toPromise(createActor(pendingSearchStart(() => storage)).start())).resolves.toEqual({ filters: SEARCH.filters });
    // Read, not taken: a reload leads to it again.
    expect(readPendingSearch(storage)).toEqual(SEARCH);
  });

  it('never returns to a path outside the comparison, nor reads broken data', () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_SEARCH_KEY, JSON.stringify({ path: 'https://evil.example/', filters: {} }));
    expect(readPendingSearch(storage)).toBeNull();
    storage.setItem(PENDING_SEARCH_KEY, '{not json');
    expect(readPendingSearch(storage)).toBeNull();
    storage.setItem(PENDING_SEARCH_KEY, JSON.stringify({ path: '/comparison', filters: ['x'] }));
    expect(readPendingSearch(storage)).toBeNull();
  });

  it('discarding forgets the stored search', async () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_SEARCH_KEY, JSON.stringify(SEARCH));
    const gate = createActor(creditGateMachine.provide({ actors: creditGateActors(() => storage) })).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    gate.send({ type: 'creditGate.discard' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(readPendingSearch(storage)).toBeNull();
    expect(creditGateView(gate.getSnapshot()).pending).toBe(false);
  });
});
