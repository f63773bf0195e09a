// adminReleasesMachine from machines/adminReleases/adminReleasesMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'adminReleases',
  description: 'The statistics releases: the list with the next scheduled cut, and cutting one now after confirming.',
  initial: 'loading',
  invoke: {
    id: 'confirm',
    src: 'confirmModal',
  },
  states: {
    loading: {
      description: 'Loading one page of releases (newest first) with the next scheduled cut.',
      tags: ['loading'],
      invoke: {
        id: 'loadReleases',
        src: 'loadReleases',
        onDone: {
          target: 'ready',
          actions: 'rememberPage',
        },
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    failed: {
      description: 'The releases could not be loaded.',
      tags: ['failed'],
      on: {
        'releases.retry': {
          target: 'loading',
        },
      },
    },
    ready: {
      description: 'One page of releases, the next scheduled cut, the outcome of the last cut, and the cut button.',
      tags: ['ready'],
      on: {
        'releases.goToPage': {
          target: 'loading',
          guard: 'isAnotherPage',
          actions: 'setPage',
        },
        'releases.reload': {
          target: 'loading',
        },
        'releases.askCut': {
          target: 'confirming',
          actions: ['forgetOutcome', 'openConfirm'],
        },
      },
    },
    confirming: {
      description: 'The confirm modal (kind cut) asks whether to cut a release now.',
      tags: ['confirming'],
      on: {
        'releases.answer': [
          {
            target: 'cutting',
            guard: 'confirmed',
            actions: 'resolveConfirm',
          },
          {
            target: 'ready',
            actions: 'rejectConfirm',
          },
        ],
      },
    },
    cutting: {
      description: 'Asking the server to cut a release; it cuts only if at least K counted forms changed.',
      tags: ['cutting'],
      invoke: {
        id: 'cutRelease',
        src: 'cutRelease',
        onDone: [
          {
            target: 'loading',
            guard: 'wasCut',
            actions: ['rememberOutcome', 'firstPage', 'emitCut'],
          },
          {
            target: 'ready',
            actions: ['rememberOutcome', 'emitRefused'],
          },
        ],
        onError: {
          target: 'ready',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
  },
});
