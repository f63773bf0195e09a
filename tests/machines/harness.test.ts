// Tests of the path-test harness itself, on toy machines: it walks invoked actors and delays against
// the real actor, and its guards and walk FAIL when a machine or its tests are incomplete.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, assign, createActor, fromPromise, setup } from 'xstate';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { assertionTableProblems, unexercisedTransitions, unreachedLeafStates } from './harness/guards';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, walkPath, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

// ─── a machine with an invoked actor, a guard on its output and a named delay ───

type LoaderEvent = { type: 'loader.load' } | { type: 'loader.cancel' };

const loaderMachine = setup({
  types: { context: {} as { answer: string | null }, events: {} as LoaderEvent },
  actors: {
    fetchAnswer: fromPromise<{ answer: string | null }>(() => Promise.reject(new Error('inject fetchAnswer'))),
  },
  guards: { hasAnswer: (_, params: { answer: string | null }) => params.answer !== null },
  delays: { retryDelay: 5000 },
}).createMachine({
  id: 'loader',
  context: { answer: null },
  initial: 'idle',
  states: {
    idle: { on: { 'loader.load': 'loading' } },
    loading: {
      invoke: {
        id: 'fetchAnswer',
        src: 'fetchAnswer',
        onDone: [
          {
            guard: { type: 'hasAnswer', params: ({ event }) => ({ answer: event.output.answer }) },
            target: 'loaded',
            actions: assign({ answer: ({ event }) => event.output.answer }),
          },
          { target: 'waiting' },
        ],
        onError: 'failed',
      },
      on: { 'loader.cancel': 'idle' },
    },
    waiting: { after: { retryDelay: 'loading' }, on: { 'loader.cancel': 'idle' } },
    failed: { on: { 'loader.load': 'loading' } },
    loaded: { type: 'final' },
  },
});
type LoaderMachine = typeof loaderMachine;

interface LoaderWorld extends ActorWorld<LoaderMachine> {
  clock: SimulatedClock;
  /** The request the injected actor is waiting on; the walk settles it. */
  pending: { resolve(output: unknown): void; reject(error: unknown): void } | null;
}

const RETRY_MS = 10;

const loaderGraph = machineGraph({
  machine: loaderMachine,
  events: eventsWithFixtures<LoaderEvent>(
    {},
    {
      outputs: { fetchAnswer: [{ answer: '42' }, { answer: null }] },
      errors: { fetchAnswer: ['offline'] },
    },
  ),
});

/** `implementation` stands for the code under test; by default the chart's own guards. */
function loaderDriver(implementation: Parameters<LoaderMachine['provide']>[0] = {}) {
  return actorDriver<LoaderMachine, LoaderWorld>({
    start() {
      const world = { clock: new SimulatedClock(), pending: null } as Omit<LoaderWorld, 'actor'> as LoaderWorld;
      const machine = loaderMachine.provide({
        ...implementation,
        // The request waits until the walk's executor settles it with the path's output or error.
        actors: {
          fetchAnswer: fromPromise<{ answer: string | null }>(() => new Promise((resolve, reject) => (world.pending = { resolve: resolve, reject }))),
        },
        delays: { retryDelay: RETRY_MS },
      });
      world.actor = createActor(machine, { clock: world.clock });
      return world;
    },
    executors: { 'loader.load': send, 'loader.cancel': send } satisfies EventExecutors<LoaderEvent, LoaderWorld>,
    frameworkExecutors: {
      'xstate.done.actor.fetchAnswer': (world, event) => world.pending!.resolve(event.output),
      'xstate.error.actor.fetchAnswer': (world, event) => world.pending!.reject(event.error),
      'xstate.after.retryDelay.loader.waiting': (world) => world.clock.increment(RETRY_MS),
    },
    serializeState: (s) => JSON.stringify({ value: s.value, context: s.context }),
    settleTimeoutMs: 200,
  });
}

const loaderAssertions = {
  idle: (world) => expect(world.actor.getSnapshot().status).toBe('active'),
  loading: (world) => expect(world.pending).not.toBeNull(),
  waiting: (_world, snapshot) => expect(snapshot.context.answer).toBeNull(),
  failed: (_world, snapshot) => expect(snapshot.can({ type: 'loader.load' })).toBe(true),
  loaded: (world, snapshot) => {
    expect(snapshot.context.answer).toBe('42');
    expect(world.actor.getSnapshot().status).toBe('done');
  },
} satisfies StateAssertions<LoaderMachine, LoaderWorld>;

describeMachinePaths('harness on a machine with an invoked actor and a delay', {
  graph: loaderGraph,
  driver: loaderDriver(),
  assertions: loaderAssertions,
  generators: ['shortest', 'transitions'],
});

// ─── the guards report what is missing ───

type ToyEvent = { type: 'toy.go' } | { type: 'toy.skip' };

/** Deliberately broken: `orphan` has no way in, and `b → c` is on no shortest path. */
const brokenMachine = setup({ types: { events: {} as ToyEvent } }).createMachine({
  id: 'broken',
  initial: 'a',
  states: {
    a: { on: { 'toy.go': 'b', 'toy.skip': 'c' } },
    b: { on: { 'toy.go': 'c' } },
    c: { type: 'final' },
    orphan: {},
  },
});

