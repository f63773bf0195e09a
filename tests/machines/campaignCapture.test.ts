import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise, setup, type AnyEventObject } from 'xstate';
import {
  CAPTURE_WINDOW_MS,
  campaignCaptureMachine,
  type CaptureEvent,
  type CampaignCaptureMachine,
} from '../../machines/campaignCapture/campaignCaptureMachine';
import { readCapturedQuery, searchWithoutCaptured, sessionWatcher } from '../../machines/campaignCapture/actors';
import { captureView } from '../../machines/campaignCapture/viewModel';
import { AuthFailure } from '../../machines/auth/failure';
import type { User } from '../../machines/auth/landing';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const userWith = (campaignId: string | null): User => ({
  _id: 'memberUserId0000000000000000',
  email: 'member@paybench.demo',
  role: ['member'],
  credits: 0,
  campaignId,
  premiumType: 'free',
  corporateInfo: null,
  emailVerified: true,
  language: 'es',
  createdAt: '2026-01-01T00:00:00.000Z',
});

interface Watcher {
  running: boolean;
  sendBack: ((event: AnyEventObject) => void) | null;
}

interface World extends ActorWorld<CampaignCaptureMachine> {
  clock: SimulatedClock;
  storage: Map<string, string>;
  strips: number;
  query: Watcher;
  session: Watcher;
  saves: Array<{ campaignId: string }>;
  pendingSave: { resolve(user: User): void; reject(error: unknown): void } | null;
  // Expectations from the gestures.
  expected: { storage: Map<string, string>; strips: number; campaignId: string | null; email: string | null };
}

function watcher(state: Watcher) {
  return fromCallback(({ sendBack }) => {
    state.running = true;
    state.sendBack = sendBack;
    return () => {
      state.running = false;
    };
  });
}

function startWorld(pendingCampaignId: string | null = null): World {
  const world = {
    clock: new SimulatedClock(),
    storage: new Map<string, string>(),
    strips: 0,
    query: { running: false, sendBack: null },
    session: { running: false, sendBack: null },
    saves: [],
    pendingSave: null,
    expected: { storage: new Map<string, string>(), strips: 0, campaignId: pendingCampaignId, email: null },
  } as Omit<World, 'actor'> as World;
  world.actor = createActor(
    campaignCaptureMachine.provide({
      actors: {
        watchQuery: watcher(world.query),
        watchSession: watcher(world.session),
        saveCampaign: fromPromise(({ input }: { input: { campaignId: string } }) => {
          world.saves.push(input);
          return new Promise<User>((resolve, reject) => (world.pendingSave = { resolve, reject }));
        }),
      },
      actions: {
        storeQuery: (_, params) => {
          if (params.campaignId) world.storage.set('campaignId', params.campaignId);
          if (params.email) {
            world.storage.set('formEmail', params.email);
            world.storage.set('originEmail', params.email);
          }
        },
        stripQuery: () => void (world.strips += 1),
      },
    }),
    { input: { pendingCampaignId }, clock: world.clock },
  );
  return world;
}

const serializeState = (s: MachineSnapshot<CampaignCaptureMachine>) =>
  JSON.stringify({ value: s.value, campaignId: s.context.campaignId, saved: s.context.savedCampaignId, email: s.context.email });

const graph = machineGraph({
  machine: campaignCaptureMachine,
  input: { pendingCampaignId: null },
  serializeState,
  events: eventsWithFixtures<CaptureEvent>(
    {
      'capture.found': [
        { type: 'capture.found', campaignId: 'C1', email: 'a@b.co' },
        { type: 'capture.found', campaignId: null, email: 'only@b.co' },
      ],
      'capture.signedIn': [
        { type: 'capture.signedIn', campaignId: null },
        { type: 'capture.signedIn', campaignId: 'C1' },
      ],
    },
    { outputs: { saveCampaign: [userWith('C1')] }, errors: { saveCampaign: [new AuthFailure('FORBIDDEN', 403)] } },
  ),
});

const executors = {
  // The watchers send these; a stopped watcher's message goes nowhere.
  'capture.found': (world, event) => {
    expect(world.query.running).toBe(true);
    if (event.campaignId) {
      world.expected.campaignId = event.campaignId;
      world.expected.storage.set('campaignId', event.campaignId);
    }
    if (event.email) {
      world.expected.email = event.email;
      world.expected.storage.set('formEmail', event.email);
      world.expected.storage.set('originEmail', event.email);
    }
    world.expected.strips += 1;
    world.query.sendBack!(event);
  },
  'capture.signedIn': (world, event) => {
    expect(world.session.running).toBe(true);
    world.session.sendBack!(event);
  },
} satisfies EventExecutors<CaptureEvent, World>;

const driver = actorDriver<CampaignCaptureMachine, World>({
  start: () => startWorld(null),
  executors,
  frameworkExecutors: {
    'xstate.after.captureWindow.capture.window.watching': (world) => world.clock.increment(CAPTURE_WINDOW_MS),
    'xstate.done.actor.saveCampaign': (world, event) => world.pendingSave!.resolve(event.output as User),
    'xstate.error.actor.saveCampaign': (world, event) => world.pendingSave!.reject(event.error),
  },
  serializeState,
});

const records = (world: World) => {
  expect(Object.fromEntries(world.storage)).toEqual(Object.fromEntries(world.expected.storage));
  expect(world.strips).toBe(world.expected.strips);
};

