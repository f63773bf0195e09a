// The admin newsletter screens walked along their graphs against the real actors with fake calls: the
// subscribers list (filters, pages, CSV export) and composing, previewing and sending an issue.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import {
  NO_FILTERS,
  subscribersMachine,
  type NewsletterPage,
  type SubscriberFilters,
  type SubscribersEmitted,
  type SubscribersEvent,
  type SubscribersMachine,
  type SubscribersPageRequest,
} from '../../machines/newsletterAdmin/subscribersMachine';
import {
  draftOf,
  issueMachine,
  type IssueEmitted,
  type IssueEvent,
  type IssueMachine,
  type NewsletterIssue,
  type NewsletterIssueDraft,
  type NewsletterIssuePreview,
  type NewsletterPostSummary,
} from '../../machines/newsletterAdmin/issueMachine';
import { issueView, subscribersView } from '../../machines/newsletterAdmin/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const FAILURE: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: null, errorCode: null, request: null };

type Deferred<T> = { resolve(value: T): void; reject(error: unknown): void };

// ───────────────────────────── subscribers ─────────────────────────────

const subscriber = (n: number) => ({
  id: `S${String(n).padStart(23, '0')}`,
  email: `s${n}@example.com`,
  kind: 'standartUser' as const,
  name: null,
  company: null,
  position: null,
  language: 'es' as const,
  active: true,
  status: 'confirmed' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const FIRST: NewsletterPage = { items: [subscriber(1), subscriber(2)], page: 1, limit: 2, total: 3 };
const NONE: NewsletterPage = { items: [], page: 1, limit: 2, total: 0 };
const CSV = 'id,email\r\n';

const serializeSubscribers = (s: MachineSnapshot<SubscribersMachine>) =>
  JSON.stringify({ value: s.value, page: s.context.page, filters: s.context.filters, total: s.context.data?.total ?? null, exportFailed: s.context.exportFailure !== null });

interface SubscribersWorld extends ActorWorld<SubscribersMachine> {
  loading: Deferred<NewsletterPage> | null;
  exporting: Deferred<string> | null;
  loads: SubscribersPageRequest[];
  exports: SubscriberFilters[];
  emitted: SubscribersEmitted[];
  asked: { page: number; filters: SubscriberFilters };
  answered: NewsletterPage | null;
  exportFailed: boolean;
}

function subscribersWorld(): SubscribersWorld {
  const world = { loading: null, exporting: null, loads: [], exports: [], emitted: [], asked: { page: 1, filters: NO_FILTERS }, answered: null, exportFailed: false } as Omit<SubscribersWorld, 'actor'> as SubscribersWorld;
  const machine = subscribersMachine.provide({
    actors: {
      loadPage: fromPromise<NewsletterPage, SubscribersPageRequest>(({ input }) => {
        world.loads.push(input);
        return new Promise((resolve, reject) => (world.loading = { resolve, reject }));
      }),
      exportCsv: fromPromise<string, SubscriberFilters>(({ input }) => {
        world.exports.push(input);
        return new Promise((resolve, reject) => (world.exporting = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input: { limit: 2 } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const subscribersGraph = machineGraph({
  machine: subscribersMachine,
  input: { limit: 2 },
  serializeState: serializeSubscribers,
  events: eventsWithFixtures<SubscribersEvent>(
    {
      'subscribers.goToPage': [{ type: 'subscribers.goToPage', page: 2 }],
      'subscribers.filter': [{ type: 'subscribers.filter', filter: 'status', value: 'pending' }],
    },
    { outputs: { loadPage: [FIRST, NONE], exportCsv: [CSV] }, errors: { loadPage: [FAILURE], exportCsv: [FAILURE] } },
  ),
});

const subscribersDriver = actorDriver<SubscribersMachine, SubscribersWorld>({
  start: subscribersWorld,
  executors: {
    'subscribers.goToPage': (world, event) => {
      world.asked = { ...world.asked, page: event.page };
      send(world, event);
    },
    'subscribers.filter': (world, event) => {
      world.asked = { page: 1, filters: { ...world.asked.filters, [event.filter]: event.value } };
      send(world, event);
    },
    'subscribers.retry': send,
    'subscribers.reload': send,
    'subscribers.export': (world, event) => {
      world.exportFailed = false;
      send(world, event);
    },
  } satisfies EventExecutors<SubscribersEvent, SubscribersWorld>,
  frameworkExecutors: {
    'xstate.done.actor.loadPage': (world, event) => {
      world.answered = event.output as NewsletterPage;
      world.loading!.resolve(world.answered);
    },
    'xstate.error.actor.loadPage': (world, event) => world.loading!.reject(event.error),
    'xstate.done.actor.exportCsv': (world, event) => world.exporting!.resolve(event.output as string),
    'xstate.error.actor.exportCsv': (world, event) => {
      world.exportFailed = true;
      world.exporting!.reject(event.error);
    },
  },
  serializeState: serializeSubscribers,
});

const subscribersAssertions = {
  loading: (world, snapshot) => {
    expect(world.loads.at(-1)).toEqual({ page: world.asked.page, limit: 2, filters: world.asked.filters });
    expect(subscribersView(snapshot).busy).toBe(true);
    expect(subscribersView(snapshot).items).toEqual(world.answered?.items ?? []);
  },
  ready: (world, snapshot) => {
    expect(subscribersView(snapshot)).toMatchObject({ status: 'ready', busy: false, exporting: false, items: world.answered!.items, page: world.asked.page, pages: 2, total: 3, exportFailed: world.exportFailed });
  },
  exporting: (world, snapshot) => {
    expect(world.exports.at(-1)).toEqual(world.asked.filters);
    expect(subscribersView(snapshot)).toMatchObject({ status: 'ready', exporting: true });
  },
  empty: (world, snapshot) => {
    expect(world.answered).toBe(NONE);
    expect(subscribersView(snapshot)).toMatchObject({ status: 'empty', items: [], total: 0 });
  },
  failed: (world, snapshot) => {
    expect(subscribersView(snapshot).status).toBe('failed');
    expect(world.emitted.at(-1)).toEqual({ type: 'subscribers.failed', failure: FAILURE });
  },
} satisfies StateAssertions<SubscribersMachine, SubscribersWorld>;

describeMachinePaths('newsletterSubscribers paths', { graph: subscribersGraph, driver: subscribersDriver, assertions: subscribersAssertions, generators: ['shortest', 'transitions'] });

describe('newsletterSubscribers behaviour', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('a filter goes back to page 1 and the export carries the filters; the CSV is emitted for the view to save', async () => {
    const world = subscribersWorld();
    world.actor.start();
    world.loading!.resolve(FIRST);
    await tick();
    world.actor.send({ type: 'subscribers.goToPage', page: 2 });
    world.loading!.resolve({ ...FIRST, page: 2 });
    await tick();
    world.actor.send({ type: 'subscribers.filter', filter: 'query', value: '  acme ' });
    expect(world.loads.at(-1)).toEqual({ page: 1, limit: 2, filters: { ...NO_FILTERS, query: 'acme' } });
    world.loading!.resolve(FIRST);
    await tick();
    world.actor.send({ type: 'subscribers.export' });
    world.exporting!.resolve(CSV);
    await tick();
    expect(world.emitted).toContainEqual({ type: 'subscribers.exported', csv: CSV, filters: { ...NO_FILTERS, query: 'acme' } });
  });
});

// ───────────────────────────── composing and sending an issue ─────────────────────────────

const post = (n: number): NewsletterPostSummary => ({ id: `P${String(n).padStart(23, '0')}`, title: `Post ${n}`, summary: 's', typepost: 'blog', language: 'es', publishedAt: '2026-01-01T00:00:00.000Z' });
const POSTS = [post(1), post(2)];
const PREVIEW: NewsletterIssuePreview = { subject: 'Hello', html: '<p>Hello</p>', text: 'Hello', recipients: 3 };
const issue = (status: NewsletterIssue['status'], sent: number): NewsletterIssue => ({
  id: `I${'0'.repeat(23)}`,
  subject: 'Hello',
  intro: '',
  language: 'es',
  postIds: [POSTS[0].id],
  status,
  jobId: 'job-1',
  deliveries: { total: 3, queued: 3 - sent, sending: 0, sent, failed: 0, skipped: 0 },
  createdAt: '2026-01-01T00:00:00.000Z',
  sendStartedAt: '2026-01-01T00:00:00.000Z',
  sentAt: status === 'sent' ? '2026-01-01T00:01:00.000Z' : null,
});
const STARTED = issue('sending', 0);
const HALF = issue('sending', 1);
const DONE = issue('sent', 3);
const POLL = 1000;

const serializeIssue = (s: MachineSnapshot<IssueMachine>) =>
  JSON.stringify({
    value: s.value,
    language: s.context.language,
    subject: s.context.subject !== '',
    selected: s.context.selected,
    errors: Object.keys(s.context.errors).length > 0,
    failed: s.context.failure !== null,
    sent: s.context.issue?.deliveries.sent ?? null,
  });

interface IssueWorld extends ActorWorld<IssueMachine> {
  clock: SimulatedClock;
  pending: Partial<Record<'loadPosts' | 'previewIssue' | 'startSending' | 'loadIssue', Deferred<unknown>>>;
  calls: Array<{ actor: string; input: unknown }>;
  emitted: IssueEmitted[];
  /** What the admin did: language, subject, intro, chosen posts. */
  language: 'es' | 'en';
  subject: string;
  intro: string;
  selected: string[];
  lastIssue: NewsletterIssue | null;
}

function issueWorld(): IssueWorld {
  const world = { clock: new SimulatedClock(), pending: {}, calls: [], emitted: [], language: 'es', subject: '', intro: '', selected: [], lastIssue: null } as Omit<IssueWorld, 'actor'> as IssueWorld;
  const deferred = <I, O>(name: keyof IssueWorld['pending']) =>
    fromPromise<O, I>(({ input }) => {
      world.calls.push({ actor: name, input });
      return new Promise<O>((resolve, reject) => (world.pending[name] = { resolve: resolve as (value: unknown) => void, reject }));
    });
  const machine = issueMachine.provide({
    actors: {
      loadPosts: deferred<{ language: 'es' | 'en' }, NewsletterPostSummary[]>('loadPosts'),
      previewIssue: deferred<NewsletterIssueDraft, NewsletterIssuePreview>('previewIssue'),
      startSending: deferred<NewsletterIssueDraft, NewsletterIssue>('startSending'),
      loadIssue: deferred<{ id: string }, NewsletterIssue>('loadIssue'),
    },
    delays: { POLL_INTERVAL: POLL },
  });
  world.actor = createActor(machine, { input: { language: 'es' }, clock: world.clock });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const issueGraph = machineGraph({
  machine: issueMachine,
  input: { language: 'es' },
  serializeState: serializeIssue,
  events: eventsWithFixtures<IssueEvent>(
    {
      'issue.set': [{ type: 'issue.set', field: 'subject', value: 'Hello' }],
      'issue.togglePost': [{ type: 'issue.togglePost', postId: POSTS[0].id }],
      'issue.language': [{ type: 'issue.language', language: 'en' }],
    },
    {
      outputs: { loadPosts: [POSTS], previewIssue: [PREVIEW], startSending: [STARTED], loadIssue: [HALF, DONE] },
      errors: { loadPosts: [FAILURE], previewIssue: [FAILURE], startSending: [FAILURE], loadIssue: [FAILURE] },
    },
  ),
});

const draft = (world: IssueWorld) => draftOf({ subject: world.subject, intro: world.intro, selected: world.selected, language: world.language });

const issueDriver = actorDriver<IssueMachine, IssueWorld>({
  start: issueWorld,
  executors: {
    'issue.set': (world, event) => {
      world[event.field] = event.value;
      send(world, event);
    },
    'issue.togglePost': (world, event) => {
      world.selected = world.selected.includes(event.postId) ? world.selected.filter((id) => id !== event.postId) : [...world.selected, event.postId];
      send(world, event);
    },
    'issue.language': (world, event) => {
      world.language = event.language;
      world.selected = [];
      send(world, event);
    },
    'issue.preview': send,
    'issue.edit': send,
    'issue.send': send,
    'issue.retry': send,
    'issue.new': (world, event) => {
      world.subject = '';
      world.intro = '';
      world.selected = [];
      world.lastIssue = null;
      send(world, event);
    },
  } satisfies EventExecutors<IssueEvent, IssueWorld>,
  frameworkExecutors: {
    'xstate.done.actor.loadPosts': (world, event) => world.pending.loadPosts!.resolve(event.output),
    'xstate.error.actor.loadPosts': (world, event) => world.pending.loadPosts!.reject(event.error),
    'xstate.done.actor.previewIssue': (world, event) => world.pending.previewIssue!.resolve(event.output),
    'xstate.error.actor.previewIssue': (world, event) => world.pending.previewIssue!.reject(event.error),
    'xstate.done.actor.startSending': (world, event) => {
      world.lastIssue = event.output as NewsletterIssue;
      world.pending.startSending!.resolve(event.output);
    },
    'xstate.error.actor.startSending': (world, event) => world.pending.startSending!.reject(event.error),
    'xstate.done.actor.loadIssue': (world, event) => {
      world.lastIssue = event.output as NewsletterIssue;
      world.pending.loadIssue!.resolve(event.output);
    },
    'xstate.error.actor.loadIssue': (world, event) => world.pending.loadIssue!.reject(event.error),
    'xstate.after.POLL_INTERVAL.newsletterIssue.sending': (world) => world.clock.increment(POLL),
  },
  serializeState: serializeIssue,
});

const lastCall = (world: IssueWorld, actor: string) => world.calls.filter((c) => c.actor === actor).at(-1)?.input;

const issueAssertions = {
  loadingPosts: (world, snapshot) => {
    expect(lastCall(world, 'loadPosts')).toEqual({ language: world.language });
    expect(issueView(snapshot).status).toBe('loading');
  },
  postsFailed: (_world, snapshot) => expect(issueView(snapshot).status).toBe('failed'),
  composing: (world, snapshot) =>
    expect(issueView(snapshot)).toMatchObject({ status: 'composing', language: world.language, subject: world.subject, selected: world.selected, posts: POSTS }),
  previewing: (world, snapshot) => {
    expect(lastCall(world, 'previewIssue')).toEqual(draft(world));
    expect(issueView(snapshot).status).toBe('previewing');
  },
  preview: (_world, snapshot) => expect(issueView(snapshot)).toMatchObject({ status: 'preview', preview: PREVIEW }),
  starting: (world, snapshot) => {
    expect(lastCall(world, 'startSending')).toEqual(draft(world));
    expect(issueView(snapshot).status).toBe('starting');
  },
  sending: (world, snapshot) => {
    expect(issueView(snapshot)).toMatchObject({ status: 'sending', progress: Math.round((100 * (world.lastIssue?.deliveries.sent ?? 0)) / 3) });
  },
  checking: (world, snapshot) => {
    expect(lastCall(world, 'loadIssue')).toEqual({ id: STARTED.id });
    expect(issueView(snapshot).status).toBe('sending');
  },
  sent: (world, snapshot) => {
    expect(world.lastIssue).toBe(DONE);
    expect(issueView(snapshot)).toMatchObject({ status: 'sent', progress: 100, issue: DONE });
    expect(world.emitted.at(-1)).toEqual({ type: 'issue.sent', issue: DONE });
  },
} satisfies StateAssertions<IssueMachine, IssueWorld>;

describeMachinePaths('newsletterIssue paths', { graph: issueGraph, driver: issueDriver, assertions: issueAssertions, generators: ['shortest', 'transitions'] });

describe('newsletterIssue behaviour', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('an empty draft shows translated errors and previews nothing', async () => {
    const world = issueWorld();
    world.actor.start();
    world.pending.loadPosts!.resolve(POSTS);
    await tick();
    world.actor.send({ type: 'issue.preview' });
    expect(issueView(world.actor.getSnapshot()).errors).toEqual({
      subject: 'admin_newsletters.compose.errors.subject_required',
      posts: 'admin_newsletters.compose.errors.posts_required',
    });
    expect(world.calls.map((c) => c.actor)).toEqual(['loadPosts']);
  });

  it('a post that is not in the list cannot be chosen; posts go in the order they were chosen', async () => {
    const world = issueWorld();
    world.actor.start();
    world.pending.loadPosts!.resolve(POSTS);
    await tick();
    world.actor.send({ type: 'issue.togglePost', postId: 'unknown' });
    world.actor.send({ type: 'issue.togglePost', postId: POSTS[1].id });
    world.actor.send({ type: 'issue.togglePost', postId: POSTS[0].id });
    expect(world.actor.getSnapshot().context.selected).toEqual([POSTS[1].id, POSTS[0].id]);
  });
});