const brokenGraph = machineGraph({ machine: brokenMachine, events: eventsWithFixtures<ToyEvent>({}) });

describe('harness guards', () => {
  it('report a leaf state that no path reaches', () => {
    expect(unreachedLeafStates(brokenMachine, brokenGraph.shortestPaths())).toEqual(['orphan']);
  });

  it('report states without an assertion and assertions that name no state', () => {
    expect(assertionTableProblems(brokenMachine, { a: () => {}, c: () => {}, ghost: () => {} })).toEqual({
      missing: ['b', 'orphan'],
      unknown: ['ghost'],
    });
  });

  it('report a state-changing transition that no walked path takes, and transition paths take it', () => {
    const unexercised = unexercisedTransitions(brokenGraph, brokenGraph.shortestPaths());
    expect(unexercised).toEqual(['{"value":"b","context":{}} --toy.go--> {"value":"c","context":{}}']);
    expect(unexercisedTransitions(brokenGraph, brokenGraph.transitionPaths())).toEqual([]);
  });

  it('ignore self-loops, which a walk cannot observe', () => {
    const loop = setup({ types: { events: {} as { type: 'toy.same' } } }).createMachine({
      initial: 'only',
      states: { only: { on: { 'toy.same': 'only' } } },
    });
    const graph = machineGraph({ machine: loop, events: eventsWithFixtures<{ type: 'toy.same' }>({}) });
    expect(graph.stateChangingTransitions()).toEqual([]);
  });
});

describe('harness walk', () => {
  const loadedPath = loaderGraph.shortestPaths().find((p) => p.state.matches('loaded'))!;

  it('fails when the real actor leaves the path', async () => {
    // The implementation refuses every answer, the chart accepts '42'.
    const wrong = loaderDriver({ guards: { hasAnswer: () => false } });
    await expect(walkPath(loadedPath, wrong, loaderAssertions)).rejects.toThrow(
      /did not reach the path's state at step \d+ \(xstate\.done\.actor\.fetchAnswer\)[\s\S]*expected: loaded \[done\][\s\S]*actual: {3}waiting \[active\]/,
    );
  });

  it('fails, naming the state and step, when an assertion fails', async () => {
    const strict = { ...loaderAssertions, loaded: () => expect('shown').toBe('hidden') };
    await expect(walkPath(loadedPath, loaderDriver(), strict)).rejects.toThrow(/assertion of "loaded" at step \d+ \(xstate\.done\.actor\.fetchAnswer\)/);
  });

  it('fails when an event has no executor', async () => {
    const driver = loaderDriver();
    const { 'xstate.after.retryDelay.loader.waiting': _timer, ...others } = driver.frameworkExecutors!;
    const withoutTimer = { ...driver, frameworkExecutors: others };
    const viaRetry = loaderGraph.pathFromEvents('retry', [
      { type: 'loader.load' },
      { type: 'xstate.done.actor.fetchAnswer', output: { answer: null } } as never,
      { type: 'xstate.after.retryDelay.loader.waiting' } as never,
    ]);
    await expect(walkPath(viaRetry, withoutTimer, loaderAssertions)).rejects.toThrow(/No executor for "xstate\.after\.retryDelay\.loader\.waiting"/);
  });

  it('refuses a hand-written walk with an event the state does not accept', () => {
    expect(() => loaderGraph.pathFromEvents('bad', [{ type: 'loader.cancel' }])).toThrow(/loader\.cancel is not accepted in idle/);
  });
});

describe('harness events', () => {
  it('refuses an events array, which would drop the generated events', () => {
    expect(() => machineGraph({ machine: brokenMachine, events: [{ type: 'toy.go' }] as never })).toThrow(/must be a function/);
  });

  it('asks for outputs of an invoked actor instead of walking it with undefined', () => {
    const graph = machineGraph({ machine: loaderMachine, events: eventsWithFixtures<LoaderEvent>({}) });
    expect(() => graph.shortestPaths()).toThrow(/No output fixtures for invoked actor "fetchAnswer"/);
  });

  it('offers every payload fixture as its own edge', () => {
    type Pick = { type: 'pick'; kind: 'a' | 'b' };
    const picker = setup({ types: { context: {} as { kind: string }, events: {} as Pick } }).createMachine({
      context: { kind: '' },
      initial: 'open',
      states: { open: { on: { pick: { target: 'done', actions: assign({ kind: ({ event }) => event.kind }) } } }, done: { type: 'final' } },
    });
    const graph = machineGraph({
      machine: picker,
      events: eventsWithFixtures<Pick>({
        pick: [
          { type: 'pick', kind: 'a' },
          { type: 'pick', kind: 'b' },
        ],
      }),
      serializeState: (s: MachineSnapshot<typeof picker>) => JSON.stringify({ value: s.value, kind: s.context.kind }),
    });
    expect(
      graph
        .shortestPaths()
        .map((p) => p.state.context.kind)
        .sort(),
    ).toEqual(['a', 'b']);
  });
});
