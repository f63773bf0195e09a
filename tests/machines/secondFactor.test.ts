// The settings' second factor walked along its graph against the real actor, with fakes for its calls: enrolling
// with a code (and a wrong one), keeping the recovery codes, renewing them, turning it off, and failed reads.
// Any change the server refuses for want of a fresh re-authentication asks the password in a dialog, then is sent
// again as it was typed (or given up).
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  secondFactorMachine,
  type Removal,
  type SecondFactorEvent,
  type SecondFactorMachine,
  type SecondFactorRequest,
  type SecondFactorStatus,
  type TotpEnrolment,
} from '../../machines/secondFactor/secondFactorMachine';
import { secondFactorSettingsView } from '../../machines/secondFactor/viewModel';
import { AuthFailure } from '../../machines/auth/failure';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const OFF: SecondFactorStatus = { enabled: false, recoveryCodesLeft: 0, required: false };
const ON: SecondFactorStatus = { enabled: true, recoveryCodesLeft: 10, required: false };
const ENROLMENT: TotpEnrolment = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Paybench:me?secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = ['abcde-fghjk', 'mnpqr-stuvw'];
const WRONG_CODE = new AuthFailure('INVALID_SECOND_FACTOR', 403);
const OFFLINE = new AuthFailure('NETWORK_ERROR');
/** The session proved the person more than 5 minutes ago. */
const STALE = new AuthFailure('REAUTHENTICATION_REQUIRED', 403);
const WRONG_PASSWORD = new AuthFailure('WRONG_PASSWORD', 401);
const PASSWORD = 'my password';

type Src = 'loadStatus' | 'startEnrolment' | 'confirmEnrolment' | 'disable' | 'regenerate' | 'reauthenticate';
interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<SecondFactorMachine> {
  pending: Partial<Record<Src, Deferred>>;
  calls: Array<{ src: Src; input: unknown }>;
  expected: {
    status: SecondFactorStatus | null;
    enrolment: TotpEnrolment | null;
    codes: string[] | null;
    errorCode: string | null;
    /** The change the person asked for, kept while the password is asked again. */
    request: SecondFactorRequest | null;
  };
}

function startWorld(): World {
  const world = { pending: {}, calls: [], expected: { status: null, enrolment: null, codes: null, errorCode: null, request: null } } as Omit<
    World,
    'actor'
  > as World;
  const fake = <I, O>(src: Src) =>
    fromPromise<O, I>(({ input }) => {
      world.calls.push({ src, input });
      return new Promise<O>((resolve, reject) => {
        world.pending[src] = { resolve: resolve, reject };
      });
    });
  world.actor = createActor(
    secondFactorMachine.provide({
      actors: {
        loadStatus: fake('loadStatus'),
        startEnrolment: fake('startEnrolment'),
        confirmEnrolment: fake('confirmEnrolment'),
        disable: fake<Removal, void>('disable'),
        regenerate: fake('regenerate'),
        reauthenticate: fake('reauthenticate'),
      },
    }),
  );
  return world;
}

const serializeState = (s: MachineSnapshot<SecondFactorMachine>) =>
  JSON.stringify({
    value: s.value,
    on: s.context.status?.enabled ?? null,
    codes: s.context.recoveryCodes?.length ?? null,
    error: s.context.errorCode,
    request: s.context.request?.kind ?? null,
  });

const graph = machineGraph({
  machine: secondFactorMachine,
  serializeState,
  events: eventsWithFixtures<SecondFactorEvent>(
    {
      // Blank entries are not sent.
      'secondFactor.confirm': [
        { type: 'secondFactor.confirm', code: ' 123456 ' },
        { type: 'secondFactor.confirm', code: ' ' },
      ],
      'secondFactor.disable': [
        { type: 'secondFactor.disable', password: 'my password', code: '123456' },
        { type: 'secondFactor.disable', password: '', code: '123456' },
      ],
      'secondFactor.regenerate': [{ type: 'secondFactor.regenerate', code: '654321' }],
      // A blank password is not sent.
      'secondFactor.reauthenticate': [
        { type: 'secondFactor.reauthenticate', password: PASSWORD },
        { type: 'secondFactor.reauthenticate', password: '' },
      ],
    },
    {
      outputs: {
        loadStatus: [OFF, ON],
        startEnrolment: [ENROLMENT],
        confirmEnrolment: [CODES],
        disable: [undefined],
        regenerate: [CODES],
        reauthenticate: [undefined],
      },
      errors: {
        loadStatus: [OFFLINE],
        startEnrolment: [OFFLINE, STALE],
        confirmEnrolment: [WRONG_CODE, STALE],
        disable: [WRONG_CODE, STALE],
        regenerate: [WRONG_CODE, STALE],
        reauthenticate: [WRONG_PASSWORD],
      },
    },
  ),
});

