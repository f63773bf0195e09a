/**
 * The three guard suites of a machine's path tests. Each returns the problems it finds (empty when
 * all is well) instead of failing, so a test can assert the whole list and the harness's own tests can
 * check that a broken machine is reported. Runner-agnostic: used by Vitest and by Playwright walks.
 */
import type { AnyStateMachine } from 'xstate';
import { getStateNodes } from '@xstate/graph';
import { leafStateKeys, type MachineGraph, type MachinePath } from './graph';

/** Dot path of every state node of the machine (`closed`, `closed.idle`, `open`), in document order. */
export function allStateKeys(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node) => node.path.join('.'));
}

/** Dot path of every leaf (atomic or final) state node: the states a snapshot can rest in. */
export function leafStateKeysOf(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.path.join('.'));
}

/** 1. Leaf states that no step of the walked paths rests in (unreachable, or cut off by a filter). */
export function unreachedLeafStates(machine: AnyStateMachine, walked: readonly MachinePath<AnyStateMachine>[]): string[] {
  const reached = new Set(walked.flatMap((path) => path.steps.flatMap((step) => leafStateKeys(step.state))));
  return leafStateKeysOf(machine).filter((key) => !reached.has(key));
}

/**
 * 2. States without an entry in the assertion table (`missing`), and entries that name no state of the
 * machine (`unknown`: a renamed or deleted state whose checks would otherwise never run again).
 */
export function assertionTableProblems(machine: AnyStateMachine, assertions: Readonly<Record<string, unknown>>): { missing: string[]; unknown: string[] } {
  const states = allStateKeys(machine);
  const known = new Set(states);
  return {
    missing: states.filter((key) => !(key in assertions)),
    unknown: Object.keys(assertions).filter((key) => !known.has(key)),
  };
}

/**
 * 3. State-changing edges of the adjacency map that no walked path takes. Self-loops are left out:
 * the walk cannot tell them from "nothing happened".
 */
export function unexercisedTransitions<M extends AnyStateMachine>(graph: MachineGraph<M>, walked: readonly MachinePath<M>[]): string[] {
  const exercised = new Set<string>();
  for (const path of walked) {
    for (let i = 1; i < path.steps.length; i++) exercised.add(graph.transitionKey(path.steps[i - 1].state, path.steps[i].event));
  }
  return graph
    .stateChangingTransitions()
    .filter((t) => !exercised.has(t.key))
    .map((t) => t.description);
}
