// One account as an admin manages it, walked along the machine's graph against the real actor with fakes
// for the three calls; the confirm modal is the real child machine. Then the promises the graph cannot
// show: the admin's own account, what is sent, a 409 that keeps the typed adjustment.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  adminUserMachine,
  type AdminUserEmitted,
  type AdminUserEvent,
  type AdminUserMachine,
  type PatchRequest,
  type User,
} from '../../machines/adminUser/adminUserMachine';
import { adminUserView } from '../../machines/adminUser/viewModel';
import { checkCreditsAdjustment } from '../../machines/adminUser/creditsAdjustment';
import { confirmModalView } from '../../machines/confirmModal/viewModel';
import type { ConfirmModalMachine } from '../../machines/confirmModal/confirmModalMachine';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const USER_ID = 'user0000000000000000001';
const ADMIN_ID = 'admin000000000000000001';
const USER: User = {
  _id: USER_ID,
  email: 'ana@example.com',
  role: ['member'],
  credits: 5,
  campaignId: 'spring',
  premiumType: 'free',
  corporateInfo: null,
  emailVerified: true,
  language: 'es',
  createdAt: '2025-05-01T10:00:00.000Z',
};
const AS_CORPORATE: User = { ...USER, role: ['member', 'corporate'] };
const WITH_MORE_CREDITS: User = { ...USER, credits: 8 };

const failure = (status: number, errorCode: string | null = null): CallFailure => ({
  ok: false,
  status,
  value: null,
  reason: 'http',
  body: { error: 'x', ...(errorCode ? { errorCode } : {}) },
  errorCode,
  request: null,
});
const SERVER_ERROR = failure(500);
const NOT_FOUND = failure(404, 'NOT_FOUND');
const INSUFFICIENT = failure(409, 'INSUFFICIENT_BALANCE');

const GOOD_CREDITS = { type: 'adminUser.changeCredits', delta: '+3', reason: 'Goodwill after an outage' } as const;
const BAD_CREDITS = { type: 'adminUser.changeCredits', delta: '-9', reason: ' ' } as const;

const serializeState = (s: MachineSnapshot<AdminUserMachine>) =>
  JSON.stringify({
    value: s.value,
    roles: s.context.roleDraft,
    credits: s.context.creditsDraft,
    user: s.context.user && { role: s.context.user.role, credits: s.context.user.credits },
  });

const input = { userId: USER_ID, selfId: ADMIN_ID };

const graph = machineGraph({
  machine: adminUserMachine,
  input,
  serializeState,
  events: eventsWithFixtures<AdminUserEvent>(
    {
      'adminUser.toggleRole': [{ type: 'adminUser.toggleRole', role: 'corporate' }],
      'adminUser.changeCredits': [GOOD_CREDITS, BAD_CREDITS],
      'adminUser.answerDelete': [
        { type: 'adminUser.answerDelete', confirmed: true },
        { type: 'adminUser.answerDelete', confirmed: false },
      ],
    },
    {
      outputs: { loadUser: [USER], saveRoles: [AS_CORPORATE], saveCredits: [WITH_MORE_CREDITS], deleteUser: [true] },
      errors: { loadUser: [SERVER_ERROR, NOT_FOUND], saveRoles: [SERVER_ERROR], saveCredits: [SERVER_ERROR, INSUFFICIENT], deleteUser: [SERVER_ERROR] },
    },
  ),
});

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<AdminUserMachine> {
  loading: Pending<User> | null;
  patching: Pending<User> | null;
  deleting: Pending<true> | null;
  patches: PatchRequest[];
  deletes: string[];
  emitted: AdminUserEmitted[];
  /** What the gestures typed and the last account the server answered with. */
  typed: { delta: string; reason: string };
  /** The roles ticked in the editor, as the gestures left them. */
  roles: User['role'];
  account: User | null;
  lastError: CallFailure | null;
}

