// negotiationBriefMachine from machines/negotiationBrief/negotiationBriefMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'negotiationBrief',
  description: 'Downloads the caller’s negotiation brief (a PDF) and saves it as a file.',
  initial: 'idle',
  context: {
    language: 'es',
    file: null,
    requiredPlan: null,
    failure: null,
  },
  states: {
    idle: {
      description: 'The button waits for a click.',
      tags: ['idle'],
      on: {
        'brief.download': {
          target: 'downloading',
          actions: 'startDownload',
        },
      },
    },
    downloading: {
      description: 'Asking the server for the brief in the reader’s language.',
      tags: ['busy'],
      invoke: {
        id: 'downloadBrief',
        src: 'downloadBrief',
        onDone: {
          target: 'saving',
          actions: 'keepFile',
        },
        onError: [
          {
            target: 'premiumRequired',
            guard: 'isPremiumRequired',
            actions: ['rememberPlan', 'emitPremiumRequired'],
          },
          {
            target: 'failed',
            actions: ['rememberFailure', 'emitFailed'],
          },
        ],
      },
    },
    saving: {
      description: 'Handing the PDF to the browser as a file.',
      tags: ['busy'],
      invoke: {
        id: 'saveBrief',
        src: 'saveBrief',
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
      description: 'The file was saved; it may be downloaded again.',
      tags: ['done'],
      on: {
        'brief.download': {
          target: 'downloading',
          actions: 'startDownload',
        },
      },
    },
    failed: {
      description: 'The brief did not arrive (or could not be saved); it may be asked again.',
      tags: ['failed'],
      on: {
        'brief.download': {
          target: 'downloading',
          actions: 'startDownload',
        },
      },
    },
    premiumRequired: {
      description: 'The caller’s plan does not include the brief: the page offers the plan that does.',
      tags: ['premiumRequired'],
      on: {
        'brief.download': {
          target: 'downloading',
          actions: 'startDownload',
        },
      },
    },
  },
});
