import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { PeerGroupFilters } from '../../src/domain/peerGroupFilters';

/** The search that ran out of credits, kept for the way back (a saved redirect, spec §4). */
export interface PendingSearch {
  /** Where the search ran. */
  path: string;
  filters: PeerGroupFilters;
}

export interface CreditGateContext {
  pending: PendingSearch | null;
}

export type CreditGateEvent =
  /** A search was refused for lack of credits (402): keep it for later. */
  | { type: 'creditGate.exhausted'; search: PendingSearch }
  /** A credit purchase was confirmed. */
  | { type: 'creditGate.creditsAdded' }
  /** Back to the search (it opens with its filters, ready to run). */
  | { type: 'creditGate.resume' }
  /** Forget the search. */
  | { type: 'creditGate.discard' };

/** The page navigates to `path`, where the comparison picks the search up (`takePendingSearch`). */
export type CreditGateEmitted = { type: 'creditGate.returnTo'; path: string };

/**
 * The credit gate (spec §4 "Insufficient credits moves the user to /my-account", §6 "Credits gate paid
 * searches"): the search a corporate user could not pay for is kept (session storage, this tab only), and
 * after buying credits the person goes back to it and can run it.
 *
 * ```
 * loading ──found──▶ waiting ──creditsAdded──▶ ready
 *   └─none─▶ none      │  ▲                      │
 *   exhausted(search)  │  └── exhausted ◀────────┤ (a newer search replaces it)
 *   ─▶ saving ─▶ waiting ── resume ──▶ returning (emits creditGate.returnTo)
 *                      └── discard ──▶ discarding ─▶ none
 * ```
 *
 * - `savePendingSearch` / `loadPendingSearch` / `clearPendingSearch` are the storage (actors.ts); the
 *   comparison page takes the search when it opens, so the way back leads to it exactly once.
 * - Tags: `loading`, `none`, `pending` (saving, waiting and ready), `ready`, `returning`, `busy`.
 */
export const creditGateMachine = setup({
  types: {
    context: {} as CreditGateContext,
    events: {} as CreditGateEvent,
    emitted: {} as CreditGateEmitted,
  },
  actors: {
    loadPendingSearch: fromPromise<PendingSearch | null>(async () => {
      throw new Error('creditGate: provide loadPendingSearch');
    }),
    savePendingSearch: fromPromise<void, PendingSearch>(async () => {
      throw new Error('creditGate: provide savePendingSearch');
    }),
    clearPendingSearch: fromPromise<void>(async () => {
      throw new Error('creditGate: provide clearPendingSearch');
    }),
  },
  guards: {
    found: (_, params: { pending: PendingSearch | null }) => params.pending !== null,
  },
  actions: {
    rememberPending: assign((_, params: { pending: PendingSearch | null }) => ({ pending: params.pending })),
    rememberSearch: assign(({ event }) => {
      assertEvent(event, 'creditGate.exhausted');
      return { pending: event.search };
    }),
    forget: assign({ pending: null }),
    emitReturnTo: emit(({ context }) => ({ type: 'creditGate.returnTo' as const, path: context.pending?.path ?? '/comparison' })),
  },
}).createMachine({
  id: 'creditGate',
  description: 'Keeps the search that ran out of credits and leads back to it after buying credits.',
  context: { pending: null },
  initial: 'loading',
  on: {
    'creditGate.exhausted': { target: '.saving', actions: 'rememberSearch' },
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
            guard: { type: 'found', params: ({ event }) => ({ pending: event.output }) },
            target: 'waiting',
            actions: { type: 'rememberPending', params: ({ event }) => ({ pending: event.output }) },
          },
          { target: 'none' },
        ],
        onError: { target: 'none' },
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
        input: ({ context }) => context.pending as PendingSearch,
        onDone: { target: 'waiting' },
        // Storage refused (private mode, full): the way back cannot be offered.
        onError: { target: 'none', actions: 'forget' },
      },
    },
    waiting: {
      description: 'A search waits for credits: buying a pack leads back to it.',
      tags: ['pending'],
      on: {
        'creditGate.creditsAdded': { target: 'ready' },
        'creditGate.resume': { target: 'returning' },
        'creditGate.discard': { target: 'discarding' },
      },
    },
    ready: {
      description: 'Credits were bought: the way back to the search is offered first.',
      tags: ['pending', 'ready'],
      on: {
        'creditGate.resume': { target: 'returning' },
        'creditGate.discard': { target: 'discarding' },
      },
    },
    returning: {
      description: 'Going back to the search (the comparison page takes it from storage).',
      tags: ['returning'],
      entry: 'emitReturnTo',
    },
    discarding: {
      description: 'Forgetting the search.',
      tags: ['busy'],
      invoke: {
        id: 'clearPendingSearch',
        src: 'clearPendingSearch',
        onDone: { target: 'none', actions: 'forget' },
        onError: { target: 'none', actions: 'forget' },
      },
    },
  },
});

export type CreditGateMachine = typeof creditGateMachine;
