// The releases page machine walked along its graph against the real actor, with fakes for its two calls; the
// confirm modal is the real child machine (kind cut).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  adminReleasesMachine,
  type AdminReleasesEmitted,
  type AdminReleasesEvent,
  type AdminReleasesMachine,
  type CutReleaseResult,
  type Release,
  type ReleasePage,
  type ReleasesPageRequest,
} from '../../machines/adminReleases/adminReleasesMachine';
import { adminReleasesListView, adminReleasesView } from '../../machines/adminReleases/viewModel';
import { confirmModalView } from '../../machines/confirmModal/viewModel';
import type { ConfirmModalMachine } from '../../machines/confirmModal/confirmModalMachine';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const release = (sequence: number, current = false): Release => ({
  id: `release${String(sequence).padStart(13, '0')}`,
  sequence,
  cutAt: `2026-11-${String(10 + sequence).padStart(2, '0')}T03:00:00.000Z`,
  trigger: sequence === 1 ? 'first' : 'schedule',
  size: 100 + sequence,
  changedForms: sequence === 1 ? 101 : 6,
  years: { '2026': 100 + sequence },
  current,
});

const FIRST_PAGE: ReleasePage = {
  items: [release(3, true), release(2)],
  page: 1,
  limit: 2,
  total: 3,
  nextScheduledCut: '2026-11-14T03:00:00.000Z',
  threshold: 5,
};
const SECOND_PAGE: ReleasePage = { items: [release(1)], page: 2, limit: 2, total: 3, nextScheduledCut: '2026-11-14T03:00:00.000Z', threshold: 5 };
const CUT: CutReleaseResult = { status: 'cut', changedForms: 7, threshold: 5, release: release(4, true) };
const REFUSED: CutReleaseResult = { status: 'too-few-changes', changedForms: 2, threshold: 5, release: release(3, true) };
const FAILURE: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: { error: 'Internal server error' }, errorCode: null, request: null };

const serializeState = (s: MachineSnapshot<AdminReleasesMachine>) =>
  JSON.stringify({ value: s.value, page: s.context.page, outcome: s.context.outcome?.status ?? null, failure: s.context.failure !== null });

const graph = machineGraph({
  machine: adminReleasesMachine,
  input: { limit: 2 },
  serializeState,
  events: eventsWithFixtures<AdminReleasesEvent>(
    {
      'releases.goToPage': [{ type: 'releases.goToPage', page: 2 }],
      'releases.answer': [
        { type: 'releases.answer', confirmed: true },
        { type: 'releases.answer', confirmed: false },
      ],
    },
    { outputs: { loadReleases: [FIRST_PAGE, SECOND_PAGE], cutRelease: [CUT, REFUSED] }, errors: { loadReleases: [FAILURE], cutRelease: [FAILURE] } },
  ),
});

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<AdminReleasesMachine> {
  loading: Pending<ReleasePage> | null;
  cutting: Pending<CutReleaseResult> | null;
  loads: ReleasesPageRequest[];
  cuts: number;
  emitted: AdminReleasesEmitted[];
  askedPage: number;
  lastPage: ReleasePage | null;
  lastCut: CutReleaseResult | null;
  cutFailed: boolean;
}

