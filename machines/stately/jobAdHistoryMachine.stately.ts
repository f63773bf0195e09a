// jobAdHistoryMachine from machines/payTransparency/jobAdHistoryMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'jobAdHistory',
  description: 'The company\'s saved job-ad ranges: newest first, more on demand, one opened, one deleted.',
  initial: 'loading',
  invoke: {
    id: 'confirm',
    src: 'confirmModal',
  },
  on: {
    'jobAdHistory.add': {
      actions: 'addRange',
    },
  },
  context: {
    items: [],
    total: 0,
    limit: 10,
    openedId: null,
    pendingId: null,
    deletedId: null,
    failure: null,
  },
  states: {
    loading: {
      description: 'Reading the first page of the company\'s saved ranges.',
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        onDone: {
          target: 'ready',
          actions: 'keepFirstPage',
        },
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    failed: {
      description: 'The saved ranges could not be read: the same call can be tried again.',
      tags: ['failed'],
      on: {
        'jobAdHistory.retry': {
          target: 'loading',
        },
      },
    },
    ready: {
      description: 'The saved ranges shown (none yet is the empty list); one may be opened.',
      initial: 'idle',
      tags: ['ready'],
      on: {
        'jobAdHistory.open': {
          guard: 'isListed',
          actions: 'openRange',
        },
        'jobAdHistory.close': {
          actions: 'closeRange',
        },
      },
      states: {
        idle: {
          description: 'Nothing on its way: more to load, a range to delete.',
          on: {
            'jobAdHistory.loadMore': {
              target: '#jobAdHistory.ready.loadingMore',
              guard: 'hasMore',
            },
            'jobAdHistory.askDelete': {
              target: '#jobAdHistory.ready.confirming',
              guard: 'isListed',
              actions: ['rememberPending', 'openConfirm'],
            },
          },
        },
        loadingMore: {
          description: 'Reading the next page, to append it.',
          tags: ['loadingMore', 'busy'],
          invoke: {
            id: 'loadMore',
            src: 'loadPage',
            onDone: {
              target: 'idle',
              actions: 'keepNextPage',
            },
            onError: {
              target: 'moreFailed',
              actions: ['rememberFailure', 'emitFailed'],
            },
          },
        },
        moreFailed: {
          description: 'The next page could not be read: asking again is offered.',
          tags: ['moreFailed'],
          on: {
            'jobAdHistory.loadMore': {
              target: '#jobAdHistory.ready.loadingMore',
              guard: 'hasMore',
            },
            'jobAdHistory.askDelete': {
              target: '#jobAdHistory.ready.confirming',
              guard: 'isListed',
              actions: ['rememberPending', 'openConfirm'],
            },
          },
        },
        confirming: {
          description: 'The confirm modal (kind delete) asks whether to delete the range.',
          tags: ['confirming', 'busy'],
          on: {
            'jobAdHistory.answer': [
              {
                target: 'deleting',
                guard: 'confirmed',
                actions: 'resolveConfirm',
              },
              {
                target: 'idle',
                actions: ['rejectConfirm', 'forgetPending'],
              },
            ],
          },
        },
        deleting: {
          description: 'Deleting the range for the whole company.',
          tags: ['deleting', 'busy'],
          invoke: {
            id: 'deleteRange',
            src: 'deleteRange',
            onDone: {
              target: 'deleted',
              actions: ['dropDeleted', 'emitDeleted'],
            },
            onError: {
              target: 'idle',
              actions: ['rememberFailure', 'emitFailed', 'forgetPending'],
            },
          },
        },
        deleted: {
          description: 'The range is gone from the list.',
          tags: ['deleted'],
          on: {
            'jobAdHistory.loadMore': {
              target: '#jobAdHistory.ready.loadingMore',
              guard: 'hasMore',
            },
            'jobAdHistory.askDelete': {
              target: '#jobAdHistory.ready.confirming',
              guard: 'isListed',
              actions: ['rememberPending', 'openConfirm'],
            },
          },
        },
      },
    },
  },
});
