// The resource machine (the home page's figures, the app configuration, the dashboard's recent searches)
// walked along its graph against the real actor, with a fake for the one call.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { provideResource, type ResourceEmitted, type ResourceEvent, type ResourceMachine } from '../../machines/resource/resourceMachine';
import { resourceView } from '../../machines/resource/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

interface Summary {
  completedForms: number;
}

const ANSWER: Summary = { completedForms: 120 };
const FAILURE: CallFailure = {
  ok: false,
  status: 503,
  value: null,
  reason: 'http',
  body: null,
  errorCode: null,
  request: { method: 'get', path: '/public-summary' },
};

const serializeState = (s: MachineSnapshot<ResourceMachine>) => JSON.stringify({ value: s.value, hasData: s.context.data !== null });

const graph = machineGraph({
  machine: provideResource<Summary>(fromPromise(async () => ANSWER)),
  serializeState,
  events: eventsWithFixtures<ResourceEvent>({}, { outputs: { load: [ANSWER] }, errors: { load: [FAILURE] } }),
});

interface World extends ActorWorld<ResourceMachine> {
  pending: { resolve(value: Summary): void; reject(error: unknown): void } | null;
  calls: number;
  emitted: ResourceEmitted[];
  answered: Summary | null;
}

function createWorld(): World {
  const world = { pending: null, calls: 0, emitted: [], answered: null } as Omit<World, 'actor'> as World;
  const logic = provideResource<Summary>(
    fromPromise<Summary>(() => {
      world.calls += 1;
      return new Promise((resolve, reject) => (world.pending = { resolve, reject }));
    }),
  );
  world.actor = createActor(logic);
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<ResourceMachine, World>({
  start: createWorld,
  executors: { 'resource.retry': send, 'resource.reload': send } satisfies EventExecutors<ResourceEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.load': (world, event) => {
      world.answered = event.output as Summary;
      world.pending!.resolve(world.answered);
    },
    'xstate.error.actor.load': (world, event) => world.pending!.reject(event.error),
  },
  serializeState,
});

const assertions = {
  loading: (world, snapshot) => {
    expect(world.pending).not.toBeNull();
    // Before the first answer the screen waits; a reload keeps the answer shown.
    expect(resourceView<Summary>(snapshot)).toEqual(world.answered ? { status: 'ready', data: world.answered } : { status: 'loading' });
  },
  ready: (world, snapshot) => {
    expect(resourceView<Summary>(snapshot)).toEqual({ status: 'ready', data: world.answered });
  },
  failed: (world, snapshot) => {
    expect(resourceView<Summary>(snapshot)).toEqual({ status: 'failed', failure: FAILURE });
    expect(world.emitted.at(-1)).toEqual({ type: 'resource.failed', failure: FAILURE });
  },
} satisfies StateAssertions<ResourceMachine, World>;

describeMachinePaths('resource paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('resource behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('asks once when the screen opens and again only when told', async () => {
    const world = createWorld();
    world.actor.start();
    world.pending!.reject(FAILURE);
    await tick();
    expect(world.calls).toBe(1);
    world.actor.send({ type: 'resource.reload' }); // not while failed: only retry
    expect(world.calls).toBe(1);
    world.actor.send({ type: 'resource.retry' });
    expect(world.calls).toBe(2);
  });

  it('a screen that goes away cancels the call still on its way', async () => {
    let aborted = false;
    const actor = createActor(
      provideResource<Summary>(
        fromPromise<Summary>(({ signal }) => {
          signal.addEventListener('abort', () => (aborted = true));
          return new Promise(() => {});
        }),
      ),
    ).start();
    actor.stop();
    expect(aborted).toBe(true);
  });
});
