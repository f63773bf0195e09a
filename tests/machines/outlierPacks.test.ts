// The outlier packs of /admin/outliers walked along the machine's graph against the real actor, with fakes for the
// three calls; the confirm modal is the real child machine.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  outlierPacksMachine,
  type OutlierPacksEmitted,
  type OutlierPacksEvent,
  type OutlierPacksMachine,
} from '../../machines/outlierPacks/outlierPacksMachine';
import { outlierPacksView } from '../../machines/outlierPacks/viewModel';
import type { OutlierPack, OutlierPackInput } from '../../machines/outlierPacks/calls';
import { confirmModalView } from '../../machines/confirmModal/viewModel';
import type { ConfirmModalMachine } from '../../machines/confirmModal/confirmModalMachine';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const RESULT = {
  packId: 'p',
  excludedForms: 3,
  totalForms: 120,
  medianBefore: { fixedSalary: 100_000, annualBonus: 0, deferredCompensation: 0, totalWithoutDeferral: 110_000, totalWithDeferral: 110_000 },
  medianAfter: { fixedSalary: 99_000, annualBonus: 0, deferredCompensation: 0, totalWithoutDeferral: 108_000, totalWithDeferral: 108_000 },
  calculatedAt: '2026-11-23T10:00:00.000Z',
};
const pack = (id: string, over: Partial<OutlierPack> = {}): OutlierPack => ({
  id,
  name: `pack ${id}`,
  measure: 'fixedSalary',
  method: 'iqr',
  k: 1.5,
  groupBy: ['sector'],
  active: false,
  createdAt: '2026-11-23T09:00:00.000Z',
  lastResult: null,
  ...over,
});
const CALCULATED = pack('calculated0000000000', { lastResult: { ...RESULT, packId: 'calculated0000000000' } });
const ACTIVE = pack('active00000000000000', { active: true, lastResult: { ...RESULT, packId: 'active00000000000000' } });
const FRESH = pack('fresh000000000000000');
const PACKS = [CALCULATED, ACTIVE, FRESH];
const FAILURE: CallFailure = { ok: false, status: 409, value: null, reason: 'http', body: null, errorCode: 'OUTLIER_PACK_ACTIVE_DELETE', request: null };

const serializeState = (s: MachineSnapshot<OutlierPacksMachine>) =>
  JSON.stringify({ value: s.value, loaded: s.context.packs !== null, pending: s.context.pending?.action ?? null });

const graph = machineGraph({
  machine: outlierPacksMachine,
  serializeState,
  events: eventsWithFixtures<OutlierPacksEvent>(
    {
      'packs.ask': [
        { type: 'packs.ask', id: CALCULATED.id, action: 'activate' },
        { type: 'packs.ask', id: ACTIVE.id, action: 'deactivate' },
        { type: 'packs.ask', id: FRESH.id, action: 'delete' },
      ],
      'packs.answer': [
        { type: 'packs.answer', confirmed: true },
        { type: 'packs.answer', confirmed: false },
      ],
    },
    {
      outputs: { listPacks: [PACKS], savePack: [{ ...CALCULATED, active: true }], deletePack: [true] },
      errors: { listPacks: [FAILURE], savePack: [FAILURE], deletePack: [FAILURE] },
    },
  ),
});

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<OutlierPacksMachine> {
  listing: Pending<OutlierPack[]> | null;
  saving: Pending<OutlierPack> | null;
  deleting: Pending<true> | null;
  lists: number;
  saves: Array<{ id: string | null; pack: OutlierPackInput }>;
  deletes: string[];
  emitted: OutlierPacksEmitted[];
  asked: { id: string; action: string } | null;
}

