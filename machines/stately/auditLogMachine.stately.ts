// auditLogMachine from machines/auditLog/auditLogMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'auditLog',
  description: 'The admin\'s audit log: newest first, in pages, narrowed by filters typed and applied.',
  initial: 'loading',
  on: {
    'audit.edit': {
      actions: 'edit',
    },
  },
  states: {
    loading: {
      description: 'Asking for the page with the applied filters; the page shown before stays until the answer comes.',
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
      description: 'One page of changes, with the pages before and after to move to.',
      tags: ['ready'],
      on: {
        'audit.goToPage': {
          target: 'loading',
          guard: 'isAnotherPage',
          actions: 'setPage',
        },
        'audit.apply': {
          target: 'loading',
          actions: 'applyDraft',
        },
        'audit.clear': {
          target: 'loading',
          actions: 'clearFilters',
        },
        'audit.reload': {
          target: 'loading',
        },
      },
    },
    empty: {
      description: 'Nothing recorded (with these filters).',
      tags: ['empty'],
      on: {
        'audit.apply': {
          target: 'loading',
          actions: 'applyDraft',
        },
        'audit.clear': {
          target: 'loading',
          actions: 'clearFilters',
        },
        'audit.reload': {
          target: 'loading',
        },
      },
    },
    failed: {
      description: 'The page could not be loaded; it can be asked again.',
      tags: ['failed'],
      on: {
        'audit.retry': {
          target: 'loading',
        },
      },
    },
  },
});
