// The release alerts flows walked along their graphs against the real actors with fake calls: the settings section
// (load, edit, save, the premium upsell) and the unsubscribe page of an alert e-mail's link.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  releaseAlertsMachine,
  type ReleaseAlerts,
  type ReleaseAlertsEmitted,
  type ReleaseAlertsEvent,
  type ReleaseAlertsInput,
  type ReleaseAlertsMachine,
} from '../../machines/releaseAlerts/releaseAlertsMachine';
import {
  releaseAlertsUnsubscribeMachine,
  type ReleaseAlertsUnsubscribeEvent,
  type ReleaseAlertsUnsubscribeMachine,
  type Unsubscribed,
} from '../../machines/releaseAlerts/unsubscribeMachine';
import { releaseAlertsUnsubscribeView, releaseAlertsView } from '../../machines/releaseAlerts/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const failure = (status: number, errorCode: string | null, body: unknown = null): CallFailure => ({
  ok: false,
  status,
  value: null,
  reason: status === 0 ? 'network' : 'http',
  body,
  errorCode,
  request: null,
});
const OFFLINE = failure(0, null);
const PREMIUM_REQUIRED = failure(403, 'PREMIUM_REQUIRED', { error: 'premium', errorCode: 'PREMIUM_REQUIRED', requiredPlan: 'premium' });
const BAD_INPUT = failure(400, 'VALIDATION_ERROR');

const AVAILABLE: ReleaseAlerts = { enabled: false, thresholdPercent: 3, available: true };
const NOT_IN_PLAN: ReleaseAlerts = { enabled: false, thresholdPercent: 3, available: false, requiredPlan: 'premium' };
const SAVED: ReleaseAlerts = { enabled: true, thresholdPercent: 5, available: true };

// ───────────── the settings section ─────────────

const serializeState = (s: MachineSnapshot<ReleaseAlertsMachine>) =>
  JSON.stringify({ value: s.value, valid: Number.isInteger(s.context.draft.thresholdPercent) && s.context.draft.thresholdPercent <= 20 });

interface World extends ActorWorld<ReleaseAlertsMachine> {
  loads: number;
  load: { resolve(value: ReleaseAlerts): void; reject(error: unknown): void } | null;
  save: { resolve(value: ReleaseAlerts): void; reject(error: unknown): void } | null;
  sent: ReleaseAlertsInput[];
  /** What the member set last: the form must show it. */
  typed: { enabled?: boolean; thresholdPercent?: number };
  lastOutput: ReleaseAlerts | null;
  lastFailure: CallFailure | null;
  emitted: ReleaseAlertsEmitted[];
}

