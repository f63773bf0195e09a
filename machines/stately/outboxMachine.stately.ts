// outboxMachine from machines/outbox/outboxMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'outbox',
  description: 'The development e-mail outbox: pages of stored mails, one opened to read.',
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking for the current page; the page shown before stays until the answer comes.',
      tags: ['loading'],
      entry: 'close',
      invoke: {
        id: 'loadOutbox',
        src: 'loadOutbox',
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
      description: 'One page of mails (recipient, subject, date).',
      initial: 'list',
      tags: ['ready'],
      on: {
        'outbox.goToPage': {
          target: 'loading',
          guard: 'isAnotherPage',
          actions: 'setPage',
        },
        'outbox.reload': {
          target: 'loading',
        },
      },
      states: {
        list: {
          description: 'The list; a mail can be opened.',
          on: {
            'outbox.open': {
              target: 'reading',
              guard: 'isOnPage',
              actions: 'open',
            },
          },
        },
        reading: {
          description: 'One mail is open: its text (and HTML, shown inert).',
          tags: ['reading'],
          on: {
            'outbox.close': {
              target: 'list',
              actions: 'close',
            },
            'outbox.open': {
              guard: 'isOnPage',
              actions: 'open',
            },
          },
        },
      },
    },
    empty: {
      description: 'No mail has been stored.',
      tags: ['empty'],
      on: {
        'outbox.reload': {
          target: 'loading',
        },
      },
    },
    failed: {
      description: 'The page could not be loaded; it can be asked again.',
      tags: ['failed'],
      on: {
        'outbox.retry': {
          target: 'loading',
        },
      },
    },
  },
});
