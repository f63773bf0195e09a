// The settings' second factor walked along its graph against the real actor, with fakes for its calls: enrolling
// with a code (and a wrong one), keeping the recovery codes, renewing them, turning it off, and failed reads.
import { createActor, fromPromise } from 'xstate';
import { expect } from 'vitest';
import {
  secondFactorMachine,
  type Removal,
  type SecondFactorEvent,
  type SecondFactorMachine,
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
const ENROLMENT: TotpEnrolment = { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Paybench:me?secret=JBSWY3DPEHPK3PXP', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' };
const CODES = ['abcde-fghjk', 'mnpqr-stuvw'];
const WRONG_CODE = new AuthFailure('INVALID_SECOND_FACTOR', 403);
const OFFLINE = new AuthFailure('NETWORK_ERROR');

type Src = 'loadStatus' | 'startEnrolment' | 'confirmEnrolment' | 'disable' | 'regenerate';
interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<SecondFactorMachine> {
  pending: Partial<Record<Src, Deferred>>;
  calls: Array<{ src: Src; input: unknown }>;
  expected: { status: SecondFactorStatus | null; enrolment: TotpEnrolment | null; codes: string[] | null; errorCode: string | null };
}

function startWorld(): World {
  const world = { pending: {}, calls: [], expected: { status: null, enrolment: null, codes: null, errorCode: null } } as Omit<World, 'actor'> as World;
  const fake = <I, O>(src: Src) =>
    fromPromise<O, I>(({ input }) => {
      world.calls.push({ src, input });
      return new Promise<O>((resolve, reject) => {
        world.pending[src] = { resolve: resolve as (value: unknown) => void, reject };
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
      },
    }),
  );
  return world;
}

const serializeState = (s: MachineSnapshot<SecondFactorMachine>) =>
  JSON.stringify({ value: s.value, on: s.context.status?.enabled ?? null, codes: s.context.recoveryCodes?.length ?? null, error: s.context.errorCode });

const graph = machineGraph({
  machine: secondFactorMachine,
  serializeState,
  events: eventsWithFixtures<SecondFactorEvent>(
    {
      // Blank entries are not sent.
      'secondFactor.confirm': [{ type: 'secondFactor.confirm', code: ' 123456 ' }, { type: 'secondFactor.confirm', code: ' ' }],
      'secondFactor.disable': [
        { type: 'secondFactor.disable', password: 'my password', code: '123456' },
        { type: 'secondFactor.disable', password: '', code: '123456' },
      ],
      'secondFactor.regenerate': [{ type: 'secondFactor.regenerate', code: '654321' }],
    },
    {
      outputs: { loadStatus: [OFF, ON], startEnrolment: [ENROLMENT], confirmEnrolment: [CODES], disable: [undefined], regenerate: [CODES] },
      errors: { loadStatus: [OFFLINE], startEnrolment: [OFFLINE], confirmEnrolment: [WRONG_CODE], disable: [WRONG_CODE], regenerate: [WRONG_CODE] },
    },
  ),
});

const executors = {
  'secondFactor.start': (world, event) => {
    world.expected.errorCode = null;
    world.actor.send(event);
  },
  'secondFactor.confirm': (world, event) => {
    if (event.code.trim()) world.expected.errorCode = null;
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
    if (event.password && event.code.trim()) world.expected.errorCode = null;
    world.actor.send(event);
  },
  'secondFactor.regenerate': (world, event) => {
    world.expected.errorCode = null;
    world.actor.send(event);
  },
  'secondFactor.retry': (world, event) => {
    world.expected.errorCode = null;
    world.actor.send(event);
  },
} satisfies EventExecutors<SecondFactorEvent, World>;

const settle = (src: Src, world: World, outcome: { value?: unknown; error?: unknown }) =>
  'error' in outcome ? world.pending[src]!.reject(outcome.error) : world.pending[src]!.resolve(outcome.value);
const failed = (world: World, error: unknown) => (world.expected.errorCode = (error as AuthFailure).code);

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
      world.expected.enrolment = event.output as TotpEnrolment;
      settle('startEnrolment', world, { value: event.output });
    },
    'xstate.error.actor.startEnrolment': (world, event) => {
      failed(world, event.error);
      settle('startEnrolment', world, { error: event.error });
    },
    'xstate.done.actor.confirmEnrolment': (world, event) => {
      world.expected.codes = event.output as string[];
      world.expected.enrolment = null;
      settle('confirmEnrolment', world, { value: event.output });
    },
    'xstate.error.actor.confirmEnrolment': (world, event) => {
      failed(world, event.error);
      settle('confirmEnrolment', world, { error: event.error });
    },
    'xstate.done.actor.disable': (world, event) => settle('disable', world, { value: event.output }),
    'xstate.error.actor.disable': (world, event) => {
      failed(world, event.error);
      settle('disable', world, { error: event.error });
    },
    'xstate.done.actor.regenerate': (world, event) => {
      world.expected.codes = event.output as string[];
      settle('regenerate', world, { value: event.output });
    },
    'xstate.error.actor.regenerate': (world, event) => {
      failed(world, event.error);
      settle('regenerate', world, { error: event.error });
    },
  },
  serializeState,
});

const lastCall = (world: World) => world.calls.at(-1)!;
const viewOf = (snapshot: MachineSnapshot<SecondFactorMachine>) => secondFactorSettingsView(snapshot);
const errorKey = (world: World) => (world.expected.errorCode ? `auth.${world.expected.errorCode}` : null);

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
} satisfies StateAssertions<SecondFactorMachine, World>;

describeMachinePaths('second factor settings paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });
