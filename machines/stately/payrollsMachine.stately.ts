// payrollsMachine from machines/payTransparency/payrollsMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'payrolls',
  description: 'A company\'s payrolls: the reporting calendar, the uploaded years, uploading a year\'s file and deleting a year.',
  initial: 'loading',
  invoke: {
    id: 'confirm',
    src: 'confirmModal',
  },
  states: {
    loading: {
      description: 'Reading the company\'s reporting calendar and its uploaded years.',
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        onDone: {
          target: 'ready',
          actions: 'keepOverview',
        },
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    failed: {
      description: 'The calendar and the years could not be read: the same call can be tried again.',
      tags: ['failed'],
      on: {
        'payrolls.retry': {
          target: 'loading',
        },
      },
    },
    ready: {
      description: 'The calendar, the uploaded years and the upload form.',
      initial: 'idle',
      tags: ['ready'],
      states: {
        idle: {
          description: 'Nothing on its way: a year and a file to choose, a file to upload, a year to delete.',
          on: {
            'payrolls.setYear': {
              guard: 'isOfferedYear',
              actions: 'setYear',
            },
            'payrolls.chooseFile': {
              actions: 'setFile',
            },
            'payrolls.upload': {
              target: '#payrolls.ready.uploading',
              guard: 'hasFile',
            },
            'payrolls.askDelete': {
              target: '#payrolls.ready.confirming',
              guard: 'isUploadedYear',
              actions: ['rememberPending', 'openConfirm'],
            },
          },
        },
        uploading: {
          description: 'Sending the file as the payroll of the chosen year; the server checks all of it first.',
          tags: ['uploading', 'busy'],
          entry: 'startUpload',
          invoke: {
            id: 'uploadPayroll',
            src: 'uploadPayroll',
            onDone: {
              target: 'uploaded',
              actions: ['keepUploaded', 'emitUploaded'],
            },
            onError: [
              {
                target: 'refused',
                guard: 'isRefused',
                actions: 'keepProblems',
              },
              {
                target: 'uploadFailed',
                actions: ['rememberFailure', 'emitFailed'],
              },
            ],
          },
        },
        uploaded: {
          description: 'Stored: the year is in the list (a re-upload replaced it) and the calendar is asked again.',
          tags: ['uploaded'],
          invoke: {
            id: 'refresh',
            src: 'loadOverview',
            onDone: {
              actions: 'keepOverview',
            },
            onError: {
              actions: ['rememberFailure', 'emitFailed'],
            },
          },
          on: {
            'payrolls.setYear': {
              guard: 'isOfferedYear',
              actions: 'setYear',
            },
            'payrolls.chooseFile': {
              actions: 'setFile',
            },
            'payrolls.upload': {
              target: '#payrolls.ready.uploading',
              guard: 'hasFile',
            },
            'payrolls.askDelete': {
              target: '#payrolls.ready.confirming',
              guard: 'isUploadedYear',
              actions: ['rememberPending', 'openConfirm'],
            },
          },
        },
        refused: {
          description: 'The file was refused and nothing stored: every problem with its line and column; the file stays chosen.',
          tags: ['refused'],
          on: {
            'payrolls.setYear': {
              guard: 'isOfferedYear',
              actions: 'setYear',
            },
            'payrolls.chooseFile': {
              actions: 'setFile',
            },
            'payrolls.upload': {
              target: '#payrolls.ready.uploading',
              guard: 'hasFile',
            },
            'payrolls.askDelete': {
              target: '#payrolls.ready.confirming',
              guard: 'isUploadedYear',
              actions: ['rememberPending', 'openConfirm'],
            },
          },
        },
        uploadFailed: {
          description: 'The upload got no answer, or another refusal (too large, not a file): uploading again is offered.',
          tags: ['uploadFailed'],
          on: {
            'payrolls.setYear': {
              guard: 'isOfferedYear',
              actions: 'setYear',
            },
            'payrolls.chooseFile': {
              actions: 'setFile',
            },
            'payrolls.upload': {
              target: '#payrolls.ready.uploading',
              guard: 'hasFile',
            },
            'payrolls.askDelete': {
              target: '#payrolls.ready.confirming',
              guard: 'isUploadedYear',
              actions: ['rememberPending', 'openConfirm'],
            },
          },
        },
        confirming: {
          description: 'The confirm modal (kind delete) asks whether to delete the year with its report and actions.',
          tags: ['confirming', 'busy'],
          on: {
            'payrolls.answer': [
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
          description: 'Deleting the year\'s payroll, its report and its recorded actions.',
          tags: ['deleting', 'busy'],
          invoke: {
            id: 'deletePayroll',
            src: 'deletePayroll',
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
          description: 'The year is gone from the list; the calendar is asked again.',
          tags: ['deleted'],
          invoke: {
            id: 'refresh',
            src: 'loadOverview',
            onDone: {
              actions: 'keepOverview',
            },
            onError: {
              actions: ['rememberFailure', 'emitFailed'],
            },
          },
          on: {
            'payrolls.setYear': {
              guard: 'isOfferedYear',
              actions: 'setYear',
            },
            'payrolls.chooseFile': {
              actions: 'setFile',
            },
            'payrolls.upload': {
              target: '#payrolls.ready.uploading',
              guard: 'hasFile',
            },
            'payrolls.askDelete': {
              target: '#payrolls.ready.confirming',
              guard: 'isUploadedYear',
              actions: ['rememberPending', 'openConfirm'],
            },
          },
        },
      },
    },
  },
});
