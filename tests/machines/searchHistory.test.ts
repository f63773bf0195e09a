// The saved searches of my-searches walked along the machine's graph against the real actor, with fakes
// for the two calls; the confirm modal is the real child machine.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  searchHistoryMachine,
  type HistoryEntry,
  type HistoryPage,
  type HistoryPageRequest,
  type SearchHistoryEmitted,
  type SearchHistoryEvent,
  type SearchHistoryMachine,
} from '../../machines/searchHistory/searchHistoryMachine';
import { searchHistoryView } from '../../machines/searchHistory/viewModel';
import { confirmModalView } from '../../machines/confirmModal/viewModel';
import type { ConfirmModalMachine } from '../../machines/confirmModal/confirmModalMachine';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const entry = (n: number): HistoryEntry => ({
  id: `entry${String(n).padStart(20, '0')}`,
  kind: 'comparison',
  filters: { sector: 'banking' },
  years: null,
  creditsCharged: 1,
  createdAt: '2025-05-01T10:00:00.000Z',
});

const FIRST_PAGE: HistoryPage = { items: [entry(1), entry(2)], page: 1, limit: 2, total: 3 };
const SECOND_PAGE: HistoryPage = { items: [entry(3)], page: 2, limit: 2, total: 3 };
const EMPTIED_PAGE: HistoryPage = { items: [], page: 2, limit: 2, total: 2 };
const FAILURE: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: { error: 'Internal server error' }, errorCode: null, request: null };

const serializeState = (s: MachineSnapshot<SearchHistoryMachine>) =>
  JSON.stringify({ value: s.value, page: s.context.page, total: s.context.data?.total ?? null, pending: s.context.pendingId !== null });

const graph = machineGraph({
  machine: searchHistoryMachine,
  input: { limit: 2 },
  serializeState,
  events: eventsWithFixtures<SearchHistoryEvent>(
    {
      'searchHistory.goToPage': [{ type: 'searchHistory.goToPage', page: 2 }],
      'searchHistory.askDelete': [{ type: 'searchHistory.askDelete', id: entry(1).id }],
      'searchHistory.answer': [
        { type: 'searchHistory.answer', confirmed: true },
        { type: 'searchHistory.answer', confirmed: false },
      ],
    },
    {
      outputs: { loadHistory: [FIRST_PAGE, SECOND_PAGE, EMPTIED_PAGE], deleteEntry: [true] },
      errors: { loadHistory: [FAILURE], deleteEntry: [FAILURE] },
    },
  ),
});

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<SearchHistoryMachine> {
  loading: Pending<HistoryPage> | null;
  deleting: Pending<true> | null;
  loads: HistoryPageRequest[];
  deletes: string[];
  emitted: SearchHistoryEmitted[];
  /** The page the gestures asked for, and the entry they asked to delete. */
  askedPage: number;
  askedDelete: string | null;
  lastPage: HistoryPage | null;
}

