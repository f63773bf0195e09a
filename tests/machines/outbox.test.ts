// The outbox machine walked along its graph against the real actor, with a fake for its one call: pages, an empty
// outbox, a failure and its retry, opening and closing a mail.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  outboxMachine,
  type OutboxEmitted,
  type OutboxEvent,
  type OutboxMachine,
  type OutboxMessage,
  type OutboxPage,
  type OutboxPageRequest,
} from '../../machines/outbox/outboxMachine';
import { outboxView } from '../../machines/outbox/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const mail = (n: number): OutboxMessage => ({
  id: `mail${String(n).padStart(16, '0')}`,
  to: `person${n}@example.test`,
  subject: `Subject ${n}`,
  text: `Text ${n}`,
  html: n % 2 ? `<p>Text ${n}</p>` : null,
  createdAt: '2026-11-23T10:00:00.000Z',
});

const FIRST_PAGE: OutboxPage = { items: [mail(1), mail(2)], page: 1, limit: 2, total: 3 };
const SECOND_PAGE: OutboxPage = { items: [mail(3)], page: 2, limit: 2, total: 3 };
const EMPTY: OutboxPage = { items: [], page: 1, limit: 2, total: 0 };
const FAILURE: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: { error: 'Internal server error' }, errorCode: null, request: null };

const serializeState = (s: MachineSnapshot<OutboxMachine>) =>
  JSON.stringify({ value: s.value, page: s.context.page, total: s.context.data?.total ?? null, open: s.context.openId });

const graph = machineGraph({
  machine: outboxMachine,
  input: { limit: 2 },
  serializeState,
  events: eventsWithFixtures<OutboxEvent>(
    {
      'outbox.goToPage': [{ type: 'outbox.goToPage', page: 2 }],
      'outbox.open': [{ type: 'outbox.open', id: mail(1).id }, { type: 'outbox.open', id: mail(2).id }],
    },
    { outputs: { loadOutbox: [FIRST_PAGE, SECOND_PAGE, EMPTY] }, errors: { loadOutbox: [FAILURE] } },
  ),
});

interface World extends ActorWorld<OutboxMachine> {
  loading: { resolve(page: OutboxPage): void; reject(error: unknown): void } | null;
  loads: OutboxPageRequest[];
  emitted: OutboxEmitted[];
  askedPage: number;
  answered: OutboxPage | null;
  opened: string | null;
}

function createWorld(): World {
  const world = { loading: null, loads: [], emitted: [], askedPage: 1, answered: null, opened: null } as Omit<World, 'actor'> as World;
  const machine = outboxMachine.provide({
    actors: {
      loadOutbox: fromPromise<OutboxPage, OutboxPageRequest>(({ input }) => {
        world.loads.push(input);
        return new Promise((resolve, reject) => (world.loading = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input: { limit: 2 } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<OutboxMachine, World>({
  start: createWorld,
  executors: {
    'outbox.goToPage': (world, event) => {
      world.askedPage = event.page;
      world.opened = null;
      send(world, event);
    },
    'outbox.retry': send,
    'outbox.reload': (world, event) => {
      world.opened = null;
      send(world, event);
    },
    'outbox.open': (world, event) => {
      world.opened = event.id;
      send(world, event);
    },
    'outbox.close': (world, event) => {
      world.opened = null;
      send(world, event);
    },
  } satisfies EventExecutors<OutboxEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadOutbox': (world, event) => {
      world.answered = event.output as OutboxPage;
      world.loading!.resolve(world.answered);
    },
    'xstate.error.actor.loadOutbox': (world, event) => world.loading!.reject(event.error),
  },
  serializeState,
});

const assertions = {
  loading: (world, snapshot) => {
    expect(outboxView(snapshot)).toMatchObject({ loading: true, open: null });
    expect(world.loads.at(-1)).toEqual({ page: world.askedPage, limit: 2 });
  },
  ready: (world, snapshot) => expect(outboxView(snapshot)).toMatchObject({ status: 'ready', messages: world.answered!.items, page: world.askedPage, loading: false }),
  'ready.list': (_world, snapshot) => expect(outboxView(snapshot).open).toBeNull(),
  'ready.reading': (world, snapshot) => expect(outboxView(snapshot).open).toEqual(world.answered!.items.find((m) => m.id === world.opened)),
  empty: (_world, snapshot) => expect(outboxView(snapshot)).toMatchObject({ status: 'empty', messages: [], total: 0 }),
  failed: (world, snapshot) => {
    expect(outboxView(snapshot)).toMatchObject({ status: 'failed', canRetry: true });
    expect(world.emitted.at(-1)).toEqual({ type: 'outbox.failed', failure: FAILURE });
  },
} satisfies StateAssertions<OutboxMachine, World>;

describeMachinePaths('outbox paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('outbox behaviour', () => {
  it('opens only a mail of the page shown', async () => {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(FIRST_PAGE);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    world.actor.send({ type: 'outbox.open', id: mail(3).id });
    expect(outboxView(world.actor.getSnapshot()).open).toBeNull();
    world.actor.send({ type: 'outbox.open', id: mail(2).id });
    expect(outboxView(world.actor.getSnapshot()).open).toEqual(mail(2));
  });
});
