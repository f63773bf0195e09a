/**
 * The second step of a sign-in (machines/auth/secondStepMachine.ts), walked on its own: one graph per input,
 * since the input says which step it is (the code of an enrolled account, an admin's enrolment, the code while a
 * provider's identity is being linked). tests/machines/auth.test.ts walks the auth machine invoking it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  secondStepMachine,
  type SecondStepEvent,
  type SecondStepInput,
  type SecondStepMachine,
  type SecondStepOutput,
  type SubmitSecondFactorInput,
} from '../../machines/auth/secondStepMachine';
import { secondStepView } from '../../machines/auth/secondStepView';
import { AuthFailure, authMessageKey } from '../../machines/auth/failure';
import type { Session, User } from '../../machines/auth/landing';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeInputPaths, generatePaths } from './harness/vitest';
import { actorDriver, type ActorWorld, type EventExecutors, type FrameworkExecutors, type StateAssertions } from './harness/walk';
import { demoUser } from './harness/users';

// ─── fixtures ───

const ADMIN: User = demoUser(['admin']);
const RECOVERY_CODES = ['abcde-fghjk', 'mnpqr-stuvw'];
const SECOND_FACTOR_SESSION: Session = { accessToken: 'token-second-factor', expiresIn: 900, user: ADMIN };
const ENROLLED_SESSION: Session = { accessToken: 'token-enrolled', expiresIn: 900, user: ADMIN, recoveryCodes: RECOVERY_CODES };
const CODE = '123456';
const WRONG_CODE = new AuthFailure('INVALID_SECOND_FACTOR', 401);
const STEP_EXPIRED = new AuthFailure('SECOND_FACTOR_EXPIRED', 401);
const DISABLED = new AuthFailure('USER_DISABLED', 403);
const LINK_TOKEN = 'link-token-of-the-callback-000000000000';

// The server asks a code (an account with TOTP) or an enrolment (an admin without one); the auth machine hands it over.
const VERIFY: SecondStepInput = { secondFactor: 'verify', challenge: 'challenge-of-a-code-0000000', enrolment: null, linkToken: null };
const ENROL: SecondStepInput = {
  secondFactor: 'enrol',
  challenge: 'challenge-of-an-enrolment-00',
  enrolment: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Paybench:admin?secret=JBSWY3DPEHPK3PXP', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' },
  linkToken: null,
};
const VERIFY_WHILE_LINKING: SecondStepInput = { ...VERIFY, linkToken: LINK_TOKEN };

// ─── the world ───

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<SecondStepMachine> {
  input: SecondStepInput;
  pending: Deferred | null;
  /** Inputs the fake call was started with, in order. */
  calls: SubmitSecondFactorInput[];
  // What the gestures so far lead us to expect (never read from the machine).
  expected: {
    /** The last refusal of a code, shown on the step. */
    errorCode: string | null;
    /** The session the server answered. */
    session: Session | null;
  };
}

function createWorld(input: SecondStepInput): World {
  const world = { input, pending: null, calls: [], expected: { errorCode: null, session: null } } as Omit<World, 'actor'> as World;
  world.actor = createActor(
    secondStepMachine.provide({
      actors: {
        submitSecondFactor: fromPromise<Session, SubmitSecondFactorInput>(({ input: call }) => {
          world.calls.push(call);
          return new Promise<Session>((resolve, reject) => (world.pending = { resolve: (value) => resolve(value as Session), reject }));
        }),
      },
    }),
    { input },
  );
  return world;
}

// ─── the graph ───

const serializeState = (s: MachineSnapshot<SecondStepMachine>) =>
  JSON.stringify({ value: s.value, error: s.context.errorCode, session: s.context.session?.accessToken ?? null });

const executors = {
  'auth.submitSecondFactor': (world, event) => {
    // A blank code is ignored (nothing is sent); any other clears the last refusal.
    if (event.code.trim()) world.expected.errorCode = null;
    world.actor.send(event);
  },
  'auth.cancelSecondFactor': (world, event) => world.actor.send(event),
  'auth.recoveryCodesSaved': (world, event) => world.actor.send(event),
} satisfies EventExecutors<SecondStepEvent, World>;

const frameworkExecutors: FrameworkExecutors<World> = {
  'xstate.done.actor.submitSecondFactor': (world, event) => {
    world.expected.session = event.output as Session;
    world.pending!.resolve(event.output);
  },
  'xstate.error.actor.submitSecondFactor': (world, event) => {
    // A wrong code is shown on the step; an expired step or a disabled account ends it.
    world.expected.errorCode = (event.error as AuthFailure).code;
    world.pending!.reject(event.error);
  },
};

// ─── what each state shows ───

const output = (world: World) => world.actor.getSnapshot().output as SecondStepOutput;
const stepOf = (input: SecondStepInput) => (input.secondFactor === 'enrol' ? 'enrol' : 'code');

