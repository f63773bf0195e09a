import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { errorCatalogue, type ToastOutcome } from '../../src/api/errorCatalogue';
import { notificationsMachine, type NotificationsEvent, type NotificationsMachine } from '../../machines/notifications/notificationsMachine';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const INSUFFICIENT = errorCatalogue({ method: 'POST', path: '/forms/comparation' }, 402, { error: 'Not enough credits', errorCode: 'INSUFFICIENT_CREDITS' });
const PROBLEMS = errorCatalogue({ method: 'PUT', path: '/forms/{id}' }, 400, { error: ['fixedSalary is too low'], errorCode: 'VALIDATION_ERROR' });
const SILENT = errorCatalogue({ method: 'GET', path: '/users/currentUser' }, 401, { error: 'Unauthenticated' });
const SIGNED_OUT: ToastOutcome = { kind: 'toast', status: 'success', durationMs: 3000, textKey: 'auth.logout_success' };

interface World extends ActorWorld<NotificationsMachine> {
  toasts: ToastOutcome[];
  navigations: string[];
  expected: { toasts: ToastOutcome[]; navigations: string[] };
}

function startWorld(): World {
  const world = { toasts: [], navigations: [], expected: { toasts: [], navigations: [] } } as Omit<World, 'actor'> as World;
  world.actor = createActor(
    notificationsMachine.provide({
      actions: {
        showToast: (_, params) => void world.toasts.push(params.toast),
        navigate: (_, params) => void world.navigations.push(params.to),
      },
    }),
  );
  return world;
}

// The last message is what tells one moment from another (the machine keeps no history).
const serializeState = (s: MachineSnapshot<NotificationsMachine>) => JSON.stringify({ value: s.value, last: s.context.last });

const graph = machineGraph({
  machine: notificationsMachine,
  serializeState,
  events: eventsWithFixtures<NotificationsEvent>({
    'notifications.outcome': [
      { type: 'notifications.outcome', outcome: INSUFFICIENT },
      { type: 'notifications.outcome', outcome: PROBLEMS },
      { type: 'notifications.outcome', outcome: SILENT },
    ],
    'notifications.show': [{ type: 'notifications.show', toast: SIGNED_OUT }],
  }),
});

const executors = {
  'notifications.outcome': (world, event) => {
    if (event.outcome.kind === 'toast') {
      world.expected.toasts.push(event.outcome);
      if (event.outcome.navigateTo) world.expected.navigations.push(event.outcome.navigateTo);
    }
    world.actor.send(event);
  },
  'notifications.show': (world, event) => {
    world.expected.toasts.push(event.toast);
    world.actor.send(event);
  },
} satisfies EventExecutors<NotificationsEvent, World>;

const driver = actorDriver<NotificationsMachine, World>({ start: startWorld, executors, serializeState });

const assertions = {
  listening: (world) => {
    expect(world.toasts).toEqual(world.expected.toasts);
    expect(world.navigations).toEqual(world.expected.navigations);
  },
} satisfies StateAssertions<NotificationsMachine, World>;

describeMachinePaths('notifications paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('notifications behaviour', () => {
  it('402 INSUFFICIENT_CREDITS: a warning of 8 s, then /my-account', () => {
    const world = startWorld();
    world.actor.start();
    world.actor.send({ type: 'notifications.outcome', outcome: INSUFFICIENT });
    expect(world.toasts).toEqual([expect.objectContaining({ status: 'warning', durationMs: 8000, titleKey: 'errors.insufficient_credits.title' })]);
    expect(world.navigations).toEqual(['/my-account']);
  });

  it('a list of problems stays 10 s; a silent call shows nothing', () => {
    const world = startWorld();
    world.actor.start();
    world.actor.send({ type: 'notifications.outcome', outcome: SILENT });
    expect(world.toasts).toEqual([]);
    world.actor.send({ type: 'notifications.outcome', outcome: PROBLEMS });
    expect(world.toasts).toEqual([expect.objectContaining({ status: 'error', durationMs: 10_000, items: ['fixedSalary is too low'] })]);
    expect(world.navigations).toEqual([]);
  });
});
