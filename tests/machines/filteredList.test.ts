// The filtered list (admin users and forms) walked along its graph against the real actor, with a fake for
// the one call: filters that start over at page 1, paging, an empty result, a failure and its retry.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  cleanFilters,
  provideFilteredList,
  type FilteredListEmitted,
  type FilteredListEvent,
  type FilteredListMachine,
  type FilteredPageRequest,
  type ListFilters,
} from '../../machines/filteredList/filteredListMachine';
import { filteredListView } from '../../machines/filteredList/viewModel';
import type { ListPage } from '../../machines/pagedList/pagedListMachine';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

interface Account {
  id: string;
}

const FIRST_PAGE: ListPage<Account> = { items: [{ id: 'a1' }, { id: 'a2' }], page: 1, limit: 2, total: 3 };
const EMPTY: ListPage<Account> = { items: [], page: 1, limit: 2, total: 0 };
const FAILURE: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: { error: 'Internal server error' }, errorCode: null, request: null };

const serializeState = (s: MachineSnapshot<FilteredListMachine>) =>
  JSON.stringify({ value: s.value, page: s.context.page, total: s.context.data?.total ?? null, filters: s.context.filters });

const machine = provideFilteredList<Account>(fromPromise(async () => FIRST_PAGE));

const graph = machineGraph({
  machine,
  input: { limit: 2 },
  serializeState,
  events: eventsWithFixtures<FilteredListEvent>(
    {
      'list.goToPage': [{ type: 'list.goToPage', page: 2 }],
      'list.filter': [{ type: 'list.filter', name: 'role', value: 'corporate' }],
    },
    { outputs: { loadPage: [FIRST_PAGE, EMPTY] }, errors: { loadPage: [FAILURE] } },
  ),
});

interface World extends ActorWorld<FilteredListMachine> {
  loading: { resolve(page: ListPage<Account>): void; reject(error: unknown): void } | null;
  loads: FilteredPageRequest[];
  emitted: FilteredListEmitted[];
  /** What the gestures asked for, and the last page the server answered. */
  askedPage: number;
  askedFilters: ListFilters;
  answered: ListPage<Account> | null;
}

function createWorld(input: { limit: number; filters?: ListFilters; page?: number } = { limit: 2 }): World {
  const world = { loading: null, loads: [], emitted: [], askedPage: 1, askedFilters: {}, answered: null } as Omit<World, 'actor'> as World;
  const logic = provideFilteredList<Account>(
    fromPromise<ListPage<Account>, FilteredPageRequest>(({ input: request }) => {
      world.loads.push(request);
      return new Promise((resolve, reject) => (world.loading = { resolve, reject }));
    }),
  );
  world.actor = createActor(logic, { input });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<FilteredListMachine, World>({
  start: () => createWorld(),
  executors: {
    'list.goToPage': (world, event) => {
      world.askedPage = event.page;
      send(world, event);
    },
    'list.filter': (world, event) => {
      world.askedFilters = cleanFilters({ ...world.askedFilters, [event.name]: event.value });
      world.askedPage = 1;
      send(world, event);
    },
    'list.clearFilters': (world, event) => {
      world.askedFilters = {};
      world.askedPage = 1;
      send(world, event);
    },
    'list.retry': send,
    'list.reload': send,
  } satisfies EventExecutors<FilteredListEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadPage': (world, event) => {
      world.answered = event.output as ListPage<Account>;
      world.loading!.resolve(world.answered);
    },
    'xstate.error.actor.loadPage': (world, event) => world.loading!.reject(event.error),
  },
  serializeState,
});

const view = (snapshot: MachineSnapshot<FilteredListMachine>) => filteredListView<Account>(snapshot);

const assertions = {
  loading: (world, snapshot) => {
    expect(world.loads.at(-1)).toEqual({ page: world.askedPage, limit: 2, filters: world.askedFilters });
    expect(view(snapshot)).toMatchObject({ loading: true, canGoBack: false, canGoForward: false, canRetry: false, filters: world.askedFilters });
  },
  ready: (world, snapshot) => {
    const shown = view(snapshot);
    expect(shown).toMatchObject({ status: 'ready', loading: false, items: world.answered!.items, page: world.askedPage, pages: 2, total: 3 });
    expect(shown.canGoBack).toBe(world.askedPage > 1);
    expect(shown.canGoForward).toBe(world.askedPage < 2);
    expect(shown.filtered).toBe(Object.keys(world.askedFilters).length > 0);
  },
  empty: (world, snapshot) => {
    expect(world.answered).toBe(EMPTY);
    expect(view(snapshot)).toMatchObject({ status: 'empty', items: [], filtered: Object.keys(world.askedFilters).length > 0 });
  },
  failed: (world, snapshot) => {
    expect(view(snapshot)).toMatchObject({ status: 'failed', loading: false, canRetry: true });
    expect(world.emitted.at(-1)).toEqual({ type: 'list.failed', failure: FAILURE });
  },
} satisfies StateAssertions<FilteredListMachine, World>;

describeMachinePaths('filteredList paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('filteredList behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('starts from the filters and page of the address bar, dropping empty ones', () => {
    const world = createWorld({ limit: 2, filters: { query: '  ana ', role: '' }, page: 3 });
    world.actor.start();
    expect(world.loads).toEqual([{ page: 3, limit: 2, filters: { query: 'ana' } }]);
  });

  it('a filter change starts over at page 1, cancels the page on its way and tells the address bar', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(FIRST_PAGE);
    await tick();
    world.actor.send({ type: 'list.goToPage', page: 2 });
    world.actor.send({ type: 'list.filter', name: 'query', value: 'ana@example.com' });
    expect(world.loads.at(-1)).toEqual({ page: 1, limit: 2, filters: { query: 'ana@example.com' } });
    expect(world.emitted.filter((e) => e.type === 'list.queryChanged')).toEqual([
      { type: 'list.queryChanged', filters: {}, page: 2 },
      { type: 'list.queryChanged', filters: { query: 'ana@example.com' }, page: 1 },
    ]);
  });

  it('setting a filter to the value it has, or clearing no filters, asks nothing', async () => {
    const world = createWorld({ limit: 2, filters: { role: 'admin' } });
    world.actor.start();
    world.loading!.resolve(FIRST_PAGE);
    await tick();
    world.actor.send({ type: 'list.filter', name: 'role', value: 'admin' });
    world.actor.send({ type: 'list.filter', name: 'query', value: '   ' });
    world.actor.send({ type: 'list.clearFilters' });
    world.actor.send({ type: 'list.clearFilters' });
    expect(world.loads).toEqual([
      { page: 1, limit: 2, filters: { role: 'admin' } },
      { page: 1, limit: 2, filters: {} },
    ]);
  });
});
