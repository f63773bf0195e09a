/**
 * The loading spinner's machine (3 s default): the spinner at once, "still working…" after
 * exactly LOADING_SLOW_MS on a simulated clock, try again only when slow, gone when the load ends.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { LOADING_SLOW_MS } from '../../src/domain/constants';
import { loadingMachine, type LoadingEmitted, type LoadingEvent, type LoadingMachine } from '../../machines/loading/loadingMachine';
import { loadingView } from '../../machines/loading/viewModel';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

interface World extends ActorWorld<LoadingMachine> {
  clock: SimulatedClock;
  /** Simulated milliseconds since the spinner was last shown or retried (what the gestures did). */
  shownFor: number | null;
  emitted: LoadingEmitted[];
}

const serializeState = (s: MachineSnapshot<LoadingMachine>) => JSON.stringify(s.value);

const graph = machineGraph({
  machine: loadingMachine,
  serializeState,
  events: eventsWithFixtures<LoadingEvent>({}),
});

const driver = actorDriver<LoadingMachine, World>({
  start: () => {
    const clock = new SimulatedClock();
    const world = { clock, shownFor: null, emitted: [] } as unknown as World;
    world.actor = createActor(loadingMachine, { clock });
    world.actor.on('loading.retried', (event) => world.emitted.push(event));
    return world;
  },
  executors: {
    'loading.show': (world, event) => {
      world.shownFor = 0;
      send(world, event);
    },
    'loading.hide': (world, event) => {
      world.shownFor = null;
      send(world, event);
    },
    'loading.retry': (world, event) => {
      world.shownFor = 0;
      send(world, event);
    },
  } satisfies EventExecutors<LoadingEvent, World>,
  frameworkExecutors: {
    'xstate.after.slowAfter.loading.spinning': (world) => {
      // Just before the 3 s nothing changes; at 3 s the message comes.
      world.clock.increment(LOADING_SLOW_MS - 1);
      expect(world.actor.getSnapshot().value).toBe('spinning');
      world.clock.increment(1);
      world.shownFor = LOADING_SLOW_MS;
    },
  },
  serializeState,
});

const assertions = {
  idle: (world, snapshot) => {
    expect(world.shownFor).toBeNull();
    expect(loadingView(snapshot, true)).toEqual({ visible: false, slow: false, messageKey: null, canRetry: false });
  },
  spinning: (world, snapshot) => {
    expect(world.shownFor).toBe(0);
    expect(loadingView(snapshot, true)).toEqual({ visible: true, slow: false, messageKey: null, canRetry: false });
  },
  slow: (world, snapshot) => {
    expect(world.shownFor).toBe(LOADING_SLOW_MS);
    expect(loadingView(snapshot, true)).toEqual({ visible: true, slow: true, messageKey: 'loading.slow', canRetry: true });
    expect(loadingView(snapshot, false).canRetry).toBe(false);
  },
} satisfies StateAssertions<LoadingMachine, World>;

describeMachinePaths('loading spinner', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('loading spinner: the 3 s default', () => {
  it('waits 3 s before saying it is still working', () => expect(LOADING_SLOW_MS).toBe(3000));

  it('a retry starts a fresh 3 s and says so to the owner', () => {
    const clock = new SimulatedClock();
    const actor = createActor(loadingMachine, { clock }).start();
    const retried: LoadingEmitted[] = [];
    actor.on('loading.retried', (event) => retried.push(event));
    actor.send({ type: 'loading.show' });
    clock.increment(LOADING_SLOW_MS);
    actor.send({ type: 'loading.retry' });
    expect(retried).toEqual([{ type: 'loading.retried' }]);
    clock.increment(LOADING_SLOW_MS - 1);
    expect(actor.getSnapshot().value).toBe('spinning');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('slow');
  });

  it('a load that ends before 3 s never shows the message, and a retry is ignored while not slow', () => {
    const clock = new SimulatedClock();
    const actor = createActor(loadingMachine, { clock }).start();
    actor.send({ type: 'loading.show' });
    actor.send({ type: 'loading.retry' });
    clock.increment(LOADING_SLOW_MS - 1);
    actor.send({ type: 'loading.hide' });
    clock.increment(LOADING_SLOW_MS);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
