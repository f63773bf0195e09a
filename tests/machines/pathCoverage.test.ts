/**
 * The path-coverage recorder (tests/machines/harness/coverage.ts) on a toy machine: it counts the guarded
 * alternative that fired, eventless and delayed transitions and transient states, and only what a path took.
 */
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { stateIds, transitionFacts } from '../../scripts/flows/catalog';
import { coverageTable } from '../../scripts/flows/coverage-report';
import { replayCoverage } from './harness/coverage';
import { eventsWithFixtures, machineGraph, pathOrigin } from './harness/graph';

type ToyEvent = { type: 'toy.go'; fast: boolean } | { type: 'toy.back' };

const toy = setup({
  types: { events: {} as ToyEvent, input: {} as { skip: boolean }, context: {} as { skip: boolean } },
  guards: { isFast: ({ event }) => event.type === 'toy.go' && event.fast, skips: ({ context }) => context.skip },
  delays: { patience: 1000 },
}).createMachine({
  id: 'toy',
  context: ({ input }) => input,
  initial: 'start',
  states: {
    start: {
      description: 'Skipped at once when the input says so.',
      always: { guard: 'skips', target: 'done' },
      on: {
        'toy.go': [{ guard: 'isFast', target: 'done' }, { target: 'waiting' }],
      },
    },
    waiting: {
      description: 'Waits, then gives up.',
      after: { patience: 'done' },
      on: { 'toy.back': 'start' },
    },
    done: { description: 'Over.', type: 'final' },
  },
});

const keys = (machine: typeof toy) => new Map(transitionFacts(machine).map((fact) => [fact.description, fact.key]));

describe('path coverage recorder', () => {
  const graph = machineGraph({
    machine: toy,
    input: { skip: false },
    events: eventsWithFixtures<ToyEvent>({
      'toy.go': [
        { type: 'toy.go', fast: true },
        { type: 'toy.go', fast: false },
      ],
    }),
  });

  it('records the states a path reached and the alternative that fired, not the others', () => {
    const path = graph.pathFromEvents('slow then timeout', [{ type: 'toy.go', fast: false }, { type: 'xstate.after.patience.toy.waiting' } as never]);
    const seen = replayCoverage(toy, { skip: false }, path);
    const byDescription = keys(toy);
    expect(seen.problem).toBeNull();
    expect([...seen.states].sort()).toEqual(['toy.done', 'toy.start', 'toy.waiting']);
    expect([...seen.transitions].sort()).toEqual(
      [byDescription.get('toy.start --toy.go--> toy.waiting')!, byDescription.get('toy.waiting --xstate.after.patience.toy.waiting--> toy.done')!].sort(),
    );
    expect(pathOrigin(path)?.machine).toBe(toy);
  });

  it('counts an eventless transition taken at start and the transient state it left', () => {
    const skipping = machineGraph({
      machine: toy,
      input: { skip: true },
      events: eventsWithFixtures<ToyEvent>({ 'toy.go': [{ type: 'toy.go', fast: true }] }),
    });
    const [path] = skipping.shortestPaths();
    const seen = replayCoverage(toy, { skip: true }, path);
    expect([...seen.states].sort()).toEqual(['toy.done', 'toy.start']);
    expect([...seen.transitions]).toEqual([keys(toy).get('toy.start --(always) [skips]--> toy.done')]);
  });

  it('totals come from the definition: every state node and every alternative, eventless and delayed transition', () => {
    expect(stateIds(toy)).toEqual(['toy.start', 'toy.waiting', 'toy.done']);
    expect(
      transitionFacts(toy)
        .map((fact) => fact.description)
        .sort(),
    ).toEqual(
      [
        'toy.start --(always) [skips]--> toy.done',
        'toy.start --toy.go [isFast]--> toy.done',
        'toy.start --toy.go--> toy.waiting',
        'toy.waiting --toy.back--> toy.start',
        'toy.waiting --xstate.after.patience.toy.waiting--> toy.done',
      ].sort(),
    );
  });

  it('says where a replay leaves the path', () => {
    const path = graph.pathFromEvents('fast', [{ type: 'toy.go', fast: true }]);
    const seen = replayCoverage(toy, { skip: true }, path); // another input: the replay skips to done at once
    expect(seen.problem).toMatch(/step 0/);
  });

  it('prints a row per machine with covered/total and a percentage', () => {
    const table = coverageTable([
      { machine: 'toy', statesCovered: 2, statesTotal: 3, transitionsCovered: 1, transitionsTotal: 5, missingStates: ['toy.waiting'] },
    ]);
    expect(table.split('\n')[1]).toMatch(/^toy\s+2\/3\s+66 %\s+1\/5\s+20 %$/);
  });
});
