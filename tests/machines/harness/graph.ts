/**
 * Path generation for machine tests: the graph side of the harness.
 *
 * Pure and runner-agnostic (no vitest, no actor): Vitest walks these paths against the real actor
 * (`walk.ts`), Playwright can walk the same paths against the real UI with its own driver.
 *
 *   const graph = machineGraph({
 *     machine: confirmModalMachine,
 *     input: { kind: 'delete' },
 *     // project the context to what tells states apart, or every counter value becomes a vertex
 *     serializeState: (s) => JSON.stringify({ value: s.value, kind: s.context.kind }),
 *     events: eventsWithFixtures<ConfirmModalEvent>({ 'confirm.open': [{ type: 'confirm.open', kind: 'copy' }, …] }),
 *   });
 *   graph.shortestPaths(); graph.simplePaths(); graph.transitionPaths();
 *
 * Vertices are `serializeState(snapshot)`; edges are the events that `events(snapshot)` offers.
 */
import { initialTransition, transition } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventFromLogic, EventObject, InputFrom, SnapshotFrom } from 'xstate';
import { TestModel, adjacencyMapToArray, getShortestPaths } from '@xstate/graph';

export type MachineEvent<M extends AnyStateMachine> = EventFromLogic<M>;
export type MachineSnapshot<M extends AnyStateMachine> = SnapshotFrom<M>;

/** One generated or hand-built walk: `steps[0]` is `xstate.init` with the initial snapshot, then event → snapshot. */
export interface MachinePath<M extends AnyStateMachine> {
  description: string;
  steps: Array<{ event: EventObject; state: MachineSnapshot<M> }>;
  /** The last snapshot of the walk. */
  state: MachineSnapshot<M>;
}

/** A state-changing edge of the graph, with `key` to compare coverage. */
export interface GraphTransition<M extends AnyStateMachine> {
  key: string;
  description: string;
  source: MachineSnapshot<M>;
  event: EventObject;
  target: MachineSnapshot<M>;
}

type Payload<E> = Exclude<keyof E, 'type'>;
type EventOf<E extends EventObject, K extends E['type']> = Extract<E, { type: K }>;

/**
 * Payload fixtures per event type. An event with a payload MUST list at least one (the traversal cannot
 * invent a `kind` or an amount); an event without one may be left out and is generated as `{ type }`.
 * List several fixtures when a guard or the context depends on the payload: each becomes its own edge.
 */
export type EventFixtures<E extends EventObject> = {
  [K in E['type'] as [Payload<EventOf<E, K>>] extends [never] ? never : K]: readonly [EventOf<E, K>, ...EventOf<E, K>[]];
} & {
  [K in E['type'] as [Payload<EventOf<E, K>>] extends [never] ? K : never]?: readonly EventOf<E, K>[];
};

/**
 * Outputs and errors for the events XState makes itself when an invoked actor settles, keyed by the
 * invoke `id`. The traversal only offers `xstate.done.actor.<id>` with the outputs listed here, so a guard
 * on `event.output` sees real values instead of `undefined`.
 */
export interface ActorFixtures {
  outputs?: Record<string, readonly unknown[]>;
  errors?: Record<string, readonly unknown[]>;
}

export type TraversalEvents<M extends AnyStateMachine> = (snapshot: MachineSnapshot<M>) => MachineEvent<M>[];

/** The event types this snapshot's active state nodes have transitions for (what xstate's default traversal uses). */
export function ownEventTypes(snapshot: { _nodes: AnyStateNode[] }): string[] {
  return [...new Set(snapshot._nodes.flatMap((node) => node.ownEvents))];
}

function matchesDescriptor(type: string, descriptor: string): boolean {
  if (descriptor === '*') return true;
  return descriptor.endsWith('.*') && type.startsWith(descriptor.slice(0, -1));
}

/**
 * Builds the `events` function of the traversal: for every event the current state accepts, the payload
 * fixtures of that type, or `{ type }` when it has none. A custom `events` REPLACES xstate's generated
 * events (and an array would offer every fixture in every state and none of the rest), so this function
 * is the one way to add payloads without silently dropping coverage.
 *
 * - `xstate.done.actor.<id>` / `xstate.error.actor.<id>` take their outputs/errors from `actors`;
 *   a missing entry throws, so a new invoke cannot be walked with an `undefined` output.
 * - `xstate.after.<delay>.<state id>` is offered as is; its executor advances the actor's clock.
 * - `xstate.done.state.*` is never offered: XState raises it in the same macrostep, so it is never a step.
 * - A wildcard transition (`*`, `confirm.*`) is offered the fixtures whose type it matches.
 */
