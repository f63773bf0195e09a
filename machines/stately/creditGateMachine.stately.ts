// creditGateMachine from machines/creditGate/creditGateMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'creditGate',
  description: 'Keeps the search that ran out of credits and leads back to it after buying credits.',
  initial: 'loading',
  on: {
    'creditGate.exhausted': {
      target: '.saving',
      actions: 'rememberSearch',
    },
    'creditGate.refused': {
      target: '.refusing',
      actions: 'rememberRefusal',
    },
  },
  context: {
    pending: null,
    refusal: null,
  },
  states: {
    loading: {
      description: 'Reading whether a search waits for credits.',
      tags: ['loading'],
      invoke: {
        id: 'loadPendingSearch',
        src: 'loadPendingSearch',
        onDone: [
          {
            target: 'waiting',
            guard: 'found',
            actions: 'rememberPending',
          },
          {
            target: 'none',
          },
        ],
        onError: {
          target: 'none',
        },
      },
    },
    none: {
      description: 'No search waits.',
      tags: ['none'],
    },
    saving: {
      description: 'Keeping the refused search for the way back.',
      tags: ['pending'],
      invoke: {
        id: 'savePendingSearch',
        src: 'savePendingSearch',
        onDone: {
          target: 'waiting',
        },
        onError: {
          target: 'none',
          actions: 'forget',
        },
      },
    },
    refusing: {
      description: 'The server refused the search for lack of credits (402): keeping it, then the warning and /my-account.',
      tags: ['pending'],
      invoke: {
        id: 'saveRefusedSearch',
        src: 'savePendingSearch',
        onDone: {
          target: 'waiting',
          actions: ['emitToCredits', 'forgetRefusal'],
        },
        onError: {
          target: 'none',
          actions: ['emitToCredits', 'forgetRefusal', 'forget'],
        },
      },
    },
    waiting: {
      description: 'A search waits for credits: buying a pack leads back to it.',
      tags: ['pending'],
      on: {
        'creditGate.creditsAdded': {
          target: 'ready',
        },
        'creditGate.resume': {
          target: 'returning',
        },
        'creditGate.discard': {
          target: 'discarding',
        },
      },
    },
    ready: {
      description: 'Credits were bought: the way back to the search is offered first.',
      tags: ['pending', 'ready'],
      on: {
        'creditGate.resume': {
          target: 'returning',
        },
        'creditGate.discard': {
          target: 'discarding',
        },
      },
    },
    returning: {
      description: 'Going back to the search, which runs there at once (the comparison page takes it from storage).',
      tags: ['returning'],
      entry: 'emitReturnTo',
    },
    discarding: {
      description: 'Forgetting the search.',
      tags: ['busy'],
      invoke: {
        id: 'clearPendingSearch',
        src: 'clearPendingSearch',
        onDone: {
          target: 'none',
          actions: 'forget',
        },
        onError: {
          target: 'none',
          actions: 'forget',
        },
      },
    },
  },
});
