import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { ToastOutcome } from '../../src/api/errorCatalogue';
import { errorCatalogue } from '../../src/api/errorCatalogue';
import { authView } from '../../machines/auth/viewModel';
import { appMachine, type AppEvent, type AppInput, type AppMachine } from '../../machines/app/appMachine';
import { SYSTEM_IDS } from '../../machines/app/systemIds';
import { authMachine, type AuthMachine, type SessionOutput, type SignInOutput } from '../../machines/auth/authMachine';
import { AuthFailure, NO_SESSION } from '../../machines/auth/failure';
import type { User } from '../../machines/auth/landing';
import { campaignCaptureMachine } from '../../machines/campaignCapture/campaignCaptureMachine';
import { consentMachine } from '../../machines/consent/consentMachine';
import { languageMachine } from '../../machines/language/languageMachine';
import { notificationsMachine } from '../../machines/notifications/notificationsMachine';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';
import { demoUser } from './harness/users';

const ADMIN: User = demoUser(['admin']);
const SESSION: SessionOutput = { accessToken: 'token', expiresIn: 900, user: ADMIN };
const INPUT: AppInput = {
  auth: { storedUser: null },
  consent: { stored: null },
  capture: { pendingCampaignId: null },
  language: { language: 'es' },
};

interface World extends ActorWorld<AppMachine> {
  toasts: ToastOutcome[];
  navigations: Array<{ to: string; replace: boolean }>;
  expected: { toasts: ToastOutcome[]; navigations: Array<{ to: string; replace: boolean }> };
}

/** The app with its real children, their effects faked: no storage, no network, no address. */
function provided(world: Pick<World, 'toasts' | 'navigations'>, signIn: () => Promise<SignInOutput> = () => Promise.resolve(SESSION)) {
  return appMachine.provide({
    actions: { navigate: (_, params) => void world.navigations.push(params) },
    actors: {
      auth: authMachine.provide({
        actors: {
          restoreSession: fromPromise(() => Promise.reject(new AuthFailure(NO_SESSION))),
          signIn: fromPromise(signIn),
          fetchCurrentUser: fromPromise(() => Promise.resolve(ADMIN)),
          signOut: fromPromise(() => Promise.resolve({})),
        },
      }),
      consent: consentMachine.provide({ actors: { analytics: fromCallback(() => () => {}) } }),
      capture: campaignCaptureMachine.provide({ actors: { watchQuery: fromCallback(() => () => {}), watchSession: fromCallback(() => () => {}) } }),
      language: languageMachine,
      notifications: notificationsMachine.provide({
        actions: {
          showToast: (_, params) => void world.toasts.push(params.toast),
          navigate: (_, params) => void world.navigations.push({ to: params.to, replace: false }),
        },
      }),
    },
  });
}

function startWorld(): World {
  const world = { toasts: [], navigations: [], expected: { toasts: [], navigations: [] } } as Omit<World, 'actor'> as World;
  world.actor = createActor(provided(world), { input: INPUT });
  return world;
}

const serializeState = (s: MachineSnapshot<AppMachine>) => JSON.stringify({ value: s.value });
const INSUFFICIENT = errorCatalogue({ method: 'POST', path: '/forms/comparation' }, 402, { error: 'x', errorCode: 'INSUFFICIENT_CREDITS' });
const MESSAGE: ToastOutcome = { kind: 'toast', status: 'success', durationMs: 3000, textKey: 'settings.password.done' };

const graph = machineGraph({
  machine: appMachine,
  input: INPUT,
  serializeState,
  events: eventsWithFixtures<AppEvent>({
    'app.navigate': [{ type: 'app.navigate', to: '/faqs' }],
    'app.notify': [{ type: 'app.notify', outcome: INSUFFICIENT }],
    'app.message': [{ type: 'app.message', toast: MESSAGE }],
  }),
});

const executors = {
  'app.navigate': (world, event) => {
    world.expected.navigations.push({ to: event.to, replace: false });
    world.actor.send(event);
  },
  'app.notify': (world, event) => {
    world.expected.toasts.push(INSUFFICIENT as ToastOutcome);
    world.expected.navigations.push({ to: '/my-account', replace: false });
    world.actor.send(event);
  },
  'app.message': (world, event) => {
    world.expected.toasts.push(event.toast);
    world.actor.send(event);
  },
} satisfies EventExecutors<AppEvent, World>;

