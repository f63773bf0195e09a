// notificationsMachine from machines/notifications/notificationsMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'notifications',
  description: 'Turns catalogue outcomes and app messages into toasts (and the 402 page change).',
  initial: 'listening',
  context: {
    last: null,
  },
  states: {
    listening: {
      description: 'Ready to show the next message.',
      on: {
        'notifications.outcome': [
          {
            guard: 'asksToNavigate',
            actions: ['showToast', 'navigate', 'rememberLast'],
          },
          {
            guard: 'isToast',
            actions: ['showToast', 'rememberLast'],
          },
        ],
        'notifications.show': {
          actions: ['showToast', 'rememberLast'],
        },
      },
    },
  },
});
