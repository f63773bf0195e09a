/**
 * Vitest glue: one `it` per generated path, walked against the driver, and the three guard suites
 * over exactly the paths that were walked.
 *
 *   describeMachinePaths('confirmModal', {
 *     graph, driver, assertions,
 *     generators: ['shortest', 'simple', 'transitions'],
 *   });
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import type { MachineGraph, MachinePath } from './graph';
import { assertionTableProblems, unexercisedTransitions, unreachedLeafStates } from './guards';
import { walkPath, type PathDriver, type StateAssertions } from './walk';

export type PathGenerator = 'shortest' | 'simple' | 'transitions';

export interface MachinePathSuite<M extends AnyStateMachine, W> {
  graph: MachineGraph<M>;
  driver: PathDriver<M, W>;
  assertions: StateAssertions<M, W>;
  /** Which generated paths to walk. Default: shortest only. */
  generators?: readonly PathGenerator[];
  /** Hand-written walks (`graph.pathFromEvents`) for what the generators miss. */
  journeys?: readonly MachinePath<M>[];
}

export function generatePaths<M extends AnyStateMachine>(graph: MachineGraph<M>, generator: PathGenerator): MachinePath<M>[] {
  if (generator === 'shortest') return graph.shortestPaths();
  if (generator === 'simple') return graph.simplePaths();
  return graph.transitionPaths();
}

export function describeMachinePaths<M extends AnyStateMachine, W>(title: string, suite: MachinePathSuite<M, W>): void {
  const generators = suite.generators ?? ['shortest'];
  const groups = generators.map((generator) => ({ name: `${generator} paths`, paths: generatePaths(suite.graph, generator) }));
  if (suite.journeys?.length) groups.push({ name: 'journeys', paths: [...suite.journeys] });
  const walked = groups.flatMap((group) => group.paths);

  describe(title, () => {
    for (const group of groups) {
      describe(group.name, () => {
        it('generates at least one path', () => expect(group.paths.length).toBeGreaterThan(0));
        for (const path of group.paths) it(path.description, () => walkPath(path, suite.driver, suite.assertions));
      });
    }

    describe('guards', () => {
      it('every leaf state is reached by a walked path', () => {
        expect(unreachedLeafStates(suite.graph.machine, walked as never)).toEqual([]);
      });
      it('every state has an assertion, and every assertion names a state', () => {
        expect(assertionTableProblems(suite.graph.machine, suite.assertions)).toEqual({ missing: [], unknown: [] });
      });
      it('every state-changing transition is exercised by a walked path', () => {
        expect(unexercisedTransitions(suite.graph, walked)).toEqual([]);
      });
    });
  });
}

/** The paths of one input of a machine whose graph depends on its input (one graph per input). */
export interface InputPathSuite<M extends AnyStateMachine, W> {
  name: string;
  graph: MachineGraph<M>;
  driver: PathDriver<M, W>;
  paths: readonly MachinePath<M>[];
}

/** Each input's paths walked, then the three guards over the paths of every input together. */
export function describeInputPaths<M extends AnyStateMachine, W>(
  title: string,
  suites: readonly InputPathSuite<M, W>[],
  assertions: StateAssertions<M, W>,
): void {
  const walked = suites.flatMap((suite) => suite.paths);
  describe(title, () => {
    for (const { name, driver, paths } of suites) {
      describe(name, () => {
        it('generates paths', () => expect(paths.length).toBeGreaterThan(0));
        for (const path of paths) it(path.description, () => walkPath(path, driver, assertions));
      });
    }

    describe('guards (every input)', () => {
      it('every leaf state is reached by a walked path', () => {
        expect(unreachedLeafStates(suites[0].graph.machine, walked as never)).toEqual([]);
      });
      it('every state has an assertion, and every assertion names a state', () => {
        expect(assertionTableProblems(suites[0].graph.machine, assertions)).toEqual({ missing: [], unknown: [] });
      });
      it('every state-changing transition is exercised by a walked path', () => {
        for (const suite of suites) expect(unexercisedTransitions(suite.graph, walked)).toEqual([]);
      });
    });
  });
}
