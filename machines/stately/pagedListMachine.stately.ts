// pagedListMachine from machines/pagedList/pagedListMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'pagedList',
  description: 'A read-only list served in pages: loading, a page, an empty list, or a failure to retry.',
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking for the current page; the page shown before stays until the answer comes.',
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        onDone: [
          {
            target: 'ready',
            guard: 'hasItems',
            actions: 'rememberPage',
          },
          {
            target: 'empty',
            actions: 'rememberPage',
          },
        ],
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    ready: {
      description: 'One page of items, with the pages before and after to move to.',
      tags: ['ready'],
      on: {
        'list.goToPage': {
          target: 'loading',
          guard: 'isAnotherPage',
          actions: 'setPage',
        },
        'list.reload': {
          target: 'loading',
        },
      },
    },
    empty: {
      description: 'The list has nothing in it (yet).',
      tags: ['empty'],
      on: {
        'list.reload': {
          target: 'loading',
        },
      },
    },
    failed: {
      description: 'The page could not be loaded; it can be asked again.',
      tags: ['failed'],
      on: {
        'list.retry': {
          target: 'loading',
        },
      },
    },
  },
});