function createWorld(selfId = ADMIN_ID): World {
  const world = {
    loading: null,
    patching: null,
    deleting: null,
    patches: [],
    deletes: [],
    emitted: [],
    typed: { delta: '', reason: '' },
    roles: [],
    account: null,
    lastError: null,
  } as Omit<World, 'actor'> as World;
  const machine = adminUserMachine.provide({
    actors: {
      loadUser: fromPromise<User, { userId: string }>(() => new Promise((resolve, reject) => (world.loading = { resolve, reject }))),
      patchUser: fromPromise<User, PatchRequest>(({ input: request }) => {
        world.patches.push(request);
        return new Promise((resolve, reject) => (world.patching = { resolve, reject }));
      }),
      deleteUser: fromPromise<true, { userId: string }>(({ input: request }) => {
        world.deletes.push(request.userId);
        return new Promise((resolve, reject) => (world.deleting = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input: { userId: USER_ID, selfId } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const settlePatch = (world: World, output: unknown) => {
  world.account = output as User;
  world.patching!.resolve(world.account);
};
const failPatch = (world: World, error: unknown) => {
  world.lastError = error as CallFailure;
  world.patching!.reject(error);
};

const driver = actorDriver<AdminUserMachine, World>({
  start: () => createWorld(),
  executors: {
    'adminUser.retry': send,
    'adminUser.editRoles': (world, event) => {
      world.roles = [...world.account!.role];
      send(world, event);
    },
    'adminUser.toggleRole': (world, event) => {
      const has = world.roles.includes(event.role);
      world.roles = (['member', 'corporate', 'admin'] as const).filter((role) => (role === event.role ? !has : world.roles.includes(role)));
      send(world, event);
    },
    'adminUser.saveRoles': send,
    'adminUser.adjustCredits': (world, event) => {
      world.typed = { delta: '', reason: '' };
      send(world, event);
    },
    'adminUser.changeCredits': (world, event) => {
      world.typed = { delta: event.delta ?? world.typed.delta, reason: event.reason ?? world.typed.reason };
      send(world, event);
    },
    'adminUser.reviewCredits': send,
    'adminUser.confirmCredits': send,
    'adminUser.backToCredits': send,
    'adminUser.cancel': send,
    'adminUser.askDelete': send,
    'adminUser.answerDelete': send,
  } satisfies EventExecutors<AdminUserEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadUser': (world, event) => {
      world.account = event.output as User;
      world.loading!.resolve(world.account);
    },
    'xstate.error.actor.loadUser': (world, event) => {
      world.lastError = event.error as CallFailure;
      world.loading!.reject(event.error);
    },
    'xstate.done.actor.saveRoles': (world, event) => settlePatch(world, event.output),
    'xstate.error.actor.saveRoles': (world, event) => failPatch(world, event.error),
    'xstate.done.actor.saveCredits': (world, event) => settlePatch(world, event.output),
    'xstate.error.actor.saveCredits': (world, event) => failPatch(world, event.error),
    'xstate.done.actor.deleteUser': (world) => world.deleting!.resolve(true),
    'xstate.error.actor.deleteUser': (world, event) => {
      world.lastError = event.error as CallFailure;
      world.deleting!.reject(event.error);
    },
  },
  serializeState,
});

const confirmOf = (snapshot: MachineSnapshot<AdminUserMachine>) =>
  confirmModalView((snapshot.children.confirm as ActorRefFrom<ConfirmModalMachine>).getSnapshot());

const assertions = {
  loading: (_world, snapshot) => {
    expect(adminUserView(snapshot)).toMatchObject({ phase: 'loading', canEditRoles: false, canDelete: false, canAdjustCredits: false });
  },
  loadFailed: (world, snapshot) => {
    expect(adminUserView(snapshot).phase).toBe('loadFailed');
    expect(world.emitted.at(-1)).toEqual({ type: 'adminUser.failed', failure: SERVER_ERROR });
  },
  notFound: (world, snapshot) => {
    expect(world.lastError).toBe(NOT_FOUND);
    expect(adminUserView(snapshot).phase).toBe('notFound');
  },
  ready: (world, snapshot) => {
    const view = adminUserView(snapshot);
    expect(view.phase).toBe('ready');
    expect(view.user).toBe(world.account);
  },
  'ready.idle': (_world, snapshot) => {
    expect(adminUserView(snapshot)).toMatchObject({ editing: 'none', saving: false, canEditRoles: true, canAdjustCredits: true, canDelete: true });
    expect(confirmOf(snapshot).open).toBe(false);
  },
  'ready.editingRoles': (_world, snapshot) => {
    const view = adminUserView(snapshot);
    expect(view).toMatchObject({ editing: 'roles', saving: false, canDelete: false });
    expect(view.roleChoices.map((choice) => choice.role)).toEqual(['member', 'corporate', 'admin']);
  },
  'ready.savingRoles': (world, snapshot) => {
    expect(adminUserView(snapshot)).toMatchObject({ editing: 'roles', saving: true });
    expect(world.patches.at(-1)).toEqual({ userId: USER_ID, patch: { role: world.roles } });
  },
  'ready.editingCredits': (world, snapshot) => {
    const view = adminUserView(snapshot);
    expect(view).toMatchObject({ editing: 'credits', saving: false, creditsDraft: world.typed });
    if (world.lastError === INSUFFICIENT && snapshot.context.creditsDraft.delta !== '') {
      expect(view.creditsProblems.delta).toBe('admin_users.credits.problems.below_zero');
    }
  },
  'ready.confirmingCredits': (world, snapshot) => {
    const check = checkCreditsAdjustment(world.typed, world.account!.credits);
    expect(check.ok).toBe(true);
    expect(adminUserView(snapshot)).toMatchObject({
      editing: 'confirmCredits',
      saving: false,
      creditsPreview: { delta: 3, reason: 'Goodwill after an outage', balanceAfter: world.account!.credits + 3 },
    });
  },
  'ready.savingCredits': (world, snapshot) => {
    expect(adminUserView(snapshot)).toMatchObject({ editing: 'confirmCredits', saving: true });
    expect(world.patches.at(-1)).toEqual({ userId: USER_ID, patch: { creditsDelta: 3, reason: 'Goodwill after an outage' } });
  },
  'ready.confirmingDelete': (_world, snapshot) => {
    expect(adminUserView(snapshot)).toMatchObject({ editing: 'delete', deleting: false });
    expect(confirmOf(snapshot)).toMatchObject({ open: true, kind: 'delete' });
  },
  'ready.deleting': (world, snapshot) => {
    expect(adminUserView(snapshot)).toMatchObject({ editing: 'delete', deleting: true, saving: true });
    expect(world.deletes.at(-1)).toBe(USER_ID);
    expect(confirmOf(snapshot)).toMatchObject({ open: false, result: true });
  },
  deleted: (world, snapshot) => {
    expect(adminUserView(snapshot).phase).toBe('deleted');
    expect(world.emitted.at(-1)).toEqual({ type: 'adminUser.deleted', userId: USER_ID });
  },
} satisfies StateAssertions<AdminUserMachine, World>;

describeMachinePaths('adminUser paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('adminUser behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  async function loaded(selfId = ADMIN_ID, user: User = USER) {
    const world = createWorld(selfId);
    world.actor.start();
    world.loading!.resolve(user);
    await tick();
    return world;
  }

  it("offers neither the role editor nor deletion on the admin's own account", async () => {
    const world = await loaded(USER_ID);
    const view = adminUserView(world.actor.getSnapshot());
    expect(view).toMatchObject({ isSelf: true, canEditRoles: false, canDelete: false, canAdjustCredits: true });
    world.actor.send({ type: 'adminUser.editRoles' });
    world.actor.send({ type: 'adminUser.askDelete' });
    expect(world.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('explains roles that cannot be saved: none, or no change', async () => {
    const world = await loaded();
    world.actor.send({ type: 'adminUser.editRoles' });
    world.actor.send({ type: 'adminUser.saveRoles' });
    expect(adminUserView(world.actor.getSnapshot()).rolesProblem).toBe('admin_users.roles.problems.unchanged');
    world.actor.send({ type: 'adminUser.toggleRole', role: 'member' });
    world.actor.send({ type: 'adminUser.saveRoles' });
    expect(adminUserView(world.actor.getSnapshot()).rolesProblem).toBe('admin_users.roles.problems.none');
    expect(world.patches).toEqual([]);
  });

  it('sends the roles in the contract order, whatever the clicking order', async () => {
    const world = await loaded();
    world.actor.send({ type: 'adminUser.editRoles' });
    world.actor.send({ type: 'adminUser.toggleRole', role: 'admin' });
    world.actor.send({ type: 'adminUser.toggleRole', role: 'corporate' });
    world.actor.send({ type: 'adminUser.saveRoles' });
    expect(world.patches).toEqual([{ userId: USER_ID, patch: { role: ['member', 'corporate', 'admin'] } }]);
  });

  it('explains an adjustment that would leave the balance below 0 and sends nothing', async () => {
    const world = await loaded();
    world.actor.send({ type: 'adminUser.adjustCredits' });
    world.actor.send({ type: 'adminUser.changeCredits', delta: '−6', reason: 'Correction' });
    world.actor.send({ type: 'adminUser.reviewCredits' });
    expect(adminUserView(world.actor.getSnapshot())).toMatchObject({
      editing: 'credits',
      creditsProblems: { delta: 'admin_users.credits.problems.below_zero' },
    });
    world.actor.send({ type: 'adminUser.changeCredits', delta: '−5' });
    expect(adminUserView(world.actor.getSnapshot()).creditsProblems).toEqual({});
    world.actor.send({ type: 'adminUser.reviewCredits' });
    expect(adminUserView(world.actor.getSnapshot()).creditsPreview).toEqual({ delta: -5, reason: 'Correction', balanceAfter: 0 });
    world.actor.send({ type: 'adminUser.confirmCredits' });
    expect(world.patches).toEqual([{ userId: USER_ID, patch: { creditsDelta: -5, reason: 'Correction' } }]);
  });

  it('keeps what was typed when the server says the balance moved meanwhile, and tells the delta once saved', async () => {
    const world = await loaded();
    world.actor.send({ type: 'adminUser.adjustCredits' });
    world.actor.send({ type: 'adminUser.changeCredits', delta: '-4', reason: 'Refund' });
    world.actor.send({ type: 'adminUser.reviewCredits' });
    world.actor.send({ type: 'adminUser.confirmCredits' });
    world.patching!.reject(INSUFFICIENT);
    await tick();
    expect(adminUserView(world.actor.getSnapshot())).toMatchObject({
      editing: 'credits',
      creditsDraft: { delta: '-4', reason: 'Refund' },
      creditsProblems: { delta: 'admin_users.credits.problems.below_zero' },
    });
    expect(world.emitted.some((event) => event.type === 'adminUser.failed')).toBe(false);
    world.actor.send({ type: 'adminUser.changeCredits', delta: '-1' });
    world.actor.send({ type: 'adminUser.reviewCredits' });
    world.actor.send({ type: 'adminUser.confirmCredits' });
    world.patching!.resolve({ ...USER, credits: 4 });
    await tick();
    expect(world.emitted.at(-1)).toEqual({ type: 'adminUser.creditsAdjusted', user: { ...USER, credits: 4 }, delta: -1 });
    expect(adminUserView(world.actor.getSnapshot())).toMatchObject({ editing: 'none', creditsDraft: { delta: '', reason: '' } });
  });
});

describe('checkCreditsAdjustment', () => {
  it.each([
    [{ delta: '', reason: 'x' }, 5, { delta: 'admin_users.credits.problems.delta_required' }],
    [{ delta: '2.5', reason: 'x' }, 5, { delta: 'admin_users.credits.problems.delta_not_whole' }],
    [{ delta: 'ten', reason: 'x' }, 5, { delta: 'admin_users.credits.problems.delta_not_whole' }],
    [{ delta: '0', reason: 'x' }, 5, { delta: 'admin_users.credits.problems.delta_zero' }],
    [{ delta: '1000001', reason: 'x' }, 5, { delta: 'admin_users.credits.problems.delta_too_large' }],
    [{ delta: '-6', reason: 'x' }, 5, { delta: 'admin_users.credits.problems.below_zero' }],
    [{ delta: '3', reason: '  ' }, 5, { reason: 'admin_users.credits.problems.reason_required' }],
    [{ delta: '3', reason: 'x'.repeat(201) }, 5, { reason: 'admin_users.credits.problems.reason_too_long' }],
  ])('%j with a balance of %i: %j', (draft, balance, problems) => {
    expect(checkCreditsAdjustment(draft, balance)).toEqual({ ok: false, problems });
  });

  it('accepts a signed whole number and a reason, trimmed', () => {
    expect(checkCreditsAdjustment({ delta: ' +1 000 ', reason: ' Goodwill ' }, 0)).toEqual({ ok: true, delta: 1000, reason: 'Goodwill', balanceAfter: 1000 });
    expect(checkCreditsAdjustment({ delta: '−5', reason: 'Correction' }, 5)).toEqual({ ok: true, delta: -5, reason: 'Correction', balanceAfter: 0 });
  });
});
