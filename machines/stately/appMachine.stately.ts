// appMachine from machines/app/appMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'app',
  description: 'The app: owns the long-lived actors and decides what their announcements mean.',
  initial: 'running',
  states: {
    running: {
      description: 'The app is open: every long-lived actor runs.',
      invoke: [
        {
          id: 'auth',
          systemId: 'auth',
          src: 'auth',
        },
        {
          id: 'notifications',
          systemId: 'notifications',
          src: 'notifications',
        },
        {
          id: 'language',
          systemId: 'language',
          src: 'language',
        },
        {
          id: 'consent',
          systemId: 'consent',
          src: 'consent',
        },
        {
          id: 'capture',
          systemId: 'capture',
          src: 'capture',
        },
        {
          id: 'sessionAnnouncements',
          src: 'sessionAnnouncements',
        },
      ],
      on: {
        'app.navigate': {
          actions: 'navigate',
        },
        'app.notify': {
          actions: 'forwardOutcome',
        },
        'app.message': {
          actions: 'forwardMessage',
        },
      },
    },
  },
});
