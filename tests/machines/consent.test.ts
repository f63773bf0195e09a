import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromCallback } from 'xstate';
import { consentMachine, type ConsentChoice, type ConsentEvent, type ConsentMachine } from '../../machines/consent/consentMachine';
import { consentView } from '../../machines/consent/viewModel';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const BAR_HIDE_MS = 900;

interface World extends ActorWorld<ConsentMachine> {
  clock: SimulatedClock;
  storage: Map<string, string>;
  /** How many times the analytics actor started and stopped. */
  analytics: { started: number; stopped: number };
  /** The last choice the person made (from the gestures, not from the machine). */
  chosen: boolean | null;
  everAccepted: boolean;
}

function startWorld(stored: ConsentChoice = null): World {
  const world = {
    clock: new SimulatedClock(),
    storage: new Map<string, string>(),
    analytics: { started: 0, stopped: 0 },
    chosen: stored,
    everAccepted: stored === true,
  } as Omit<World, 'actor'> as World;
  world.actor = createActor(
    consentMachine.provide({
      actors: {
        analytics: fromCallback(() => {
          world.analytics.started += 1;
          return () => {
            world.analytics.stopped += 1;
          };
        }),
      },
      actions: { storeChoice: (_, params) => void world.storage.set('acceptCookies', String(params.accepted)) },
      delays: { barHide: BAR_HIDE_MS },
    }),
    { input: { stored }, clock: world.clock },
  );
  return world;
}

const serializeState = (s: MachineSnapshot<ConsentMachine>) => JSON.stringify({ value: s.value });

const graph = machineGraph({
  machine: consentMachine,
  input: { stored: null },
  serializeState,
  events: eventsWithFixtures<ConsentEvent>({}),
});

const executors = {
  'consent.accept': (world, event) => {
    world.chosen = true;
    world.everAccepted = true;
    world.actor.send(event);
  },
  'consent.deny': (world, event) => {
    world.chosen = false;
    world.actor.send(event);
  },
} satisfies EventExecutors<ConsentEvent, World>;

const driver = actorDriver<ConsentMachine, World>({
  start: () => startWorld(null),
  executors,
  frameworkExecutors: {
    'xstate.after.barHide.consent.accepted.hiding': (world) => world.clock.increment(BAR_HIDE_MS),
    'xstate.after.barHide.consent.denied.hiding': (world) => world.clock.increment(BAR_HIDE_MS),
  },
  serializeState,
});

const analyticsRunning = (world: World) => world.analytics.started - world.analytics.stopped;

const assertions = {
  undecided: (world, snapshot) => {
    expect(consentView(snapshot)).toEqual({ barVisible: true, barHiding: false, choice: null });
    expect(world.storage.has('acceptCookies')).toBe(false);
    expect(world.analytics.started).toBe(0);
  },
  accepted: (world, snapshot) => {
    expect(consentView(snapshot).choice).toBe(true);
    expect(world.chosen).toBe(true);
    expect(world.storage.get('acceptCookies')).toBe('true');
    expect(analyticsRunning(world)).toBe(1);
  },
  'accepted.hiding': (_world, snapshot) => {
    expect(consentView(snapshot)).toMatchObject({ barVisible: true, barHiding: true });
  },
  'accepted.settled': (_world, snapshot) => {
    expect(consentView(snapshot)).toMatchObject({ barVisible: false, barHiding: false });
  },
  denied: (world, snapshot) => {
    expect(consentView(snapshot).choice).toBe(false);
    expect(world.chosen).toBe(false);
    expect(world.storage.get('acceptCookies')).toBe('false');
    expect(analyticsRunning(world)).toBe(0);
    // No analytics code ever loads unless the person accepted at some point.
    if (!world.everAccepted) expect(world.analytics.started).toBe(0);
  },
  'denied.hiding': (_world, snapshot) => {
    expect(consentView(snapshot)).toMatchObject({ barVisible: true, barHiding: true });
  },
  'denied.settled': (_world, snapshot) => {
    expect(consentView(snapshot)).toMatchObject({ barVisible: false, barHiding: false });
  },
} satisfies StateAssertions<ConsentMachine, World>;

describeMachinePaths('consent paths', { graph, driver, assertions, generators: ['shortest', 'simple', 'transitions'] });

describe('consent behaviour', () => {
  it('a stored acceptance starts settled, without the bar, with analytics running', () => {
    const world = startWorld(true);
    world.actor.start();
    expect(world.actor.getSnapshot().value).toEqual({ accepted: 'settled' });
    expect(consentView(world.actor.getSnapshot())).toEqual({ barVisible: false, barHiding: false, choice: true });
    expect(analyticsRunning(world)).toBe(1);
    expect(world.storage.size).toBe(0); // nothing written: it was already stored
  });

  it('a stored denial starts settled, without the bar, and never starts analytics', () => {
    const world = startWorld(false);
    world.actor.start();
    expect(world.actor.getSnapshot().value).toEqual({ denied: 'settled' });
    expect(consentView(world.actor.getSnapshot()).barVisible).toBe(false);
    expect(world.analytics.started).toBe(0);
  });

  it('the bar slides away for 0.9 s after a choice', () => {
    const world = startWorld(null);
    world.actor.start();
    world.actor.send({ type: 'consent.deny' });
    world.clock.increment(BAR_HIDE_MS - 1);
    expect(consentView(world.actor.getSnapshot()).barHiding).toBe(true);
    world.clock.increment(1);
    expect(consentView(world.actor.getSnapshot()).barVisible).toBe(false);
  });

  it('the real bar delay is about 0.9 s', () => {
    expect(consentMachine.implementations.delays.barHide).toBe(900);
  });
});