export function eventsWithFixtures<E extends EventObject>(fixtures: EventFixtures<E>, actors: ActorFixtures = {}) {
  const byType = fixtures as unknown as Record<string, readonly E[] | undefined>;
  const allFixtures = Object.values(byType).flatMap((list) => list ?? []);
  return (snapshot: { _nodes: AnyStateNode[] }): E[] => {
    const offered: E[] = [];
    for (const type of ownEventTypes(snapshot)) {
      if (type === 'xstate.init' || type.startsWith('xstate.done.state.')) continue;
      if (type.includes('*')) {
        offered.push(...allFixtures.filter((event) => matchesDescriptor(event.type, type)));
        continue;
      }
      const listed = byType[type];
      if (listed && listed.length > 0) {
        offered.push(...listed);
        continue;
      }
      const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
      if (settled) {
        const [, outcome, id] = settled;
        const values = (outcome === 'done' ? actors.outputs : actors.errors)?.[id];
        if (!values) {
          throw new Error(
            `No ${outcome === 'done' ? 'output' : 'error'} fixtures for invoked actor "${id}": add ` +
              `actors.${outcome === 'done' ? 'outputs' : 'errors'}["${id}"] to eventsWithFixtures().`,
          );
        }
        for (const value of values) {
          offered.push((outcome === 'done' ? { type, output: value } : { type, error: value }) as unknown as E);
        }
        continue;
      }
      offered.push({ type } as E);
    }
    // Two descriptors can offer the same fixture (a wildcard and an exact type): one edge each.
    const seen = new Set<string>();
    return offered.filter((event) => {
      const key = JSON.stringify(event);
      return seen.has(key) ? false : (seen.add(key), true);
    });
  };
}

export interface GraphConfig<M extends AnyStateMachine> {
  machine: M;
  input?: InputFrom<M>;
  /**
   * The vertex of a snapshot. Include `value` and the context that changes behaviour; leave out what
   * only grows (timestamps, counters, long lists) or the graph does not end. Default: value + context.
   */
  serializeState?: (snapshot: MachineSnapshot<M>) => string;
  /** Must be a function (see `eventsWithFixtures`); an array would drop every event it does not list. */
  events: TraversalEvents<M> | ((snapshot: { _nodes: AnyStateNode[] }) => MachineEvent<M>[]);
  /** Safety net for a projection that forgot something unbounded. Default 10 000 traversal steps. */
  limit?: number;
}

/** The machine and input a generated or hand-built path belongs to (read by the path-coverage report). */
export interface PathOrigin {
  machine: AnyStateMachine;
  input: unknown;
}

const origins = new WeakMap<object, PathOrigin>();

/** Where a path made by a `machineGraph` comes from; `undefined` for a path built by hand. */
export function pathOrigin(path: MachinePath<AnyStateMachine>): PathOrigin | undefined {
  return origins.get(path);
}

export interface MachineGraph<M extends AnyStateMachine> {
  machine: M;
  serialize(snapshot: MachineSnapshot<M>): string;
  /** One path to every vertex, the shortest; paths that are a prefix of another are dropped. */
  shortestPaths(): MachinePath<M>[];
  /** Every path that visits no vertex twice; can grow fast, use on small machines. */
  simplePaths(): MachinePath<M>[];
  /**
   * One path per state-changing edge: the shortest path to its source, then the edge. Covers what
   * simple paths cannot (going back to a vertex already visited, e.g. re-opening after an answer).
   */
  transitionPaths(): MachinePath<M>[];
  /** A hand-written walk; throws when an event is not accepted where it is sent. */
  pathFromEvents(description: string, events: readonly MachineEvent<M>[]): MachinePath<M>;
  /** Every edge of the adjacency map that changes the vertex (self-loops are not observable). */
  stateChangingTransitions(): GraphTransition<M>[];
  /** Key of the edge `source --event-->`, as `stateChangingTransitions()` names it. */
  transitionKey(source: MachineSnapshot<M>, event: EventObject): string;
}

export function defaultSerializeState(snapshot: { value: unknown; context: unknown }): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context });
}

function describeEvent(event: EventObject): string {
  const { type, ...payload } = event;
  return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type;
}

/** Dot paths of the active leaf states, e.g. `closed.resolved`. */
export function leafStateKeys(snapshot: { _nodes: AnyStateNode[] }): string[] {
  return snapshot._nodes.filter((n) => n.type === 'atomic' || n.type === 'final').map((n) => n.path.join('.'));
}

function describeSteps(steps: MachinePath<AnyStateMachine>['steps']): string {
  return steps
    .map((step, i) => {
      const state = leafStateKeys(step.state).join(' + ') || '(root)';
      return i === 0 ? state : `${describeEvent(step.event)} → ${state}`;
    })
    .join(' → ');
}

/** Drops paths whose event sequence starts another path: walking the longer one asserts every step of both. */
function withoutPrefixPaths<M extends AnyStateMachine>(paths: MachinePath<M>[]): MachinePath<M>[] {
  const keyOf = (path: MachinePath<M>) => path.steps.map((s) => JSON.stringify(s.event));
  const sorted = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  const kept: { path: MachinePath<M>; events: string[] }[] = [];
  for (const path of sorted) {
    const events = keyOf(path);
    const covered = kept.some((k) => events.every((e, i) => k.events[i] === e));
    if (!covered) kept.push({ path, events });
  }
  return kept.map((k) => k.path);
}

