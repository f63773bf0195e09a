// evolutionMachine from machines/evolution/evolutionMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'evolution',
  description: 'A peer group\'s median and quartiles per survey year, nominal or in today\'s money, with the person\'s own line.',
  initial: 'preparing',
  on: {
    'evolution.setScale': {
      actions: 'setScale',
    },
    'evolution.setCredits': {
      actions: 'setCredits',
    },
  },
  states: {
    preparing: {
      description: 'Loading where the evolution starts: the person\'s own peer group, or a saved search.',
      tags: ['loading'],
      invoke: {
        id: 'loadStartingPoint',
        src: 'loadStartingPoint',
        onDone: [
          {
            target: 'searching',
            guard: 'searchesAtOnce',
            actions: 'applyStart',
          },
          {
            target: 'editing',
            actions: 'applyStart',
          },
        ],
        onError: {
          target: 'unavailable',
          actions: 'rememberFailure',
        },
      },
    },
    unavailable: {
      description: 'The starting point could not be loaded.',
      tags: ['unavailable'],
      on: {
        'evolution.retry': {
          target: 'preparing',
        },
      },
    },
    editing: {
      description: 'The person chooses the filters (counted, free, after each pause); an earlier answer stays on screen, marked as not answering them.',
      initial: 'counting',
      tags: ['editing'],
      on: {
        'evolution.setFilter': {
          target: '.waiting',
          actions: 'setFilter',
          reenter: true,
        },
        'evolution.clearFilters': {
          target: '.waiting',
          actions: 'clearFilters',
          reenter: true,
        },
        'evolution.search': {
          target: 'searching',
          guard: 'hasCredits',
          actions: 'startNewSearch',
        },
      },
      states: {
        waiting: {
          description: 'A filter just changed: waits for a pause before counting, so changing filters does not flood the server.',
          tags: ['counting'],
          after: {
            countDebounce: {
              target: 'counting',
            },
          },
        },
        counting: {
          description: 'Counting the people who match in the latest year; a filter change cancels this request.',
          tags: ['counting'],
          invoke: {
            id: 'countResults',
            src: 'countResults',
            onDone: {
              target: 'ready',
              actions: 'rememberCount',
            },
            onError: {
              target: 'countFailed',
              actions: 'forgetCount',
            },
          },
        },
        ready: {
          description: 'The count is shown ("N people match", or "<5").',
        },
        countFailed: {
          description: 'The count did not arrive; it may be asked again (the evolution may be asked anyway).',
          on: {
            'evolution.retry': {
              target: 'counting',
            },
          },
        },
      },
    },
    searching: {
      description: 'Asking for the evolution (1 credit for a corporate user unless it re-opens a saved search).',
      tags: ['busy'],
      invoke: {
        id: 'runEvolution',
        src: 'runEvolution',
        onDone: {
          target: 'result',
          actions: ['rememberAnswer', 'emitSearched'],
        },
        onError: [
          {
            target: 'creditGate',
            guard: 'isInsufficientCredits',
            actions: ['rememberFailure', 'emitCreditsExhausted'],
          },
          {
            target: 'premiumRequired',
            guard: 'needsPlan',
            actions: 'rememberFailure',
          },
          {
            target: 'formRequired',
            guard: 'needsForm',
            actions: 'rememberFailure',
          },
          {
            target: 'failed',
            actions: ['rememberFailure', 'emitFailed'],
          },
        ],
      },
    },
    result: {
      description: 'The chart and the figures per year (years under K marked, not dropped); without figures in any year, one sentence and a widening link.',
      tags: ['result'],
      on: {
        'evolution.widen': {
          target: 'searching',
          guard: 'canWiden',
          actions: ['widenFilters', 'startNewSearch'],
        },
        'evolution.setFilter': {
          target: 'editing.waiting',
          actions: 'setFilter',
        },
        'evolution.clearFilters': {
          target: 'editing.waiting',
          actions: 'clearFilters',
        },
      },
    },
    creditGate: {
      description: 'A corporate user without credits: the app warns and leads to /my-account.',
      tags: ['creditGate'],
    },
    premiumRequired: {
      description: 'The member\'s plan lacks the evolution (403 PREMIUM_REQUIRED): the way out is the premium modal, the plan that unlocks it marked.',
      tags: ['premiumRequired'],
    },
    formRequired: {
      description: 'A member without a completed form: the way out is the questionnaire.',
      tags: ['formRequired'],
    },
    failed: {
      description: 'The evolution did not arrive; it may be asked again (same key) or the filters changed.',
      tags: ['failed'],
      on: {
        'evolution.retry': {
          target: 'searching',
        },
        'evolution.setFilter': {
          target: 'editing.waiting',
          actions: 'setFilter',
        },
      },
    },
  },
});
