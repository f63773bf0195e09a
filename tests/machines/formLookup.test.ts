// The forms page's lookup by e-mail walked along its graph against the real actor, with a fake for the call.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  formLookupMachine,
  type Form,
  type FormLookupEmitted,
  type FormLookupEvent,
  type FormLookupMachine,
  type LookupRequest,
} from '../../machines/formLookup/formLookupMachine';
import { formLookupView } from '../../machines/formLookup/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const FORM: Form = {
  id: 'form0000000000000000001',
  userId: null,
  surveyYear: 2025,
  status: 'completed',
  completedSteps: [0, 1, 2, 3, 4],
  answers: { email: 'ana@example.com' },
  createdAt: '2025-05-01T10:00:00.000Z',
  updatedAt: '2025-05-01T10:00:00.000Z',
};
const failure = (status: number): CallFailure => ({ ok: false, status, value: null, reason: 'http', body: { error: 'x' }, errorCode: null, request: null });
const NOT_FOUND = failure(404);
const SERVER_ERROR = failure(500);

const serializeState = (s: MachineSnapshot<FormLookupMachine>) =>
  JSON.stringify({ value: s.value, email: s.context.email, by: s.context.by, problem: s.context.problem });

const graph = machineGraph({
  machine: formLookupMachine,
  input: undefined,
  serializeState,
  events: eventsWithFixtures<FormLookupEvent>(
    {
      'formLookup.change': [
        { type: 'formLookup.change', email: 'Ana@Example.com ' },
        { type: 'formLookup.change', email: 'ana@' },
      ],
      'formLookup.choose': [{ type: 'formLookup.choose', by: 'account' }],
    },
    { outputs: { lookUp: [FORM] }, errors: { lookUp: [NOT_FOUND, SERVER_ERROR] } },
  ),
});

interface World extends ActorWorld<FormLookupMachine> {
  pending: { resolve(form: Form): void; reject(error: unknown): void } | null;
  requests: LookupRequest[];
  emitted: FormLookupEmitted[];
  typed: string;
  by: LookupRequest['by'];
  lastError: CallFailure | null;
}

function createWorld(): World {
  const world = { pending: null, requests: [], emitted: [], typed: '', by: 'form', lastError: null } as Omit<World, 'actor'> as World;
  const machine = formLookupMachine.provide({
    actors: {
      lookUp: fromPromise<Form, LookupRequest>(({ input }) => {
        world.requests.push(input);
        return new Promise((resolve, reject) => (world.pending = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine);
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<FormLookupMachine, World>({
  start: createWorld,
  executors: {
    'formLookup.change': (world, event) => {
      world.typed = event.email;
      send(world, event);
    },
    'formLookup.choose': (world, event) => {
      world.by = event.by;
      send(world, event);
    },
    'formLookup.submit': send,
  } satisfies EventExecutors<FormLookupEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.lookUp': (world, event) => world.pending!.resolve(event.output as Form),
    'xstate.error.actor.lookUp': (world, event) => {
      world.lastError = event.error as CallFailure;
      world.pending!.reject(event.error);
    },
  },
  serializeState,
});

const assertions = {
  editing: (world, snapshot) => {
    const view = formLookupView(snapshot);
    expect(view).toMatchObject({ email: world.typed, by: world.by, looking: false, foundId: null, notFoundFor: null, failed: false });
    if (view.problem) expect(view.problem).toBe(world.typed === '' ? 'admin_forms.lookup.problems.required' : 'admin_forms.lookup.problems.invalid_email');
  },
  looking: (world, snapshot) => {
    expect(formLookupView(snapshot).looking).toBe(true);
    expect(world.requests.at(-1)).toEqual({ email: world.typed.trim(), by: world.by });
  },
  found: (world, snapshot) => {
    expect(formLookupView(snapshot).foundId).toBe(FORM.id);
    expect(world.emitted.at(-1)).toEqual({ type: 'formLookup.found', form: FORM });
  },
  notFound: (world, snapshot) => {
    expect(world.lastError).toBe(NOT_FOUND);
    expect(formLookupView(snapshot).notFoundFor).toBe(world.typed.trim().toLowerCase());
  },
  failed: (world, snapshot) => {
    expect(formLookupView(snapshot).failed).toBe(true);
    expect(world.emitted.at(-1)).toEqual({ type: 'formLookup.failed', failure: SERVER_ERROR });
  },
} satisfies StateAssertions<FormLookupMachine, World>;

describeMachinePaths('formLookup paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('formLookup behaviour', () => {
  it('asks nothing for an empty or malformed address and says why', () => {
    const world = createWorld();
    world.actor.start();
    world.actor.send({ type: 'formLookup.submit' });
    expect(formLookupView(world.actor.getSnapshot()).problem).toBe('admin_forms.lookup.problems.required');
    world.actor.send({ type: 'formLookup.change', email: 'not an address' });
    expect(formLookupView(world.actor.getSnapshot()).problem).toBeNull();
    world.actor.send({ type: 'formLookup.submit' });
    expect(formLookupView(world.actor.getSnapshot()).problem).toBe('admin_forms.lookup.problems.invalid_email');
    expect(world.requests).toEqual([]);
  });
});
