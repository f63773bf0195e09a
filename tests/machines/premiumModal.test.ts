// The premium modal walked along its graph against the real actor: a fake catalogue; the checkout, the
// manage-subscription and the contact children are the real machines with effects that never settle, so
// the modal's hand-over to them can be read from their snapshots.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type ActorRefFrom, type EventObject } from 'xstate';
import {
  checkoutItemOfCard,
  premiumModalMachine,
  type Catalogue,
  type PremiumModalEmitted,
  type PremiumModalEvent,
  type PremiumModalInput,
  type PremiumModalMachine,
  type PremiumModalUser,
  type SubscriptionCard,
} from '../../machines/premiumModal/premiumModalMachine';
import { cardsByPlan, premiumHighlightOfSearch, premiumModalView, premiumPathFor } from '../../machines/premiumModal/viewModel';
import { checkoutMachine, type CheckoutMachine } from '../../machines/checkout/checkoutMachine';
import { manageSubscriptionMachine, type ManageSubscriptionMachine } from '../../machines/manageSubscription/manageSubscriptionMachine';
import { corporateContactMachine } from '../../machines/corporateContact/corporateContactMachine';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const card = (id: string, overrides: Partial<SubscriptionCard> = {}): SubscriptionCard => ({
  id,
  plan: 'basic',
  period: 'year',
  discount: null,
  price: 99,
  priceMonth: 8.25,
  currecy: '€',
  content: [{ title: 'Basic', subtitle: ['Comparison', 'Evolution'] }],
  buyButton: `${id}-button`,
  ...overrides,
});

const PREMIUM = card('premium', { plan: 'premium', discount: '-25%', price: 171, priceMonth: 14.25 });
const CORPORATE = card('corporate', { plan: 'corporate', period: 'custom', price: null, priceMonth: null });
const CATALOGUE: Catalogue = { language: 'es', currency: 'EUR', conversion: null, creditPacks: [], subscriptionCards: [card('basic'), PREMIUM, CORPORATE] };
const NO_CARDS: Catalogue = { ...CATALOGUE, subscriptionCards: [] };
const FREE: PremiumModalUser = { premiumType: 'free' };
const PAID: PremiumModalUser = { premiumType: 'premium' };
const FAILURE: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: null, errorCode: null, request: null };

const serializeState = (s: MachineSnapshot<PremiumModalMachine>) =>
  JSON.stringify({
    value: s.value,
    paid: s.context.user?.premiumType !== 'free' && s.context.user !== null,
    cards: s.context.cards.length,
    notice: s.context.noticeCardId,
  });

const graph = machineGraph({
  machine: premiumModalMachine,
  input: { user: FREE },
  serializeState,
  events: eventsWithFixtures<PremiumModalEvent>(
    {
      'premiumModal.userChanged': [
        { type: 'premiumModal.userChanged', user: PAID },
        { type: 'premiumModal.userChanged', user: FREE },
      ],
      'premiumModal.select': [
        { type: 'premiumModal.select', card: PREMIUM },
        { type: 'premiumModal.select', card: CORPORATE },
      ],
      'premiumModal.moreDetails': [{ type: 'premiumModal.moreDetails', cardId: 'premium' }],
    },
    { outputs: { loadCatalogue: [CATALOGUE, NO_CARDS] }, errors: { loadCatalogue: [FAILURE] } },
  ),
});

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<PremiumModalMachine> {
  loading: Pending<Catalogue> | null;
  /** What the world did: the user it said, the catalogue it answered, the card details asked for. */
  user: PremiumModalUser;
  catalogue: Catalogue | null;
  logged: string[];
  baselineReads: number;
  portals: number;
  emitted: PremiumModalEmitted[];
}

