// The credit gate walked along its graph against the real actor with a fake storage; the real storage
// actors are tested on an in-memory Storage below.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { creditGateMachine, type CreditGateEmitted, type CreditGateEvent, type CreditGateMachine, type PendingSearch } from '../../machines/creditGate/creditGateMachine';
import { creditGateView } from '../../machines/creditGate/viewModel';
import { creditGateActors, PENDING_SEARCH_KEY, pendingSearchFilters, pendingSearchStart, readPendingSearch, takePendingSearch } from '../../machines/creditGate/actors';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const SEARCH: PendingSearch = { path: '/comparison', filters: { sector: 'banking', year: 2025 } };
const NEWER: PendingSearch = { path: '/comparison', filters: { country: 'ES' } };

const serializeState = (s: MachineSnapshot<CreditGateMachine>) => JSON.stringify({ value: s.value, pending: s.context.pending });

const graph = machineGraph({
  machine: creditGateMachine,
  serializeState,
  events: eventsWithFixtures<CreditGateEvent>(
    { 'creditGate.exhausted': [{ type: 'creditGate.exhausted', search: SEARCH }] },
    {
      outputs: { loadPendingSearch: [SEARCH, null], savePendingSearch: [undefined], clearPendingSearch: [undefined] },
      errors: { loadPendingSearch: [new Error('storage blocked')], savePendingSearch: [new Error('quota')], clearPendingSearch: [new Error('storage blocked')] },
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
}

function createWorld(): World {
  const world = { loading: null, saving: null, clearing: null, saved: [], held: null, emitted: [] } as Omit<World, 'actor'> as World;
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

const assertions = {
  loading: (_, snapshot) => expect(creditGateView(snapshot)).toMatchObject({ pending: false, canResume: false }),
  none: (_, snapshot) => expect(creditGateView(snapshot)).toMatchObject({ pending: false, filters: null, canResume: false }),
  saving: (world, snapshot) => {
    expect(world.saved.at(-1)).toEqual(world.held);
    expect(creditGateView(snapshot).canResume).toBe(false);
  },
  waiting: (world, snapshot) => expect(creditGateView(snapshot)).toMatchObject({ pending: true, ready: false, filters: world.held!.filters, canResume: true }),
  ready: (world, snapshot) => expect(creditGateView(snapshot)).toMatchObject({ pending: true, ready: true, filters: world.held!.filters, canResume: true }),
  returning: (world) => expect(world.emitted.at(-1)).toEqual({ type: 'creditGate.returnTo', path: world.held!.path }),
  discarding: (_, snapshot) => expect(creditGateView(snapshot)).toMatchObject({ pending: false, canResume: false }),
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
