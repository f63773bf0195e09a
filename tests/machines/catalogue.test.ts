// The catalogue of my-credits walked along its graph against the real actor with a fake call.
import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { catalogueMachine, type CatalogueEvent, type CatalogueMachine } from '../../machines/catalogue/catalogueMachine';
import type { Catalogue } from '../../machines/premiumModal/premiumModalMachine';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const CATALOGUE: Catalogue = {
  language: 'es',
  currency: 'EUR',
  conversion: null,
  creditPacks: [{ id: 'pack-10', name: '10 créditos', price: 999, credits: 10, priceCredit: 99, currency: 'EUR', style: 'primary' }],
  subscriptionCards: [],
};
const FAILURE: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: null, errorCode: null, request: null };
const serializeState = (s: MachineSnapshot<CatalogueMachine>) => JSON.stringify({ value: s.value });

const graph = machineGraph({
  machine: catalogueMachine,
  serializeState,
  events: eventsWithFixtures<CatalogueEvent>({}, { outputs: { loadCatalogue: [CATALOGUE] }, errors: { loadCatalogue: [FAILURE] } }),
});

interface World extends ActorWorld<CatalogueMachine> {
  pending: { resolve(value: Catalogue): void; reject(error: unknown): void } | null;
  loads: number;
  answered: Catalogue | null;
}

const driver = actorDriver<CatalogueMachine, World>({
  start: () => {
    const world = { pending: null, loads: 0, answered: null } as Omit<World, 'actor'> as World;
    world.actor = createActor(
      catalogueMachine.provide({
        actors: {
          loadCatalogue: fromPromise<Catalogue>(() => {
            world.loads += 1;
            return new Promise((resolve, reject) => (world.pending = { resolve, reject }));
          }),
        },
      }),
    );
    return world;
  },
  executors: { 'catalogue.retry': send, 'catalogue.reload': send } satisfies EventExecutors<CatalogueEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadCatalogue': (world, event) => {
      world.answered = event.output as Catalogue;
      world.pending!.resolve(event.output as Catalogue);
    },
    'xstate.error.actor.loadCatalogue': (world, event) => world.pending!.reject(event.error),
  },
  serializeState,
});

const assertions = {
  loading: (world, snapshot) => {
    expect(world.loads).toBeGreaterThan(0);
    expect(snapshot.hasTag('loading')).toBe(true);
  },
  ready: (world, snapshot) => expect(snapshot.context.catalogue).toEqual(world.answered),
  failed: (_, snapshot) => expect(snapshot.context.failure).toEqual(FAILURE),
} satisfies StateAssertions<CatalogueMachine, World>;

describeMachinePaths('catalogue paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

test('a reload while loading (the reader switched language) drops the answer in the old language', async () => {
  const calls: Array<(value: Catalogue) => void> = [];
  const actor = createActor(
    catalogueMachine.provide({ actors: { loadCatalogue: fromPromise<Catalogue>(() => new Promise((resolve) => calls.push(resolve))) } }),
  ).start();
  actor.send({ type: 'catalogue.reload' });
  expect(calls).toHaveLength(2);
  calls[0]({ ...CATALOGUE, language: 'es' });
  calls[1]({ ...CATALOGUE, language: 'en' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(actor.getSnapshot().context.catalogue?.language).toBe('en');
});
