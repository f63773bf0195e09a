// The checkout walked along its graph against the real actor: fakes only for the calls (the account, the
// payment page), the new tab and the return page's message; the clock is simulated for the polling and
// the timeouts.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  checkoutMachine,
  purchaseArrived,
  type AccountState,
  type CheckoutEmitted,
  type CheckoutEvent,
  type CheckoutItem,
  type CheckoutMachine,
  type OpenTabResult,
} from '../../machines/checkout/checkoutMachine';
import { checkoutView, confirmedMessage, returnNextStep } from '../../machines/checkout/viewModel';
import { PAYMENTS_STORAGE_KEY, paymentsMessageOf } from '../../machines/checkout/actors';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const PACK: CheckoutItem = { kind: 'credits', buyButton: 'pack-10', credits: 10, label: '10 credits' };
const PLAN: CheckoutItem = { kind: 'plan', buyButton: 'premium-year', plan: 'premium', label: 'Premium' };
const BEFORE: AccountState = { credits: 1, premiumType: 'free' };
const CREDITED: AccountState = { credits: 11, premiumType: 'free' };
const UPGRADED: AccountState = { credits: 1, premiumType: 'premium' };
const URL = 'http://localhost/api/payments/sandbox/cs_test_1';
/** What the premium plan opens beyond the free plan (src/domain/entitlements.ts). */
const PREMIUM_OPENS = ['evolution', 'perceptionHistory', 'insights', 'incomeProjection', 'negotiationBrief', 'releaseAlerts'];
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
const UNAVAILABLE = failure(503, 'PAYMENTS_UNAVAILABLE');

const DELAYS = { pollInterval: 10, paymentTimeout: 5_000, confirmTimeout: 1_000 };

const serializeState = (s: MachineSnapshot<CheckoutMachine>) => JSON.stringify({ value: s.value, item: s.context.item?.kind ?? null });

const graph = machineGraph({
  machine: checkoutMachine,
  serializeState,
  events: eventsWithFixtures<CheckoutEvent>(
    {
      'checkout.choose': [
        { type: 'checkout.choose', item: PACK },
        { type: 'checkout.choose', item: PLAN },
      ],
      'checkout.returned': [
        { type: 'checkout.returned', outcome: 'success' },
        { type: 'checkout.returned', outcome: 'cancel' },
      ],
    },
    {
      outputs: {
        readBaseline: [BEFORE],
        createCheckout: [{ url: URL }],
        openTab: [{ opened: true }, { opened: false }],
        readAccount: [BEFORE, CREDITED, UPGRADED],
      },
      errors: {
        readBaseline: [SERVER_ERROR],
        createCheckout: [SERVER_ERROR, UNAVAILABLE],
        openTab: [new Error('window.open threw')],
        readAccount: [SERVER_ERROR],
      },
    },
  ),
});

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<CheckoutMachine> {
  clock: SimulatedClock;
  reads: Array<Pending<AccountState>>;
  creating: Pending<{ url: string }> | null;
  opening: Pending<OpenTabResult> | null;
  /** What the gestures did: the item chosen, the handles and URLs the effects received. */
  chosen: CheckoutItem | null;
  created: string[];
  opened: string[];
  watching: number;
  lastFailure: CallFailure | null;
  lastAccount: AccountState | null;
  emitted: CheckoutEmitted[];
}

