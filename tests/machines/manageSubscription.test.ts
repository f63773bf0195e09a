// Managing a subscription walked along its graph against the real actor: fakes for the portal call, the
// new tab and the portal's return page.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  manageSubscriptionMachine,
  type ManageSubscriptionEmitted,
  type ManageSubscriptionEvent,
  type ManageSubscriptionMachine,
} from '../../machines/manageSubscription/manageSubscriptionMachine';
import { manageSubscriptionView } from '../../machines/manageSubscription/viewModel';
import type { OpenTabResult } from '../../machines/checkout/checkoutMachine';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const URL = 'http://localhost/api/payments/sandbox/ps_test_1';
const failure = (status: number, errorCode: string | null = null): CallFailure => ({
  ok: false,
  status,
  value: null,
  reason: 'http',
  body: null,
  errorCode,
  request: null,
});
const SERVER_ERROR = failure(500);
const NO_SUBSCRIPTION = failure(409, 'NO_SUBSCRIPTION');
const UNAVAILABLE = failure(503, 'PAYMENTS_UNAVAILABLE');

const serializeState = (s: MachineSnapshot<ManageSubscriptionMachine>) => JSON.stringify({ value: s.value });

const graph = machineGraph({
  machine: manageSubscriptionMachine,
  serializeState,
  events: eventsWithFixtures<ManageSubscriptionEvent>(
    {},
    {
      outputs: { createPortal: [{ url: URL }], openTab: [{ opened: true }, { opened: false }] },
      errors: { createPortal: [SERVER_ERROR, NO_SUBSCRIPTION, UNAVAILABLE], openTab: [new Error('window.open threw')] },
    },
  ),
});

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<ManageSubscriptionMachine> {
  clock: SimulatedClock;
  settled: number;
  creating: Pending<{ url: string }> | null;
  opening: Pending<OpenTabResult> | null;
  portals: number;
  opened: string[];
  watching: number;
  lastFailure: CallFailure | null;
  returns: number;
  emitted: ManageSubscriptionEmitted[];
}

function createWorld(): World {
  const world = {
    clock: new SimulatedClock(),
    settled: 0,
    creating: null,
    opening: null,
    portals: 0,
    opened: [],
    watching: 0,
    lastFailure: null,
    returns: 0,
    emitted: [],
  } as Omit<World, 'actor'> as World;
  const machine = manageSubscriptionMachine.provide({
    actors: {
      createPortal: fromPromise<{ url: string }>(() => {
        world.portals += 1;
        return new Promise((resolve, reject) => (world.creating = { resolve, reject }));
      }),
      openTab: fromPromise<OpenTabResult, { url: string }>(({ input }) => {
        world.opened.push(input.url);
        return new Promise((resolve, reject) => (world.opening = { resolve, reject }));
      }),
      watchReturn: fromCallback<EventObject>(() => {
        world.watching += 1;
        return () => {
          world.watching -= 1;
        };
      }),
    },
    delays: { settleDelay: 100 },
  });
  world.actor = createActor(machine, { clock: world.clock });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const executors = {
  'manage.open': send,
  'manage.openedManually': send,
  'manage.returned': (world, event) => {
    world.returns += 1;
    send(world, event);
  },
  'manage.retry': send,
  'manage.dismiss': send,
} satisfies EventExecutors<ManageSubscriptionEvent, World>;

const driver = actorDriver<ManageSubscriptionMachine, World>({
  start: createWorld,
  executors,
  frameworkExecutors: {
    'xstate.done.actor.createPortal': (world, event) => world.creating!.resolve(event.output as { url: string }),
    'xstate.error.actor.createPortal': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.creating!.reject(event.error);
    },
    'xstate.done.actor.openTab': (world, event) => world.opening!.resolve(event.output as OpenTabResult),
    'xstate.error.actor.openTab': (world, event) => world.opening!.reject(event.error),
    'xstate.after.settleDelay.manageSubscription.opened.settling': (world) => {
      world.settled += 1;
      world.clock.increment(100);
    },
  },
  serializeState,
});

const planChecks = (world: World) => world.emitted.filter((e) => e.type === 'manage.planMayHaveChanged').length;

const assertions = {
  idle: (world, snapshot) => {
    expect(manageSubscriptionView(snapshot)).toMatchObject({ status: 'idle', canOpen: true, messageKey: null });
    expect(world.watching).toBe(0);
  },
  creating: (world, snapshot) => {
    expect(manageSubscriptionView(snapshot)).toMatchObject({ status: 'busy', canOpen: false });
    expect(world.portals).toBeGreaterThan(0);
  },
  opening: (world, snapshot) => {
    expect(manageSubscriptionView(snapshot).status).toBe('busy');
    expect(world.opened.at(-1)).toBe(URL);
  },
  blocked: (_, snapshot) => expect(manageSubscriptionView(snapshot)).toMatchObject({ status: 'blocked', url: URL, messageKey: 'payments.manage.blocked' }),
  opened: (world, snapshot) => {
    expect(manageSubscriptionView(snapshot)).toMatchObject({ status: 'opened', messageKey: 'payments.manage.opened' });
    expect(world.watching).toBe(1);
  },
  // Every return asked the page to read the plan again, and once more after the settle delay.
  'opened.watching': (world) => expect(planChecks(world)).toBe(world.returns + world.settled),
  'opened.settling': (world) => {
    expect(world.returns).toBeGreaterThan(0);
    expect(planChecks(world)).toBe(world.returns + world.settled);
  },
  noSubscription: (world, snapshot) => {
    expect(manageSubscriptionView(snapshot)).toMatchObject({ status: 'noSubscription', messageKey: 'payments.manage.no_subscription' });
    expect(world.lastFailure).toEqual(NO_SUBSCRIPTION);
    expect(world.emitted.at(-1)).toEqual({ type: 'manage.planMayHaveChanged' });
  },
  unavailable: (world, snapshot) => {
    expect(manageSubscriptionView(snapshot)).toMatchObject({ status: 'unavailable', messageKey: 'payments.unavailable' });
    expect(world.lastFailure).toEqual(UNAVAILABLE);
  },
  failed: (world, snapshot) => {
    expect(manageSubscriptionView(snapshot)).toMatchObject({ status: 'failed', messageKey: 'payments.manage.failed' });
    expect(world.emitted.at(-1)).toEqual({ type: 'manage.failed', failure: SERVER_ERROR });
  },
} satisfies StateAssertions<ManageSubscriptionMachine, World>;

describeMachinePaths('manageSubscription paths', {
  graph,
  driver,
  assertions,
  generators: ['shortest', 'transitions'],
  journeys: [
    graph.pathFromEvents('coming back twice from the portal', [
      { type: 'manage.open' },
      { type: 'xstate.done.actor.createPortal', output: { url: URL } } as never,
      { type: 'xstate.done.actor.openTab', output: { opened: true } } as never,
      { type: 'manage.returned' },
      { type: 'manage.returned' },
    ]),
  ],
});

describe('manageSubscription behaviour', () => {
  it('leaving the opened state stops listening for the portal', async () => {
    const world = createWorld();
    world.actor.start();
    world.actor.send({ type: 'manage.open' });
    world.creating!.resolve({ url: URL });
    await new Promise((resolve) => setTimeout(resolve, 0));
    world.opening!.resolve({ opened: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(world.watching).toBe(1);
    world.actor.send({ type: 'manage.dismiss' });
    expect(world.watching).toBe(0);
    world.actor.send({ type: 'manage.returned' });
    expect(planChecks(world)).toBe(0);
  });
});
