// searchHistoryMachine from machines/searchHistory/searchHistoryMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'searchHistory',
  description: 'The saved searches of the signed-in person: paged, re-opened for free, deleted after confirming.',
  initial: 'loading',
  invoke: {
    id: 'confirm',
    src: 'confirmModal',
  },
  states: {
    loading: {
      description: 'Loading one page of the history (newest first).',
      tags: ['loading'],
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        onDone: [
          {
            target: 'loading',
            guard: 'pageEmptiedByDelete',
            actions: 'previousPage',
            reenter: true,
          },
          {
            target: 'ready',
            actions: 'rememberPage',
          },
        ],
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    failed: {
      description: 'The page could not be loaded.',
      tags: ['failed'],
      on: {
        'searchHistory.retry': {
          target: 'loading',
        },
      },
    },
    ready: {
      description: 'One page of saved searches, each to re-open or delete; pages to move through.',
      tags: ['ready'],
      on: {
        'searchHistory.goToPage': {
          target: 'loading',
          guard: 'isAnotherPage',
          actions: 'setPage',
        },
        'searchHistory.askDelete': {
          target: 'confirming',
          actions: ['rememberPending', 'openConfirm'],
        },
      },
    },
    confirming: {
      description: 'The confirm modal (kind delete) asks whether to delete the entry.',
      tags: ['confirming'],
      on: {
        'searchHistory.answer': [
          {
            target: 'deleting',
            guard: 'confirmed',
            actions: 'resolveConfirm',
          },
          {
            target: 'ready',
            actions: ['rejectConfirm', 'forgetPending'],
          },
        ],
      },
    },
    deleting: {
      description: 'Deleting the entry; the page is then loaded again.',
      tags: ['deleting'],
      invoke: {
        id: 'deleteEntry',
        src: 'deleteEntry',
        onDone: {
          target: 'loading',
          actions: ['emitDeleted', 'forgetPending'],
        },
        onError: {
          target: 'ready',
          actions: ['rememberFailure', 'emitFailed', 'forgetPending'],
        },
      },
    },
  },
});
