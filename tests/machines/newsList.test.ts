// The blog's and insights' post list walked along its graph against the real actor, with a fake for the one
// call: paging, the category and language filters (the reader's language first), empty lists and a failure.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  newsListMachine,
  type NewsListAnswer,
  type NewsListEmitted,
  type NewsListEvent,
  type NewsListMachine,
  type NewsListRequest,
} from '../../machines/news/newsListMachine';
import { newsListView } from '../../machines/news/viewModel';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

type Post = components['schemas']['Post'];

const post = (n: number): Post => ({
  id: `post${String(n).padStart(20, '0')}`,
  slug: `post-${n}`,
  status: 'published',
  title: `Post ${n}`,
  summary: 'Summary',
  body: 'Body',
  typepost: 'blog',
  categories: ['pay'],
  language: 'es',
  imageUrl: null,
  publishedAt: '2026-03-01T09:00:00.000Z',
  author: 'Equipo Paybench',
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
});

const CATEGORIES = [
  { category: 'pay', count: 3 },
  { category: 'sectors', count: 1 },
];
const FIRST: NewsListAnswer = { page: { items: [post(1), post(2)], page: 1, limit: 2, total: 3 }, categories: CATEGORIES };
const NONE: NewsListAnswer = { page: { items: [], page: 1, limit: 2, total: 0 }, categories: CATEGORIES };
const FAILURE: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: { error: 'Internal server error' }, errorCode: null, request: null };

const serializeState = (s: MachineSnapshot<NewsListMachine>) =>
  JSON.stringify({ value: s.value, page: s.context.page, category: s.context.category, language: s.context.language, total: s.context.data?.total ?? null });

const INPUT = { typepost: 'blog' as const, language: 'es' as const, limit: 2 };

const graph = machineGraph({
  machine: newsListMachine.provide({ actors: { loadPosts: fromPromise(async () => FIRST) } }),
  input: INPUT,
  serializeState,
  events: eventsWithFixtures<NewsListEvent>(
    {
      'news.goToPage': [{ type: 'news.goToPage', page: 2 }],
      'news.filterCategory': [
        { type: 'news.filterCategory', category: 'pay' },
        { type: 'news.filterCategory', category: null },
      ],
      'news.filterLanguage': [{ type: 'news.filterLanguage', language: null }],
    },
    { outputs: { loadPosts: [FIRST, NONE] }, errors: { loadPosts: [FAILURE] } },
  ),
});

interface World extends ActorWorld<NewsListMachine> {
  loading: { resolve(answer: NewsListAnswer): void; reject(error: unknown): void } | null;
  loads: NewsListRequest[];
  emitted: NewsListEmitted[];
  /** What the gestures asked for. */
  asked: { page: number; category: string | null; language: 'es' | 'en' | null };
  answered: NewsListAnswer | null;
}

function createWorld(): World {
  const world = { loading: null, loads: [], emitted: [], asked: { page: 1, category: null, language: 'es' }, answered: null } as Omit<World, 'actor'> as World;
  const machine = newsListMachine.provide({
    actors: {
      loadPosts: fromPromise<NewsListAnswer, NewsListRequest>(({ input }) => {
        world.loads.push(input);
        return new Promise((resolve, reject) => (world.loading = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input: INPUT });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<NewsListMachine, World>({
  start: createWorld,
  executors: {
    'news.goToPage': (world, event) => {
      world.asked.page = event.page;
      send(world, event);
    },
    'news.filterCategory': (world, event) => {
      world.asked = { ...world.asked, category: event.category, page: 1 };
      send(world, event);
    },
    'news.filterLanguage': (world, event) => {
      world.asked = { ...world.asked, language: event.language, page: 1 };
      send(world, event);
    },
    'news.retry': send,
  } satisfies EventExecutors<NewsListEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadPosts': (world, event) => {
      world.answered = event.output as NewsListAnswer;
      world.loading!.resolve(world.answered);
    },
    'xstate.error.actor.loadPosts': (world, event) => world.loading!.reject(event.error),
  },
  serializeState,
});

const assertions = {
  loading: (world, snapshot) => {
    const request = world.loads.at(-1)!;
    expect(request).toMatchObject({ typepost: 'blog', limit: 2, ...world.asked });
    // The categories are asked with the first page only.
    expect(request.withCategories).toBe(world.loads.length === 1 || world.answered === null);
    expect(newsListView(snapshot)).toMatchObject({ loading: true, canGoForward: false, canRetry: false });
  },
  ready: (world, snapshot) => {
    const view = newsListView(snapshot);
    expect(view).toMatchObject({ status: 'ready', posts: world.answered!.page.items, categories: CATEGORIES, pages: 2, ...world.asked });
    expect(view.canGoForward).toBe(world.asked.page < 2);
    expect(view.canGoBack).toBe(world.asked.page > 1);
  },
  empty: (world, snapshot) => {
    expect(world.answered).toBe(NONE);
    expect(newsListView(snapshot)).toMatchObject({ status: 'empty', posts: [], canGoForward: false, ...world.asked });
  },
  failed: (world, snapshot) => {
    expect(newsListView(snapshot)).toMatchObject({ status: 'failed', canRetry: true });
    expect(world.emitted.at(-1)).toEqual({ type: 'news.failed', failure: FAILURE });
  },
} satisfies StateAssertions<NewsListMachine, World>;

describeMachinePaths('newsList paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('newsList behaviour', () => {
  it('starts on the reader’s language and a filter goes back to page 1', async () => {
    const world = createWorld();
    world.actor.start();
    expect(world.loads[0]).toEqual({ typepost: 'blog', page: 1, limit: 2, category: null, language: 'es', withCategories: true });
    world.loading!.resolve(FIRST);
    await Promise.resolve();
    await Promise.resolve();
    world.actor.send({ type: 'news.goToPage', page: 2 });
    world.loading!.resolve(FIRST);
    await Promise.resolve();
    await Promise.resolve();
    world.actor.send({ type: 'news.filterCategory', category: 'pay' });
    expect(world.loads.at(-1)).toEqual({ typepost: 'blog', page: 1, limit: 2, category: 'pay', language: 'es', withCategories: false });
    world.actor.stop();
  });
});
