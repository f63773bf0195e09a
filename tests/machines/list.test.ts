// The list machine walked along its graph against the real actor, with fakes for its two calls (a page, an
// export): once with every event, then once per configuration the app uses (a plain paged list, a list filtered
// in the address bar, the audit log, the outbox, the newsletter subscribers), each with only the events its view
// sends, so each configuration's own graph is covered edge by edge.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyStateMachine } from 'xstate';
import {
  cleanFilters,
  listMachine,
  provideList,
  sameFilters,
  type FilteredPageRequest,
  type ListEmitted,
  type ListEvent,
  type ListFilters,
  type ListInput,
  type ListMachine,
  type ListPage,
} from '../../machines/list/listMachine';
import { listView } from '../../machines/list/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, leafStateKeys, machineGraph, type MachinePath, type MachineSnapshot } from './harness/graph';
import { unexercisedTransitions } from './harness/guards';
import { describeMachinePaths, generatePaths } from './harness/vitest';
import { actorDriver, send, walkPath, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

interface Item {
  id: string;
}

const LIMIT = 2;
const FIRST_PAGE: ListPage<Item> = { items: [{ id: 'a1' }, { id: 'a2' }], page: 1, limit: LIMIT, total: 3 };
const EMPTY: ListPage<Item> = { items: [], page: 1, limit: LIMIT, total: 0 };
const CSV = 'email\nana@example.com\n';
const FAILURE: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: { error: 'Internal server error' }, errorCode: null, request: null };

const serializeState = (s: MachineSnapshot<ListMachine>) =>
  JSON.stringify({
    value: s.value,
    page: s.context.page,
    total: s.context.data?.total ?? null,
    filters: s.context.filters,
    draft: s.context.draft,
    openId: s.context.openId,
    exportFailed: s.context.exportFailure !== null,
  });

const FIXTURES = eventsWithFixtures<ListEvent>(
  {
    'list.goToPage': [{ type: 'list.goToPage', page: 2 }],
    'list.filter': [{ type: 'list.filter', name: 'role', value: 'corporate' }],
    'list.edit': [{ type: 'list.edit', name: 'query', value: ' ana ' }],
    'list.open': [
      { type: 'list.open', id: 'a2' },
      { type: 'list.open', id: 'a1' },
    ],
  },
  { outputs: { loadPage: [FIRST_PAGE, EMPTY], exportList: [CSV] }, errors: { loadPage: [FAILURE], exportList: [FAILURE] } },
);

interface World extends ActorWorld<ListMachine> {
  loading: { resolve(page: ListPage<Item>): void; reject(error: unknown): void } | null;
  exporting: { resolve(csv: string): void; reject(error: unknown): void } | null;
  loads: FilteredPageRequest[];
  exports: ListFilters[];
  emitted: ListEmitted[];
  /** What the gestures asked for, and the last page the server answered. */
  askedPage: number;
  askedFilters: ListFilters;
  typed: ListFilters;
  opened: string | null;
  exportFailed: boolean;
  answered: ListPage<Item> | null;
}