function createWorld(): World {
  const world = {
    clock: new SimulatedClock(),
    reads: [],
    creating: null,
    opening: null,
    chosen: null,
    created: [],
    opened: [],
    watching: 0,
    lastFailure: null,
    lastAccount: null,
    emitted: [],
  } as Omit<World, 'actor'> as World;
  const machine = checkoutMachine.provide({
    actors: {
      readAccount: fromPromise<AccountState>(() => new Promise((resolve, reject) => world.reads.push({ resolve, reject }))),
      createCheckout: fromPromise<{ url: string }, { buyButton: string }>(({ input }) => {
        world.created.push(input.buyButton);
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
    delays: DELAYS,
  });
  world.actor = createActor(machine, { clock: world.clock });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const executors = {
  'checkout.choose': (world, event) => {
    world.chosen = event.item;
    send(world, event);
  },
  'checkout.openedManually': send,
  'checkout.returned': send,
  'checkout.recheck': send,
  'checkout.cancel': send,
  'checkout.retry': send,
  'checkout.dismiss': (world, event) => {
    world.chosen = null;
    send(world, event);
  },
} satisfies EventExecutors<CheckoutEvent, World>;

const lastRead = (world: World) => world.reads.at(-1)!;

const driver = actorDriver<CheckoutMachine, World>({
  start: createWorld,
  executors,
  frameworkExecutors: {
    'xstate.done.actor.readBaseline': (world, event) => {
      world.lastAccount = event.output as AccountState;
      lastRead(world).resolve(event.output as AccountState);
    },
    'xstate.error.actor.readBaseline': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      lastRead(world).reject(event.error);
    },
    'xstate.done.actor.createCheckout': (world, event) => world.creating!.resolve(event.output as { url: string }),
    'xstate.error.actor.createCheckout': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.creating!.reject(event.error);
    },
    'xstate.done.actor.openTab': (world, event) => world.opening!.resolve(event.output as OpenTabResult),
    'xstate.error.actor.openTab': (world, event) => world.opening!.reject(event.error),
    'xstate.done.actor.readAccount': (world, event) => {
      world.lastAccount = event.output as AccountState;
      lastRead(world).resolve(event.output as AccountState);
    },
    'xstate.error.actor.readAccount': (world, event) => lastRead(world).reject(event.error),
    'xstate.after.pollInterval.checkout.waiting.poll.pausing': (world) => world.clock.increment(DELAYS.pollInterval),
    'xstate.after.paymentTimeout.checkout.waiting.phase.paying': (world) => world.clock.increment(DELAYS.paymentTimeout),
    'xstate.after.confirmTimeout.checkout.waiting.phase.confirming': (world) => world.clock.increment(DELAYS.confirmTimeout),
  },
  serializeState,
});

const assertions = {
  idle: (world, snapshot) => {
    expect(checkoutView(snapshot)).toMatchObject({ status: 'idle', canChoose: true, busyBuyButton: null, item: null });
    expect(world.watching).toBe(0);
  },
  preparing: (world, snapshot) => {
    expect(checkoutView(snapshot)).toMatchObject({ status: 'busy', canChoose: false, busyBuyButton: world.chosen!.buyButton });
    expect(world.reads.length).toBeGreaterThan(0);
  },
  creating: (world, snapshot) => {
    expect(checkoutView(snapshot).status).toBe('busy');
    expect(world.created.at(-1)).toBe(world.chosen!.buyButton);
  },
  opening: (world, snapshot) => {
    expect(checkoutView(snapshot).status).toBe('busy');
    expect(world.opened.at(-1)).toBe(URL);
  },
  blocked: (world, snapshot) => {
    // The link to click carries the payment page.
    expect(checkoutView(snapshot)).toMatchObject({ status: 'blocked', url: URL, messageKey: 'payments.checkout.blocked' });
    expect(world.watching).toBe(0);
  },
  waiting: (world, snapshot) => {
    expect(['waiting', 'confirming']).toContain(checkoutView(snapshot).status);
    expect(world.watching).toBe(1);
  },
  'waiting.poll': () => undefined,
  'waiting.poll.checking': (world) => expect(world.reads.length).toBeGreaterThan(1),
  // Between reads the page shows the account as last read (a failed read keeps the one before).
  'waiting.poll.pausing': (world, snapshot) => expect(checkoutView(snapshot).account).toEqual(world.lastAccount),
  'waiting.phase': () => undefined,
  'waiting.phase.paying': (_, snapshot) => expect(checkoutView(snapshot)).toMatchObject({ status: 'waiting', messageKey: 'payments.checkout.waiting' }),
  'waiting.phase.confirming': (_, snapshot) =>
    expect(checkoutView(snapshot)).toMatchObject({ status: 'confirming', messageKey: 'payments.checkout.confirming' }),
  ended: (_world, snapshot) => {
    // Every end of a purchase can be dismissed.
    expect(snapshot.can({ type: 'checkout.dismiss' })).toBe(true);
  },
  'ended.timedOut': (world, snapshot) => {
    expect(checkoutView(snapshot)).toMatchObject({ status: 'timedOut', messageKey: 'payments.checkout.timed_out' });
    expect(world.watching).toBe(0);
  },
  'ended.decided': (_world, snapshot) => expect(checkoutView(snapshot).canChoose).toBe(true),
  'ended.decided.confirmed': (world, snapshot) => {
    const view = checkoutView(snapshot);
    expect(view.status).toBe('confirmed');
    expect(view.item).toEqual(world.chosen);
    // The account shows exactly what was bought, and the page was told.
    expect(view.account).toEqual(world.chosen!.kind === 'credits' ? CREDITED : UPGRADED);
    expect(world.emitted.at(-1)).toEqual({ type: 'checkout.confirmed', item: world.chosen, account: view.account });
    expect(world.watching).toBe(0);
    // It says what changed: the credits added (the difference from before paying), or the plan and the views it opened.
    expect(view.confirmed).toEqual(
      world.chosen!.kind === 'credits'
        ? { kind: 'credits', key: 'purchase.credits_added', values: { count: CREDITED.credits - BEFORE.credits, balance: CREDITED.credits } }
        : { kind: 'plan', key: 'purchase.plan_active', plan: 'premium', views: PREMIUM_OPENS },
    );
  },
  'ended.decided.cancelled': (world, snapshot) => {
    expect(checkoutView(snapshot)).toMatchObject({ status: 'cancelled', canChoose: true, messageKey: 'payments.checkout.cancelled' });
    expect(world.emitted.some((e) => e.type === 'checkout.confirmed')).toBe(false);
  },
  'ended.decided.failed': (world, snapshot) => {
    expect(checkoutView(snapshot)).toMatchObject({ status: 'failed', canChoose: true, messageKey: 'payments.checkout.failed' });
    expect(world.emitted.at(-1)).toEqual({ type: 'checkout.failed', failure: world.lastFailure });
  },
  'ended.unavailable': (world, snapshot) => {
    expect(checkoutView(snapshot)).toMatchObject({ status: 'unavailable', messageKey: 'payments.unavailable' });
    expect(world.lastFailure?.status).toBe(503);
  },
} satisfies StateAssertions<CheckoutMachine, World>;

describeMachinePaths('checkout paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('checkout behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };

  async function toWaiting(item: CheckoutItem) {
    const world = createWorld();
    world.actor.start();
    world.actor.send({ type: 'checkout.choose', item });
    lastRead(world).resolve(BEFORE);
    await tick();
    world.creating!.resolve({ url: URL });
    await tick();
    world.opening!.resolve({ opened: true });
    await tick();
    return world;
  }

  it('an old balance never confirms a pack: only the pack’s credits on top of the balance before paying', async () => {
    const world = await toWaiting(PACK);
    lastRead(world).resolve({ credits: 10, premiumType: 'free' });
    await tick();
    expect(world.actor.getSnapshot().matches('waiting')).toBe(true);
    world.clock.increment(DELAYS.pollInterval);
    lastRead(world).resolve(CREDITED);
    await tick();
    expect(checkoutView(world.actor.getSnapshot())).toMatchObject({ status: 'confirmed', account: CREDITED });
    expect(world.emitted).toContainEqual({ type: 'checkout.confirmed', item: PACK, account: CREDITED });
  });

  it('the return page saying "paid" reads the account at once and shortens the wait to the confirm timeout', async () => {
    const world = await toWaiting(PLAN);
    lastRead(world).resolve(BEFORE);
    await tick();
    const readsBefore = world.reads.length;
    world.actor.send({ type: 'checkout.returned', outcome: 'success' });
    expect(world.reads.length).toBe(readsBefore + 1);
    expect(checkoutView(world.actor.getSnapshot()).status).toBe('confirming');
    lastRead(world).resolve(BEFORE);
    await tick();
    // Polls go on until the confirm timeout, then a clear message; checking again starts over.
    for (let elapsed = 0; elapsed < DELAYS.confirmTimeout; elapsed += DELAYS.pollInterval) {
      world.clock.increment(DELAYS.pollInterval);
      lastRead(world).resolve(BEFORE);
      await tick();
    }
    expect(checkoutView(world.actor.getSnapshot()).status).toBe('timedOut');
    world.actor.send({ type: 'checkout.recheck' });
    lastRead(world).resolve(UPGRADED);
    await tick();
    expect(checkoutView(world.actor.getSnapshot())).toMatchObject({ status: 'confirmed', account: UPGRADED });
  });

  it('a cancelled payment page ends the wait without confirming; retry after a failure creates the same item again', async () => {
    const world = await toWaiting(PACK);
    world.actor.send({ type: 'checkout.returned', outcome: 'cancel' });
    expect(checkoutView(world.actor.getSnapshot()).status).toBe('cancelled');
    expect(world.watching).toBe(0);

    world.actor.send({ type: 'checkout.choose', item: PLAN });
    lastRead(world).resolve(BEFORE);
    await tick();
    world.creating!.reject(SERVER_ERROR);
    await tick();
    expect(checkoutView(world.actor.getSnapshot()).status).toBe('failed');
    world.actor.send({ type: 'checkout.retry' });
    lastRead(world).resolve(BEFORE);
    await tick();
    expect(world.created).toEqual([PACK.buyButton, PLAN.buyButton, PLAN.buyButton]);
  });

  it('purchaseArrived: a plan arrives when the card’s plan is on the account and was not before', () => {
    expect(purchaseArrived(PLAN, BEFORE, UPGRADED)).toBe(true);
    expect(purchaseArrived(PLAN, BEFORE, { credits: 1, premiumType: 'basic' })).toBe(false);
    expect(purchaseArrived(PLAN, UPGRADED, UPGRADED)).toBe(false);
    expect(purchaseArrived(PACK, BEFORE, { credits: 10, premiumType: 'free' })).toBe(false);
    expect(purchaseArrived(PACK, BEFORE, { credits: 11, premiumType: 'free' })).toBe(true);
  });

  it('confirmedMessage: the credits really added, and only the views the new plan opens beyond the old one', () => {
    // A pack of 10 that found 3 more credits already there (granted meanwhile) says what the balance grew by.
    expect(confirmedMessage(PACK, { credits: 14, premiumType: 'free' }, BEFORE)).toEqual({
      kind: 'credits',
      key: 'purchase.credits_added',
      values: { count: 13, balance: 14 },
    });
    expect(confirmedMessage(PLAN, UPGRADED, { credits: 1, premiumType: 'basic' })).toMatchObject({
      plan: 'premium',
      views: ['insights', 'incomeProjection', 'negotiationBrief', 'releaseAlerts'],
    });
    expect(confirmedMessage({ ...PLAN, plan: 'basic' }, { credits: 1, premiumType: 'basic' }, BEFORE)).toMatchObject({
      views: ['evolution', 'perceptionHistory'],
    });
  });

  it('returnNextStep: credits for a corporate account, the first view a new plan opens, otherwise the plans', () => {
    expect(returnNextStep({ role: ['corporate'], premiumType: 'free' })).toEqual({ kind: 'credits' });
    expect(returnNextStep({ role: ['member'], premiumType: 'basic' })).toEqual({ kind: 'plan', feature: 'evolution', to: '/your-evolution' });
    expect(returnNextStep({ role: ['member'], premiumType: 'premium' })).toEqual({ kind: 'plan', feature: 'evolution', to: '/your-evolution' });
    expect(returnNextStep({ role: ['member'], premiumType: 'free' })).toEqual({ kind: 'plans' });
    expect(returnNextStep(null)).toEqual({ kind: 'plans' });
  });

  it('paymentsMessageOf: reads the return page’s message from local storage, and nothing else', () => {
    const stored = (message: unknown) => JSON.stringify({ message, at: 1 });
    expect(paymentsMessageOf(PAYMENTS_STORAGE_KEY, stored({ kind: 'checkout', outcome: 'success' }))).toEqual({ kind: 'checkout', outcome: 'success' });
    expect(paymentsMessageOf(PAYMENTS_STORAGE_KEY, stored({ kind: 'portal' }))).toEqual({ kind: 'portal' });
    expect(paymentsMessageOf(PAYMENTS_STORAGE_KEY, stored({ kind: 'checkout', outcome: 'paid?' }))).toBeNull();
    expect(paymentsMessageOf('current_user', stored({ kind: 'portal' }))).toBeNull();
    expect(paymentsMessageOf(PAYMENTS_STORAGE_KEY, 'not json')).toBeNull();
    expect(paymentsMessageOf(PAYMENTS_STORAGE_KEY, null)).toBeNull();
  });
});
