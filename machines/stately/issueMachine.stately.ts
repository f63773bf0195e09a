// issueMachine from machines/newsletterAdmin/issueMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'newsletterIssue',
  description: 'An admin composes a newsletter issue from published posts, previews it and sends it.',
  initial: 'loadingPosts',
  states: {
    loadingPosts: {
      description: 'Loading the published posts of the language.',
      tags: ['loading'],
      invoke: {
        id: 'loadPosts',
        src: 'loadPosts',
        onDone: {
          target: 'composing',
          actions: 'rememberPosts',
        },
        onError: {
          target: 'postsFailed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    postsFailed: {
      description: 'The posts could not be loaded.',
      tags: ['failed'],
      on: {
        'issue.retry': {
          target: 'loadingPosts',
        },
      },
    },
    composing: {
      description: 'Choosing posts, writing the subject and the intro.',
      tags: ['composing'],
      on: {
        'issue.set': {
          actions: 'setField',
        },
        'issue.togglePost': {
          actions: 'togglePost',
        },
        'issue.language': {
          target: 'loadingPosts',
          guard: 'isOtherLanguage',
          actions: 'setLanguage',
        },
        'issue.preview': [
          {
            target: 'previewing',
            guard: 'isValid',
            actions: 'forgetFailure',
          },
          {
            actions: 'showErrors',
          },
        ],
      },
    },
    previewing: {
      description: 'Rendering the e-mail and counting its audience.',
      tags: ['previewing'],
      invoke: {
        id: 'previewIssue',
        src: 'previewIssue',
        onDone: {
          target: 'preview',
          actions: 'rememberPreview',
        },
        onError: {
          target: 'composing',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    preview: {
      description: 'The e-mail as subscribers get it, and how many it reaches; send or go back to edit.',
      tags: ['preview'],
      on: {
        'issue.edit': {
          target: 'composing',
        },
        'issue.send': {
          target: 'starting',
          actions: 'forgetFailure',
        },
      },
    },
    starting: {
      description: 'Saving the issue and starting its sending.',
      tags: ['starting'],
      invoke: {
        id: 'startSending',
        src: 'startSending',
        onDone: {
          target: 'sending',
          actions: 'rememberIssue',
        },
        onError: {
          target: 'preview',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    sending: {
      description: 'The sending runs in the background; its progress is asked for every POLL_INTERVAL.',
      tags: ['sending'],
      after: {
        POLL_INTERVAL: {
          target: 'checking',
        },
      },
    },
    checking: {
      description: 'Asking for the issue’s delivery counts.',
      tags: ['sending'],
      invoke: {
        id: 'loadIssue',
        src: 'loadIssue',
        onDone: [
          {
            target: 'sent',
            guard: 'isSent',
            actions: ['rememberIssue', 'emitSent'],
          },
          {
            target: 'sending',
            actions: 'rememberIssue',
          },
        ],
        onError: {
          target: 'sending',
          actions: 'rememberFailure',
        },
      },
    },
    sent: {
      description: 'Every delivery is done: sent, failed or skipped counts are shown.',
      tags: ['sent'],
      on: {
        'issue.new': {
          target: 'composing',
          actions: 'reset',
        },
      },
    },
  },
});
