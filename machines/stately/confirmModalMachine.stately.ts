// confirmModalMachine from machines/confirmModal/confirmModalMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'confirmModal',
  description: 'Asks the person to confirm a delete or a copy; dismissed with true (resolve) or false (reject).',
  initial: 'closed',
  states: {
    closed: {
      description: 'Not shown. The substate says with what the modal was last dismissed.',
      initial: 'idle',
      tags: ['closed'],
      on: {
        'confirm.open': {
          target: 'open',
          actions: 'rememberKind',
        },
      },
      states: {
        idle: {
          description: 'Never answered since the modal was created.',
        },
        resolved: {
          description: 'Dismissed with true: the person confirmed.',
        },
        rejected: {
          description: 'Dismissed with false: the person declined or closed the modal.',
        },
      },
    },
    open: {
      description: 'Shown: title, subtitle and the reject and resolve buttons of the kind.',
      tags: ['open'],
      on: {
        'confirm.resolve': {
          target: 'closed.resolved',
          actions: 'emitResolved',
        },
        'confirm.reject': {
          target: 'closed.rejected',
          actions: 'emitRejected',
        },
      },
    },
  },
});
