// myFormMachine from machines/myForm/myFormMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'myForm',
  description: 'The user’s latest form, read-only by step, and the yearly update (copy into this survey year).',
  initial: 'loading',
  states: {
    loading: {
      description: 'GET forms/last.',
      tags: ['loading'],
      invoke: {
        id: 'loadLastForm',
        src: 'loadLastForm',
        onDone: [
          {
            target: 'ready',
            guard: 'hasForm',
            actions: 'keepForm',
          },
          {
            target: 'empty',
            actions: 'keepForm',
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: 'keepFailure',
        },
      },
    },
    loadFailed: {
      description: 'The form could not be read (offline or server failure); offers to try again.',
      tags: ['loadFailed'],
      on: {
        'myForm.retry': {
          target: 'loading',
        },
      },
    },
    empty: {
      description: 'The user has no form yet: the view leads to the questionnaire.',
      tags: ['empty'],
    },
    ready: {
      description: 'The form by step, with edit; when it is of an earlier year, the update for this year.',
      tags: ['ready'],
      on: {
        'myForm.askCopy': {
          target: 'confirming',
          guard: 'isOfEarlierYear',
          actions: 'forgetNotice',
        },
      },
    },
    confirming: {
      description: 'The confirm modal of type copy is open.',
      tags: ['ready', 'confirming'],
      on: {
        'myForm.confirmCopy': {
          target: 'copying',
        },
        'myForm.declineCopy': {
          target: 'ready',
        },
      },
    },
    copying: {
      description: 'POST forms/copy from the form’s survey year.',
      tags: ['ready', 'copying'],
      invoke: {
        id: 'copyForm',
        src: 'copyForm',
        onDone: {
          target: 'copied',
          actions: ['adoptCopy', 'emitCopied'],
        },
        onError: [
          {
            target: 'loading',
            guard: 'formAlreadyExists',
            actions: 'noteExistingForm',
          },
          {
            target: 'copyFailed',
            actions: 'keepFailure',
          },
        ],
      },
    },
    copyFailed: {
      description: 'The copy failed; the form is still shown and the update can be asked again.',
      tags: ['ready', 'copyFailed'],
      on: {
        'myForm.askCopy': {
          target: 'confirming',
          guard: 'isOfEarlierYear',
          actions: 'forgetNotice',
        },
      },
    },
    copied: {
      description: 'This year’s form exists now (in progress): the view opens it in the editor.',
      tags: ['copied'],
    },
  },
});
