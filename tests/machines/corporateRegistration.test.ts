// The register page's flow walked along its graph against the real actor, once for each kind of
// registrant: both stay after an invitation with the confirmation on the page and "invite another"; a corporate
// user may then move on to the saved URL or the dashboard (an admin has nowhere to be sent).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  corporateRegistrationMachine,
  type CorporateRegistrationEmitted,
  type CorporateRegistrationEvent,
  type CorporateRegistrationFields,
  type CorporateRegistrationInput,
  type CorporateRegistrationMachine,
} from '../../machines/registration/corporateRegistrationMachine';
import { corporateInvitedToast, corporateRegistrationView } from '../../machines/registration/viewModel';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import { AuthFailure, authMessageKey } from '../../machines/auth/failure';
import type { CorporateInvitation } from '../../machines/auth/requests';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { generatePaths } from './harness/vitest';
import { assertionTableProblems, unexercisedTransitions, unreachedLeafStates } from './harness/guards';
import { actorDriver, send, walkPath, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const FIELDS: CorporateRegistrationFields = {
  email: 'new.colleague@acme.example',
  password: 'Secret-passw0rd',
  companyName: 'Acme',
  taxId: '',
  contactName: 'Ana',
  language: 'en',
};
const INVITATION: CorporateInvitation = { invited: FIELDS.email };
const WEAK = new AuthFailure('WEAK_PASSWORD', 400);
const FORBIDDEN = new AuthFailure('FORBIDDEN', 403);

const ADMIN: CorporateRegistrationInput = { registrant: { role: ['admin'] }, savedRedirect: null };
const CORPORATE: CorporateRegistrationInput = { registrant: { role: ['corporate'] }, savedRedirect: '/comparison?sector=banking' };

const serializeState = (s: MachineSnapshot<CorporateRegistrationMachine>) => JSON.stringify({ value: s.value });

interface World extends ActorWorld<CorporateRegistrationMachine> {
  pending: { resolve(value: CorporateInvitation): void; reject(error: unknown): void } | null;
  sent: Record<string, string>[];
  emitted: CorporateRegistrationEmitted[];
  typed: CorporateRegistrationFields | null;
  failure: AuthFailure | null;
}

function createWorld(input: CorporateRegistrationInput): World {
  const world = { pending: null, sent: [], emitted: [], typed: null, failure: null } as Omit<World, 'actor'> as World;
  const machine = corporateRegistrationMachine.provide({
    actors: {
      registerCorporate: fromPromise<CorporateInvitation, Record<string, string>>(({ input: fields }) => {
        world.sent.push(fields);
        return new Promise((resolve, reject) => (world.pending = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const executors = {
  'corporateRegistration.submit': (world, event) => {
    world.typed = event.fields;
    send(world, event);
  },
  'corporateRegistration.edit': send,
  'corporateRegistration.inviteAnother': send,
  'corporateRegistration.continue': send,
} satisfies EventExecutors<CorporateRegistrationEvent, World>;

const frameworkExecutors = {
  'xstate.done.actor.registerCorporate': (world: World, event: { output?: unknown }) => world.pending!.resolve(event.output as CorporateInvitation),
  'xstate.error.actor.registerCorporate': (world: World, event: { error?: unknown }) => {
    world.failure = event.error as AuthFailure;
    world.pending!.reject(event.error);
  },
};

const view = corporateRegistrationView;

/** The success toast the page shows for an invitation: titled "Registro realizado correctamente", naming the invitation. */
function expectSuccessToast(invited: string) {
  expect(corporateInvitedToast(invited)).toEqual({
    status: 'success',
    titleKey: 'auth.register.success',
    textKey: 'register.invited_toast',
    values: { email: invited },
  });
}

function assertionsFor(input: CorporateRegistrationInput) {
  return {
    editing: (_world, snapshot) => expect(view(snapshot)).toEqual({ busy: false, invited: null, continueTo: null, errorKey: null }),
    sending: (world, snapshot) => {
      expect(world.sent.at(-1)).toEqual(world.typed);
      expect(view(snapshot)).toEqual({ busy: true, invited: null, continueTo: null, errorKey: null });
    },
    failed: (world, snapshot) => {
      expect(view(snapshot)).toEqual({ busy: false, invited: null, continueTo: null, errorKey: authMessageKey(world.failure!.code) });
      expect(world.emitted.at(-1)).toEqual({ type: 'corporateRegistration.failed', code: world.failure!.code });
    },
    created: (world, snapshot) => {
      // Every registrant stays and reads who was invited; only a corporate one is offered to move on (the corporate landing of machines/auth/landing.ts).
      const continueTo = input.registrant?.role.includes('corporate') ? (input.savedRedirect ?? '/dashboard') : null;
      expect(view(snapshot)).toEqual({ busy: false, invited: world.typed!.email, continueTo, errorKey: null });
      expect(world.emitted.at(-1)).toEqual({ type: 'corporateRegistration.invited', invited: world.typed!.email });
      expectSuccessToast(world.typed!.email);
    },
    landed: (world, snapshot) => {
      expect(snapshot.status).toBe('done');
      // Only when the corporate registrant asked, after the invitation was confirmed on the page.
      expect(input.registrant?.role).toContain('corporate');
      expect(world.emitted.slice(-2)).toEqual([
        { type: 'corporateRegistration.invited', invited: world.typed!.email },
        { type: 'corporateRegistration.landed', to: input.savedRedirect ?? '/dashboard' },
      ]);
      expectSuccessToast(world.typed!.email);
    },
  } satisfies StateAssertions<CorporateRegistrationMachine, World>;
}

// Which way a success goes depends on who registers (the machine's input), so one graph per registrant:
// the admin's never reaches `landed` (it has no `continue`). Each is walked like
// describeMachinePaths does; the three guards then run over both graphs' walked paths together.
const suites = (
  [
    ['admin', ADMIN],
    ['corporate', CORPORATE],
  ] as const
).map(([who, input]) => {
  const graph = machineGraph({
    machine: corporateRegistrationMachine,
    input,
    serializeState,
    events: eventsWithFixtures<CorporateRegistrationEvent>(
      { 'corporateRegistration.submit': [{ type: 'corporateRegistration.submit', fields: FIELDS }] },
      { outputs: { registerCorporate: [INVITATION] }, errors: { registerCorporate: [WEAK, FORBIDDEN] } },
    ),
  });
  const driver = actorDriver<CorporateRegistrationMachine, World>({ start: () => createWorld(input), executors, frameworkExecutors, serializeState });
  const paths = [...generatePaths(graph, 'shortest'), ...generatePaths(graph, 'transitions')];
  return { who, graph, driver, paths, assertions: assertionsFor(input) };
});

describe('corporateRegistration paths', () => {
  for (const { who, driver, paths, assertions } of suites) {
    describe(who, () => {
      it('generates paths', () => expect(paths.length).toBeGreaterThan(0));
      for (const path of paths) it(path.description, () => walkPath(path, driver, assertions));
    });
  }

  describe('guards (both registrants)', () => {
    it('every leaf state is reached by a walked path', () => {
      expect(unreachedLeafStates(corporateRegistrationMachine, suites.flatMap((suite) => suite.paths) as never)).toEqual([]);
    });
    it('every state has an assertion, and every assertion names a state', () => {
      for (const suite of suites) expect(assertionTableProblems(corporateRegistrationMachine, suite.assertions)).toEqual({ missing: [], unknown: [] });
    });
    it('every state-changing transition is exercised by a walked path', () => {
      // An edge of one registrant's graph may be walked in the other's (same state, same event).
      const walked = suites.flatMap((suite) => suite.paths);
      for (const suite of suites) expect(unexercisedTransitions(suite.graph, walked)).toEqual([]);
    });
  });
});

describe('corporateRegistration behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('a corporate registrant without a saved URL lands on the dashboard; an unsafe saved URL is ignored', async () => {
    for (const savedRedirect of [null, '//evil.example/phish']) {
      const world = createWorld({ registrant: { role: ['corporate'] }, savedRedirect });
      world.actor.start();
      world.actor.send({ type: 'corporateRegistration.submit', fields: FIELDS });
      world.pending!.resolve(INVITATION);
      await tick();
      // Nobody is sent away by an invitation: the page confirms it, and moving on is the registrant's choice.
      expect(world.emitted.at(-1)).toEqual({ type: 'corporateRegistration.invited', invited: FIELDS.email });
      expect(world.actor.getSnapshot().hasTag('created')).toBe(true);
      world.actor.send({ type: 'corporateRegistration.continue' });
      expect(world.emitted.at(-1)).toEqual({ type: 'corporateRegistration.landed', to: '/dashboard' });
    }
  });

  it('the success toast reads "Registro realizado correctamente" and names the invitation, in both languages', () => {
    const toast = corporateInvitedToast('new@acme.example');
    const text = (messages: typeof es, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages) as string;
    expect(toast.status).toBe('success');
    expect(text(es, toast.titleKey)).toBe('Registro realizado correctamente');
    expect(text(en, toast.titleKey)).toBe('Registration completed');
    expect(text(es, toast.textKey).replace('{{email}}', toast.values.email)).toBe('Invitación enviada a new@acme.example.');
    expect(text(en, toast.textKey).replace('{{email}}', toast.values.email)).toBe('Invitation sent to new@acme.example.');
  });

  it('an admin invites one colleague after another from the same page', async () => {
    const world = createWorld(ADMIN);
    world.actor.start();
    world.actor.send({ type: 'corporateRegistration.submit', fields: FIELDS });
    world.pending!.resolve(INVITATION);
    await tick();
    world.actor.send({ type: 'corporateRegistration.submit', fields: { ...FIELDS, email: 'second@acme.example' } });
    world.pending!.resolve({ invited: 'second@acme.example' });
    await tick();
    expect(corporateRegistrationView(world.actor.getSnapshot())).toMatchObject({ invited: 'second@acme.example' });
    expect(world.emitted.filter((e) => e.type === 'corporateRegistration.landed')).toEqual([]);
  });

  it('"invite another" clears the confirmation and waits for the next colleague; an admin has no "continue"', async () => {
    for (const input of [CORPORATE, ADMIN]) {
      const world = createWorld(input);
      world.actor.start();
      world.actor.send({ type: 'corporateRegistration.submit', fields: FIELDS });
      world.pending!.resolve(INVITATION);
      await tick();
      expect(world.actor.getSnapshot().can({ type: 'corporateRegistration.continue' })).toBe(input === CORPORATE);
      world.actor.send({ type: 'corporateRegistration.inviteAnother' });
      expect(corporateRegistrationView(world.actor.getSnapshot())).toEqual({ busy: false, invited: null, continueTo: null, errorKey: null });
      expect(world.emitted.filter((e) => e.type === 'corporateRegistration.landed')).toEqual([]);
    }
  });
});
