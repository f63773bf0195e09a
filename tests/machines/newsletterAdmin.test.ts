// The admin newsletter issue walked along its graph against the real actor with fake calls: composing,
// previewing and sending an issue (the subscribers list is a configuration of the list machine: list.test.ts).
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
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
import { issueView } from '../../machines/newsletterAdmin/viewModel';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const FAILURE: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: null, errorCode: null, request: null };

type Deferred<T> = { resolve(value: T): void; reject(error: unknown): void };

// ───────────────────────────── composing and sending an issue ─────────────────────────────

const post = (n: number): NewsletterPostSummary => ({
  id: `P${String(n).padStart(23, '0')}`,
  title: `Post ${n}`,
  summary: 's',
  typepost: 'blog',
  language: 'es',
  publishedAt: '2026-01-01T00:00:00.000Z',
});
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
  const world = {
    clock: new SimulatedClock(),
    pending: {},
    calls: [],
    emitted: [],
    language: 'es',
    subject: '',
    intro: '',
    selected: [],
    lastIssue: null,
  } as Omit<IssueWorld, 'actor'> as IssueWorld;
  const deferred = <I, O>(name: keyof IssueWorld['pending']) =>
    fromPromise<O, I>(({ input }) => {
      world.calls.push({ actor: name, input });
      return new Promise<O>((resolve, reject) => (world.pending[name] = { resolve: resolve, reject }));
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
    expect(issueView(snapshot)).toMatchObject({
      status: 'composing',
      language: world.language,
      subject: world.subject,
      selected: world.selected,
      posts: POSTS,
    }),
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
