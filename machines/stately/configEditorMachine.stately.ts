// configEditorMachine from machines/configEditor/configEditorMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'configEditor',
  description: 'A configuration editor: edit, check, confirm, save; a failed save keeps the values.',
  initial: 'editing',
  states: {
    editing: {
      description: 'The admin changes the values; problems of the last check are shown beside their fields.',
      tags: ['editing'],
      on: {
        'editor.edit': {
          actions: 'setValues',
        },
        'editor.submit': {
          target: 'validating',
          actions: 'clearProblems',
        },
      },
    },
    validating: {
      description: 'Checking the values with the rules the server applies.',
      tags: ['validating', 'busy'],
      invoke: {
        id: 'validate',
        src: 'validate',
        onDone: [
          {
            target: 'editing',
            guard: 'hasProblems',
            actions: 'rememberProblems',
          },
          {
            target: 'confirming',
          },
        ],
      },
    },
    confirming: {
      description: 'Asks to confirm: the change takes effect at the next statistics release.',
      tags: ['confirming'],
      on: {
        'editor.confirm': {
          target: 'saving',
        },
        'editor.cancel': {
          target: 'editing',
        },
      },
    },
    saving: {
      description: 'Sending the values to the server.',
      tags: ['saving', 'busy'],
      invoke: {
        id: 'save',
        src: 'save',
        onDone: {
          target: 'saved',
          actions: ['rememberStored', 'emitSaved'],
        },
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    saved: {
      description: 'Stored; the page says it takes effect at the next release.',
      tags: ['saved'],
      on: {
        'editor.edit': {
          target: 'editing',
          actions: 'setValues',
        },
      },
    },
    failed: {
      description: 'The save failed; the values typed are kept to correct or send again.',
      tags: ['failed'],
      on: {
        'editor.edit': {
          target: 'editing',
          actions: 'setValues',
        },
        'editor.submit': {
          target: 'validating',
          actions: 'clearProblems',
        },
      },
    },
  },
});
