// filteredListMachine from machines/filteredList/filteredListMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'filteredList',
  description: 'A list searched and filtered by an admin, served in pages: loading, a page, no match, or a failure to retry.',
  initial: 'loading',
  on: {
    'list.filter': {
      target: '.loading',
      guard: 'changesFilters',
      actions: ['setFilter', 'emitQueryChanged'],
      reenter: true,
    },
    'list.clearFilters': {
      target: '.loading',
      guard: 'changesFilters',
      actions: ['clearFilters', 'emitQueryChanged'],
      reenter: true,
    },
  },
  states: {
    loading: {
      description: 'Asking for the current page with the current filters; the page shown before stays until the answer comes.',
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
      description: 'One page of items matching the filters, with the pages before and after to move to.',
      tags: ['ready'],
      on: {
        'list.goToPage': {
          target: 'loading',
          guard: 'isAnotherPage',
          actions: ['setPage', 'emitQueryChanged'],
        },
        'list.reload': {
          target: 'loading',
        },
      },
    },
    empty: {
      description: 'Nothing matches the filters (or the list has nothing in it yet).',
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
