// The outlier-pack form walked along its graph against the real actor with a fake save: validation before saving,
// the draft kept when a save fails, and what reaches the server.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  draftProblems,
  EMPTY_DRAFT,
  outlierPackEditorMachine,
  packInputOf,
  type OutlierPackEditorEmitted,
  type OutlierPackEditorEvent,
  type OutlierPackEditorMachine,
} from '../../machines/outlierPackEditor/outlierPackEditorMachine';
import { outlierPackEditorView } from '../../machines/outlierPackEditor/viewModel';
import type { OutlierPack, OutlierPackInput } from '../../machines/outlierPacks/calls';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const FAILURE: CallFailure = { ok: false, status: 409, value: null, reason: 'http', body: null, errorCode: 'OUTLIER_PACK_ACTIVE', request: null };
const SAVED: OutlierPack = {
  id: 'saved000000000000000',
  name: 'Top earners',
  measure: 'totalWithDeferral',
  method: 'iqr',
  k: 1.5,
  groupBy: ['positionLevel'],
  active: false,
  createdAt: '2026-11-23T09:00:00.000Z',
  lastResult: null,
};

// Whether the draft can be saved decides the submit: part of the vertex.
const serializeState = (s: MachineSnapshot<OutlierPackEditorMachine>) =>
  JSON.stringify({
    value: s.value,
    valid: Object.keys(draftProblems(s.context.draft)).length === 0,
    method: s.context.draft.method,
    shown: s.context.showProblems,
    failed: s.context.failure !== null,
  });

const graph = machineGraph({
  machine: outlierPackEditorMachine,
  input: { pack: null },
  serializeState,
  events: eventsWithFixtures<OutlierPackEditorEvent>(
    {
      'editor.set': [
        { type: 'editor.set', field: 'name', value: 'Top earners' },
        { type: 'editor.set', field: 'method', value: 'percentile' },
        { type: 'editor.set', field: 'k', value: '0' },
      ],
      'editor.toggleGroup': [{ type: 'editor.toggleGroup', field: 'sector' }],
    },
    { outputs: { savePack: [SAVED] }, errors: { savePack: [FAILURE] } },
  ),
});

interface World extends ActorWorld<OutlierPackEditorMachine> {
  saving: { resolve(value: OutlierPack): void; reject(error: unknown): void } | null;
  saves: Array<{ id: string | null; pack: OutlierPackInput }>;
  emitted: OutlierPackEditorEmitted[];
  /** What the admin typed, replayed independently of the machine. */
  typed: Record<string, string>;
}

