// outlierPackEditorMachine from machines/outlierPackEditor/outlierPackEditorMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'outlierPackEditor',
  description: 'Creates or changes an outlier pack, validating the rules before saving.',
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: every field editable; problems shown once a save was tried.',
      tags: ['editing'],
      on: {
        'editor.set': {
          actions: 'setField',
        },
        'editor.toggleGroup': {
          actions: 'toggleGroup',
        },
        'editor.submit': [
          {
            target: 'saving',
            guard: 'valid',
            actions: 'forgetFailure',
          },
          {
            actions: 'showProblems',
          },
        ],
        'editor.cancel': {
          target: 'cancelled',
        },
      },
    },
    saving: {
      description: 'Saving the pack; the form stays as typed.',
      tags: ['saving'],
      invoke: {
        id: 'savePack',
        src: 'savePack',
        onDone: {
          target: 'saved',
          actions: ['rememberSaved', 'emitSaved'],
        },
        onError: {
          target: 'editing',
          actions: ['rememberFailure', 'emitFailed', 'showProblems'],
        },
      },
    },
    saved: {
      description: 'Saved: the page closes the form and shows the pack in the list.',
      type: 'final',
    },
    cancelled: {
      description: 'Closed without saving.',
      type: 'final',
    },
  },
});