function createWorld(): World {
  const world = { listing: null, saving: null, deleting: null, lists: 0, saves: [], deletes: [], emitted: [], asked: null } as Omit<World, 'actor'> as World;
  const machine = outlierPacksMachine.provide({
    actors: {
      listPacks: fromPromise<OutlierPack[]>(() => {
        world.lists++;
        return new Promise((resolve, reject) => (world.listing = { resolve, reject }));
      }),
      savePack: fromPromise<OutlierPack, { id: string | null; pack: OutlierPackInput }>(({ input }) => {
        world.saves.push(input);
        return new Promise((resolve, reject) => (world.saving = { resolve, reject }));
      }),
      deletePack: fromPromise<true, { id: string }>(({ input }) => {
        world.deletes.push(input.id);
        return new Promise((resolve, reject) => (world.deleting = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine);
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const executors = {
  'packs.reload': send,
  'packs.retry': send,
  'packs.ask': (world, event) => {
    world.asked = { id: event.id, action: event.action };
    send(world, event);
  },
  'packs.answer': send,
} satisfies EventExecutors<OutlierPacksEvent, World>;

const driver = actorDriver<OutlierPacksMachine, World>({
  start: createWorld,
  executors,
  frameworkExecutors: {
    'xstate.done.actor.listPacks': (world, event) => world.listing!.resolve(event.output as OutlierPack[]),
    'xstate.error.actor.listPacks': (world, event) => world.listing!.reject(event.error),
    'xstate.done.actor.savePack': (world, event) => world.saving!.resolve(event.output as OutlierPack),
    'xstate.error.actor.savePack': (world, event) => world.saving!.reject(event.error),
    'xstate.done.actor.deletePack': (world) => world.deleting!.resolve(true),
    'xstate.error.actor.deletePack': (world, event) => world.deleting!.reject(event.error),
  },
  serializeState,
});

const confirmOf = (snapshot: MachineSnapshot<OutlierPacksMachine>) =>
  confirmModalView((snapshot.children.confirm as ActorRefFrom<ConfirmModalMachine>).getSnapshot());

const assertions = {
  loading: (world, snapshot) => {
    expect(outlierPacksView(snapshot).busy).toBe(true);
    expect(world.lists).toBeGreaterThan(0);
    expect(confirmOf(snapshot).open).toBe(false);
  },
  failed: (world, snapshot) => {
    expect(outlierPacksView(snapshot)).toMatchObject({ status: 'failed', failureCode: 'OUTLIER_PACK_ACTIVE_DELETE' });
    expect(world.emitted.at(-1)).toEqual({ type: 'packs.failed', failure: FAILURE });
  },
  ready: (_world, snapshot) => {
    const view = outlierPacksView(snapshot);
    expect(view).toMatchObject({ status: 'ready', busy: false, pending: null });
    expect(view.rows.map((r) => [r.status, r.canActivate, r.canDeactivate, r.canDelete])).toEqual([
      ['calculated', true, false, true],
      ['active', false, true, false],
      ['not_calculated', false, false, true],
    ]);
    expect(confirmOf(snapshot).open).toBe(false);
  },
  confirming: (world, snapshot) => {
    expect(outlierPacksView(snapshot)).toMatchObject({ pending: world.asked, working: false });
    expect(confirmOf(snapshot)).toMatchObject({ open: true, kind: world.asked!.action, titleKey: `modals.${world.asked!.action}_modal.title` });
  },
  switching: (world, snapshot) => {
    expect(outlierPacksView(snapshot)).toMatchObject({ busy: true, working: true });
    const asked = PACKS.find((p) => p.id === world.asked!.id)!;
    expect(world.saves.at(-1)).toEqual({
      id: asked.id,
      pack: { name: asked.name, measure: asked.measure, method: asked.method, k: asked.k, groupBy: asked.groupBy, active: world.asked!.action === 'activate' },
    });
    expect(confirmOf(snapshot)).toMatchObject({ open: false, result: true });
  },
  deleting: (world, snapshot) => {
    expect(outlierPacksView(snapshot)).toMatchObject({ busy: true, working: true });
    expect(world.deletes.at(-1)).toBe(world.asked!.id);
  },
} satisfies StateAssertions<OutlierPacksMachine, World>;

describeMachinePaths('outlierPacks paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('outlierPacks behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('offers no action a pack does not allow: activating an uncalculated pack, deleting the active one', async () => {
    const world = createWorld();
    world.actor.start();
    world.listing!.resolve(PACKS);
    await tick();
    world.actor.send({ type: 'packs.ask', id: FRESH.id, action: 'activate' });
    world.actor.send({ type: 'packs.ask', id: ACTIVE.id, action: 'delete' });
    world.actor.send({ type: 'packs.ask', id: CALCULATED.id, action: 'deactivate' });
    world.actor.send({ type: 'packs.ask', id: 'unknown', action: 'delete' });
    expect(world.actor.getSnapshot().value).toBe('ready');
  });

  it('a confirmed change says so and reloads the list; a declined one changes nothing', async () => {
    const world = createWorld();
    world.actor.start();
    world.listing!.resolve(PACKS);
    await tick();
    world.actor.send({ type: 'packs.ask', id: FRESH.id, action: 'delete' });
    world.actor.send({ type: 'packs.answer', confirmed: false });
    expect(world.deletes).toEqual([]);
    world.actor.send({ type: 'packs.ask', id: FRESH.id, action: 'delete' });
    world.actor.send({ type: 'packs.answer', confirmed: true });
    world.deleting!.resolve(true);
    await tick();
    expect(world.emitted).toContainEqual({ type: 'packs.changed', id: FRESH.id, action: 'delete' });
    expect(world.lists).toBe(2);
  });
});
