/**
 * The end of a provider's sign-in (machines/auth/providerSignInMachine.ts), walked on its own: one graph per input
 * (the callback opened the session, or the provider's sign-in still asks the account's TOTP step).
 * tests/machines/auth.test.ts walks the auth machine invoking it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  providerSignInMachine,
  type ProviderSignInInput,
  type ProviderSignInMachine,
  type ProviderSignInOutput,
} from '../../machines/auth/providerSignInMachine';
import { AuthFailure } from '../../machines/auth/failure';
import type { SecondFactorChallenge, Session, User } from '../../machines/auth/landing';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeInputPaths, generatePaths } from './harness/vitest';
import { actorDriver, type ActorWorld, type FrameworkExecutors, type StateAssertions } from './harness/walk';
import { demoUser } from './harness/users';

// ─── fixtures ───

const MEMBER: User = demoUser(['member']);
const PROVIDER_SESSION: Session = { accessToken: 'token-provider', expiresIn: 900, user: MEMBER };
const CODE_CHALLENGE: SecondFactorChallenge = { secondFactor: 'verify', challenge: 'challenge-of-a-code-0000000' };
const ENROL_CHALLENGE: SecondFactorChallenge = {
  secondFactor: 'enrol',
  challenge: 'challenge-of-an-enrolment-00',
  enrolment: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Paybench:admin?secret=JBSWY3DPEHPK3PXP', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' },
};
const ENDED = new AuthFailure('INVALID_TOKEN', 401);
const STEP_EXPIRED = new AuthFailure('SECOND_FACTOR_EXPIRED', 401);

// The provider's outcome: `#done=1` (the callback opened the session) or `#secondFactor=…&challenge=…`.
const SESSION_OPENED: ProviderSignInInput = { challenge: null };
const CHALLENGED: ProviderSignInInput = { challenge: CODE_CHALLENGE.challenge };

// ─── the world ───

type Src = 'refreshSession' | 'resumeChallenge';
interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<ProviderSignInMachine> {
  input: ProviderSignInInput;
  pending: Partial<Record<Src, Deferred>>;
  /** The calls the fake actors were started with, in order. */
  calls: Array<{ src: Src; input: unknown }>;
  /** What the machine must answer, from the fake calls' outcomes (never read from the machine). */
  expected: ProviderSignInOutput | null;
}

function createWorld(input: ProviderSignInInput): World {
  const world = { input, pending: {}, calls: [], expected: null } as Omit<World, 'actor'> as World;
  const fake = <O, I>(src: Src) =>
    fromPromise<O, I>(({ input: call }) => {
      world.calls.push({ src, input: call });
      return new Promise<O>((resolve, reject) => (world.pending[src] = { resolve: (value) => resolve(value as O), reject }));
    });
  world.actor = createActor(providerSignInMachine.provide({ actors: { refreshSession: fake('refreshSession'), resumeChallenge: fake('resumeChallenge') } }), {
    input,
  });
  return world;
}

// ─── the graph ───

const serializeState = (s: MachineSnapshot<ProviderSignInMachine>) => JSON.stringify({ value: s.value, status: s.status });

const failed = (world: World, error: unknown) => (world.expected = { kind: 'failed', failure: (error as AuthFailure).code });
const frameworkExecutors: FrameworkExecutors<World> = {
  'xstate.done.actor.renewProviderSession': (world, event) => {
    world.expected = { kind: 'session', session: event.output as Session };
    world.pending.refreshSession!.resolve(event.output);
  },
  'xstate.error.actor.renewProviderSession': (world, event) => {
    failed(world, event.error);
    world.pending.refreshSession!.reject(event.error);
  },
  'xstate.done.actor.resumeChallenge': (world, event) => {
    world.expected = { kind: 'secondFactor', challenge: event.output as SecondFactorChallenge };
    world.pending.resumeChallenge!.resolve(event.output);
  },
  'xstate.error.actor.resumeChallenge': (world, event) => {
    failed(world, event.error);
    world.pending.resumeChallenge!.reject(event.error);
  },
};

// ─── what each state shows ───

const finished = (world: World, snapshot: MachineSnapshot<ProviderSignInMachine>) => {
  expect(snapshot.status).toBe('done');
  expect(world.expected).not.toBeNull();
  expect(snapshot.output).toEqual(world.expected);
};

const assertions = {
  renewing: (world, snapshot) => {
    // The session the callback opened is renewed from the refresh cookie, as after a page reload.
    expect(world.input.challenge).toBeNull();
    expect(world.calls).toEqual([{ src: 'refreshSession', input: undefined }]);
    expect(snapshot.status).toBe('active');
  },
  resuming: (world, snapshot) => {
    // Straight to the challenge: no renewal was started on the way.
    expect(world.calls).toEqual([{ src: 'resumeChallenge', input: { challenge: CODE_CHALLENGE.challenge } }]);
    expect(snapshot.status).toBe('active');
  },
  signedIn: (world, snapshot) => {
    finished(world, snapshot);
    expect(snapshot.output).toEqual({ kind: 'session', session: PROVIDER_SESSION });
  },
  secondFactorAsked: (world, snapshot) => {
    finished(world, snapshot);
    expect(world.input.challenge).not.toBeNull();
    expect(snapshot.output).toMatchObject({ kind: 'secondFactor' });
  },
  failed: (world, snapshot) => {
    finished(world, snapshot);
    expect(['INVALID_TOKEN', 'SECOND_FACTOR_EXPIRED']).toContain((snapshot.output as { failure: string }).failure);
  },
} satisfies StateAssertions<ProviderSignInMachine, World>;

// The input decides where the machine starts (renewing, or resuming at once), so one graph per input, each walked
// like describeMachinePaths does; the three guards run over all the walked paths together.
const suites = (
  [
    ['session opened', SESSION_OPENED],
    ['challenge', CHALLENGED],
  ] as const
).map(([name, input]) => {
  const graph = machineGraph({
    machine: providerSignInMachine,
    input,
    serializeState,
    events: eventsWithFixtures<never>(
      {},
      {
        outputs: { renewProviderSession: [PROVIDER_SESSION], resumeChallenge: [CODE_CHALLENGE, ENROL_CHALLENGE] },
        errors: { renewProviderSession: [ENDED], resumeChallenge: [STEP_EXPIRED] },
      },
    ),
  });
  const driver = actorDriver<ProviderSignInMachine, World>({ start: () => createWorld(input), executors: {}, frameworkExecutors, serializeState });
  const paths = [...generatePaths(graph, 'shortest'), ...generatePaths(graph, 'transitions')];
  return { name, graph, driver, paths };
});

describeInputPaths('providerSignIn paths', suites, assertions);

describe('providerSignIn behaviour', () => {
  it("an enrolment the provider's sign-in asks comes out with its QR code", async () => {
    const world = createWorld(CHALLENGED);
    world.actor.start();
    world.pending.resumeChallenge!.resolve(ENROL_CHALLENGE);
    await new Promise((r) => setTimeout(r, 0));
    expect(world.actor.getSnapshot().output).toEqual({ kind: 'secondFactor', challenge: ENROL_CHALLENGE });
  });
});