function createWorld(): World {
  const world = { loading: null, cutting: null, loads: [], cuts: 0, emitted: [], askedPage: 1, lastPage: null, lastCut: null, cutFailed: false } as Omit<
    World,
    'actor'
  > as World;
  const machine = adminReleasesMachine.provide({
    actors: {
      loadReleases: fromPromise<ReleasePage, ReleasesPageRequest>(({ input }) => {
        world.loads.push(input);
        return new Promise((resolve, reject) => (world.loading = { resolve, reject }));
      }),
      cutRelease: fromPromise<CutReleaseResult>(() => {
        world.cuts += 1;
        return new Promise((resolve, reject) => (world.cutting = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input: { limit: 2 } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<AdminReleasesMachine, World>({
  start: createWorld,
  executors: {
    'releases.goToPage': (world, event) => {
      world.askedPage = event.page;
      send(world, event);
    },
    'releases.retry': send,
    'releases.reload': send,
    'releases.askCut': (world, event) => {
      world.lastCut = null;
      world.cutFailed = false;
      send(world, event);
    },
    'releases.answer': send,
  } satisfies EventExecutors<AdminReleasesEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadReleases': (world, event) => {
      world.lastPage = event.output as ReleasePage;
      world.loading!.resolve(world.lastPage);
    },
    'xstate.error.actor.loadReleases': (world, event) => world.loading!.reject(event.error),
    'xstate.done.actor.cutRelease': (world, event) => {
      world.lastCut = event.output as CutReleaseResult;
      if (world.lastCut.status === 'cut') world.askedPage = 1;
      world.cutting!.resolve(world.lastCut);
    },
    'xstate.error.actor.cutRelease': (world, event) => {
      world.cutFailed = true;
      world.cutting!.reject(event.error);
    },
  },
  serializeState,
});

const confirmOf = (snapshot: MachineSnapshot<AdminReleasesMachine>) =>
  confirmModalView((snapshot.children.confirm as ActorRefFrom<ConfirmModalMachine>).getSnapshot());

const assertions = {
  loading: (world, snapshot) => {
    expect(adminReleasesView(snapshot)).toMatchObject({ loading: true, canCut: false });
    expect(world.loads.at(-1)).toEqual({ page: world.askedPage, limit: 2 });
    expect(confirmOf(snapshot).open).toBe(false);
  },
  failed: (world, snapshot) => {
    expect(adminReleasesView(snapshot)).toMatchObject({ status: 'failed', canRetry: true, cutFailure: null });
    // The one list view shows the failure with its retry.
    expect(adminReleasesListView(adminReleasesView(snapshot))).toMatchObject({ status: 'failed', canRetry: true });
    expect(world.emitted.at(-1)).toEqual({ type: 'releases.failed', failure: FAILURE });
  },
  ready: (world, snapshot) => {
    const view = adminReleasesView(snapshot);
    expect(view).toMatchObject({
      status: 'ready',
      releases: world.lastPage!.items,
      page: world.askedPage,
      nextScheduledCut: world.lastPage!.nextScheduledCut,
      threshold: 5,
      canCut: true,
      cutting: false,
    });
    expect(view.outcome).toEqual(world.lastCut ? { kind: world.lastCut.status === 'cut' ? 'cut' : 'refused', result: world.lastCut } : null);
    expect(view.cutFailure).toEqual(world.cutFailed ? FAILURE : null);
    expect(adminReleasesListView(view)).toMatchObject({ status: 'ready', items: world.lastPage!.items, page: world.askedPage, pages: 2 });
    expect(confirmOf(snapshot).open).toBe(false);
  },
  confirming: (_world, snapshot) => {
    expect(adminReleasesView(snapshot)).toMatchObject({ canCut: false, outcome: null, cutFailure: null });
    expect(confirmOf(snapshot)).toMatchObject({ open: true, kind: 'cut', titleKey: 'modals.cut_modal.title', resolveLabelKey: 'modals.cut_modal.cut' });
  },
  cutting: (world, snapshot) => {
    expect(adminReleasesView(snapshot)).toMatchObject({ cutting: true, canCut: false });
    expect(world.cuts).toBeGreaterThan(0);
    expect(confirmOf(snapshot)).toMatchObject({ open: false, result: true });
  },
} satisfies StateAssertions<AdminReleasesMachine, World>;

describeMachinePaths('adminReleases paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('adminReleases behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  async function readyWorld() {
    const world = createWorld();
    world.actor.start();
    world.loading!.resolve(FIRST_PAGE);
    await tick();
    return world;
  }

  it('declining cuts nothing', async () => {
    const world = await readyWorld();
    world.actor.send({ type: 'releases.askCut' });
    world.actor.send({ type: 'releases.answer', confirmed: false });
    expect(world.cuts).toBe(0);
    expect(confirmOf(world.actor.getSnapshot())).toMatchObject({ open: false, result: false });
  });

  it('a refused cut says why and loads nothing again', async () => {
    const world = await readyWorld();
    world.actor.send({ type: 'releases.askCut' });
    world.actor.send({ type: 'releases.answer', confirmed: true });
    world.cutting!.resolve(REFUSED);
    await tick();
    expect(world.emitted).toContainEqual({ type: 'releases.refused', result: REFUSED });
    expect(adminReleasesView(world.actor.getSnapshot()).outcome).toEqual({ kind: 'refused', result: REFUSED });
    expect(world.loads).toHaveLength(1);
  });

  it('a cut shows the first page again with the new release', async () => {
    const world = await readyWorld();
    world.actor.send({ type: 'releases.goToPage', page: 2 });
    world.loading!.resolve(SECOND_PAGE);
    await tick();
    world.actor.send({ type: 'releases.askCut' });
    world.actor.send({ type: 'releases.answer', confirmed: true });
    world.cutting!.resolve(CUT);
    await tick();
    expect(world.emitted).toContainEqual({ type: 'releases.cut', result: CUT });
    expect(world.loads.at(-1)).toEqual({ page: 1, limit: 2 });
  });
});
