// The newsletter links (confirm, unsubscribe) walked along their graphs against the real actor with a fake
// call: each input (a confirmation link, an unsubscribe link, a link without token) is its own graph.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  newsletterLinkMachine,
  type Newsletter,
  type NewsletterLinkEmitted,
  type NewsletterLinkEvent,
  type NewsletterLinkInput,
  type NewsletterLinkMachine,
} from '../../machines/newsletterLink/newsletterLinkMachine';
import { newsletterLinkView } from '../../machines/newsletterLink/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const SUBSCRIPTION: Newsletter = {
  id: 'A'.repeat(24),
  email: 'ana@example.com',
  kind: 'standartUser',
  name: null,
  company: null,
  position: null,
  language: 'es',
  active: true,
  status: 'confirmed',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const EXPIRED: CallFailure = { ok: false, status: 400, value: null, reason: 'http', body: null, errorCode: 'NEWSLETTER_LINK_EXPIRED', request: null };
const OFFLINE: CallFailure = { ok: false, status: 0, value: null, reason: 'network', body: null, errorCode: null, request: null };

const serializeState = (s: MachineSnapshot<NewsletterLinkMachine>) =>
  JSON.stringify({ value: s.value, done: s.context.subscription !== null, failure: s.context.failure?.errorCode ?? s.context.failure?.reason ?? null });

interface World extends ActorWorld<NewsletterLinkMachine> {
  /** The link the page opened with (none before `link.open`). */
  input: NewsletterLinkInput | null;
  pending: { resolve(value: Newsletter): void; reject(error: unknown): void } | null;
  calls: Array<NewsletterLinkInput & { token: string }>;
  emitted: NewsletterLinkEmitted[];
  lastFailure: CallFailure | null;
  clicked: boolean;
}

function createWorld(): World {
  const world = { input: null, pending: null, calls: [], emitted: [], lastFailure: null, clicked: false } as Omit<World, 'actor'> as World;
  const machine = newsletterLinkMachine.provide({
    actors: {
      follow: fromPromise<Newsletter, NewsletterLinkInput & { token: string }>(({ input: call }) => {
        world.calls.push(call);
        return new Promise((resolve, reject) => (world.pending = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine);
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const TOKEN = 'payload.signature-of-the-link';

const graph = machineGraph({
  machine: newsletterLinkMachine,
  serializeState,
  events: eventsWithFixtures<NewsletterLinkEvent>(
    {
      'link.open': [
        { type: 'link.open', mode: 'confirm', token: TOKEN },
        { type: 'link.open', mode: 'unsubscribe', token: TOKEN },
        { type: 'link.open', mode: 'confirm', token: null },
      ],
    },
    { outputs: { follow: [SUBSCRIPTION] }, errors: { follow: [EXPIRED, OFFLINE] } },
  ),
});

const driver = actorDriver<NewsletterLinkMachine, World>({
  start: createWorld,
  executors: {
    'link.open': (world, event) => {
      world.input = { mode: event.mode, token: event.token };
      send(world, event);
    },
    'link.unsubscribe': (world, event) => {
      world.clicked = true;
      send(world, event);
    },
    'link.retry': send,
  } satisfies EventExecutors<NewsletterLinkEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.follow': (world, event) => world.pending!.resolve(event.output as Newsletter),
    'xstate.error.actor.follow': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.pending!.reject(event.error);
    },
  },
  serializeState,
});

const assertions = {
  reading: (world, snapshot) => {
    expect(world.input).toBeNull();
    expect(newsletterLinkView(snapshot).status).toBe('working');
  },
  asking: (world, snapshot) => {
    expect(world.input?.mode).toBe('unsubscribe');
    expect(world.calls).toEqual([]);
    expect(newsletterLinkView(snapshot)).toMatchObject({ status: 'asking', mode: 'unsubscribe' });
  },
  working: (world, snapshot) => {
    expect(world.calls.at(-1)).toEqual(world.input);
    // An unsubscription never starts without the click.
    if (world.input?.mode === 'unsubscribe') expect(world.clicked).toBe(true);
    expect(newsletterLinkView(snapshot).status).toBe('working');
  },
  done: (world, snapshot) => {
    expect(newsletterLinkView(snapshot)).toEqual({ mode: world.input?.mode, status: 'done', email: SUBSCRIPTION.email, reasonKey: null });
    expect(world.emitted.at(-1)).toEqual({ type: 'link.done', mode: world.input?.mode });
  },
  invalidLink: (world, snapshot) => {
    const expected = world.input?.token === null ? 'newsletter.link.errors.invalid' : 'newsletter.link.errors.expired';
    expect(newsletterLinkView(snapshot)).toMatchObject({ status: 'invalid', reasonKey: expected });
    if (world.input?.token === null) expect(world.calls).toEqual([]);
  },
  failed: (world, snapshot) => {
    expect(world.lastFailure).toBe(OFFLINE);
    expect(newsletterLinkView(snapshot).status).toBe('failed');
  },
} satisfies StateAssertions<NewsletterLinkMachine, World>;

describeMachinePaths('newsletterLink paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('newsletterLink behaviour', () => {
  it('a confirmation starts at once; a wrong-purpose link reads as invalid', async () => {
    const world = createWorld();
    world.actor.start();
    world.actor.send({ type: 'link.open', mode: 'confirm', token: 'x.y' });
    expect(world.calls).toEqual([{ mode: 'confirm', token: 'x.y' }]);
    world.pending!.reject({ ...EXPIRED, errorCode: 'NEWSLETTER_LINK_INVALID' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(newsletterLinkView(world.actor.getSnapshot())).toMatchObject({ status: 'invalid', reasonKey: 'newsletter.link.errors.invalid' });
  });
});