const assertions = {
  asking: (world, snapshot) => {
    expect(secondStepView(snapshot)).toEqual({
      step: stepOf(world.input),
      // Only an enrolment has a QR code to scan.
      enrolment: world.input.secondFactor === 'enrol' ? ENROL.enrolment : null,
      recoveryCodes: [],
      busy: false,
      errorKey: world.expected.errorCode ? authMessageKey(world.expected.errorCode) : null,
    });
    expect(snapshot.status).toBe('active');
  },
  submitting: (world, snapshot) => {
    // The code is checked at the endpoint of the step's kind, with the challenge and (while linking) the linking token.
    expect(world.calls.at(-1)).toEqual({
      secondFactor: world.input.secondFactor,
      challenge: world.input.challenge,
      code: CODE,
      ...(world.input.linkToken ? { linkToken: world.input.linkToken } : {}),
    });
    expect(secondStepView(snapshot)).toMatchObject({ step: stepOf(world.input), busy: true, errorKey: null });
  },
  showingRecoveryCodes: (world, snapshot) => {
    expect(world.input.secondFactor).toBe('enrol');
    expect(world.expected.session?.recoveryCodes).toEqual(RECOVERY_CODES);
    expect(secondStepView(snapshot)).toMatchObject({ step: 'recoveryCodes', recoveryCodes: RECOVERY_CODES, busy: false });
    expect(snapshot.status).toBe('active');
  },
  passed: (world, snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(world.expected.session).not.toBeNull();
    expect(output(world)).toEqual({ kind: 'session', session: world.expected.session });
  },
  cancelled: (world, snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(output(world)).toEqual({ kind: 'cancelled' });
  },
  over: (world, snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(['SECOND_FACTOR_EXPIRED', 'USER_DISABLED']).toContain(world.expected.errorCode);
    expect(output(world)).toEqual({ kind: 'over', failure: world.expected.errorCode });
  },
} satisfies StateAssertions<SecondStepMachine, World>;

// Which states the step goes through depends on its input (only an enrolment shows recovery codes), so one graph
// per input, each walked like describeMachinePaths does; the three guards run over all the walked paths together.
const suites = (
  [
    ['verify', VERIFY, SECOND_FACTOR_SESSION],
    ['enrol', ENROL, ENROLLED_SESSION],
    ['verify while linking', VERIFY_WHILE_LINKING, SECOND_FACTOR_SESSION],
  ] as const
).map(([name, input, session]) => {
  const graph = machineGraph({
    machine: secondStepMachine,
    input,
    serializeState,
    events: eventsWithFixtures<SecondStepEvent>(
      {
        // A blank code is ignored (nothing is sent).
        'auth.submitSecondFactor': [
          { type: 'auth.submitSecondFactor', code: CODE },
          { type: 'auth.submitSecondFactor', code: '  ' },
        ],
      },
      { outputs: { submitSecondFactor: [session] }, errors: { submitSecondFactor: [WRONG_CODE, STEP_EXPIRED, DISABLED] } },
    ),
  });
  const driver = actorDriver<SecondStepMachine, World>({ start: () => createWorld(input), executors, frameworkExecutors, serializeState });
  const paths = [...generatePaths(graph, 'shortest'), ...generatePaths(graph, 'transitions')];
  return { name, graph, driver, paths };
});

describeInputPaths('signInSecondStep paths', suites, assertions);

describe('signInSecondStep behaviour', () => {
  it('a wrong code keeps the step asking with the refusal shown; the next code is checked afresh', async () => {
    const world = createWorld(VERIFY);
    world.actor.start();
    world.actor.send({ type: 'auth.submitSecondFactor', code: ' 111111 ' });
    world.pending!.reject(WRONG_CODE);
    await new Promise((r) => setTimeout(r, 0));
    expect(world.actor.getSnapshot().value).toBe('asking');
    expect(secondStepView(world.actor.getSnapshot()).errorKey).toBe('auth.INVALID_SECOND_FACTOR');
    world.actor.send({ type: 'auth.submitSecondFactor', code: CODE });
    expect(world.calls.map((call) => call.code)).toEqual(['111111', CODE]);
    expect(secondStepView(world.actor.getSnapshot())).toMatchObject({ busy: true, errorKey: null });
  });

  it('cannot be given up while the code is checked or the recovery codes are shown', async () => {
    const world = createWorld(ENROL);
    world.actor.start();
    world.actor.send({ type: 'auth.submitSecondFactor', code: CODE });
    world.actor.send({ type: 'auth.cancelSecondFactor' });
    expect(world.actor.getSnapshot().value).toBe('submitting');
    world.pending!.resolve(ENROLLED_SESSION);
    await new Promise((r) => setTimeout(r, 0));
    world.actor.send({ type: 'auth.cancelSecondFactor' });
    expect(world.actor.getSnapshot().value).toBe('showingRecoveryCodes');
  });
});
