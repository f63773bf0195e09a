// payTransparencyDownloadMachine from machines/payTransparency/payTransparencyDownloadMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'payTransparencyDownload',
  description: 'Fetches a payroll template or a report CSV with the session and saves it as a file.',
  initial: 'idle',
  context: {
    requested: null,
    downloaded: null,
    failure: null,
  },
  states: {
    idle: {
      description: 'Nothing asked yet.',
      tags: ['idle'],
      on: {
        'download.start': {
          target: '#payTransparencyDownload.downloading',
          actions: 'startDownload',
        },
      },
    },
    downloading: {
      description: 'Asking the server for the file.',
      tags: ['busy'],
      invoke: {
        id: 'fetchFile',
        src: 'fetchFile',
        onDone: {
          target: 'saving',
          actions: 'keepFile',
        },
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    saving: {
      description: 'Handing the file to the browser.',
      tags: ['busy'],
      invoke: {
        id: 'saveFile',
        src: 'saveFile',
        onDone: {
          target: 'done',
          actions: ['forgetFile', 'emitSaved'],
        },
        onError: {
          target: 'failed',
          actions: ['forgetFile', 'rememberFailure', 'emitFailed'],
        },
      },
    },
    done: {
      description: 'The file was saved; it (or another) may be downloaded again.',
      tags: ['done'],
      on: {
        'download.start': {
          target: '#payTransparencyDownload.downloading',
          actions: 'startDownload',
        },
      },
    },
    failed: {
      description: 'The file did not arrive (or could not be saved); it may be asked again.',
      tags: ['failed'],
      on: {
        'download.start': {
          target: '#payTransparencyDownload.downloading',
          actions: 'startDownload',
        },
      },
    },
  },
});
