// The member registration (register/individual) walked along its graph against the real actor, with fakes
// for the form lookup and the registration: whether the questionnaire is claimed, what is sent, what the
// page shows, and the questionnaire claimed by someone else meanwhile.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  memberRegistrationMachine,
  type FormToClaim,
  type MemberRegistrationEmitted,
  type MemberRegistrationEvent,
  type MemberRegistrationFields,
  type MemberRegistrationMachine,
  type Session,
} from '../../machines/registration/memberRegistrationMachine';
import { memberRegistrationView } from '../../machines/registration/viewModel';
import { AuthFailure, REGISTRATION_MAIL_SENT, authMessageKey } from '../../machines/auth/failure';
import { WELCOME_QUERY } from '../../machines/auth/landing';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const FORM_ID = 'formAnon000000000000000001';
const UNCLAIMED: FormToClaim = { userId: null, email: 'ana@example.com', completed: true };
/** An anonymous questionnaire not yet sent: claimed, but there is nothing to compare yet. */
const UNCLAIMED_DRAFT: FormToClaim = { userId: null, email: 'ana@example.com', completed: false };
const CLAIMED: FormToClaim = { userId: 'someoneElse000000000000001', email: 'other@example.com', completed: true };
/** Where a new member lands: their personalised comparison with a completed questionnaire, else the completion page. */
const TO_PERSONAL = `/personalized-comparison?${WELCOME_QUERY}`;
const TO_COMPLETE = '/register/individual/complete';
const UNREADABLE = { ok: false, status: 404, value: null, reason: 'http', body: null, errorCode: 'NOT_FOUND', request: null };
const FIELDS: MemberRegistrationFields = { email: 'ana@example.com', password: 'Secret-passw0rd', language: 'es' };
const SESSION: Session = {
  accessToken: 'token',
  expiresIn: 900,
  user: {
    _id: 'memberUserId00000000000001',
    email: FIELDS.email,
    role: ['member'],
    credits: 0,
    campaignId: null,
    premiumType: 'free',
    corporateInfo: null,
    emailVerified: false,
    language: 'es',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
};
const CLAIMED_MEANWHILE = new AuthFailure('NOT_FOUND', 404);
const MAIL_SENT = new AuthFailure(REGISTRATION_MAIL_SENT, 202);

type Sent = MemberRegistrationFields & { formId?: string };

const serializeState = (s: MachineSnapshot<MemberRegistrationMachine>) =>
  JSON.stringify({ value: s.value, refused: s.context.refused, completed: s.context.formCompleted });

const graph = machineGraph({
  machine: memberRegistrationMachine,
  input: { formId: FORM_ID },
  serializeState,
  events: eventsWithFixtures<MemberRegistrationEvent>(
    { 'memberRegistration.submit': [{ type: 'memberRegistration.submit', fields: FIELDS }] },
    {
      outputs: { lookUpForm: [UNCLAIMED, UNCLAIMED_DRAFT, CLAIMED], registerMember: [SESSION] },
      errors: { lookUpForm: [UNREADABLE], registerMember: [CLAIMED_MEANWHILE, MAIL_SENT] },
    },
  ),
});

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<MemberRegistrationMachine> {
  lookup: Pending<FormToClaim> | null;
  registration: Pending<Session> | null;
  lookups: string[];
  sent: Sent[];
  emitted: MemberRegistrationEmitted[];
  /** What the lookup answered, what the person typed, and how the last registration failed. */
  form: FormToClaim | null;
  typed: MemberRegistrationFields | null;
  failure: AuthFailure | null;
  /** The server answered NOT_FOUND to a registration that claimed the questionnaire. */
  claimedMeanwhile: boolean;
}

function createWorld(formId: string | null = FORM_ID, personalViewsLocked = false): World {
  const world = {
    lookup: null,
    registration: null,
    lookups: [],
    sent: [],
    emitted: [],
    form: null,
    typed: null,
    failure: null,
    claimedMeanwhile: false,
  } as Omit<World, 'actor'> as World;
  const machine = memberRegistrationMachine.provide({
    actors: {
      lookUpForm: fromPromise<FormToClaim, { formId: string }>(({ input }) => {
        world.lookups.push(input.formId);
        return new Promise((resolve, reject) => (world.lookup = { resolve, reject }));
      }),
      registerMember: fromPromise<Session, Sent>(({ input }) => {
        world.sent.push(input);
        return new Promise((resolve, reject) => (world.registration = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input: { formId, personalViewsLocked } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<MemberRegistrationMachine, World>({
  start: () => createWorld(),
  executors: {
    'memberRegistration.submit': (world, event) => {
      world.typed = event.fields;
      send(world, event);
    },
    'memberRegistration.edit': send,
  } satisfies EventExecutors<MemberRegistrationEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.lookUpForm': (world, event) => {
      world.form = event.output as FormToClaim;
      world.lookup!.resolve(world.form);
    },
    'xstate.error.actor.lookUpForm': (world, event) => world.lookup!.reject(event.error),
    'xstate.done.actor.registerMember': (world, event) => world.registration!.resolve(event.output as Session),
    'xstate.error.actor.registerMember': (world, event) => {
      world.failure = event.error as AuthFailure;
      if (world.failure.code === 'NOT_FOUND' && world.sent.at(-1)?.formId) world.claimedMeanwhile = true;
      world.registration!.reject(event.error);
    },
  },
  serializeState,
});

const view = memberRegistrationView;

const assertions = {
  checkingForm: (world, snapshot) => {
    expect(world.lookups).toEqual([FORM_ID]);
    expect(view(snapshot)).toMatchObject({ checking: true, claiming: false, formNotFound: false, busy: false });
  },
  claiming: (world, snapshot) => {
    // Only a questionnaire without an owner is claimed; its address prefills the form.
    expect([UNCLAIMED, UNCLAIMED_DRAFT]).toContainEqual(world.form);
    expect(view(snapshot)).toMatchObject({ claiming: true, formNotFound: false, checking: false, formEmail: UNCLAIMED.email });
  },
  'claiming.editing': (_world, snapshot) => expect(view(snapshot)).toMatchObject({ busy: false, errorKey: null }),
  'claiming.sending': (world, snapshot) => {
    expect(world.sent.at(-1)).toEqual({ ...world.typed, formId: FORM_ID });
    expect(view(snapshot)).toMatchObject({ busy: true, errorKey: null });
  },
  'claiming.failed': (world, snapshot) => {
    expect(view(snapshot)).toMatchObject({ busy: false, errorKey: authMessageKey(world.failure!.code), errorCode: world.failure!.code });
    expect(world.emitted.at(-1)).toEqual({ type: 'memberRegistration.failed', code: world.failure!.code });
  },
  withoutForm: (world, snapshot) => {
    // Named but not claimable: already owned, unreadable, or claimed while the person typed.
    expect(world.form === null || world.form === CLAIMED || world.claimedMeanwhile).toBe(true);
    expect(view(snapshot)).toMatchObject({ claiming: false, checking: false, formNotFound: true });
  },
  // A questionnaire claimed meanwhile is said once (the warning), not as a failure too.
  'withoutForm.editing': (_world, snapshot) => expect(view(snapshot)).toMatchObject({ busy: false, errorKey: null }),
  'withoutForm.sending': (world, snapshot) => {
    expect(world.sent.at(-1)).toEqual(world.typed);
    expect(world.sent.at(-1)).not.toHaveProperty('formId');
    expect(view(snapshot)).toMatchObject({ busy: true });
  },
  'withoutForm.failed': (world, snapshot) => {
    expect(view(snapshot)).toMatchObject({ busy: false, errorKey: authMessageKey(world.failure!.code) });
    expect(world.emitted.at(-1)).toEqual({ type: 'memberRegistration.failed', code: world.failure!.code });
  },
  registered: (world, snapshot) => {
    expect(snapshot.status).toBe('done');
    const claimed = world.sent.at(-1)!.formId ?? null;
    // A completed questionnaire taken along: straight to the personalised comparison; otherwise the completion page.
    const to = claimed && world.form?.completed ? TO_PERSONAL : TO_COMPLETE;
    expect(world.emitted.at(-1)).toEqual({ type: 'memberRegistration.registered', session: SESSION, claimedFormId: claimed, to });
  },
} satisfies StateAssertions<MemberRegistrationMachine, World>;

describeMachinePaths('memberRegistration paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('memberRegistration behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('without a questionnaire it looks nothing up and registers on its own, without a warning', async () => {
    const world = createWorld(null);
    world.actor.start();
    expect(world.actor.getSnapshot().matches({ withoutForm: 'editing' })).toBe(true);
    expect(memberRegistrationView(world.actor.getSnapshot())).toMatchObject({ formNotFound: false, checking: false, claiming: false });
    world.actor.send({ type: 'memberRegistration.submit', fields: FIELDS });
    world.registration!.resolve(SESSION);
    await tick();
    expect(world.lookups).toEqual([]);
    expect(world.sent).toEqual([FIELDS]);
    expect(world.emitted).toEqual([{ type: 'memberRegistration.registered', session: SESSION, claimedFormId: null, to: TO_COMPLETE }]);
  });

  it('a questionnaire claimed meanwhile: the next send goes without it, and the new account keeps nothing of it', async () => {
    const world = createWorld();
    world.actor.start();
    world.lookup!.resolve(UNCLAIMED);
    await tick();
    world.actor.send({ type: 'memberRegistration.submit', fields: FIELDS });
    world.registration!.reject(CLAIMED_MEANWHILE);
    await tick();
    expect(memberRegistrationView(world.actor.getSnapshot())).toMatchObject({ formNotFound: true, errorKey: null, claiming: false });
    expect(world.emitted).toEqual([]); // no failure toast: the warning says it
    world.actor.send({ type: 'memberRegistration.submit', fields: FIELDS });
    world.registration!.resolve(SESSION);
    await tick();
    expect(world.sent).toEqual([{ ...FIELDS, formId: FORM_ID }, FIELDS]);
    expect(world.emitted.at(-1)).toEqual({ type: 'memberRegistration.registered', session: SESSION, claimedFormId: null, to: TO_COMPLETE });
  });

  it('nothing is sent while the questionnaire is being looked up', () => {
    const world = createWorld();
    world.actor.start();
    world.actor.send({ type: 'memberRegistration.submit', fields: FIELDS });
    expect(world.sent).toEqual([]);
  });

  it('with the premium flag locking the personal views, a new member lands on the comparison of their own group', async () => {
    const world = createWorld(FORM_ID, true);
    world.actor.start();
    world.lookup!.resolve(UNCLAIMED);
    await tick();
    world.actor.send({ type: 'memberRegistration.submit', fields: FIELDS });
    world.registration!.resolve(SESSION);
    await tick();
    expect(world.emitted.at(-1)).toMatchObject({
      type: 'memberRegistration.registered',
      claimedFormId: FORM_ID,
      to: `/comparison?group=mine&${WELCOME_QUERY}`,
    });
  });
});
