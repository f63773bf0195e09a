// The audit log's machine (the admin's /admin/audit page) walked along its graph against the real actor, with a
// fake for its one call: pages, filters typed then applied, cleared, an empty answer and a failure retried.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { auditLogMachine, NO_FILTERS, type AuditLogEmitted, type AuditLogEvent, type AuditLogMachine, type AuditPageRequest } from '../../machines/auditLog/auditLogMachine';
import { auditLogView } from '../../machines/auditLog/viewModel';
import type { ListPage } from '../../machines/pagedList/pagedListMachine';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const LIMIT = 2;
const entry = (n: number) => ({ id: `e${n}`, action: 'user.roles' });
const PAGE: ListPage = { items: [entry(1), entry(2)], page: 1, limit: LIMIT, total: 5 };
const NONE: ListPage = { items: [], page: 1, limit: LIMIT, total: 0 };
const FAILURE: CallFailure = { ok: false, status: 503, value: null, reason: 'http', body: null, errorCode: null, request: { method: 'get', path: '/admin/audit-log' } };

const serializeState = (s: MachineSnapshot<AuditLogMachine>) => JSON.stringify({ value: s.value, page: s.context.page, total: s.context.data?.total ?? null, filtered: s.context.filters.action !== '' });

const graph = machineGraph({
  machine: auditLogMachine,
  input: { limit: LIMIT },
  serializeState,
  events: eventsWithFixtures<AuditLogEvent>(
    {
      'audit.edit': [{ type: 'audit.edit', field: 'action', value: ' user. ' }],
      'audit.goToPage': [{ type: 'audit.goToPage', page: 2 }],
    },
    { outputs: { loadPage: [PAGE, NONE] }, errors: { loadPage: [FAILURE] } },
  ),
});

interface World extends ActorWorld<AuditLogMachine> {
  pending: { request: AuditPageRequest; resolve(page: ListPage): void; reject(error: unknown): void } | null;
  requests: AuditPageRequest[];
  /** What the gestures did: the filter typed, the filter applied, the page asked, the page answered. */
  typed: string;
  applied: string;
  asked: number;
  answered: ListPage | null;
  emitted: AuditLogEmitted[];
}

function createWorld(): World {
  const world = { pending: null, requests: [], typed: '', applied: '', asked: 1, answered: null, emitted: [] } as Omit<World, 'actor'> as World;
  const machine = auditLogMachine.provide({
    actors: {
      loadPage: fromPromise<ListPage, AuditPageRequest>(({ input }) => {
        world.requests.push(input);
        return new Promise((resolve, reject) => (world.pending = { request: input, resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input: { limit: LIMIT } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<AuditLogMachine, World>({
  start: createWorld,
  executors: {
    'audit.edit': (world, event) => {
      world.typed = event.value;
      send(world, event);
    },
    'audit.apply': (world, event) => {
      world.applied = world.typed.trim();
      world.asked = 1;
      send(world, event);
    },
    'audit.clear': (world, event) => {
      world.applied = '';
      world.typed = '';
      world.asked = 1;
      send(world, event);
    },
    'audit.goToPage': (world, event) => {
      world.asked = event.page;
      send(world, event);
    },
    'audit.retry': send,
    'audit.reload': send,
  } satisfies EventExecutors<AuditLogEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadPage': (world, event) => {
      world.answered = event.output as ListPage;
      world.pending!.resolve(world.answered);
    },
    'xstate.error.actor.loadPage': (world, event) => world.pending!.reject(event.error),
  },
  serializeState,
});

const assertions = {
  loading: (world, snapshot) => {
    // The call asks for the page and the filters the admin chose.
    expect(world.pending!.request).toEqual({ page: world.asked, limit: LIMIT, filters: { ...NO_FILTERS, action: world.applied } });
    expect(auditLogView(snapshot).loading).toBe(true);
  },
  ready: (world, snapshot) => {
    const view = auditLogView(snapshot);
    expect(view).toMatchObject({ status: 'ready', items: world.answered!.items, page: world.asked, pages: 3, total: 5, filtered: world.applied !== '' });
    expect(view.canGoForward).toBe(world.asked < 3);
    expect(view.draft.action).toBe(world.typed);
  },
  empty: (world, snapshot) => {
    expect(world.answered).toEqual(NONE);
    expect(auditLogView(snapshot)).toMatchObject({ status: 'empty', total: 0, canGoForward: false });
  },
  failed: (world, snapshot) => {
    expect(auditLogView(snapshot).status).toBe('failed');
    expect(world.emitted.at(-1)).toEqual({ type: 'audit.failed', failure: FAILURE });
  },
} satisfies StateAssertions<AuditLogMachine, World>;

describeMachinePaths('auditLog paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('auditLog behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('typing changes nothing until applied; applying starts again from page 1; apply is offered only for a change', async () => {
    const world = createWorld();
    world.actor.start();
    world.pending!.resolve(PAGE);
    await tick();
    world.actor.send({ type: 'audit.goToPage', page: 3 });
    world.pending!.resolve({ ...PAGE, page: 3 });
    await tick();
    expect(auditLogView(world.actor.getSnapshot()).canApply).toBe(false);
    world.actor.send({ type: 'audit.edit', field: 'actor', value: 'ana@' });
    expect(world.requests).toHaveLength(2);
    expect(auditLogView(world.actor.getSnapshot()).canApply).toBe(true);
    world.actor.send({ type: 'audit.apply' });
    expect(world.requests.at(-1)).toEqual({ page: 1, limit: LIMIT, filters: { ...NO_FILTERS, actor: 'ana@' } });
  });

  it('opens with the filters it is given (a link from a user page)', () => {
    const world = createWorld();
    const actor = createActor(auditLogMachine.provide({ actors: { loadPage: fromPromise<ListPage, AuditPageRequest>(async ({ input }) => (world.requests.push(input), PAGE)) } }), {
      input: { limit: LIMIT, filters: { targetType: 'user', targetId: 'u1' } },
    }).start();
    expect(world.requests[0].filters).toEqual({ ...NO_FILTERS, targetType: 'user', targetId: 'u1' });
    actor.stop();
  });
});