const executors = {
  'secondFactor.start': (world, event) => {
    world.expected.errorCode = null;
    world.expected.request = { kind: 'start' };
    world.actor.send(event);
  },
  'secondFactor.confirm': (world, event) => {
    if (event.code.trim()) {
      world.expected.errorCode = null;
      world.expected.request = { kind: 'confirm', code: event.code.trim() };
    }
    world.actor.send(event);
  },
  'secondFactor.cancel': (world, event) => {
    world.expected.enrolment = null;
    world.expected.errorCode = null;
    world.actor.send(event);
  },
  'secondFactor.codesSaved': (world, event) => {
    world.expected.codes = null;
    world.actor.send(event);
  },
  'secondFactor.disable': (world, event) => {
    if (event.password && event.code.trim()) {
      world.expected.errorCode = null;
      world.expected.request = { kind: 'disable', password: event.password, code: event.code.trim() };
    }
    world.actor.send(event);
  },
  'secondFactor.regenerate': (world, event) => {
    world.expected.errorCode = null;
    world.expected.request = { kind: 'regenerate', code: event.code.trim() };
    world.actor.send(event);
  },
  'secondFactor.reauthenticate': (world, event) => {
    if (event.password) world.expected.errorCode = null;
    world.actor.send(event);
  },
  'secondFactor.cancelReauthentication': (world, event) => {
    world.expected.errorCode = null;
    world.expected.request = null;
    world.actor.send(event);
  },
  'secondFactor.retry': (world, event) => {
    world.expected.errorCode = null;
    world.actor.send(event);
  },
} satisfies EventExecutors<SecondFactorEvent, World>;

const settle = (src: Src, world: World, outcome: { value?: unknown; error?: unknown }) =>
  'error' in outcome ? world.pending[src]!.reject(outcome.error) : world.pending[src]!.resolve(outcome.value);
/** A refused change: its message shows and it is over; or it waits for the password, as typed, with no message. */
const failed = (world: World, error: unknown) => {
  const { code } = error as AuthFailure;
  if (code === 'REAUTHENTICATION_REQUIRED') return;
  world.expected.errorCode = code;
  world.expected.request = null;
};
const succeeded = (world: World) => (world.expected.request = null);

const driver = actorDriver<SecondFactorMachine, World>({
  start: startWorld,
  executors,
  frameworkExecutors: {
    'xstate.done.actor.loadStatus': (world, event) => {
      world.expected.status = event.output as SecondFactorStatus;
      settle('loadStatus', world, { value: event.output });
    },
    'xstate.error.actor.loadStatus': (world, event) => {
      failed(world, event.error);
      settle('loadStatus', world, { error: event.error });
    },
    'xstate.done.actor.startEnrolment': (world, event) => {
      succeeded(world);
      world.expected.enrolment = event.output as TotpEnrolment;
      settle('startEnrolment', world, { value: event.output });
    },
    'xstate.error.actor.startEnrolment': (world, event) => {
      failed(world, event.error);
      settle('startEnrolment', world, { error: event.error });
    },
    'xstate.done.actor.confirmEnrolment': (world, event) => {
      succeeded(world);
      world.expected.codes = event.output as string[];
      world.expected.enrolment = null;
      settle('confirmEnrolment', world, { value: event.output });
    },
    'xstate.error.actor.confirmEnrolment': (world, event) => {
      failed(world, event.error);
      settle('confirmEnrolment', world, { error: event.error });
    },
    'xstate.done.actor.disable': (world, event) => {
      succeeded(world);
      settle('disable', world, { value: event.output });
    },
    'xstate.error.actor.disable': (world, event) => {
      failed(world, event.error);
      settle('disable', world, { error: event.error });
    },
    'xstate.done.actor.regenerate': (world, event) => {
      succeeded(world);
      world.expected.codes = event.output as string[];
      settle('regenerate', world, { value: event.output });
    },
    'xstate.error.actor.regenerate': (world, event) => {
      failed(world, event.error);
      settle('regenerate', world, { error: event.error });
    },
    // The password was right: the change waiting is sent again as it was typed.
    'xstate.done.actor.reauthenticate': (world, event) => settle('reauthenticate', world, { value: event.output }),
    'xstate.error.actor.reauthenticate': (world, event) => {
      world.expected.errorCode = (event.error as AuthFailure).code;
      settle('reauthenticate', world, { error: event.error });
    },
  },
  serializeState,
});

const lastCall = (world: World) => world.calls.at(-1)!;
const viewOf = (snapshot: MachineSnapshot<SecondFactorMachine>) => secondFactorSettingsView(snapshot);
const errorKey = (world: World) => (world.expected.errorCode ? `auth.${world.expected.errorCode}` : null);

/** The call of the change waiting, as the person typed it (sent again after the password). */
const callOf = (request: SecondFactorRequest) =>
  request.kind === 'start'
    ? { src: 'startEnrolment', input: undefined }
    : request.kind === 'confirm'
      ? { src: 'confirmEnrolment', input: { code: request.code } }
      : request.kind === 'disable'
        ? { src: 'disable', input: { password: request.password, code: request.code } }
        : { src: 'regenerate', input: { code: request.code } };
const STEP_OF: Record<SecondFactorRequest['kind'], string> = { start: 'off', confirm: 'scanning', disable: 'on', regenerate: 'on' };

