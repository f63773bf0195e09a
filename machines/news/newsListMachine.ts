import { assertEvent, assign, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { failTo, outputOf, retryOn } from '../shared/load';
import { isAnotherPage } from '../shared/paging';

type Schemas = components['schemas'];
export type NewsTypepost = Schemas['Typepost'];
export type NewsLanguage = Schemas['Language'];

export interface NewsListRequest {
  typepost: NewsTypepost;
  page: number;
  limit: number;
  category: string | null;
  /** null: every language. */
  language: NewsLanguage | null;
  /** Ask for the type's categories too (the first load only). */
  withCategories: boolean;
}

export interface NewsListAnswer {
  page: Schemas['PostPage'];
  /** The categories with their post counts, when asked for. */
  categories: Schemas['CategoryCount'][] | null;
}

export interface NewsListInput {
  typepost: NewsTypepost;
  /** The reader's language: shown first (the list starts filtered to it). */
  language: NewsLanguage;
  limit: number;
}

export interface NewsListContext {
  typepost: NewsTypepost;
  limit: number;
  page: number;
  category: string | null;
  language: NewsLanguage | null;
  data: Schemas['PostPage'] | null;
  categories: Schemas['CategoryCount'][] | null;
  failure: CallFailure | null;
}

export type NewsListEvent =
  /** Show page n (1-based); ignored outside the list or for the page shown. */
  | { type: 'news.goToPage'; page: number }
  /** Only posts of this category (null: all), from page 1. */
  | { type: 'news.filterCategory'; category: string | null }
  /** Only posts in this language (null: every language), from page 1. */
  | { type: 'news.filterLanguage'; language: NewsLanguage | null }
  /** Load the failed page again. */
  | { type: 'news.retry' };

export type NewsListEmitted = { type: 'news.failed'; failure: CallFailure };

/** A new category or language filter loads its first page (from a page of posts or from none). */
const REFILTER = {
  'news.filterCategory': { guard: 'isAnotherCategory', target: 'loading', actions: 'setCategory' },
  'news.filterLanguage': { guard: 'isAnotherLanguage', target: 'loading', actions: 'setLanguage' },
} as const;

/**
 * The blog's and the insights' list of posts: cards of one type, a page at a time, a
 * category filter (the categories and their counts come with the first page) and a language filter that
 * starts on the reader's language, so their posts come first; they may widen it to every language.
 *
 * ```
 * loading ──done(items)──▶ ready ── goToPage / filterCategory / filterLanguage ──▶ loading
 *    │    └─done(none)───▶ empty ── filterCategory / filterLanguage ─────────────▶ loading
 *    └─error─▶ failed ── retry ──▶ loading
 * ```
 *
 * - A new filter starts again at page 1; the page shown stays on screen while the next one loads.
 * - Tags: `loading`, `ready`, `empty`, `failed`. Emits `news.failed` so the app can notify the failure.
 */
export const newsListMachine = setup({
  types: {
    context: {} as NewsListContext,
    events: {} as NewsListEvent,
    input: {} as NewsListInput,
    emitted: {} as NewsListEmitted,
  },
  actors: {
    /** Loads a page (and the categories the first time); rejects with the client's CallFailure. Injected. */
    loadPosts: injected<NewsListAnswer, NewsListRequest>('newsList: provide loadPosts'),
  },
  guards: {
    isAnotherPage: ({ context, event }) => {
      assertEvent(event, 'news.goToPage');
      return isAnotherPage(context, event.page);
    },
    isAnotherCategory: ({ context, event }) => {
      assertEvent(event, 'news.filterCategory');
      return event.category !== context.category;
    },
    isAnotherLanguage: ({ context, event }) => {
      assertEvent(event, 'news.filterLanguage');
      return event.language !== context.language;
    },
    hasItems: (_, params: { answer: NewsListAnswer }) => params.answer.page.items.length > 0,
  },
  actions: {
    setPage: assign(({ event }) => {
      assertEvent(event, 'news.goToPage');
      return { page: event.page };
    }),
    setCategory: assign(({ event }) => {
      assertEvent(event, 'news.filterCategory');
      return { category: event.category, page: 1 };
    }),
    setLanguage: assign(({ event }) => {
      assertEvent(event, 'news.filterLanguage');
      return { language: event.language, page: 1 };
    }),
    rememberAnswer: assign(({ context, event }) => {
      const answer = outputOf<NewsListAnswer>(event);
      return { data: answer.page, categories: answer.categories ?? context.categories, failure: null };
    }),
    ...failureActions<NewsListContext, NewsListEvent, NewsListEmitted>('news.failed'),
  },
}).createMachine({
  id: 'newsList',
  description: 'Posts of one type in pages, filtered by category and language (the reader’s first).',
  context: ({ input }) => ({
    typepost: input.typepost,
    limit: input.limit,
    page: 1,
    category: null,
    language: input.language,
    data: null,
    categories: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking for the page under the current filters; the page shown before stays until the answer comes.',
      tags: ['loading'],
      invoke: {
        id: 'loadPosts',
        src: 'loadPosts',
        input: ({ context }) => ({
          typepost: context.typepost,
          page: context.page,
          limit: context.limit,
          category: context.category,
          language: context.language,
          withCategories: context.categories === null,
        }),
        onDone: [
          {
            guard: { type: 'hasItems', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: 'rememberAnswer',
          },
          { target: 'empty', actions: 'rememberAnswer' },
        ],
        onError: failTo('failed'),
      },
    },
    ready: {
      description: 'A page of post cards, with the pages around it and the filters.',
      tags: ['ready'],
      on: {
        'news.goToPage': { guard: 'isAnotherPage', target: 'loading', actions: 'setPage' },
        ...REFILTER,
      },
    },
    empty: {
      description: 'No post matches the filters (or none is published yet); a filter can be widened.',
      tags: ['empty'],
      on: REFILTER,
    },
    failed: { description: 'The page could not be loaded; it can be asked again.', ...retryOn('news.retry') },
  },
});

export type NewsListMachine = typeof newsListMachine;