function createWorld(): World {
  const world = { loading: null, deleting: null, loads: [], deletes: [], emitted: [], askedPage: 1, askedDelete: null, lastPage: null } as Omit<
    World,
    'actor'
  > as World;
  const machine = searchHistoryMachine.provide({
    actors: {
      loadHistory: fromPromise<HistoryPage, HistoryPageRequest>(({ input }) => {
        world.loads.push(input);
        return new Promise((resolve, reject) => (world.loading = { resolve, reject }));
      }),
      deleteEntry: fromPromise<true, { id: string }>(({ input }) => {
        world.deletes.push(input.id);
        return new Promise((resolve, reject) => (world.deleting = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input: { limit: 2 } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const executors = {
  'searchHistory.goToPage': (world, event) => {
    world.askedPage = event.page;
    send(world, event);
  },
  'searchHistory.retry': send,
  'searchHistory.askDelete': (world, event) => {
    world.askedDelete = event.id;
    send(world, event);
  },
  'searchHistory.answer': send,
} satisfies EventExecutors<SearchHistoryEvent, World>;

const driver = actorDriver<SearchHistoryMachine, World>({
  start: createWorld,
  executors,
  frameworkExecutors: {
    'xstate.done.actor.loadHistory': (world, event) => {
      const page = event.output as HistoryPage;
      // An emptied page sends the machine one page back.
      if (page.items.length === 0 && world.askedPage > 1 && page.total > 0) world.askedPage -= 1;
      else world.lastPage = page;
      world.loading!.resolve(page);
    },
    'xstate.error.actor.loadHistory': (world, event) => world.loading!.reject(event.error),
    'xstate.done.actor.deleteEntry': (world) => world.deleting!.resolve(true),
    'xstate.error.actor.deleteEntry': (world, event) => world.deleting!.reject(event.error),
  },
  serializeState,
});

const confirmOf = (snapshot: MachineSnapshot<SearchHistoryMachine>) =>
  confirmModalView((snapshot.children.confirm as ActorRefFrom<ConfirmModalMachine>).getSnapshot());

const assertions = {
  loading: (world, snapshot) => {
    expect(searchHistoryView(snapshot).busy).toBe(true);
    expect(world.loads.at(-1)).toEqual({ page: world.askedPage, limit: 2 });
    expect(confirmOf(snapshot).open).toBe(false);
  },
  failed: (world, snapshot) => {
    expect(searchHistoryView(snapshot)).toMatchObject({ status: 'failed', failed: true });
    expect(world.emitted.at(-1)).toEqual({ type: 'searchHistory.failed', failure: FAILURE });
  },
  ready: (world, snapshot) => {
    const view = searchHistoryView(snapshot);
    expect(view).toMatchObject({ status: 'ready', busy: false, pendingId: null, entries: world.lastPage!.items, page: world.askedPage });
    expect(view.canGoBack).toBe(world.askedPage > 1);
    expect(confirmOf(snapshot).open).toBe(false);
  },
  confirming: (world, snapshot) => {
    expect(searchHistoryView(snapshot)).toMatchObject({ pendingId: world.askedDelete, busy: true });
    expect(confirmOf(snapshot)).toMatchObject({ open: true, kind: 'delete', titleKey: 'modals.delete_modal.title' });
  },
  deleting: (world, snapshot) => {
    expect(searchHistoryView(snapshot)).toMatchObject({ deleting: true, pendingId: world.askedDelete });
    expect(world.deletes.at(-1)).toBe(world.askedDelete);
    expect(confirmOf(snapshot)).toMatchObject({ open: false, result: true });
  },
} satisfies StateAssertions<SearchHistoryMachine, World>;

describeMachinePaths('searchHistory paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('searchHistory behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('declining closes the modal with false and deletes nothing', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(FIRST_PAGE);
    await tick();
    world.actor.send({ type: 'searchHistory.askDelete', id: entry(2).id });
    world.actor.send({ type: 'searchHistory.answer', confirmed: false });
    expect(world.deletes).toEqual([]);
    expect(confirmOf(world.actor.getSnapshot())).toMatchObject({ open: false, result: false });
  });

  it('confirming deletes the entry, says so, and reloads the same page', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(FIRST_PAGE);
    await tick();
    world.actor.send({ type: 'searchHistory.askDelete', id: entry(2).id });
    world.actor.send({ type: 'searchHistory.answer', confirmed: true });
    world.deleting!.resolve(true);
    await tick();
    expect(world.deletes).toEqual([entry(2).id]);
    expect(world.emitted).toContainEqual({ type: 'searchHistory.deleted', id: entry(2).id });
    expect(world.loads).toEqual([
      { page: 1, limit: 2 },
      { page: 1, limit: 2 },
    ]);
  });

  it('never asks for a page outside the list', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(FIRST_PAGE);
    await tick();
    for (const page of [0, 1, 3, 1.5]) world.actor.send({ type: 'searchHistory.goToPage', page });
    expect(world.loads).toHaveLength(1);
  });
});
