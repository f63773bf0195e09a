import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { accountRequestView } from '../../machines/auth/accountRequestView';
import {
  accountRequestMachine,
  type AccountRequestEmitted,
  type AccountRequestEvent,
  type AccountRequestMachine,
  type RequestFields,
} from '../../machines/auth/accountRequestMachine';
import { AuthFailure } from '../../machines/auth/failure';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const FIELDS: RequestFields = { currentPassword: 'old password', newPassword: 'a much longer new passphrase' };
const OUTPUT = { ok: true };
/** Refused by the browser, with the field problems the form must show (written out by hand). */
const MALFORMED_EMAIL: RequestFields = { email: 'ana@example' };
const MISMATCH: RequestFields = { newPassword: 'short', confirmation: 'other' };
/** The session proved the person too long ago; the password asked again. */
const STALE = new AuthFailure('REAUTHENTICATION_REQUIRED', 403);
const PASSWORD = 'my password';
const REFUSED = new Map<RequestFields, Record<string, string>>([
  [MALFORMED_EMAIL, { email: 'auth.fields.invalid_email' }],
  [MISMATCH, { newPassword: 'new_password.too_short', confirmation: 'new_password.mismatch' }],
]);

interface World extends ActorWorld<AccountRequestMachine> {
  sent: RequestFields[];
  pending: { resolve(value: unknown): void; reject(error: unknown): void } | null;
  /** The passwords the re-authentication was asked with, and its pending answer. */
  passwords: string[];
  reauthenticating: { resolve(value: unknown): void; reject(error: unknown): void } | null;
  emitted: AccountRequestEmitted[];
  expected: { emitted: AccountRequestEmitted[]; errorCode: string | null; fieldProblems: Record<string, string> };
}

