// campaignCaptureMachine from machines/campaignCapture/campaignCaptureMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'capture',
  description: 'Captures the campaign id and e-mail of the address during the first 5 s and saves the campaign on the user.',
  type: 'parallel',
  states: {
    window: {
      description: 'The first 5 s after start, when the address is watched.',
      initial: 'watching',
      states: {
        watching: {
          description: 'Watching the address for id and email on every page.',
          tags: ['watching'],
          invoke: {
            id: 'watchQuery',
            src: 'watchQuery',
          },
          on: {
            'capture.found': {
              actions: ['rememberQuery', 'storeQuery', 'stripQuery'],
            },
          },
          after: {
            captureWindow: {
              target: 'closed',
            },
          },
        },
        closed: {
          description: 'More than 5 s after start: query parameters are ignored.',
        },
      },
    },
    campaign: {
      description: 'Saving the campaign id on the user.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No campaign id to save.',
          always: {
            target: 'waitingForSession',
            guard: 'hasUnsavedCampaign',
          },
        },
        waitingForSession: {
          description: 'A campaign id waits for someone to be signed in.',
          tags: ['pending'],
          invoke: {
            id: 'watchSession',
            src: 'watchSession',
          },
          on: {
            'capture.signedIn': [
              {
                target: 'saved',
                guard: 'userHoldsCampaign',
                actions: 'rememberSaved',
              },
              {
                target: 'saving',
              },
            ],
          },
        },
        saving: {
          description: 'PUT users/uid with the campaign id.',
          tags: ['pending'],
          invoke: {
            id: 'saveCampaign',
            src: 'saveCampaign',
            onDone: {
              target: 'saved',
              actions: ['rememberSaved', 'shareUser'],
            },
            onError: {
              target: 'failed',
            },
          },
        },
        saved: {
          description: 'The user record holds the campaign id. A different one captured later is saved again.',
          always: {
            target: 'waitingForSession',
            guard: 'hasUnsavedCampaign',
          },
        },
        failed: {
          description: 'Saving failed; the id stays in local storage and is tried again on the next visit.',
        },
      },
    },
  },
});
