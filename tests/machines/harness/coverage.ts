/**
 * Path coverage: which states and transitions of each machine the walked paths took. `walkPath` records
 * every path of a `machineGraph` it walked to the end: in Vitest (runner `unit`) and in the Playwright specs
 * that replay graph paths in the real UI (runner `e2e`).
 *
 * A walked path is replayed on a shadow actor of the same machine (every invoked actor replaced by one that
 * never settles, a clock that never moves, so only the path's events move it) and the actor's inspection
 * events say exactly which transition definitions fired, including eventless (`always`) ones and the
 * guarded alternative chosen. Records go to `.tmp/coverage/<runner>/<process>.json` (one file per test
 * process, rewritten after every path); `scripts/flows/coverage-report.ts` merges them into the table.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createActor,
  fromCallback,
  SimulatedClock,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type InspectionEvent,
} from 'xstate';
import { transitionFact } from '../../../scripts/flows/catalog';
import { pathOrigin, type MachinePath } from './graph';

export type CoverageRunner = 'unit' | 'e2e';

export const coverageRoot = fileURLToPath(new URL('../../../.tmp/coverage/', import.meta.url));
export const coverageDir = (runner: CoverageRunner) => path.join(coverageRoot, runner);

/** What one test process saw, per machine id: state ids reached, transition keys taken (see `transitionFact`). */
export interface CoverageRecord {
  machines: Record<string, { states: string[]; transitions: string[] }>;
}

const seen = new Map<string, { states: Set<string>; transitions: Set<string> }>();
const fileName = `${process.pid}-${randomUUID()}.json`;

function activeStateIds(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as AnyStateNode[]).filter((node) => node.path.length > 0).map((node) => node.id);
}

/** States reached and transitions taken when the path's events are sent to a fresh actor of the machine. */
export function replayCoverage(
  machine: AnyStateMachine,
  input: unknown,
  walked: MachinePath<AnyStateMachine>,
): { states: Set<string>; transitions: Set<string>; problem: string | null } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  const never = fromCallback(() => () => {});
  const stubs = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, never]));
  // The walked machine is the root actor (no parent); it already reports while it is being constructed.
  const inspect = (event: InspectionEvent) => {
    if ((event.actorRef as AnyActorRef)._parent) return;
    if (event.type === '@xstate.microstep') {
      for (const transition of event._transitions) {
        transitions.add(transitionFact(transition).key);
        // A transition's source was active, even a transient state its eventless transition left at once.
        for (let node: AnyStateNode | undefined = transition.source; node?.parent; node = node.parent) states.add(node.id);
      }
      for (const id of activeStateIds(event.snapshot as AnyMachineSnapshot)) states.add(id);
    } else if (event.type === '@xstate.snapshot') {
      for (const id of activeStateIds(event.snapshot as AnyMachineSnapshot)) states.add(id);
    }
  };
  const actor = createActor(machine.provide({ actors: stubs } as never), { input, clock: new SimulatedClock(), inspect } as never);
  let problem: string | null = null;
  try {
    actor.start();
    for (const id of activeStateIds(actor.getSnapshot() as AnyMachineSnapshot)) states.add(id);
    for (const [index, step] of walked.steps.entries()) {
      if (index > 0) actor.send(step.event);
      const value = JSON.stringify((actor.getSnapshot() as AnyMachineSnapshot).value);
      if (value !== JSON.stringify(step.state.value)) {
        problem = `replay left the path at step ${index} (${step.event.type}): ${value} instead of ${JSON.stringify(step.state.value)}`;
        break;
      }
    }
  } finally {
    actor.stop();
  }
  return { states, transitions, problem };
}

/** Vitest sets VITEST in its workers; any other runner of the harness is the Playwright one. */
export const currentRunner = (): CoverageRunner => (process.env.VITEST ? 'unit' : 'e2e');

/**
 * Records a path `walkPath` walked to the end (it calls this itself). Paths built by hand outside
 * `machineGraph` have no origin and are not counted.
 */
export function recordWalkedPath<M extends AnyStateMachine>(walked: MachinePath<M>, runner: CoverageRunner = currentRunner()): void {
  const origin = pathOrigin(walked as MachinePath<AnyStateMachine>);
  if (!origin) return;
  const machine = origin.machine;
  const { states, transitions, problem } = replayCoverage(machine, origin.input, walked as MachinePath<AnyStateMachine>);
  // Coverage is a report, never a reason for a passing walk to fail: say what went wrong and keep what was seen.
  if (problem) process.stderr.write(`path coverage of ${machine.id}: ${problem} ("${walked.description}")\n`);
  const entry = seen.get(machine.id) ?? { states: new Set<string>(), transitions: new Set<string>() };
  for (const id of states) entry.states.add(id);
  for (const key of transitions) entry.transitions.add(key);
  seen.set(machine.id, entry);
  const record: CoverageRecord = {
    machines: Object.fromEntries([...seen].map(([id, { states: s, transitions: t }]) => [id, { states: [...s].sort(), transitions: [...t].sort() }])),
  };
  mkdirSync(coverageDir(runner), { recursive: true });
  writeFileSync(path.join(coverageDir(runner), fileName), `${JSON.stringify(record)}\n`);
}