function startWorld(): World {
  const world = {
    sent: [],
    pending: null,
    passwords: [],
    reauthenticating: null,
    emitted: [],
    expected: { emitted: [], errorCode: null, fieldProblems: {} },
  } as Omit<World, 'actor'> as World;
  world.actor = createActor(
    accountRequestMachine.provide({
      actors: {
        send: fromPromise(({ input }: { input: RequestFields }) => {
          world.sent.push(input);
          return new Promise((resolve, reject) => (world.pending = { resolve, reject }));
        }),
        reauthenticate: fromPromise(({ input }: { input: { password: string } }) => {
          world.passwords.push(input.password);
          return new Promise<void>((resolve, reject) => (world.reauthenticating = { resolve: resolve, reject }));
        }),
      },
    }),
  );
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const serializeState = (s: MachineSnapshot<AccountRequestMachine>) =>
  JSON.stringify({ value: s.value, error: s.context.errorCode, fields: s.context.fieldProblems, sending: s.context.fields !== null });

const graph = machineGraph({
  machine: accountRequestMachine,
  serializeState,
  events: eventsWithFixtures<AccountRequestEvent>(
    {
      'request.submit': [
        { type: 'request.submit', fields: FIELDS },
        { type: 'request.submit', fields: MALFORMED_EMAIL },
        { type: 'request.submit', fields: MISMATCH },
      ],
      // A blank password is not sent.
      'request.reauthenticate': [
        { type: 'request.reauthenticate', password: PASSWORD },
        { type: 'request.reauthenticate', password: '' },
      ],
    },
    {
      outputs: { send: [OUTPUT], reauthenticate: [undefined] },
      errors: {
        send: [new AuthFailure('WEAK_PASSWORD', 400), new AuthFailure('SOMETHING_NEW', 500), STALE],
        reauthenticate: [new AuthFailure('WRONG_PASSWORD', 401)],
      },
    },
  ),
});

const executors = {
  'request.submit': (world, event) => {
    const refused = [...REFUSED].find(([fields]) => JSON.stringify(fields) === JSON.stringify(event.fields));
    world.expected.fieldProblems = refused ? refused[1] : {};
    if (refused) world.expected.errorCode = null;
    world.actor.send(event);
  },
  'request.edit': (world, event) => {
    world.expected.errorCode = null;
    world.actor.send(event);
  },
  'request.reset': (world, event) => world.actor.send(event),
  'request.reauthenticate': (world, event) => {
    if (event.password) world.expected.errorCode = null;
    world.actor.send(event);
  },
  'request.cancelReauthentication': (world, event) => {
    world.expected.errorCode = null;
    world.actor.send(event);
  },
} satisfies EventExecutors<AccountRequestEvent, World>;

const driver = actorDriver<AccountRequestMachine, World>({
  start: startWorld,
  executors,
  frameworkExecutors: {
    'xstate.done.actor.send': (world, event) => {
      world.expected.errorCode = null;
      world.expected.emitted.push({ type: 'request.succeeded', output: event.output });
      world.pending!.resolve(event.output);
    },
    'xstate.error.actor.send': (world, event) => {
      const code = (event.error as AuthFailure).code;
      // A refusal for want of a fresh re-authentication is no failure yet: the password is asked.
      if (code !== 'REAUTHENTICATION_REQUIRED') {
        world.expected.errorCode = code;
        world.expected.emitted.push({ type: 'request.failed', code });
      }
      world.pending!.reject(event.error);
    },
    'xstate.done.actor.reauthenticate': (world, event) => world.reauthenticating!.resolve(event.output),
    'xstate.error.actor.reauthenticate': (world, event) => {
      world.expected.errorCode = (event.error as AuthFailure).code;
      world.reauthenticating!.reject(event.error);
    },
  },
  serializeState,
});

const assertions = {
  editing: (world, snapshot) => {
    expect(accountRequestView(snapshot)).toEqual({
      canSubmit: true,
      busy: false,
      done: false,
      errorKey: null,
      errorCode: null,
      fieldProblems: {},
      reauthentication: null,
    });
    expect(world.emitted).toEqual(world.expected.emitted);
  },
  sending: (world, snapshot) => {
    expect(accountRequestView(snapshot)).toMatchObject({ canSubmit: false, busy: true, errorKey: null });
    expect(world.sent.at(-1)).toEqual(FIELDS);
    expect(world.emitted).toEqual(world.expected.emitted);
  },
  succeeded: (world, snapshot) => {
    expect(accountRequestView(snapshot)).toMatchObject({ done: true, busy: false, errorKey: null });
    expect(snapshot.context.output).toEqual(OUTPUT);
    expect(world.emitted).toEqual(world.expected.emitted);
  },
  invalid: (world, snapshot) => {
    expect(accountRequestView(snapshot)).toEqual({
      canSubmit: true,
      busy: false,
      done: false,
      errorKey: null,
      errorCode: null,
      fieldProblems: world.expected.fieldProblems,
      reauthentication: null,
    });
    expect(Object.keys(world.expected.fieldProblems)).not.toHaveLength(0);
    // Nothing malformed left the browser.
    for (const sent of world.sent) expect(sent).toEqual(FIELDS);
    expect(world.emitted).toEqual(world.expected.emitted);
  },
  failed: (world, snapshot) => {
    const code = world.expected.errorCode;
    // A code with its own text shows it; any other shows auth.unknown.
    expect(accountRequestView(snapshot)).toMatchObject({
      canSubmit: true,
      busy: false,
      errorCode: code,
      errorKey: code === 'WEAK_PASSWORD' ? 'auth.WEAK_PASSWORD' : 'auth.unknown',
    });
    expect(world.emitted).toEqual(world.expected.emitted);
  },
  reauthenticating: (world, snapshot) => {
    // The request waits, as it was typed; nothing is reported as failed.
    expect(snapshot.context.fields).toEqual(FIELDS);
    expect(accountRequestView(snapshot)).toMatchObject({ canSubmit: false, done: false, errorKey: null, errorCode: null });
    expect(world.emitted).toEqual(world.expected.emitted);
  },
  'reauthenticating.asking': (world, snapshot) => {
    const errorKey = world.expected.errorCode ? `auth.${world.expected.errorCode}` : null;
    expect(accountRequestView(snapshot).reauthentication).toEqual({ busy: false, errorKey });
    if (errorKey) expect(errorKey).toBe('auth.WRONG_PASSWORD');
  },
  'reauthenticating.checking': (world, snapshot) => {
    expect(world.passwords.at(-1)).toBe(PASSWORD);
    expect(accountRequestView(snapshot)).toMatchObject({ busy: true, reauthentication: { busy: true, errorKey: null } });
  },
} satisfies StateAssertions<AccountRequestMachine, World>;

describeMachinePaths('accountRequest paths', { graph, driver, assertions, generators: ['shortest', 'simple', 'transitions'] });

describe('accountRequest behaviour', () => {
  it('a change refused for want of a fresh re-authentication asks the password, then goes again as typed', async () => {
    const world = startWorld();
    world.actor.start();
    world.actor.send({ type: 'request.submit', fields: FIELDS });
    world.pending!.reject(STALE);
    await new Promise((r) => setTimeout(r, 0));
    expect(accountRequestView(world.actor.getSnapshot()).reauthentication).toEqual({ busy: false, errorKey: null });
    world.actor.send({ type: 'request.reauthenticate', password: PASSWORD });
    world.reauthenticating!.resolve(undefined);
    await new Promise((r) => setTimeout(r, 0));
    expect(world.sent).toEqual([FIELDS, FIELDS]);
    world.pending!.resolve(OUTPUT);
    await new Promise((r) => setTimeout(r, 0));
    expect(world.emitted).toEqual([{ type: 'request.succeeded', output: OUTPUT }]);
  });

  it('sends the fields it is given and says when it succeeded', async () => {
    const world = startWorld();
    world.actor.start();
    world.actor.send({ type: 'request.submit', fields: { email: 'a@b.co' } });
    world.actor.send({ type: 'request.submit', fields: { email: 'twice@b.co' } }); // ignored while sending
    expect(world.sent).toEqual([{ email: 'a@b.co' }]);
    world.pending!.resolve(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(world.emitted).toEqual([{ type: 'request.succeeded', output: true }]);
  });

  it("says only the password is wrong when the account's own password is refused (deleting the account)", async () => {
    const world = startWorld();
    world.actor.start();
    world.actor.send({ type: 'request.submit', fields: { password: 'not my password' } });
    world.pending!.reject(new AuthFailure('WRONG_PASSWORD', 403));
    await new Promise((r) => setTimeout(r, 0));
    expect(accountRequestView(world.actor.getSnapshot())).toMatchObject({ errorCode: 'WRONG_PASSWORD', errorKey: 'auth.WRONG_PASSWORD' });
    expect(es.auth.WRONG_PASSWORD).toBe('La contraseña no es correcta.');
    expect(en.auth.WRONG_PASSWORD).toBe('The password is not correct.');
  });
});