function createWorld(): World {
  const world = { loads: 0, load: null, save: null, sent: [], typed: {}, lastOutput: null, lastFailure: null, emitted: [] } as Omit<World, 'actor'> as World;
  const machine = releaseAlertsMachine.provide({
    actors: {
      load: fromPromise<ReleaseAlerts>(() => {
        world.loads++;
        return new Promise((resolve, reject) => (world.load = { resolve, reject }));
      }),
      save: fromPromise<ReleaseAlerts, ReleaseAlertsInput>(({ input }) => {
        world.sent.push(input);
        return new Promise((resolve, reject) => (world.save = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine);
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const graph = machineGraph({
  machine: releaseAlertsMachine,
  serializeState,
  events: eventsWithFixtures<ReleaseAlertsEvent>(
    {
      'releaseAlerts.toggle': [{ type: 'releaseAlerts.toggle', enabled: true }],
      'releaseAlerts.setThreshold': [
        { type: 'releaseAlerts.setThreshold', thresholdPercent: 5 },
        { type: 'releaseAlerts.setThreshold', thresholdPercent: 25 },
      ],
    },
    { outputs: { load: [AVAILABLE, NOT_IN_PLAN], save: [SAVED] }, errors: { load: [OFFLINE], save: [OFFLINE, PREMIUM_REQUIRED, BAD_INPUT] } },
  ),
});

const driver = actorDriver<ReleaseAlertsMachine, World>({
  start: createWorld,
  executors: {
    'releaseAlerts.toggle': (world, event) => {
      world.typed.enabled = event.enabled;
      send(world, event);
    },
    'releaseAlerts.setThreshold': (world, event) => {
      world.typed.thresholdPercent = event.thresholdPercent;
      send(world, event);
    },
    'releaseAlerts.save': send,
    'releaseAlerts.retry': send,
  } satisfies EventExecutors<ReleaseAlertsEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.load': (world, event) => {
      world.lastOutput = event.output as ReleaseAlerts;
      world.typed = {};
      world.load!.resolve(event.output as ReleaseAlerts);
    },
    'xstate.error.actor.load': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.load!.reject(event.error);
    },
    'xstate.done.actor.save': (world, event) => {
      world.lastOutput = event.output as ReleaseAlerts;
      world.typed = {};
      world.save!.resolve(event.output as ReleaseAlerts);
    },
    'xstate.error.actor.save': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.save!.reject(event.error);
    },
  },
  serializeState,
});

/** The form shows what the member typed over what the server last said. */
function expectForm(world: World, snapshot: MachineSnapshot<ReleaseAlertsMachine>) {
  const view = releaseAlertsView(snapshot);
  expect(view.status).toBe('editing');
  expect(view.enabled).toBe(world.typed.enabled ?? world.lastOutput?.enabled);
  expect(view.thresholdPercent).toBe(world.typed.thresholdPercent ?? world.lastOutput?.thresholdPercent);
}

const assertions = {
  loading: (world, snapshot) => {
    expect(world.loads).toBeGreaterThan(0);
    expect(releaseAlertsView(snapshot)).toMatchObject({ status: 'loading', canSave: false });
  },
  loadFailed: (world, snapshot) => {
    expect(world.lastFailure).toBe(OFFLINE);
    expect(releaseAlertsView(snapshot).status).toBe('loadFailed');
  },
  premiumRequired: (world, snapshot) => {
    // Either the plan does not include the alerts, or a save was refused for it.
    if (world.lastFailure !== PREMIUM_REQUIRED) expect(world.lastOutput).toBe(NOT_IN_PLAN);
    expect(releaseAlertsView(snapshot)).toMatchObject({ status: 'premium', requiredPlan: 'premium', canSave: false });
  },
  ready: (world, snapshot) => {
    expectForm(world, snapshot);
    expect(releaseAlertsView(snapshot)).toMatchObject({ canSave: true, noticeKey: null, saving: false });
  },
  invalid: (world, snapshot) => {
    expectForm(world, snapshot);
    expect(releaseAlertsView(snapshot)).toMatchObject({ noticeKey: 'release_alerts.invalid_threshold', noticeTone: 'error' });
    // Out of range: nothing was sent for it; a 400 of the server lands here too.
    if (world.lastFailure !== BAD_INPUT) expect(world.sent.every((input) => input.thresholdPercent <= 20)).toBe(true);
  },
  saving: (world, snapshot) => {
    expect(world.sent.at(-1)).toEqual({
      enabled: world.typed.enabled ?? world.lastOutput?.enabled,
      thresholdPercent: world.typed.thresholdPercent ?? world.lastOutput?.thresholdPercent,
    });
    expect(world.sent.at(-1)!.thresholdPercent).toBeLessThanOrEqual(20);
    expect(releaseAlertsView(snapshot)).toMatchObject({ saving: true, canSave: false });
  },
  saved: (world, snapshot) => {
    expect(world.lastOutput).toBe(SAVED);
    expectForm(world, snapshot);
    expect(releaseAlertsView(snapshot)).toMatchObject({ noticeKey: 'release_alerts.saved', noticeTone: 'success' });
    expect(world.emitted.at(-1)).toEqual({ type: 'releaseAlerts.saved', settings: SAVED });
  },
  failed: (world, snapshot) => {
    expect(world.lastFailure).toBe(OFFLINE);
    expectForm(world, snapshot);
    expect(releaseAlertsView(snapshot)).toMatchObject({ noticeKey: 'release_alerts.save_failed', canSave: true });
  },
} satisfies StateAssertions<ReleaseAlertsMachine, World>;

describeMachinePaths('releaseAlerts paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('releaseAlerts behaviour', () => {
  it('sends nothing for a threshold out of range, and the typed value once corrected', async () => {
    const world = createWorld();
    world.actor.start();
    world.load!.resolve(AVAILABLE);
    await new Promise((resolve) => setTimeout(resolve, 0));
    world.actor.send({ type: 'releaseAlerts.toggle', enabled: true });
    world.actor.send({ type: 'releaseAlerts.setThreshold', thresholdPercent: Number.NaN });
    world.actor.send({ type: 'releaseAlerts.save' });
    expect(world.sent).toEqual([]);
    expect(releaseAlertsView(world.actor.getSnapshot())).toMatchObject({ thresholdPercent: null, noticeKey: 'release_alerts.invalid_threshold' });
    world.actor.send({ type: 'releaseAlerts.setThreshold', thresholdPercent: 12 });
    world.actor.send({ type: 'releaseAlerts.save' });
    expect(world.sent).toEqual([{ enabled: true, thresholdPercent: 12 }]);
  });
});

// ───────────── the unsubscribe page ─────────────

const TOKEN = 'payload.signature-of-the-link';
const EXPIRED = failure(400, 'RELEASE_ALERTS_LINK_EXPIRED');

const serializeLink = (s: MachineSnapshot<ReleaseAlertsUnsubscribeMachine>) =>
  JSON.stringify({ value: s.value, failure: s.context.failure?.errorCode ?? s.context.failure?.reason ?? null });

interface LinkWorld extends ActorWorld<ReleaseAlertsUnsubscribeMachine> {
  opened: { token: string | null } | null;
  clicked: boolean;
  calls: Array<{ token: string }>;
  pending: { resolve(value: Unsubscribed): void; reject(error: unknown): void } | null;
  lastFailure: CallFailure | null;
}

function createLinkWorld(): LinkWorld {
  const world = { opened: null, clicked: false, calls: [], pending: null, lastFailure: null } as Omit<LinkWorld, 'actor'> as LinkWorld;
  const machine = releaseAlertsUnsubscribeMachine.provide({
    actors: {
      unsubscribe: fromPromise<Unsubscribed, { token: string }>(({ input }) => {
        world.calls.push(input);
        return new Promise((resolve, reject) => (world.pending = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine);
  return world;
}

const linkGraph = machineGraph({
  machine: releaseAlertsUnsubscribeMachine,
  serializeState: serializeLink,
  events: eventsWithFixtures<ReleaseAlertsUnsubscribeEvent>(
    {
      'unsubscribe.open': [
        { type: 'unsubscribe.open', token: TOKEN },
        { type: 'unsubscribe.open', token: null },
      ],
    },
    { outputs: { unsubscribe: [{ enabled: false }] }, errors: { unsubscribe: [EXPIRED, OFFLINE] } },
  ),
});

const linkDriver = actorDriver<ReleaseAlertsUnsubscribeMachine, LinkWorld>({
  start: createLinkWorld,
  executors: {
    'unsubscribe.open': (world, event) => {
      world.opened = { token: event.token };
      send(world, event);
    },
    'unsubscribe.confirm': (world, event) => {
      world.clicked = true;
      send(world, event);
    },
    'unsubscribe.retry': send,
  } satisfies EventExecutors<ReleaseAlertsUnsubscribeEvent, LinkWorld>,
  frameworkExecutors: {
    'xstate.done.actor.unsubscribe': (world, event) => world.pending!.resolve(event.output as Unsubscribed),
    'xstate.error.actor.unsubscribe': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.pending!.reject(event.error);
    },
  },
  serializeState: serializeLink,
});

const linkAssertions = {
  reading: (world, snapshot) => {
    expect(world.opened).toBeNull();
    expect(releaseAlertsUnsubscribeView(snapshot).status).toBe('working');
  },
  asking: (world, snapshot) => {
    expect(world.calls).toEqual([]);
    expect(releaseAlertsUnsubscribeView(snapshot).status).toBe('asking');
  },
  working: (world, snapshot) => {
    // Never without the click, and with the link's token.
    expect(world.clicked).toBe(true);
    expect(world.calls.at(-1)).toEqual({ token: world.opened?.token });
    expect(releaseAlertsUnsubscribeView(snapshot).status).toBe('working');
  },
  done: (world, snapshot) => {
    expect(world.calls.length).toBeGreaterThan(0);
    expect(releaseAlertsUnsubscribeView(snapshot)).toEqual({ status: 'done', reasonKey: null });
  },
  invalidLink: (world, snapshot) => {
    if (world.opened?.token === null) {
      expect(world.calls).toEqual([]);
      expect(releaseAlertsUnsubscribeView(snapshot)).toEqual({ status: 'invalid', reasonKey: 'release_alerts.unsubscribe.invalid' });
    } else {
      expect(world.lastFailure).toBe(EXPIRED);
      expect(releaseAlertsUnsubscribeView(snapshot)).toEqual({ status: 'invalid', reasonKey: 'release_alerts.unsubscribe.expired' });
    }
  },
  failed: (world, snapshot) => {
    expect(world.lastFailure).toBe(OFFLINE);
    expect(releaseAlertsUnsubscribeView(snapshot).status).toBe('failed');
  },
} satisfies StateAssertions<ReleaseAlertsUnsubscribeMachine, LinkWorld>;

describeMachinePaths('releaseAlertsUnsubscribe paths', {
  graph: linkGraph,
  driver: linkDriver,
  assertions: linkAssertions,
  generators: ['shortest', 'transitions'],
});

describe('releaseAlertsUnsubscribe behaviour', () => {
  it('a tampered link reads as invalid, not as expired', async () => {
    const world = createLinkWorld();
    world.actor.start();
    world.actor.send({ type: 'unsubscribe.open', token: 'x.y' });
    world.actor.send({ type: 'unsubscribe.confirm' });
    world.pending!.reject(failure(400, 'RELEASE_ALERTS_LINK_INVALID'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(releaseAlertsUnsubscribeView(world.actor.getSnapshot())).toEqual({ status: 'invalid', reasonKey: 'release_alerts.unsubscribe.invalid' });
  });
});
