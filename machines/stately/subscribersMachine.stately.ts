// subscribersMachine from machines/newsletterAdmin/subscribersMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'newsletterSubscribers',
  description: 'The admin list of newsletter subscribers with filters, pages and a CSV export.',
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking for the page of the current filters; the page shown before stays until the answer comes.',
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
      description: 'One page of subscribers.',
      tags: ['ready'],
      on: {
        'subscribers.goToPage': {
          target: 'loading',
          guard: 'isAnotherPage',
          actions: 'setPage',
        },
        'subscribers.filter': {
          target: 'loading',
          actions: 'setFilter',
        },
        'subscribers.reload': {
          target: 'loading',
        },
        'subscribers.export': {
          target: 'exporting',
          actions: 'forgetExportFailure',
        },
      },
    },
    exporting: {
      description: 'Fetching every subscriber of the filters as CSV.',
      tags: ['ready', 'exporting'],
      invoke: {
        id: 'exportCsv',
        src: 'exportCsv',
        onDone: {
          target: 'ready',
          actions: 'emitExported',
        },
        onError: {
          target: 'ready',
          actions: 'rememberExportFailure',
        },
      },
    },
    empty: {
      description: 'No subscriber matches the filters (or there is none yet).',
      tags: ['empty'],
      on: {
        'subscribers.filter': {
          target: 'loading',
          actions: 'setFilter',
        },
        'subscribers.reload': {
          target: 'loading',
        },
      },
    },
    failed: {
      description: 'The page could not be loaded; it can be asked again.',
      tags: ['failed'],
      on: {
        'subscribers.retry': {
          target: 'loading',
        },
      },
    },
  },
});