const driver = actorDriver<AppMachine, World>({ start: startWorld, executors, serializeState });

const assertions = {
  running: (world) => {
    for (const id of Object.values(SYSTEM_IDS)) expect(world.actor.system.get(id), id).toBeDefined();
    expect(world.toasts).toEqual(world.expected.toasts);
    expect(world.navigations).toEqual(world.expected.navigations);
  },
} satisfies StateAssertions<AppMachine, World>;

// The app machine has one state; its paths check every long-lived actor is reachable by systemId.
describeMachinePaths('app paths', {
  graph,
  driver,
  assertions,
  journeys: [
    graph.pathFromEvents('every app event', [
      { type: 'app.navigate', to: '/faqs' },
      { type: 'app.notify', outcome: INSUFFICIENT },
      { type: 'app.message', toast: MESSAGE },
    ]),
  ],
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('app behaviour: what the session announcements mean', () => {
  it('after signing in, goes to the page the auth actor names (admin → /admin/stats)', async () => {
    const world = startWorld();
    world.actor.start();
    await settle();
    const auth = world.actor.system.get(SYSTEM_IDS.auth) as ActorRefFrom<AuthMachine>;
    auth.send({ type: 'auth.signIn', email: 'admin@paybench.demo', password: 'x' });
    await settle();
    await settle();
    expect(world.navigations).toEqual([{ to: '/admin/stats', replace: false }]);
  });

  it('a failed sign-in is no toast (the form says it, once); signing out toasts auth.logout_success and goes home', async () => {
    const world = { toasts: [] as ToastOutcome[], navigations: [] as Array<{ to: string; replace: boolean }> };
    let attempt = 0;
    const actor = createActor(
      provided(world, () => (++attempt === 1 ? Promise.reject(new AuthFailure('RATE_LIMITED', 429)) : Promise.resolve(SESSION))),
      { input: INPUT },
    ).start();
    await settle();
    const auth = actor.system.get(SYSTEM_IDS.auth) as ActorRefFrom<AuthMachine>;
    auth.send({ type: 'auth.signIn', email: 'a@b.co', password: 'x' });
    await settle();
    expect(auth.getSnapshot().context.errorCode).toBe('RATE_LIMITED');
    expect(authView(auth.getSnapshot()).errorKey).toBe('auth.RATE_LIMITED');
    expect(world.toasts).toEqual([]);
    expect(world.navigations).toEqual([]);

    auth.send({ type: 'auth.signIn', email: 'a@b.co', password: 'y' });
    await settle();
    await settle();
    auth.send({ type: 'auth.signOut' });
    await settle();
    expect(world.toasts.at(-1)).toEqual({ kind: 'toast', status: 'success', durationMs: 3000, textKey: 'auth.logout_success' });
    expect(world.navigations.at(-1)).toEqual({ to: '/home', replace: false });
  });

  it('every sign-in failure is said once by the form (on its field, or as its alert), never as a toast too; a code without a text shows auth.unknown', async () => {
    for (const [failure, said] of [
      [new AuthFailure('INVALID_CREDENTIALS', 401), { errorKey: null, fieldProblems: { password: 'auth.INVALID_CREDENTIALS' } }],
      [new AuthFailure('USER_DISABLED', 403), { errorKey: 'auth.USER_DISABLED', fieldProblems: {} }],
      [new AuthFailure('NETWORK_ERROR'), { errorKey: 'auth.NETWORK_ERROR', fieldProblems: {} }],
      [new AuthFailure('SOMETHING_NEW', 400), { errorKey: 'auth.unknown', fieldProblems: {} }],
      [new Error('boom'), { errorKey: 'auth.unknown', fieldProblems: {} }],
    ] as const) {
      const world = { toasts: [] as ToastOutcome[], navigations: [] as Array<{ to: string; replace: boolean }> };
      const actor = createActor(
        provided(world, () => Promise.reject(failure)),
        { input: INPUT },
      ).start();
      await settle();
      const auth = actor.system.get(SYSTEM_IDS.auth) as ActorRefFrom<AuthMachine>;
      auth.send({ type: 'auth.signIn', email: 'a@b.co', password: 'x' });
      await settle();
      const view = authView(auth.getSnapshot());
      expect({ errorKey: view.errorKey, fieldProblems: view.fieldProblems }, String(failure)).toEqual(said);
      expect(world.toasts, String(failure)).toEqual([]);
      actor.stop();
    }
  });
});