function createWorld(input: ListInput = { limit: LIMIT }): World {
  const world = {
    loading: null,
    exporting: null,
    loads: [],
    exports: [],
    emitted: [],
    askedPage: 1,
    askedFilters: {},
    typed: {},
    opened: null,
    exportFailed: false,
    answered: null,
  } as Omit<World, 'actor'> as World;
  const logic = provideList<Item>(
    fromPromise<ListPage<Item>, FilteredPageRequest>(({ input: request }) => {
      world.loads.push(request);
      return new Promise((resolve, reject) => (world.loading = { resolve, reject }));
    }),
    fromPromise<string, ListFilters>(({ input: filters }) => {
      world.exports.push(filters);
      return new Promise((resolve, reject) => (world.exporting = { resolve, reject }));
    }),
  );
  world.actor = createActor(logic, { input });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

/** A gesture that asks for other filters starts again at page 1; asking for the filters shown changes nothing. */
function askFilters(world: World, next: ListFilters) {
  if (sameFilters(world.askedFilters, next)) return;
  world.askedFilters = cleanFilters(next);
  world.askedPage = 1;
}

const executors = {
  'list.goToPage': (world, event) => {
    world.askedPage = event.page;
    send(world, event);
  },
  'list.filter': (world, event) => {
    const next = { ...world.askedFilters, [event.name]: event.value };
    // A filter set at once joins what is typed (when it changes anything).
    if (!sameFilters(world.askedFilters, next)) world.typed = { ...world.typed, [event.name]: event.value };
    askFilters(world, next);
    send(world, event);
  },
  'list.edit': (world, event) => {
    world.typed = { ...world.typed, [event.name]: event.value };
    send(world, event);
  },
  'list.apply': (world, event) => {
    askFilters(world, world.typed);
    send(world, event);
  },
  'list.clearFilters': (world, event) => {
    askFilters(world, {});
    world.typed = {};
    send(world, event);
  },
  'list.open': (world, event) => {
    world.opened = event.id;
    send(world, event);
  },
  'list.close': (world, event) => {
    world.opened = null;
    send(world, event);
  },
  'list.export': (world, event) => {
    world.exportFailed = false;
    send(world, event);
  },
  'list.retry': send,
  'list.reload': send,
} satisfies EventExecutors<ListEvent, World>;

const driver = actorDriver<ListMachine, World>({
  start: () => createWorld(),
  executors,
  frameworkExecutors: {
    'xstate.done.actor.loadPage': (world, event) => {
      world.answered = event.output as ListPage<Item>;
      world.loading!.resolve(world.answered);
    },
    'xstate.error.actor.loadPage': (world, event) => world.loading!.reject(event.error),
    'xstate.done.actor.exportList': (world, event) => world.exporting!.resolve(event.output as string),
    'xstate.error.actor.exportList': (world, event) => {
      world.exportFailed = true;
      world.exporting!.reject(event.error);
    },
  },
  serializeState,
});

const view = (snapshot: MachineSnapshot<ListMachine>) => listView<Item>(snapshot);
const filtered = (world: World) => Object.keys(world.askedFilters).length > 0;

const assertions = {
  loading: (world, snapshot) => {
    expect(world.loads.at(-1)).toEqual({ page: world.askedPage, limit: LIMIT, filters: world.askedFilters });
    expect(view(snapshot)).toMatchObject({
      loading: true,
      open: null,
      canGoBack: false,
      canGoForward: false,
      canRetry: false,
      filters: world.askedFilters,
      draft: world.typed,
    });
  },
  shown: (_world, snapshot) => expect(snapshot.can({ type: 'list.reload' })).toBe(true),
  'shown.ready': (world, snapshot) => {
    const shown = view(snapshot);
    expect(shown).toMatchObject({
      status: 'ready',
      loading: false,
      items: world.answered!.items,
      page: world.askedPage,
      pages: 2,
      total: 3,
      filtered: filtered(world),
      draft: world.typed,
    });
    expect(shown.canGoBack).toBe(world.askedPage > 1);
    expect(shown.canGoForward).toBe(world.askedPage < 2);
    expect(shown.canApply).toBe(!sameFilters(world.typed, world.askedFilters));
  },
  'shown.ready.browsing': (world, snapshot) => expect(view(snapshot)).toMatchObject({ open: null, exporting: false, exportFailed: world.exportFailed }),
  'shown.ready.reading': (world, snapshot) => expect(view(snapshot).open).toEqual(world.answered!.items.find((item) => item.id === world.opened)),
  'shown.ready.exporting': (world, snapshot) => {
    expect(view(snapshot)).toMatchObject({ exporting: true, exportFailed: false });
    expect(world.exports.at(-1)).toEqual(world.askedFilters);
  },
  'shown.empty': (world, snapshot) => {
    expect(world.answered).toBe(EMPTY);
    expect(view(snapshot)).toMatchObject({ status: 'empty', items: [], total: 0, pages: 1, canGoForward: false, filtered: filtered(world) });
  },
  failed: (world, snapshot) => {
    expect(view(snapshot)).toMatchObject({ status: 'failed', loading: false, canRetry: true });
    expect(world.emitted.at(-1)).toEqual({ type: 'list.failed', failure: FAILURE });
  },
} satisfies StateAssertions<ListMachine, World>;

describeMachinePaths('list paths', {
  graph: machineGraph({ machine: provideList(fromPromise(async () => FIRST_PAGE)), input: { limit: LIMIT }, serializeState, events: FIXTURES }),
  driver,
  assertions,
  generators: ['shortest', 'transitions'],
});

/** The events each configuration's view sends, and the states it can therefore reach. */
const CONFIGURATIONS: Array<{ name: string; uses: string; events: ListEvent['type'][]; leaves: string[] }> = [
  {
    name: 'paged',
    uses: 'credit ledger, admin news, outlier forms, an account’s lists',
    events: ['list.goToPage', 'list.retry', 'list.reload'],
    leaves: ['loading', 'shown.ready.browsing', 'shown.empty', 'failed'],
  },
  {
    name: 'address bar',
    uses: 'admin users and forms',
    events: ['list.filter', 'list.edit', 'list.apply', 'list.clearFilters', 'list.goToPage', 'list.retry', 'list.reload'],
    leaves: ['loading', 'shown.ready.browsing', 'shown.empty', 'failed'],
  },
  {
    name: 'audit log',
    uses: 'typed filters, applied',
    events: ['list.edit', 'list.apply', 'list.clearFilters', 'list.goToPage', 'list.retry', 'list.reload'],
    leaves: ['loading', 'shown.ready.browsing', 'shown.empty', 'failed'],
  },
  {
    name: 'outbox',
    uses: 'a mail opens to read',
    events: ['list.goToPage', 'list.retry', 'list.reload', 'list.open', 'list.close'],
    leaves: ['loading', 'shown.ready.browsing', 'shown.ready.reading', 'shown.empty', 'failed'],
  },
  {
    name: 'subscribers',
    uses: 'filters and the CSV export',
    events: ['list.filter', 'list.edit', 'list.apply', 'list.goToPage', 'list.retry', 'list.reload', 'list.export'],
    leaves: ['loading', 'shown.ready.browsing', 'shown.ready.exporting', 'shown.empty', 'failed'],
  },
];

describe.each(CONFIGURATIONS)('list configuration: $name ($uses)', ({ events, leaves }) => {
  const offered = new Set<string>(events);
  const graph = machineGraph({
    machine: provideList(fromPromise(async () => FIRST_PAGE)),
    input: { limit: LIMIT },
    serializeState,
    // The framework's own events (a page answered, an export done) stay; of the view's, only this configuration's.
    events: (snapshot: MachineSnapshot<ListMachine>) => FIXTURES(snapshot).filter((event) => event.type.startsWith('xstate.') || offered.has(event.type)),
  });
  const walked: MachinePath<ListMachine>[] = [...generatePaths(graph, 'shortest'), ...generatePaths(graph, 'transitions')];
  for (const path of walked) it(path.description, () => walkPath(path, driver, assertions));
  it('reaches exactly the states its view can show', () => {
    const reached = new Set(walked.flatMap((path) => path.steps.flatMap((step) => leafStateKeys(step.state))));
    expect([...reached].sort()).toEqual([...leaves].sort());
  });
  it('exercises every state-changing transition of its graph', () => expect(unexercisedTransitions(graph, walked)).toEqual([]));
});

describe('list behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  const started = async (input?: ListInput) => {
    const world = createWorld(input);
    world.actor.start();
    world.loading!.resolve(FIRST_PAGE);
    await tick();
    return world;
  };

  it('starts from the filters and page of the address bar, dropping empty ones', () => {
    const world = createWorld({ limit: LIMIT, filters: { query: '  ana ', role: '' }, page: 3 });
    world.actor.start();
    expect(world.loads).toEqual([{ page: 3, limit: LIMIT, filters: { query: 'ana' } }]);
  });

  it('a filter change starts over at page 1, cancels the page on its way and tells the address bar', async () => {
    const world = await started();
    world.actor.send({ type: 'list.goToPage', page: 2 });
    const stale = world.loading!;
    world.actor.send({ type: 'list.filter', name: 'query', value: 'ana@example.com' });
    expect(world.loads.at(-1)).toEqual({ page: 1, limit: LIMIT, filters: { query: 'ana@example.com' } });
    expect(world.emitted.filter((e) => e.type === 'list.queryChanged')).toEqual([
      { type: 'list.queryChanged', filters: {}, page: 2 },
      { type: 'list.queryChanged', filters: { query: 'ana@example.com' }, page: 1 },
    ]);
    // The answer for the old filters comes after the change: it never shows.
    stale.resolve({ ...FIRST_PAGE, items: [{ id: 'old' }], page: 2 });
    await tick();
    expect(world.actor.getSnapshot().hasTag('loading')).toBe(true);
    world.loading!.resolve(FIRST_PAGE);
    await tick();
    expect(view(world.actor.getSnapshot()).items).toEqual(FIRST_PAGE.items);
  });

  it('setting a filter to the value it has, applying what is applied, or clearing no filters, asks nothing', async () => {
    const world = await started({ limit: LIMIT, filters: { role: 'admin' } });
    world.actor.send({ type: 'list.filter', name: 'role', value: 'admin' });
    world.actor.send({ type: 'list.filter', name: 'query', value: '   ' });
    world.actor.send({ type: 'list.apply' });
    world.actor.send({ type: 'list.clearFilters' });
    world.actor.send({ type: 'list.clearFilters' });
    expect(world.loads).toEqual([
      { page: 1, limit: LIMIT, filters: { role: 'admin' } },
      { page: 1, limit: LIMIT, filters: {} },
    ]);
  });

  it('typing changes nothing until applied; a filter set at once keeps what is typed; clearing with none applied empties the typing', async () => {
    const world = await started();
    world.actor.send({ type: 'list.edit', name: 'actor', value: 'ana@' });
    expect(world.loads).toHaveLength(1);
    expect(view(world.actor.getSnapshot())).toMatchObject({ canApply: true, draft: { actor: 'ana@' } });
    world.actor.send({ type: 'list.filter', name: 'role', value: 'admin' });
    expect(world.loads.at(-1)?.filters).toEqual({ role: 'admin' });
    expect(view(world.actor.getSnapshot()).draft).toEqual({ actor: 'ana@', role: 'admin' });
    world.actor.send({ type: 'list.apply' });
    expect(world.loads.at(-1)).toEqual({ page: 1, limit: LIMIT, filters: { actor: 'ana@', role: 'admin' } });
    world.loading!.resolve(FIRST_PAGE);
    await tick();
    world.actor.send({ type: 'list.clearFilters' });
    world.loading!.resolve(FIRST_PAGE);
    await tick();
    world.actor.send({ type: 'list.edit', name: 'actor', value: 'bo' });
    world.actor.send({ type: 'list.clearFilters' });
    expect(view(world.actor.getSnapshot())).toMatchObject({ draft: {}, canApply: false, filtered: false });
  });

  it('never asks for a page outside the list, nor the one shown; retries the page that failed', async () => {
    const world = await started();
    for (const page of [0, 1, 3, 1.5, -2]) world.actor.send({ type: 'list.goToPage', page });
    expect(world.loads).toHaveLength(1);
    world.actor.send({ type: 'list.goToPage', page: 2 });
    world.loading!.reject(FAILURE);
    await tick();
    world.actor.send({ type: 'list.retry' });
    expect(world.loads.map((load) => load.page)).toEqual([1, 2, 2]);
  });

  it('a thrown non-failure reads as a network failure', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.reject(new TypeError('boom'));
    await tick();
    expect(world.emitted).toEqual([{ type: 'list.failed', failure: expect.objectContaining({ ok: false, status: 0, reason: 'network' }) }]);
  });

  it('opens only an item of the page shown; changing page closes it', async () => {
    const world = await started();
    world.actor.send({ type: 'list.open', id: 'zz' });
    expect(view(world.actor.getSnapshot()).open).toBeNull();
    world.actor.send({ type: 'list.open', id: 'a2' });
    expect(view(world.actor.getSnapshot()).open).toEqual({ id: 'a2' });
    world.actor.send({ type: 'list.goToPage', page: 2 });
    expect(view(world.actor.getSnapshot()).open).toBeNull();
  });

  it('exports what the filters match and emits the file for the view to save', async () => {
    const world = await started();
    world.actor.send({ type: 'list.filter', name: 'query', value: '  acme ' });
    world.loading!.resolve(FIRST_PAGE);
    await tick();
    world.actor.send({ type: 'list.export' });
    expect(world.exports).toEqual([{ query: 'acme' }]);
    world.exporting!.resolve(CSV);
    await tick();
    expect(world.emitted).toContainEqual({ type: 'list.exported', data: CSV, filters: { query: 'acme' } });
  });

  it('without a provided call it fails instead of hanging', async () => {
    const actor = createActor(listMachine as AnyStateMachine, { input: { limit: LIMIT } }).start();
    await tick();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    actor.stop();
  });
});
