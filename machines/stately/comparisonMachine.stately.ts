// comparisonMachine from machines/comparison/comparisonMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'comparison',
  description: 'Compares pay within a filtered peer group: live count, then a (possibly charged) search.',
  initial: 'preparing',
  on: {
    'comparison.setDeferred': {
      actions: 'setDeferred',
    },
    'comparison.setCredits': {
      actions: 'setCredits',
    },
  },
  states: {
    preparing: {
      description: 'Loading where the comparison starts: no filters, a saved search or the form an admin compares. Filters given with the input (a fresh start) need no loading.',
      tags: ['loading'],
      invoke: {
        id: 'loadStartingPoint',
        src: 'loadStartingPoint',
        onDone: [
          {
            target: 'searching',
            guard: 'opensSavedSearch',
            actions: 'applyStartingPoint',
          },
          {
            target: 'widening',
            guard: 'opensOwnGroup',
            actions: 'applyStartingPoint',
          },
          {
            target: 'editing',
            actions: 'applyStartingPoint',
          },
        ],
        onError: {
          target: 'unavailable',
          actions: 'rememberFailure',
        },
      },
      always: {
        target: 'editing',
        guard: 'startIsKnown',
      },
    },
    widening: {
      description: 'The person’s own peer group, compared at once: counted, and while under the threshold a filter is dropped (sector, country, position level) and it is counted again.',
      tags: ['busy'],
      invoke: {
        id: 'countOwnGroup',
        src: 'countResults',
        onDone: [
          {
            target: 'searching',
            guard: 'and(ownGroupIsLargeEnough, hasCredits)',
            actions: ['rememberCount', 'startNewSearch'],
          },
          {
            target: 'widening',
            guard: 'and(not(ownGroupIsLargeEnough), canWiden)',
            actions: 'dropNextFilter',
            reenter: true,
          },
          {
            target: '#comparison.editing.ready',
            actions: 'rememberCount',
          },
        ],
        onError: {
          target: '#comparison.editing.countFailed',
          actions: ['forgetCount', 'rememberFailure'],
        },
      },
    },
    unavailable: {
      description: 'The starting point could not be loaded (the saved search or the form is gone, or no answer).',
      tags: ['unavailable'],
      on: {
        'comparison.retry': {
          target: 'preparing',
        },
      },
    },
    editing: {
      description: 'The person chooses filters; the size of the group is counted (free) after each pause.',
      initial: 'counting',
      tags: ['editing'],
      on: {
        'comparison.setFilter': {
          target: '.waiting',
          actions: 'setFilter',
          reenter: true,
        },
        'comparison.clearFilters': {
          target: '.waiting',
          actions: 'clearFilters',
          reenter: true,
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
          description: 'Counting the people who match; a filter change cancels this request.',
          tags: ['counting'],
          invoke: {
            id: 'countResults',
            src: 'countResults',
            onDone: [
              {
                target: '#comparison.searching',
                guard: 'and(searchesOnOpen, hasCredits)',
                actions: ['rememberCount', 'forgetSearchOnOpen', 'startNewSearch'],
              },
              {
                target: 'ready',
                actions: ['rememberCount', 'forgetSearchOnOpen'],
              },
            ],
            onError: {
              target: 'countFailed',
              actions: ['forgetCount', 'forgetSearchOnOpen', 'rememberFailure'],
            },
          },
        },
        ready: {
          description: 'The count is shown ("N people match", or "<5"); a search is possible when the group reaches K.',
          on: {
            'comparison.search': {
              target: '#comparison.searching',
              guard: 'and(groupIsLargeEnough, hasCredits)',
              actions: 'startNewSearch',
            },
          },
        },
        countFailed: {
          description: 'The count did not arrive; the person may count again or search anyway (not without a form).',
          on: {
            'comparison.retry': {
              target: 'counting',
            },
            'comparison.search': {
              target: '#comparison.searching',
              guard: 'and(searchMayWork, hasCredits)',
              actions: 'startNewSearch',
            },
          },
        },
      },
    },
    searching: {
      description: 'Running the search (costs a corporate user 1 credit unless it re-opens a saved search).',
      tags: ['busy'],
      invoke: {
        id: 'runComparison',
        src: 'runComparison',
        onDone: [
          {
            target: 'answered.result',
            guard: 'answerIsOk',
            actions: ['rememberAnswer', 'emitSearched'],
          },
          {
            target: 'answered.withheld.refused',
            guard: 'answerIsRefused',
            actions: ['rememberAnswer', 'emitSearched'],
          },
          {
            target: 'answered.withheld.notEnoughData',
            actions: ['rememberAnswer', 'emitSearched'],
          },
        ],
        onError: [
          {
            target: 'answered.creditGate',
            guard: 'isInsufficientCredits',
            actions: ['rememberFailure', 'emitCreditsExhausted'],
          },
          {
            target: 'answered.failed',
            actions: ['rememberFailure', 'emitFailed'],
          },
        ],
      },
    },
    answered: {
      description: 'The search has answered (figures, withheld, no credits or failed); changing the filters edits them again.',
      initial: 'result',
      on: {
        'comparison.setFilter': {
          target: 'editing.waiting',
          actions: 'setFilter',
        },
        'comparison.clearFilters': {
          target: 'editing.waiting',
          actions: 'clearFilters',
        },
      },
      states: {
        result: {
          description: 'The figures per measure, the person’s position, n and the median’s interval; CSV download.',
          tags: ['result'],
        },
        withheld: {
          description: 'The search returned no figures: the group is under K, or it would let groups be subtracted.',
          initial: 'notEnoughData',
          tags: ['withheld'],
          states: {
            notEnoughData: {
              description: 'Fewer than K people: the privacy threshold is explained; nothing was charged.',
            },
            refused: {
              description: 'Refused because of a differencing risk, naming the filter; nothing was charged.',
            },
          },
        },
        creditGate: {
          description: 'No credits left (402): the app shows the warning and takes the person to /my-account.',
          tags: ['creditGate'],
        },
        failed: {
          description: 'The search failed; retrying sends the same filters with the same idempotency key.',
          tags: ['failed'],
          on: {
            'comparison.retry': {
              target: '#comparison.searching',
            },
          },
        },
      },
    },
  },
});