const assertions = {
  window: (world) => records(world),
  'window.watching': (world, snapshot) => {
    expect(captureView(snapshot).watching).toBe(true);
    expect(world.query.running).toBe(true);
  },
  'window.closed': (world, snapshot) => {
    expect(captureView(snapshot).watching).toBe(false);
    expect(world.query.running).toBe(false);
    expect(world.clock.now()).toBeGreaterThanOrEqual(CAPTURE_WINDOW_MS);
  },
  campaign: (world, snapshot) => {
    expect(captureView(snapshot)).toMatchObject({ campaignId: world.expected.campaignId, email: world.expected.email });
  },
  'campaign.idle': (world, snapshot) => {
    expect(world.expected.campaignId).toBeNull();
    expect(captureView(snapshot)).toMatchObject({ campaignPending: false, campaignSaved: false });
    expect(world.session.running).toBe(false);
  },
  'campaign.waitingForSession': (world, snapshot) => {
    expect(captureView(snapshot).campaignPending).toBe(true);
    expect(world.session.running).toBe(true);
  },
  'campaign.saving': (world, snapshot) => {
    expect(world.saves.at(-1)).toEqual({ campaignId: world.expected.campaignId });
    expect(captureView(snapshot).campaignPending).toBe(true);
    expect(world.session.running).toBe(false);
  },
  'campaign.saved': (world, snapshot) => {
    expect(captureView(snapshot)).toMatchObject({ campaignSaved: true, campaignPending: false, campaignId: world.expected.campaignId });
    expect(world.session.running).toBe(false);
  },
  'campaign.failed': (world, snapshot) => {
    expect(captureView(snapshot)).toMatchObject({ campaignFailed: true, campaignPending: false });
    expect(world.saves).toHaveLength(1);
  },
} satisfies StateAssertions<CampaignCaptureMachine, World>;

describeMachinePaths('campaignCapture paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('campaignCapture behaviour', () => {
  it('a campaign id kept from an earlier visit waits for a sign-in and is saved', async () => {
    const world = startWorld('C9');
    world.actor.start();
    expect(captureView(world.actor.getSnapshot())).toMatchObject({ campaignId: 'C9', campaignPending: true });
    world.session.sendBack!({ type: 'capture.signedIn', campaignId: null });
    expect(world.saves).toEqual([{ campaignId: 'C9' }]);
  });

  it('saves nothing when the signed-in user already holds the campaign', () => {
    const world = startWorld('C9');
    world.actor.start();
    world.session.sendBack!({ type: 'capture.signedIn', campaignId: 'C9' });
    expect(world.saves).toEqual([]);
    expect(captureView(world.actor.getSnapshot()).campaignSaved).toBe(true);
  });

  it('hands the saved user to the auth actor, and the session watcher follows the auth actor', async () => {
    const received: AnyEventObject[] = [];
    // A stand-in auth actor: signed out until it is told a user signed in.
    const fakeAuth = setup({ types: { context: {} as { user: User | null }, events: {} as AnyEventObject } }).createMachine({
      context: { user: null },
      initial: 'signedOut',
      states: {
        signedOut: { on: { 'test.signIn': { target: 'signedIn', actions: ({ context }) => void (context.user = userWith(null)) } } },
        signedIn: { tags: ['signedIn'] },
      },
      on: { '*': { actions: ({ event }) => void received.push(event) } },
    });
    let save: ((user: User) => void) | null = null;
    const app = setup({
      actors: {
        auth: fakeAuth,
        capture: campaignCaptureMachine.provide({
          actors: {
            watchSession: sessionWatcher,
            saveCampaign: fromPromise(() => new Promise<User>((resolve) => (save = resolve))),
          },
        }),
      },
    }).createMachine({
      invoke: [
        { id: 'auth', systemId: 'auth', src: 'auth' },
        { id: 'capture', systemId: 'capture', src: 'capture', input: { pendingCampaignId: 'C1' } },
      ],
    });
    const actor = createActor(app).start();
    const auth = actor.system.get('auth')!;
    const capture = actor.system.get('capture')!;
    expect(capture.getSnapshot().matches({ campaign: 'waitingForSession' })).toBe(true);
    auth.send({ type: 'test.signIn' });
    expect(capture.getSnapshot().matches({ campaign: 'saving' })).toBe(true);
    save!(userWith('C1'));
    await new Promise((r) => setTimeout(r, 0));
    expect(capture.getSnapshot().matches({ campaign: 'saved' })).toBe(true);
    expect(received.at(-1)).toEqual({ type: 'auth.userUpdated', user: userWith('C1') });
  });

  it('reads id and email from the address and removes only them', () => {
    expect(readCapturedQuery('?id=C1&email=a@b.co')).toEqual({ campaignId: 'C1', email: 'a@b.co' });
    expect(readCapturedQuery('?email=a@b.co')).toEqual({ campaignId: null, email: 'a@b.co' });
    expect(readCapturedQuery('?id=bad%20id!')).toEqual({ campaignId: null, email: null });
    expect(readCapturedQuery('?utm_source=x')).toBeNull();
    expect(searchWithoutCaptured('?id=C1&utm_source=x&email=a@b.co')).toBe('?utm_source=x');
    expect(searchWithoutCaptured('?id=C1&email=a@b.co')).toBe('');
  });
});
