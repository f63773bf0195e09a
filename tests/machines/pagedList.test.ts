// The paged-list machine (the credit ledger) walked along its graph against the real actor, with a fake
// for the one call: paging, loading with the old page kept, an empty list, a failure and its retry.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  providePagedList,
  type ListPage,
  type PageRequest,
  type PagedListEmitted,
  type PagedListEvent,
  type PagedListMachine,
} from '../../machines/pagedList/pagedListMachine';
import { pagedListView } from '../../machines/pagedList/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

interface Movement {
  id: string;
  delta: number;
}

const movement = (n: number): Movement => ({ id: `m${n}`, delta: n % 2 ? -1 : 10 });
const FIRST_PAGE: ListPage<Movement> = { items: [movement(1), movement(2)], page: 1, limit: 2, total: 3 };
const EMPTY: ListPage<Movement> = { items: [], page: 1, limit: 2, total: 0 };
const FAILURE: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: { error: 'Internal server error' }, errorCode: null, request: null };

const serializeState = (s: MachineSnapshot<PagedListMachine>) =>
  JSON.stringify({ value: s.value, page: s.context.page, total: s.context.data?.total ?? null });

const machine = providePagedList<Movement>(fromPromise(async () => FIRST_PAGE));

const graph = machineGraph({
  machine,
  input: { limit: 2 },
  serializeState,
  events: eventsWithFixtures<PagedListEvent>(
    { 'list.goToPage': [{ type: 'list.goToPage', page: 2 }] },
    { outputs: { loadPage: [FIRST_PAGE, EMPTY] }, errors: { loadPage: [FAILURE] } },
  ),
});

interface World extends ActorWorld<PagedListMachine> {
  loading: { resolve(page: ListPage<Movement>): void; reject(error: unknown): void } | null;
  loads: PageRequest[];
  emitted: PagedListEmitted[];
  /** The page the gestures asked for, and the last page the server answered. */
  askedPage: number;
  answered: ListPage<Movement> | null;
}

function createWorld(): World {
  const world = { loading: null, loads: [], emitted: [], askedPage: 1, answered: null } as Omit<World, 'actor'> as World;
  const logic = providePagedList<Movement>(
    fromPromise<ListPage<Movement>, PageRequest>(({ input }) => {
      world.loads.push(input);
      return new Promise((resolve, reject) => (world.loading = { resolve, reject }));
    }),
  );
  world.actor = createActor(logic, { input: { limit: 2 } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<PagedListMachine, World>({
  start: createWorld,
  executors: {
    'list.goToPage': (world, event) => {
      world.askedPage = event.page;
      send(world, event);
    },
    'list.retry': send,
    'list.reload': send,
  } satisfies EventExecutors<PagedListEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadPage': (world, event) => {
      world.answered = event.output as ListPage<Movement>;
      world.loading!.resolve(world.answered);
    },
    'xstate.error.actor.loadPage': (world, event) => world.loading!.reject(event.error),
  },
  serializeState,
});

const view = (snapshot: MachineSnapshot<PagedListMachine>) => pagedListView<Movement>(snapshot);

const assertions = {
  loading: (world, snapshot) => {
    expect(world.loads.at(-1)).toEqual({ page: world.askedPage, limit: 2 });
    expect(view(snapshot)).toMatchObject({ loading: true, canGoBack: false, canGoForward: false, canRetry: false });
    // The page answered before stays on screen while the next one loads.
    expect(view(snapshot).items).toEqual(world.answered?.items ?? []);
  },
  ready: (world, snapshot) => {
    const shown = view(snapshot);
    expect(shown).toMatchObject({ status: 'ready', loading: false, items: world.answered!.items, page: world.askedPage, pages: 2, total: 3 });
    expect(shown.canGoBack).toBe(world.askedPage > 1);
    expect(shown.canGoForward).toBe(world.askedPage < 2);
  },
  empty: (world, snapshot) => {
    expect(world.answered).toBe(EMPTY);
    expect(view(snapshot)).toMatchObject({ status: 'empty', items: [], pages: 1, canGoForward: false, canGoBack: false });
  },
  failed: (world, snapshot) => {
    expect(view(snapshot)).toMatchObject({ status: 'failed', loading: false, canRetry: true });
    expect(world.emitted.at(-1)).toEqual({ type: 'list.failed', failure: FAILURE });
  },
} satisfies StateAssertions<PagedListMachine, World>;

describeMachinePaths('pagedList paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('pagedList behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('never asks for a page outside the list, nor the one shown', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(FIRST_PAGE);
    await tick();
    for (const page of [0, 1, 3, 1.5, -2]) world.actor.send({ type: 'list.goToPage', page });
    expect(world.loads).toEqual([{ page: 1, limit: 2 }]);
  });

  it('retries the page that failed, not the first one', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(FIRST_PAGE);
    await tick();
    world.actor.send({ type: 'list.goToPage', page: 2 });
    world.loading!.reject(FAILURE);
    await tick();
    world.actor.send({ type: 'list.retry' });
    expect(world.loads).toEqual([
      { page: 1, limit: 2 },
      { page: 2, limit: 2 },
      { page: 2, limit: 2 },
    ]);
  });

  it('a thrown non-failure reads as a network failure', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.reject(new TypeError('boom'));
    await tick();
    expect(world.emitted).toEqual([{ type: 'list.failed', failure: expect.objectContaining({ ok: false, status: 0, reason: 'network' }) }]);
  });
});
