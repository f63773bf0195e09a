// The newsletter sign-up walked along its graph against the real actor with a fake subscribe call.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  newsletterSignupMachine,
  signupRequestOf,
  type NewsletterKind,
  type NewsletterSignupEmitted,
  type NewsletterSignupEvent,
  type NewsletterSignupMachine,
  type NewsletterSubscribeRequest,
  type SignupValues,
} from '../../machines/newsletterSignup/newsletterSignupMachine';
import { newsletterSignupView } from '../../machines/newsletterSignup/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const FAILURE: CallFailure = { ok: false, status: 429, value: null, reason: 'http', body: null, errorCode: 'RATE_LIMITED', request: null };
const EMPTY: SignupValues = { email: '', name: '', company: '', position: '' };
const INPUT = { language: 'es' as const, source: 'footer' as const };

const serializeState = (s: MachineSnapshot<NewsletterSignupMachine>) =>
  JSON.stringify({
    value: s.value,
    kind: s.context.kind,
    filled: Object.entries(s.context.values)
      .filter(([, v]) => v !== '')
      .map(([k]) => k),
    errors: Object.keys(s.context.errors).length > 0,
    failed: s.context.failure !== null,
    language: s.context.language,
  });

const graph = machineGraph({
  machine: newsletterSignupMachine,
  input: INPUT,
  serializeState,
  events: eventsWithFixtures<NewsletterSignupEvent>(
    {
      'signup.set': [
        { type: 'signup.set', field: 'email', value: 'ana@example.com' },
        { type: 'signup.set', field: 'company', value: 'Acme' },
      ],
      'signup.kind': [
        { type: 'signup.kind', kind: 'professionalUser' },
        { type: 'signup.kind', kind: 'standartUser' },
      ],
      'signup.language': [{ type: 'signup.language', language: 'en' }],
    },
    { outputs: { subscribe: [{ status: 'accepted' }] }, errors: { subscribe: [FAILURE] } },
  ),
});

interface World extends ActorWorld<NewsletterSignupMachine> {
  pending: { resolve(value: unknown): void; reject(error: unknown): void } | null;
  typed: SignupValues;
  kind: NewsletterKind;
  language: 'es' | 'en';
  sent: NewsletterSubscribeRequest[];
  emitted: NewsletterSignupEmitted[];
  lastAddress: string | null;
  /** The request the last submit gesture should send (the form as it was then). */
  expected: NewsletterSubscribeRequest | null;
}

function createWorld(): World {
  const world = { pending: null, typed: { ...EMPTY }, kind: 'standartUser', language: 'es', sent: [], emitted: [], lastAddress: null, expected: null } as Omit<
    World,
    'actor'
  > as World;
  const machine = newsletterSignupMachine.provide({
    actors: {
      subscribe: fromPromise<unknown, NewsletterSubscribeRequest>(({ input }) => {
        world.sent.push(input);
        return new Promise((resolve, reject) => (world.pending = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input: INPUT });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const executors = {
  'signup.set': (world, event) => {
    world.typed = { ...world.typed, [event.field]: event.value };
    send(world, event);
  },
  'signup.kind': (world, event) => {
    world.kind = event.kind;
    send(world, event);
  },
  'signup.language': (world, event) => {
    world.language = event.language;
    send(world, event);
  },
  'signup.submit': (world, event) => {
    world.expected = signupRequestOf({ kind: world.kind, values: world.typed, language: world.language, source: 'footer' });
    send(world, event);
  },
  'signup.again': send,
} satisfies EventExecutors<NewsletterSignupEvent, World>;

const driver = actorDriver<NewsletterSignupMachine, World>({
  start: createWorld,
  executors,
  frameworkExecutors: {
    'xstate.done.actor.subscribe': (world, event) => {
      world.lastAddress = world.typed.email;
      world.typed = { ...EMPTY };
      world.pending!.resolve(event.output);
    },
    'xstate.error.actor.subscribe': (world, event) => world.pending!.reject(event.error),
  },
  serializeState,
});

const assertions = {
  editing: (world, snapshot) => expect(newsletterSignupView(snapshot)).toMatchObject({ status: 'editing', values: world.typed, kind: world.kind }),
  submitting: (world, snapshot) => {
    expect(newsletterSignupView(snapshot).status).toBe('submitting');
    expect(world.sent.at(-1)).toEqual(world.expected);
  },
  sent: (world, snapshot) => {
    expect(newsletterSignupView(snapshot)).toMatchObject({ status: 'sent', values: EMPTY, sentTo: world.lastAddress });
    expect(world.emitted.at(-1)).toEqual({ type: 'signup.sent' });
  },
} satisfies StateAssertions<NewsletterSignupMachine, World>;

describeMachinePaths('newsletterSignup paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('newsletterSignup behaviour', () => {
  it('an empty or malformed address shows a translated error and sends nothing; a professional needs a company', () => {
    const world = createWorld();
    world.actor.start();
    world.actor.send({ type: 'signup.submit' });
    expect(newsletterSignupView(world.actor.getSnapshot()).errors).toEqual({ email: 'newsletter.errors.required' });
    world.actor.send({ type: 'signup.set', field: 'email', value: 'not an address' });
    expect(newsletterSignupView(world.actor.getSnapshot()).errors).toEqual({ email: 'newsletter.errors.email' });
    world.actor.send({ type: 'signup.set', field: 'email', value: 'ana@example.com' });
    world.actor.send({ type: 'signup.kind', kind: 'professionalUser' });
    world.actor.send({ type: 'signup.submit' });
    expect(newsletterSignupView(world.actor.getSnapshot()).errors).toEqual({ company: 'newsletter.errors.required' });
    expect(world.sent).toEqual([]);
  });

  it('sends the contract payloads, trimmed, without empty optional fields', () => {
    expect(
      signupRequestOf({ kind: 'standartUser', values: { email: ' ana@example.com ', name: '', company: 'x', position: '' }, language: 'en', source: 'footer' }),
    ).toEqual({
      standartUser: { email: 'ana@example.com', language: 'en', source: 'footer' },
    });
    expect(
      signupRequestOf({
        kind: 'professionalUser',
        values: { email: 'b@example.com', name: 'Bea', company: ' Acme ', position: '' },
        language: 'es',
        source: 'page',
      }),
    ).toEqual({
      professionalUser: { email: 'b@example.com', name: 'Bea', company: 'Acme', language: 'es', source: 'page' },
    });
  });

  it('a failed send keeps the values and says why', async () => {
    const world = createWorld();
    world.actor.start();
    world.actor.send({ type: 'signup.set', field: 'email', value: 'ana@example.com' });
    world.actor.send({ type: 'signup.submit' });
    world.pending!.reject(FAILURE);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(newsletterSignupView(world.actor.getSnapshot())).toMatchObject({
      status: 'editing',
      failed: true,
      failureCode: 'RATE_LIMITED',
      values: { email: 'ana@example.com' },
    });
    expect(world.emitted).toContainEqual({ type: 'signup.failed', failure: FAILURE });
  });
});
