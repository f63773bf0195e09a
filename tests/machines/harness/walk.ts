/**
 * Walking a path: the executor side of the harness. Runner-agnostic (no vitest import).
 *
 * A `PathDriver` says how to start a fresh system for one path, how to perform each event (its
 * executor table) and how to wait until the system shows a snapshot. `actorDriver` drives the real
 * actor; a Playwright driver would start a page, click for each event and wait for the UI.
 *
 * At every step the walk (1) performs the event with its executor, (2) lets the driver settle on the
 * expected snapshot (the actor driver fails unless the real actor reaches exactly the vertex the path
 * says), then (3) runs the assertion of every active state node, outermost first.
 */
import type { Actor, AnyMachineSnapshot, AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import { recordWalkedPath } from './coverage';
import { leafStateKeys, type MachineEvent, type MachinePath, type MachineSnapshot } from './graph';

type EventOf<E extends EventObject, K extends E['type']> = Extract<E, { type: K }>;

/** Performs one event: `actor.send`, a click, resolving an injected actor, advancing a clock. */
export type Executor<W, E extends EventObject = EventObject> = (world: W, event: E) => void | Promise<void>;

/**
 * One executor per application event. Declare tables with `satisfies EventExecutors<MyEvent, World>`
 * (a `Record<MyEvent['type'], …>` whose executors get their own event's payload): a new event without a
 * gesture is then a compile error.
 */
export type EventExecutors<E extends EventObject, W> = { [K in E['type']]: Executor<W, EventOf<E, K>> };

/**
 * Executors for the events XState makes itself, keyed by exact type: `xstate.done.actor.<id>` (resolve the
 * injected actor with `event.output`), `xstate.error.actor.<id>` (reject it with `event.error`),
 * `xstate.after.<delay>.<state id>` (advance the clock by the injected delay).
 */
export type FrameworkExecutors<W> = Record<string, Executor<W, EventObject & { output?: unknown; error?: unknown }>>;

/** Dot paths of a machine's states (`open`, `closed`, `closed.idle`), from its typed state value. */
export type StateKey<V> = V extends string
  ? V
  : V extends Record<string, unknown>
    ? { [K in keyof V & string]: K | (V[K] extends undefined ? never : `${K}.${StateKey<NonNullable<V[K]>>}`) }[keyof V & string]
    : never;

/**
 * What must be true in each state, keyed by state path; every state of the machine needs an entry
 * (the type asks for all of them, `assertionTableProblems` checks it at run time). The snapshot is the
 * one the driver settled on: the real actor's for `actorDriver`.
 */
export type StateAssertions<M extends AnyStateMachine, W> = Record<
  StateKey<SnapshotFrom<M>['value']>,
  (world: W, snapshot: MachineSnapshot<M>) => void | Promise<void>
>;

export interface StepLocation {
  path: string;
  index: number;
  event: EventObject;
}

export interface PathDriver<M extends AnyStateMachine, W> {
  /** A fresh system under test for one path (a new actor, a new page). */
  start(): W | Promise<W>;
  executors: EventExecutors<MachineEvent<M>, W>;
  frameworkExecutors?: FrameworkExecutors<W>;
  /** Waits until the system shows `expected`; returns the snapshot to assert on, or throws saying what it shows. */
  settle(world: W, expected: MachineSnapshot<M>, where: StepLocation): Promise<MachineSnapshot<M>>;
  stop?(world: W): void | Promise<void>;
}

function locate(where: StepLocation): string {
  return `step ${where.index} (${where.event.type}) of path "${where.path}"`;
}

function withContext(error: unknown, context: string): unknown {
  // Keep the original error (and the runner's diff of expected/actual); only say where it happened.
  if (error instanceof Error) error.message = `${context}: ${error.message}`;
  return error;
}

/** State node paths active in a snapshot, outermost first: `closed`, then `closed.idle`. */
function activeStateKeys(snapshot: MachineSnapshot<AnyStateMachine>): string[] {
  return snapshot._nodes.filter((node) => node.path.length > 0).map((node) => node.path.join('.'));
}

export async function walkPath<M extends AnyStateMachine, W>(path: MachinePath<M>, driver: PathDriver<M, W>, assertions: StateAssertions<M, W>): Promise<void> {
  const table = assertions as Record<string, (world: W, snapshot: MachineSnapshot<M>) => void | Promise<void>>;
  const world = await driver.start();
  try {
    for (const [index, step] of path.steps.entries()) {
      const where = { path: path.description, index, event: step.event };
      if (index > 0) {
        const executor =
          (driver.executors as Record<string, Executor<W, EventObject> | undefined>)[step.event.type] ?? driver.frameworkExecutors?.[step.event.type];
        if (!executor) throw new Error(`No executor for "${step.event.type}" (${locate(where)})`);
        try {
          await executor(world, step.event);
        } catch (error) {
          throw withContext(error, `executing ${locate(where)}`);
        }
      }
      const observed = await driver.settle(world, step.state, where);
      for (const key of activeStateKeys(step.state)) {
        try {
          await table[key]?.(world, observed);
        } catch (error) {
          throw withContext(error, `assertion of "${key}" at ${locate(where)}`);
        }
      }
    }
    // Only a walk that reached every state of its path counts towards the machine's path coverage.
    recordWalkedPath(path);
  } finally {
    await driver.stop?.(world);
  }
}

export interface ActorWorld<M extends AnyStateMachine> {
  /** Created, not started: the driver starts it, so `start()` can subscribe to emitted events first. */
  actor: Actor<M>;
}

export interface ActorDriverOptions<M extends AnyStateMachine, W extends ActorWorld<M>> {
  /** Creates the world for one path, typically `createActor(machine.provide({ actors, delays }), { input, clock })`. */
  start(): W;
  executors: EventExecutors<MachineEvent<M>, W>;
  frameworkExecutors?: FrameworkExecutors<W>;
  /** The graph's vertex function: the actor must reach the same vertex as the path. */
  serializeState(snapshot: MachineSnapshot<M>): string;
  /** How long to wait for asynchronous work (an injected promise) to settle. Default 1000 ms. */
  settleTimeoutMs?: number;
}

/** Sends the event to the actor as it is: the executor of events a view sends unchanged. */
export function send<W extends ActorWorld<AnyStateMachine>>(world: W, event: EventObject): void {
  world.actor.send(event);
}

/** Drives the real actor. Use SimulatedClock (not fake timers) for delays: settling waits on real time. */
export function actorDriver<M extends AnyStateMachine, W extends ActorWorld<M>>(options: ActorDriverOptions<M, W>): PathDriver<M, W> {
  const timeoutMs = options.settleTimeoutMs ?? 1000;
  const serialize = options.serializeState as (snapshot: AnyMachineSnapshot) => string;
  const describe = (s: AnyMachineSnapshot) => `${leafStateKeys(s).join(' + ') || '(root)'} [${s.status}] ${serialize(s)}`;
  // Same vertex, and also the same value and status, so a projection cannot hide a wrong state.
  const same = (actual: AnyMachineSnapshot, expected: AnyMachineSnapshot) =>
    actual.status === expected.status && JSON.stringify(actual.value) === JSON.stringify(expected.value) && serialize(actual) === serialize(expected);

  return {
    start() {
      const world = options.start();
      world.actor.start();
      return world;
    },
    executors: options.executors,
    frameworkExecutors: options.frameworkExecutors,
    stop(world) {
      world.actor.stop();
    },
    settle(world, expected, where) {
      const actor = world.actor;
      if (same(actor.getSnapshot(), expected)) return Promise.resolve(actor.getSnapshot());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          subscription.unsubscribe();
          reject(
            new Error(
              `the actor did not reach the path's state at ${locate(where)} within ${timeoutMs} ms\n` +
                `  expected: ${describe(expected)}\n  actual:   ${describe(actor.getSnapshot())}`,
            ),
          );
        }, timeoutMs);
        const subscription = actor.subscribe({
          next(snapshot) {
            if (!same(snapshot, expected)) return;
            clearTimeout(timer);
            subscription.unsubscribe();
            resolve(snapshot);
          },
          error(error) {
            clearTimeout(timer);
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- whatever the actor failed with
            reject(withContext(error, `the actor failed at ${locate(where)}`));
          },
        });
      });
    },
  };
}