function createWorld(): World {
  const world = { saving: null, saves: [], emitted: [], typed: {} } as Omit<World, 'actor'> as World;
  const machine = outlierPackEditorMachine.provide({
    actors: {
      savePack: fromPromise<OutlierPack, { id: string | null; pack: OutlierPackInput }>(({ input }) => {
        world.saves.push(input);
        return new Promise((resolve, reject) => (world.saving = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input: { pack: null } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const executors = {
  'editor.set': (world, event) => {
    world.typed[event.field] = event.value;
    send(world, event);
  },
  'editor.toggleGroup': send,
  'editor.submit': send,
  'editor.cancel': send,
} satisfies EventExecutors<OutlierPackEditorEvent, World>;

const driver = actorDriver<OutlierPackEditorMachine, World>({
  start: createWorld,
  executors,
  frameworkExecutors: {
    'xstate.done.actor.savePack': (world, event) => world.saving!.resolve(event.output as OutlierPack),
    'xstate.error.actor.savePack': (world, event) => world.saving!.reject(event.error),
  },
  serializeState,
});

const assertions = {
  editing: (world, snapshot) => {
    const view = outlierPackEditorView(snapshot);
    expect(view).toMatchObject({ isNew: true, saving: false, open: true });
    expect(view.draft.name).toBe(world.typed.name ?? '');
    expect(view.showPercentiles).toBe((world.typed.method ?? 'iqr') === 'percentile');
    // No name typed and a save tried: the problem is shown.
    if (snapshot.context.showProblems && !world.typed.name) expect(view.problems.name).toBe('name_required');
    if (world.saves.length > 0 && world.emitted.at(-1)?.type === 'editor.failed') expect(view.failureCode).toBe('OUTLIER_PACK_ACTIVE');
  },
  saving: (world, snapshot) => {
    expect(outlierPackEditorView(snapshot).saving).toBe(true);
    const sent = world.saves.at(-1)!;
    expect(sent.id).toBeNull();
    expect(sent.pack.name).toBe(world.typed.name);
    expect(sent.pack.method).toBe(world.typed.method ?? 'iqr');
  },
  saved: (world, snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(outlierPackEditorView(snapshot).cancelled).toBe(false);
    expect(world.emitted.at(-1)).toEqual({ type: 'editor.saved', pack: SAVED });
  },
  cancelled: (world, snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(outlierPackEditorView(snapshot)).toMatchObject({ cancelled: true, open: false });
    expect(world.emitted.some((e) => e.type === 'editor.saved')).toBe(false);
  },
} satisfies StateAssertions<OutlierPackEditorMachine, World>;

describeMachinePaths('outlierPackEditor paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('outlierPackEditor behaviour', () => {
  it('validates each method’s parameters as the server does', () => {
    expect(draftProblems({ ...EMPTY_DRAFT, name: 'x' })).toEqual({});
    expect(draftProblems({ ...EMPTY_DRAFT, name: ' ' })).toEqual({ name: 'name_required' });
    expect(draftProblems({ ...EMPTY_DRAFT, name: 'x'.repeat(101) })).toEqual({ name: 'name_too_long' });
    expect(draftProblems({ ...EMPTY_DRAFT, name: 'x', k: '11' })).toEqual({ k: 'k_range' });
    expect(draftProblems({ ...EMPTY_DRAFT, name: 'x', k: 'abc' })).toEqual({ k: 'k_range' });
    expect(draftProblems({ ...EMPTY_DRAFT, name: 'x', method: 'percentile', lowerPercentile: '60', upperPercentile: '101' })).toEqual({
      lowerPercentile: 'lower_range',
      upperPercentile: 'upper_range',
    });
    expect(draftProblems({ ...EMPTY_DRAFT, name: 'x', method: 'percentile', lowerPercentile: '0', upperPercentile: '100' })).toEqual({
      upperPercentile: 'percentiles_trim_nothing',
    });
    expect(draftProblems({ ...EMPTY_DRAFT, name: 'x', method: 'percentile', k: '', lowerPercentile: '2,5', upperPercentile: '97.5' })).toEqual({});
  });

  it('sends the percentiles only for percentile trim, and keeps the active flag of the pack it edits', () => {
    expect(packInputOf({ ...EMPTY_DRAFT, name: ' Top ', method: 'percentile', lowerPercentile: '2,5', upperPercentile: '97.5' }, true)).toEqual({
      name: 'Top',
      measure: 'totalWithDeferral',
      method: 'percentile',
      k: 1.5,
      lowerPercentile: 2.5,
      upperPercentile: 97.5,
      groupBy: ['positionLevel'],
      active: true,
    });
    expect(packInputOf({ ...EMPTY_DRAFT, name: 'z', method: 'zscore', k: '3' }, false)).toEqual({
      name: 'z',
      measure: 'totalWithDeferral',
      method: 'zscore',
      k: 3,
      groupBy: ['positionLevel'],
      active: false,
    });
  });

  it('a failed save keeps the draft and shows the reason', async () => {
    const world = createWorld();
    world.actor.start();
    world.actor.send({ type: 'editor.set', field: 'name', value: 'Mine' });
    world.actor.send({ type: 'editor.toggleGroup', field: 'sector' });
    world.actor.send({ type: 'editor.submit' });
    world.saving!.reject(FAILURE);
    await Promise.resolve();
    await Promise.resolve();
    const view = outlierPackEditorView(world.actor.getSnapshot());
    expect(view).toMatchObject({ saving: false, failureCode: 'OUTLIER_PACK_ACTIVE' });
    expect(view.draft).toMatchObject({ name: 'Mine', groupBy: ['sector', 'positionLevel'] });
  });
});