/**
 * The machine as the traversal sees it: every transition in a fresh actor system, as xstate's pure `transition`
 * does. @xstate/graph runs the whole traversal in one system, where a child invoked with a `systemId` (the auth
 * machine's signInSecondStep) could be registered once only: entering its state again would throw.
 */
function withFreshSystems(machine: AnyStateMachine): AnyStateMachine {
  const traversed = Object.create(machine) as AnyStateMachine;
  traversed.transition = (snapshot, event) => transition(machine, snapshot, event)[0];
  return traversed;
}

export function machineGraph<M extends AnyStateMachine>(config: GraphConfig<M>): MachineGraph<M> {
  if (typeof config.events !== 'function') {
    throw new Error('machineGraph: `events` must be a function (eventsWithFixtures); an array drops generated events.');
  }
  // Inside, snapshots are handled as AnyMachineSnapshot (a generic SnapshotFrom<M> has no members);
  // the public methods hand them back typed for M.
  type Path = MachinePath<AnyStateMachine>;
  const { input } = config;
  const machine = config.machine as AnyStateMachine;
  const serialize = (config.serializeState ?? defaultSerializeState) as (snapshot: AnyMachineSnapshot) => string;
  const traversal = {
    input,
    events: config.events as (snapshot: AnyMachineSnapshot) => EventObject[],
    serializeState: serialize,
    limit: config.limit ?? 10_000,
  };
  // createTestModel refuses machines with `invoke` / `after`; the constructor takes any machine.
  const traversed = withFreshSystems(machine);
  const model = new TestModel<AnyMachineSnapshot, EventObject, unknown>(traversed, {
    ...traversal,
    stateMatcher: (snapshot, key) => leafStateKeys(snapshot).some((k) => k === key || k.startsWith(`${key}.`)),
  });

  const origin: PathOrigin = { machine, input };
  const withOrigin = (path: Path): Path => (origins.set(path, origin), path);
  const toPath = ({ steps, state }: Pick<Path, 'steps' | 'state'>): Path => withOrigin({ description: describeSteps(steps), steps, state });
  const transitionKey = (source: AnyMachineSnapshot, event: EventObject) => `${serialize(source)} --${JSON.stringify(event)}-->`;

  const stateChangingTransitions = (): GraphTransition<AnyStateMachine>[] =>
    adjacencyMapToArray(model.getAdjacencyMap())
      .filter((edge) => serialize(edge.nextState) !== serialize(edge.state))
      .map((edge) => ({
        key: transitionKey(edge.state, edge.event),
        description: `${serialize(edge.state)} --${describeEvent(edge.event)}--> ${serialize(edge.nextState)}`,
        source: edge.state,
        event: edge.event,
        target: edge.nextState,
      }));

  const transitionPaths = (): Path[] => {
    const shortestTo = new Map<string, Path['steps']>();
    for (const p of getShortestPaths(traversed, traversal)) shortestTo.set(serialize(p.state), p.steps);
    const paths = stateChangingTransitions().map((edge) => {
      const head = shortestTo.get(serialize(edge.source));
      if (!head) throw new Error(`No path to the source of ${edge.description}`);
      return toPath({ steps: [...head, { event: edge.event, state: edge.target }], state: edge.target });
    });
    return withoutPrefixPaths(paths);
  };

  const pathFromEvents = (description: string, sequence: readonly EventObject[]): Path => {
    const [initial] = initialTransition(machine, input);
    const steps: Path['steps'] = [{ event: { type: 'xstate.init' }, state: initial }];
    let current: AnyMachineSnapshot = initial;
    for (const event of sequence) {
      if (!current.can(event)) {
        throw new Error(`${description}: ${describeEvent(event)} is not accepted in ${leafStateKeys(current).join(' + ')}`);
      }
      [current] = transition(machine, current, event);
      steps.push({ event, state: current });
    }
    return withOrigin({ description: `${description}: ${describeSteps(steps)}`, steps, state: current });
  };

  const typed = <T>(value: unknown) => value as T;
  return {
    machine: config.machine,
    serialize: typed<MachineGraph<M>['serialize']>(serialize),
    shortestPaths: () => typed<MachinePath<M>[]>(model.getShortestPaths().map(toPath)),
    simplePaths: () => typed<MachinePath<M>[]>(model.getSimplePaths().map(toPath)),
    transitionPaths: () => typed<MachinePath<M>[]>(transitionPaths()),
    pathFromEvents: typed<MachineGraph<M>['pathFromEvents']>(pathFromEvents),
    stateChangingTransitions: () => typed<GraphTransition<M>[]>(stateChangingTransitions()),
    transitionKey: typed<MachineGraph<M>['transitionKey']>(transitionKey),
  };
}
