// jobProgressMachine from machines/jobProgress/jobProgressMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'jobProgress',
  description: 'A background job started from an admin page and followed until it is completed or failed.',
  initial: 'idle',
  states: {
    idle: {
      description: 'No job yet: the page offers to start it. Opened on a job already started (its id given), it follows it at once.',
      tags: ['idle'],
      on: {
        'job.start': {
          target: 'starting',
        },
        'job.follow': {
          target: 'following',
          actions: 'followGiven',
        },
      },
      always: {
        target: 'following',
        guard: 'hasJobId',
      },
    },
    starting: {
      description: 'The start call is on its way.',
      tags: ['starting'],
      invoke: {
        id: 'startJob',
        src: 'startJob',
        onDone: {
          target: 'following',
          actions: 'rememberJobId',
        },
        onError: {
          target: 'startFailed',
          actions: 'rememberFailure',
        },
      },
    },
    startFailed: {
      description: 'The job could not be started (refused or no answer); the page says why and may try again.',
      tags: ['startFailed'],
      on: {
        'job.retry': {
          target: 'starting',
          actions: 'clearAttempts',
        },
        'job.reset': {
          target: 'idle',
          actions: 'forget',
        },
      },
    },
    following: {
      description: 'The job is queued or running: read it, wait, read it again.',
      initial: 'reading',
      tags: ['running'],
      states: {
        reading: {
          description: 'GET /api/jobs/{id} is on its way.',
          invoke: {
            id: 'readJob',
            src: 'readJob',
            onDone: [
              {
                target: '#jobProgress.finished.completed',
                guard: 'isCompleted',
                actions: ['rememberJob', 'emitCompleted'],
              },
              {
                target: '#jobProgress.finished.failed',
                guard: 'isFinishedBadly',
                actions: ['rememberJob', 'emitFailed'],
              },
              {
                target: 'waiting',
                actions: 'rememberJob',
              },
            ],
            onError: [
              {
                target: 'backingOff',
                guard: 'mayTryAgain',
                actions: 'rememberFailure',
              },
              {
                target: '#jobProgress.unreachable',
                actions: ['rememberFailure', 'emitUnreachable'],
              },
            ],
          },
        },
        waiting: {
          description: 'The job runs; the progress shown is the last read. Read again after pollDelay.',
          after: {
            pollDelay: {
              target: 'reading',
            },
          },
        },
        backingOff: {
          description: 'A read failed (no answer, or the server had trouble): try again after retryDelay, longer each time.',
          after: {
            retryDelay: {
              target: 'reading',
            },
          },
        },
      },
    },
    finished: {
      description: 'The job ended (completed, or failed or cancelled): it may be run again, or the page cleared.',
      initial: 'completed',
      on: {
        'job.start': {
          target: 'starting',
          actions: 'forget',
        },
        'job.reset': {
          target: 'idle',
          actions: 'forget',
        },
      },
      states: {
        completed: {
          description: 'The job is done; its result is shown.',
          tags: ['completed'],
        },
        failed: {
          description: 'The job failed (or was cancelled); its short error is shown.',
          tags: ['failed'],
        },
      },
    },
    unreachable: {
      description: 'The job could not be read (refused, or no answer several times in a row); the admin may try again.',
      tags: ['unreachable'],
      on: {
        'job.retry': {
          target: 'following',
          actions: 'clearAttempts',
        },
      },
    },
  },
});
