import { emit, setup } from 'xstate';
import { LOADING_SLOW_MS } from '../../src/domain/constants';

export type LoadingEvent = { type: 'loading.show' } | { type: 'loading.hide' } | { type: 'loading.retry' };
export type LoadingEmitted = { type: 'loading.retried' };

/**
 * The one loading spinner of the app ("loading spinner default 3 s"). What the 3 s means: a
 * loading state shows the spinner at once; when it is still loading 3 s later (`slowAfter`, default
 * LOADING_SLOW_MS) the spinner stays and a "still working…" message joins it, with "try again" when the
 * loading owner can retry. The spinner never disappears by itself: it goes when the load ends.
 *
 * ```
 *  idle ─loading.show─▶ spinning ─after slowAfter─▶ slow
 *   ▲                      │  ▲                      │ loading.retry (emits loading.retried)
 *   └──── loading.hide ────┘  └──────────────────────┘
 * ```
 */
export const loadingMachine = setup({
  types: {
    events: {} as LoadingEvent,
    emitted: {} as LoadingEmitted,
  },
  actions: {
    emitRetried: emit({ type: 'loading.retried' as const }),
  },
  delays: {
    /** How long the spinner shows alone before it says it is still working. */
    slowAfter: LOADING_SLOW_MS,
  },
}).createMachine({
  id: 'loading',
  description: 'One loading state: a spinner at once, a "still working…" message (and try again) after 3 s.',
  initial: 'idle',
  on: {
    'loading.hide': { target: '.idle' },
  },
  states: {
    idle: {
      description: 'Nothing is loading: nothing shows.',
      on: { 'loading.show': 'spinning' },
    },
    spinning: {
      description: 'Loading for less than slowAfter (3 s): the spinner alone.',
      tags: ['visible'],
      after: { slowAfter: 'slow' },
    },
    slow: {
      description: 'Still loading after slowAfter: the spinner with "still working…" and, when the owner can, try again.',
      tags: ['visible', 'slow'],
      on: { 'loading.retry': { target: 'spinning', actions: 'emitRetried' } },
    },
  },
});

export type LoadingMachine = typeof loadingMachine;
