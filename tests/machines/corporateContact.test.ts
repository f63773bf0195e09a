// The corporate plan request walked along its graph against the real actor with a fake send.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  contactRequestOf,
  corporateContactMachine,
  type ContactValues,
  type CorporateContactEmitted,
  type CorporateContactEvent,
  type CorporateContactMachine,
  type CorporateContactRequest,
} from '../../machines/corporateContact/corporateContactMachine';
import { corporateContactView } from '../../machines/corporateContact/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const FAILURE: CallFailure = { ok: false, status: 429, value: null, reason: 'http', body: null, errorCode: 'RATE_LIMITED', request: null };
const EMPTY: ContactValues = { company: '', name: '', phone: '', message: '' };

// Which fields are filled decides the submit: part of the vertex.
const serializeState = (s: MachineSnapshot<CorporateContactMachine>) =>
  JSON.stringify({
    value: s.value,
    filled: Object.entries(s.context.values)
      .filter(([, v]) => v !== '')
      .map(([k]) => k),
    errors: Object.keys(s.context.errors).length > 0,
    failed: s.context.failure !== null,
  });

const graph = machineGraph({
  machine: corporateContactMachine,
  serializeState,
  events: eventsWithFixtures<CorporateContactEvent>(
    {
      'contact.set': [
        { type: 'contact.set', field: 'company', value: 'Acme' },
        { type: 'contact.set', field: 'name', value: 'Ana' },
        { type: 'contact.set', field: 'message', value: 'We need unlimited searches' },
      ],
    },
    { outputs: { sendContact: [{ status: 'received' }] }, errors: { sendContact: [FAILURE] } },
  ),
});

interface World extends ActorWorld<CorporateContactMachine> {
  sending: { resolve(value: unknown): void; reject(error: unknown): void } | null;
  /** What the person typed, and what reached the server. */
  typed: ContactValues;
  sent: CorporateContactRequest[];
  emitted: CorporateContactEmitted[];
}

function createWorld(): World {
  const world = { sending: null, typed: { ...EMPTY }, sent: [], emitted: [] } as Omit<World, 'actor'> as World;
  const machine = corporateContactMachine.provide({
    actors: {
      sendContact: fromPromise<unknown, CorporateContactRequest>(({ input }) => {
        world.sent.push(input);
        return new Promise((resolve, reject) => (world.sending = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine);
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const executors = {
  'contact.set': (world, event) => {
    world.typed = { ...world.typed, [event.field]: event.value };
    send(world, event);
  },
  'contact.submit': send,
  'contact.again': send,
} satisfies EventExecutors<CorporateContactEvent, World>;

const driver = actorDriver<CorporateContactMachine, World>({
  start: createWorld,
  executors,
  frameworkExecutors: {
    'xstate.done.actor.sendContact': (world, event) => {
      world.typed = { ...EMPTY };
      world.sending!.resolve(event.output);
    },
    'xstate.error.actor.sendContact': (world, event) => world.sending!.reject(event.error),
  },
  serializeState,
});

const assertions = {
  // Nothing the person typed is lost, whatever happened before.
  editing: (world, snapshot) => expect(corporateContactView(snapshot)).toMatchObject({ status: 'editing', values: world.typed }),
  sending: (world, snapshot) => {
    expect(corporateContactView(snapshot).status).toBe('sending');
    expect(world.sent.at(-1)).toEqual(contactRequestOf(world.typed));
  },
  sent: (world, snapshot) => {
    expect(corporateContactView(snapshot)).toMatchObject({ status: 'sent', values: EMPTY });
    expect(world.emitted.at(-1)).toEqual({ type: 'contact.sent' });
  },
} satisfies StateAssertions<CorporateContactMachine, World>;

describeMachinePaths('corporateContact paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('corporateContact behaviour', () => {
  it('an incomplete form shows translated errors and sends nothing', () => {
    const world = createWorld();
    world.actor.start();
    world.actor.send({ type: 'contact.set', field: 'phone', value: 'call me' });
    world.actor.send({ type: 'contact.submit' });
    expect(world.sent).toEqual([]);
    expect(corporateContactView(world.actor.getSnapshot()).errors).toEqual({
      company: 'payments.contact.errors.required',
      name: 'payments.contact.errors.required',
      message: 'payments.contact.errors.required',
      phone: 'payments.contact.errors.phone',
    });
  });

  it('a failed send keeps the values and says so', async () => {
    const world = createWorld();
    world.actor.start();
    for (const [field, value] of [
      ['company', ' Acme '],
      ['name', 'Ana'],
      ['message', 'Hello'],
      ['phone', '+34 600 000 000'],
    ] as const)
      world.actor.send({ type: 'contact.set', field, value });
    world.actor.send({ type: 'contact.submit' });
    expect(world.sent).toEqual([{ company: 'Acme', name: 'Ana', message: 'Hello', phone: '+34 600 000 000' }]);
    world.sending!.reject(FAILURE);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(corporateContactView(world.actor.getSnapshot())).toMatchObject({ status: 'editing', failed: true, values: { company: ' Acme ', name: 'Ana' } });
    expect(world.emitted).toContainEqual({ type: 'contact.failed', failure: FAILURE });
  });
});