const assertions = {
  loading: (world, snapshot) => {
    expect(lastCall(world).src).toBe('loadStatus');
    expect(viewOf(snapshot)).toMatchObject({ step: 'loading', busy: true });
  },
  unavailable: (world, snapshot) => {
    expect(viewOf(snapshot)).toMatchObject({ step: 'unavailable', busy: false, errorKey: 'auth.NETWORK_ERROR' });
    expect(world.expected.errorCode).toBe('NETWORK_ERROR');
  },
  off: (world, snapshot) => {
    expect(world.expected.status?.enabled).toBe(false);
    expect(viewOf(snapshot)).toMatchObject({ step: 'off', busy: false, enrolment: null, errorKey: errorKey(world) });
  },
  starting: (world, snapshot) => {
    expect(lastCall(world)).toEqual({ src: 'startEnrolment', input: undefined });
    expect(viewOf(snapshot)).toMatchObject({ step: 'off', busy: true, errorKey: null });
  },
  scanning: (world, snapshot) => {
    expect(viewOf(snapshot)).toMatchObject({ step: 'scanning', busy: false, enrolment: world.expected.enrolment, errorKey: errorKey(world) });
    expect(world.expected.enrolment).toEqual(ENROLMENT);
  },
  confirming: (world, snapshot) => {
    expect(lastCall(world)).toEqual({ src: 'confirmEnrolment', input: { code: '123456' } });
    expect(viewOf(snapshot)).toMatchObject({ step: 'scanning', busy: true });
  },
  showingCodes: (world, snapshot) => {
    expect(viewOf(snapshot)).toMatchObject({ step: 'codes', recoveryCodes: world.expected.codes, enrolment: null });
    expect(world.expected.codes).toEqual(CODES);
  },
  on: (world, snapshot) => {
    expect(world.expected.status?.enabled).toBe(true);
    expect(viewOf(snapshot)).toMatchObject({ step: 'on', busy: false, recoveryCodesLeft: 10, required: false, errorKey: errorKey(world) });
  },
  disabling: (world, snapshot) => {
    expect(lastCall(world)).toEqual({ src: 'disable', input: { password: 'my password', code: '123456' } });
    expect(viewOf(snapshot)).toMatchObject({ step: 'on', busy: true });
  },
  regenerating: (world, snapshot) => {
    expect(lastCall(world)).toEqual({ src: 'regenerate', input: { code: '654321' } });
    expect(viewOf(snapshot)).toMatchObject({ step: 'on', busy: true });
  },
  reauthenticating: (world, snapshot) => {
    // The change waits, as it was typed; the card stays where it was asked, and the dialog asks the password.
    expect(world.expected.request).not.toBeNull();
    expect(snapshot.context.request).toEqual(world.expected.request);
    expect(viewOf(snapshot)).toMatchObject({ step: STEP_OF[world.expected.request!.kind], errorKey: null });
  },
  'reauthenticating.asking': (world, snapshot) => {
    expect(viewOf(snapshot).reauthentication).toEqual({ busy: false, errorKey: errorKey(world) });
    // Either the change was just refused for want of it, or a wrong password was given.
    if (world.expected.errorCode === null) expect(lastCall(world)).toEqual(callOf(world.expected.request!));
    else expect(world.expected.errorCode).toBe('WRONG_PASSWORD');
  },
  'reauthenticating.checking': (world, snapshot) => {
    expect(lastCall(world)).toEqual({ src: 'reauthenticate', input: { password: PASSWORD } });
    expect(viewOf(snapshot)).toMatchObject({ busy: true, reauthentication: { busy: true, errorKey: null } });
  },
} satisfies StateAssertions<SecondFactorMachine, World>;

describeMachinePaths('second factor settings paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('second factor settings behaviour', () => {
  it('a change refused for want of a fresh re-authentication is sent again, as typed, once the password is right', async () => {
    const world = startWorld();
    world.actor.start();
    world.pending.loadStatus!.resolve(ON);
    await Promise.resolve();
    world.actor.send({ type: 'secondFactor.disable', password: PASSWORD, code: ' 123456 ' });
    world.pending.disable!.reject(STALE);
    await new Promise((r) => setTimeout(r, 0));
    expect(viewOf(world.actor.getSnapshot())).toMatchObject({ step: 'on', errorKey: null, reauthentication: { busy: false, errorKey: null } });

    world.actor.send({ type: 'secondFactor.reauthenticate', password: 'a wrong one' });
    world.pending.reauthenticate!.reject(WRONG_PASSWORD);
    await new Promise((r) => setTimeout(r, 0));
    expect(viewOf(world.actor.getSnapshot()).reauthentication).toEqual({ busy: false, errorKey: 'auth.WRONG_PASSWORD' });

    world.actor.send({ type: 'secondFactor.reauthenticate', password: PASSWORD });
    world.pending.reauthenticate!.resolve(undefined);
    await new Promise((r) => setTimeout(r, 0));
    expect(world.calls.map((c) => c.src)).toEqual(['loadStatus', 'disable', 'reauthenticate', 'reauthenticate', 'disable']);
    expect(world.calls.at(-1)!.input).toEqual({ password: PASSWORD, code: '123456' });
  });
});
