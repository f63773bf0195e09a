// listMachine from machines/list/listMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'list',
  description: 'A list served in pages, filtered or not: loading, a page, nothing (matching), or a failure to retry.',
  initial: 'loading',
  on: {
    'list.filter': {
      target: '.loading',
      guard: 'changesFilters',
      actions: ['applyFilters', 'emitQueryChanged'],
      reenter: true,
    },
    'list.apply': {
      target: '.loading',
      guard: 'changesFilters',
      actions: ['applyFilters', 'emitQueryChanged'],
      reenter: true,
    },
    'list.clearFilters': [
      {
        target: '.loading',
        guard: 'changesFilters',
        actions: ['applyFilters', 'emitQueryChanged'],
        reenter: true,
      },
      {
        actions: 'clearDraft',
      },
    ],
    'list.edit': {
      actions: 'edit',
    },
  },
  states: {
    loading: {
      description: 'Asking for the current page with the current filters; the page shown before stays until the answer comes.',
      tags: ['loading'],
      entry: 'close',
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        onDone: [
          {
            target: 'shown.ready',
            guard: 'hasItems',
            actions: 'rememberPage',
          },
          {
            target: 'shown.empty',
            actions: 'rememberPage',
          },
        ],
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    shown: {
      description: 'The answer is on screen (a page of items, or nothing matching): it can be asked again.',
      initial: 'ready',
      on: {
        'list.reload': {
          target: 'loading',
        },
      },
      states: {
        ready: {
          description: 'One page of items, with the pages before and after to move to.',
          initial: 'browsing',
          tags: ['ready'],
          on: {
            'list.goToPage': {
              target: '#list.loading',
              guard: 'isAnotherPage',
              actions: ['setPage', 'emitQueryChanged'],
            },
          },
          states: {
            browsing: {
              description: 'The rows of the page; one can be opened, everything the filters match exported.',
              on: {
                'list.open': {
                  target: 'reading',
                  guard: 'isOnPage',
                  actions: 'open',
                },
                'list.export': {
                  target: 'exporting',
                  actions: 'forgetExportFailure',
                },
              },
            },
            reading: {
              description: 'One item of the page is open to read.',
              tags: ['reading'],
              on: {
                'list.close': {
                  target: 'browsing',
                  actions: 'close',
                },
                'list.open': {
                  guard: 'isOnPage',
                  actions: 'open',
                },
              },
            },
            exporting: {
              description: 'Fetching everything the filters match, to save as a file.',
              tags: ['exporting'],
              invoke: {
                id: 'exportList',
                src: 'exportList',
                onDone: {
                  target: 'browsing',
                  actions: 'emitExported',
                },
                onError: {
                  target: 'browsing',
                  actions: 'rememberExportFailure',
                },
              },
            },
          },
        },
        empty: {
          description: 'Nothing matches the filters (or the list has nothing in it yet).',
          tags: ['empty'],
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
