// Path tests of the my-form flow (machines/myForm): the latest form, the yearly copy behind the confirm modal,
// generated from its graph and walked against the real actor with fake network effects.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  myFormMachine,
  type CopyFormInput,
  type Form,
  type LoadLastFormInput,
  type MyFormEmitted,
  type MyFormEvent,
  type MyFormMachine,
  type MyFormProblem,
} from '../../machines/myForm/myFormMachine';
import { myFormView } from '../../machines/myForm/viewModel';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const YEAR = 2026;
const USER = 'User000000000000000000001';

const form = (surveyYear: number, status: Form['status'] = 'completed'): Form => ({
  id: `Form${surveyYear}00000000000000000`,
  userId: USER,
  surveyYear,
  status,
  completedSteps: status === 'completed' ? [0, 1, 2, 3, 4] : [],
  answers: { country: 'es', city: 'madrid', fixedSalary: 150_000 },
  createdAt: `${surveyYear}-02-01T00:00:00.000Z`,
  updatedAt: `${surveyYear}-02-01T00:00:00.000Z`,
});
const LAST_YEARS = form(YEAR - 1);
const THIS_YEARS = form(YEAR);
const COPY = form(YEAR, 'in-progress');
const OFFLINE: MyFormProblem = { reason: 'network', status: 0, errorCode: null };
const EXISTS: MyFormProblem = { reason: 'http', status: 409, errorCode: 'FORM_EXISTS' };

interface World extends ActorWorld<MyFormMachine> {
  pending: Partial<Record<'load' | 'copy', { resolve(value: unknown): void; reject(error: unknown): void }>>;
  loads: LoadLastFormInput[];
  copies: CopyFormInput[];
  emitted: MyFormEmitted[];
}

function createWorld(): World {
  const world = { pending: {}, loads: [], copies: [], emitted: [] } as unknown as World;
  const waitFor_ = <T>(name: 'load' | 'copy') =>
    new Promise<T>((resolve, reject) => {
      world.pending[name] = { resolve: resolve, reject };
    });
  world.actor = createActor(
    myFormMachine.provide({
      actors: {
        loadLastForm: fromPromise<Form | null, LoadLastFormInput>(({ input }) => {
          world.loads.push(input);
          return waitFor_('load');
        }),
        copyForm: fromPromise<Form, CopyFormInput>(({ input }) => {
          world.copies.push(input);
          return waitFor_('copy');
        }),
      },
    }),
    { input: { currentYear: YEAR, userId: USER } },
  );
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const serializeState = (s: MachineSnapshot<MyFormMachine>) =>
  JSON.stringify({ value: s.value, year: s.context.form?.surveyYear ?? null, existing: s.context.copyFoundExisting });

const graph = machineGraph({
  machine: myFormMachine,
  input: { currentYear: YEAR, userId: USER },
  serializeState,
  events: eventsWithFixtures<MyFormEvent>(
    {},
    {
      // The latest form: last year's (a copy is offered), this year's (none), or none at all.
      outputs: { loadLastForm: [LAST_YEARS, THIS_YEARS, null], copyForm: [COPY] },
      errors: { loadLastForm: [OFFLINE], copyForm: [OFFLINE, EXISTS] },
    },
  ),
});

const settle = (name: 'load' | 'copy', outcome: 'resolve' | 'reject') => (world: World, event: { output?: unknown; error?: unknown }) => {
  const pending = world.pending[name];
  if (!pending) throw new Error(`${name} was not called`);
  delete world.pending[name];
  if (outcome === 'resolve') pending.resolve(event.output);
  else pending.reject(event.error);
};

const driver = actorDriver<MyFormMachine, World>({
  start: createWorld,
  executors: {
    'myForm.retry': send,
    'myForm.askCopy': send,
    'myForm.confirmCopy': send,
    'myForm.declineCopy': send,
  } satisfies EventExecutors<MyFormEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadLastForm': settle('load', 'resolve'),
    'xstate.error.actor.loadLastForm': settle('load', 'reject'),
    'xstate.done.actor.copyForm': settle('copy', 'resolve'),
    'xstate.error.actor.copyForm': settle('copy', 'reject'),
  },
  serializeState,
});

const assertions = {
  loading: (world, snapshot) => {
    expect(myFormView(snapshot).phase).toBe('loading');
    expect(world.loads.at(-1)).toEqual({ userId: USER });
  },
  loadFailed: (_world, snapshot) => {
    expect(myFormView(snapshot).phase).toBe('loadFailed');
    expect(snapshot.can({ type: 'myForm.retry' })).toBe(true);
  },
  empty: (_world, snapshot) => {
    expect(myFormView(snapshot)).toMatchObject({ phase: 'empty', year: null, canCopy: false });
  },
  ready: (world, snapshot) => {
    const view = myFormView(snapshot);
    expect(view.phase).toBe('ready');
    // "Update for this year" only for a form of an earlier year.
    expect(view.canCopy).toBe(view.year === YEAR - 1);
    expect(snapshot.can({ type: 'myForm.askCopy' })).toBe(view.year === YEAR - 1);
    if (snapshot.context.copyFoundExisting) expect(view).toMatchObject({ noticeKey: 'my_form.copy_exists' });
    else expect(view.noticeKey).toBeNull();
    expect(world.emitted).toEqual([]);
  },
  confirming: (world, snapshot) => {
    expect(myFormView(snapshot)).toMatchObject({ phase: 'ready', confirming: true, canCopy: false });
  },
  copying: (world, snapshot) => {
    expect(myFormView(snapshot)).toMatchObject({ copying: true, canCopy: false });
    expect(world.copies.at(-1)).toEqual({ fromYear: YEAR - 1 });
  },
  copyFailed: (_world, snapshot) => {
    expect(myFormView(snapshot)).toMatchObject({ phase: 'ready', noticeKey: 'my_form.copy_failed', canCopy: true, year: YEAR - 1 });
  },
  copied: (world, snapshot) => {
    expect(myFormView(snapshot)).toMatchObject({ phase: 'copied', year: YEAR, isCurrentYear: true });
    expect(world.emitted).toEqual([{ type: 'myForm.copied', form: COPY }]);
  },
} satisfies StateAssertions<MyFormMachine, World>;

describeMachinePaths('myForm paths', { graph, driver, assertions, generators: ['shortest', 'simple', 'transitions'] });

describe('myForm behaviour', () => {
  it('this year’s form already existing when copying reloads it and says so', async () => {
    const world = createWorld();
    world.actor.start();
    world.pending.load!.resolve(LAST_YEARS);
    await waitFor(world.actor, (s) => s.matches('ready'));
    world.actor.send({ type: 'myForm.askCopy' });
    world.actor.send({ type: 'myForm.confirmCopy' });
    world.pending.copy!.reject(EXISTS);
    await waitFor(world.actor, (s) => s.matches('loading'));
    world.pending.load!.resolve(THIS_YEARS);
    await waitFor(world.actor, (s) => s.matches('ready'));
    expect(myFormView(world.actor.getSnapshot())).toMatchObject({ year: YEAR, isCurrentYear: true, canCopy: false, noticeKey: 'my_form.copy_exists' });
    expect(world.emitted).toEqual([]);
  });
});
