// newsListMachine from machines/news/newsListMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'newsList',
  description: 'Posts of one type in pages, filtered by category and language (the reader’s first).',
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking for the page under the current filters; the page shown before stays until the answer comes.',
      tags: ['loading'],
      invoke: {
        id: 'loadPosts',
        src: 'loadPosts',
        onDone: [
          {
            target: 'ready',
            guard: 'hasItems',
            actions: 'rememberAnswer',
          },
          {
            target: 'empty',
            actions: 'rememberAnswer',
          },
        ],
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    ready: {
      description: 'A page of post cards, with the pages around it and the filters.',
      tags: ['ready'],
      on: {
        'news.goToPage': {
          target: 'loading',
          guard: 'isAnotherPage',
          actions: 'setPage',
        },
        'news.filterCategory': {
          target: 'loading',
          guard: 'isAnotherCategory',
          actions: 'setCategory',
        },
        'news.filterLanguage': {
          target: 'loading',
          guard: 'isAnotherLanguage',
          actions: 'setLanguage',
        },
      },
    },
    empty: {
      description: 'No post matches the filters (or none is published yet); a filter can be widened.',
      tags: ['empty'],
      on: {
        'news.filterCategory': {
          target: 'loading',
          guard: 'isAnotherCategory',
          actions: 'setCategory',
        },
        'news.filterLanguage': {
          target: 'loading',
          guard: 'isAnotherLanguage',
          actions: 'setLanguage',
        },
      },
    },
    failed: {
      description: 'The page could not be loaded; it can be asked again.',
      tags: ['failed'],
      on: {
        'news.retry': {
          target: 'loading',
        },
      },
    },
  },
});