function createWorld(input: PremiumModalInput = { user: FREE }): World {
  const world = { loading: null, user: FREE, catalogue: null, logged: [], baselineReads: 0, portals: 0, emitted: [] } as Omit<World, 'actor'> as World;
  const never = <T>() => new Promise<T>(() => undefined);
  const machine = premiumModalMachine.provide({
    actors: {
      loadCatalogue: fromPromise<Catalogue>(() => new Promise((resolve, reject) => (world.loading = { resolve, reject }))),
      checkout: checkoutMachine.provide({
        actors: {
          readAccount: fromPromise(() => {
            world.baselineReads += 1;
            return never();
          }),
          createCheckout: fromPromise(() => never()),
          openTab: fromPromise(() => never()),
          watchReturn: fromCallback<EventObject>(() => () => undefined),
        },
      }),
      manageSubscription: manageSubscriptionMachine.provide({
        actors: {
          createPortal: fromPromise(() => {
            world.portals += 1;
            return never();
          }),
          openTab: fromPromise(() => never()),
          watchReturn: fromCallback<EventObject>(() => () => undefined),
        },
      }),
      corporateContact: corporateContactMachine.provide({ actors: { sendContact: fromPromise(() => never()) } }),
    },
    actions: { logMoreDetails: (_, params: { cardId: string }) => void world.logged.push(params.cardId) },
  });
  world.actor = createActor(machine, { input });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const checkoutOf = (snapshot: MachineSnapshot<PremiumModalMachine>) => (snapshot.children.checkout as ActorRefFrom<CheckoutMachine>).getSnapshot();
const manageOf = (snapshot: MachineSnapshot<PremiumModalMachine>) => (snapshot.children.manage as ActorRefFrom<ManageSubscriptionMachine>).getSnapshot();

const executors = {
  'premiumModal.open': send,
  'premiumModal.close': send,
  'premiumModal.userChanged': (world, event) => {
    world.user = event.user;
    send(world, event);
  },
  'premiumModal.retry': send,
  'premiumModal.select': send,
  'premiumModal.moreDetails': send,
  'premiumModal.dismissNotice': send,
  'premiumModal.backToCards': send,
  'premiumModal.manage': send,
} satisfies EventExecutors<PremiumModalEvent, World>;

const driver = actorDriver<PremiumModalMachine, World>({
  start: createWorld,
  executors,
  frameworkExecutors: {
    'xstate.done.actor.loadCatalogue': (world, event) => {
      world.catalogue = event.output as Catalogue;
      world.loading!.resolve(event.output as Catalogue);
    },
    'xstate.error.actor.loadCatalogue': (world, event) => world.loading!.reject(event.error),
  },
  serializeState,
});

const paid = (user: PremiumModalUser) => user !== null && user.premiumType !== 'free';

const assertions = {
  closed: (world, snapshot) => {
    expect(premiumModalView(snapshot, 'es')).toMatchObject({ open: false, status: 'closed', columns: [] });
    if (world.emitted.length > 0) expect(world.emitted.at(-1)).toEqual({ type: 'premiumModal.closed' });
  },
  open: (_, snapshot) => {
    // The pitch, unless a plan was just bought here (then what changed: open.purchased).
    if (!snapshot.hasTag('purchased'))
      expect(premiumModalView(snapshot, 'es')).toMatchObject({
        open: true,
        headingKey: 'become_premium.button',
        subheadingKey: 'become_premium.upgrading',
        nextStep: null,
      });
  },
  'open.loading': (_, snapshot) => expect(premiumModalView(snapshot, 'es')).toMatchObject({ status: 'loading', columns: [] }),
  'open.failed': (_, snapshot) => expect(premiumModalView(snapshot, 'es')).toMatchObject({ status: 'failed', columns: [] }),
  // The manage block only for a current user with a paid plan, and then no cards.
  'open.manage': (world, snapshot) => {
    expect(paid(world.user)).toBe(true);
    expect(premiumModalView(snapshot, 'es')).toMatchObject({ status: 'manage', columns: [] });
  },
  // Bought from the cards: the heading says the plan is active, the next step leads to the views it opens, and the
  // manage block is there (no cards).
  'open.purchased': (world, snapshot) => {
    expect(paid(world.user)).toBe(true);
    expect(premiumModalView(snapshot, 'es')).toMatchObject({
      status: 'purchased',
      columns: [],
      headingKey: 'become_premium.purchased.title',
      subheadingKey: 'become_premium.purchased.text',
      plan: world.user!.premiumType,
      nextStep: { to: '/personalized-comparison', labelKey: 'become_premium.purchased.next' },
    });
  },
  'open.cards': (world, snapshot) => {
    const view = premiumModalView(snapshot, 'es');
    expect(paid(world.user)).toBe(false);
    expect(view.status).toBe('cards');
    expect(view.columns.flat().map((c) => c.id)).toEqual(cardsByPlan(world.catalogue!.subscriptionCards).map((c) => c.id));
    expect(view.columns.map((column) => column.map((c) => c.last))).toEqual([[false, true], [false]]);
  },
  'open.cards.browsing': (_, snapshot) => expect(premiumModalView(snapshot, 'es').noticeCardId).toBeNull(),
  'open.cards.notice': (world, snapshot) => {
    expect(premiumModalView(snapshot, 'es').noticeCardId).toBe('premium');
    expect(world.logged.at(-1)).toBe('premium');
  },
  'open.contact': (world, snapshot) => {
    expect(premiumModalView(snapshot, 'es').status).toBe('contact');
    // The corporate plan is asked for, never bought.
    expect(world.baselineReads).toBe(0);
  },
  'open.empty': (world, snapshot) => {
    expect(world.catalogue!.subscriptionCards).toEqual([]);
    expect(paid(world.user)).toBe(false);
    expect(premiumModalView(snapshot, 'es')).toMatchObject({ status: 'empty', columns: [] });
  },
} satisfies StateAssertions<PremiumModalMachine, World>;

describeMachinePaths('premiumModal paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('premiumModal behaviour', () => {
  async function openWithCards(user: PremiumModalUser = FREE) {
    const world = createWorld();
    world.actor.start();
    world.actor.send({ type: 'premiumModal.userChanged', user });
    world.actor.send({ type: 'premiumModal.open' });
    world.loading!.resolve(CATALOGUE);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return world;
  }

  it('opened for a feature the plan lacks, marks the cards of the plan that unlocks it, and only those', async () => {
    const world = createWorld({ user: FREE, highlight: { feature: 'evolution', plan: 'basic' } });
    world.actor.start();
    world.actor.send({ type: 'premiumModal.open' });
    world.loading!.resolve({
      ...CATALOGUE,
      subscriptionCards: [card('basic'), card('basic-quarter', { period: 'quarter', priceMonth: null }), PREMIUM, CORPORATE],
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const view = premiumModalView(world.actor.getSnapshot(), 'es');
    expect(view.highlight).toEqual({ feature: 'evolution', plan: 'basic' });
    const marked = view.columns.flat().map((cardView) => [cardView.id, cardView.includes]);
    expect(marked).toEqual([
      ['basic', 'evolution'],
      ['basic-quarter', 'evolution'],
      ['premium', null],
      ['corporate', null],
    ]);
    // Opened for itself, nothing is marked.
    const plain = await openWithCards();
    expect(
      premiumModalView(plain.actor.getSnapshot(), 'es')
        .columns.flat()
        .every((cardView) => cardView.includes === null),
    ).toBe(true);
    expect(premiumModalView(plain.actor.getSnapshot(), 'es').highlight).toBeNull();
  });

  it('the page of a refused view carries the feature and the plan, and only known ones are read back', () => {
    const path = premiumPathFor('incomeProjection', 'advanced');
    expect(path).toBe('/become-premium?feature=incomeProjection&plan=advanced');
    expect(premiumHighlightOfSearch(path.slice(path.indexOf('?')))).toEqual({ feature: 'incomeProjection', plan: 'advanced' });
    expect(premiumHighlightOfSearch('?feature=evolution&plan=free')).toBeNull();
    expect(premiumHighlightOfSearch('?feature=nothing&plan=basic')).toBeNull();
    expect(premiumHighlightOfSearch('')).toBeNull();
  });

  it('select starts the checkout of that card’s buyButton', async () => {
    const world = await openWithCards();
    world.actor.send({ type: 'premiumModal.select', card: PREMIUM });
    const checkout = checkoutOf(world.actor.getSnapshot());
    expect(checkout.value).toBe('preparing');
    expect(checkout.context.item).toEqual(checkoutItemOfCard(PREMIUM));
    expect(checkout.context.item).toMatchObject({ buyButton: 'premium-button', plan: 'premium' });
  });

  it('more-details only logs and shows the notice: nothing is bought', async () => {
    const world = await openWithCards();
    world.actor.send({ type: 'premiumModal.moreDetails', cardId: 'premium' });
    expect(world.logged).toEqual(['premium']);
    expect(checkoutOf(world.actor.getSnapshot()).value).toBe('idle');
    expect(world.baselineReads).toBe(0);
  });

  it('the manage button opens the portal; buying a plan turns the cards into the manage block', async () => {
    const world = await openWithCards(PAID);
    expect(premiumModalView(world.actor.getSnapshot(), 'es').status).toBe('manage');
    world.actor.send({ type: 'premiumModal.manage' });
    expect(manageOf(world.actor.getSnapshot()).value).toBe('creating');
    expect(world.portals).toBe(1);

    const free = await openWithCards(FREE);
    free.actor.send({ type: 'premiumModal.userChanged', user: PAID });
    expect(premiumModalView(free.actor.getSnapshot(), 'es').status).toBe('purchased');
    free.actor.send({ type: 'premiumModal.manage' });
    expect(manageOf(free.actor.getSnapshot()).value).toBe('creating');
    // No current user: never the manage block.
    free.actor.send({ type: 'premiumModal.userChanged', user: null });
    expect(premiumModalView(free.actor.getSnapshot(), 'es').status).toBe('cards');
  });

  it('pairs the options of one plan in a column: each yearly card with its 3-month option, the corporate plan alone', () => {
    const seeded = ['basic-year', 'advanced-year', 'premium-year', 'basic-quarter', 'advanced-quarter', 'premium-quarter', 'corporate'].map((id) =>
      card(id, { plan: id.split('-')[0] as SubscriptionCard['plan'] }),
    );
    const world = createWorld();
    world.actor.start();
    world.actor.send({ type: 'premiumModal.open' });
    world.loading!.resolve({ ...CATALOGUE, subscriptionCards: seeded });
    return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
      const columns = premiumModalView(world.actor.getSnapshot(), 'es').columns.map((column) => column.map((c) => c.id));
      expect(columns).toEqual([['basic-year', 'basic-quarter'], ['advanced-year', 'advanced-quarter'], ['premium-year', 'premium-quarter'], ['corporate']]);
    });
  });
});
