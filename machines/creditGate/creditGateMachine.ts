import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import { injected } from '../shared/injected';

/** The search that ran out of credits, kept for the way back (a saved redirect). */
export interface PendingSearch {
  /** Where the search ran. */
  path: string;
  filters: PeerGroupFilters;
}

export interface CreditGateContext {
  pending: PendingSearch | null;
  /** The 402 that refused the search, while it is kept (then the person is sent to buy credits). */
  refusal: CallFailure | null;
}

export type CreditGateEvent =
  /** A search cannot run for lack of credits (the balance shows 0): keep it for later, quietly. */
  | { type: 'creditGate.exhausted'; search: PendingSearch }
  /** The server refused a search for lack of credits (402 INSUFFICIENT_CREDITS): keep it, then send the person to buy credits. */
  | { type: 'creditGate.refused'; search: PendingSearch; failure: CallFailure }
  /** A credit purchase was confirmed. */
  | { type: 'creditGate.creditsAdded' }
  /** Back to the search (it opens with its filters, ready to run). */
  | { type: 'creditGate.resume' }
  /** Forget the search. */
  | { type: 'creditGate.discard' };

export type CreditGateEmitted =
  /**
   * The page navigates to `path`, where the comparison picks the search up; `runSearch`: it runs by itself there
   * (the comparison's `searchOnOpen`), the person asked to go back to it, not to set it up again.
   */
  | { type: 'creditGate.returnTo'; path: string; runSearch: true }
  /**
   * The refused search is kept (or could not be): the page hands `failure` to the error catalogue, which shows the
   * insufficient-credits warning (8 s) and goes to /my-account, as on every paid view.
   */
  | { type: 'creditGate.toCredits'; failure: CallFailure };

/**
 * The credit gate (insufficient credits move the user to /my-account; credits gate paid searches,
 * docs/permissions-and-credits.md "Credits"): the search a corporate user could not pay for is kept (session storage, this tab only), and
 * after buying credits the person goes back to it, and it runs.
 *
 * ```
 * loading ──found──▶ waiting ──creditsAdded──▶ ready
 *   └─none─▶ none      │  ▲                      │
 *   exhausted(search)  │  └── exhausted ◀────────┤ (a newer search replaces it)
 *   ─▶ saving ─▶ waiting ── resume ──▶ returning (emits creditGate.returnTo)
 *                      └── discard ──▶ discarding ─▶ none
 *   refused(search, 402)
 *   ─▶ refusing ──saved──▶ waiting   (emits creditGate.toCredits: the warning toast, then /my-account)
 *          └──not saved──▶ none      (emits creditGate.toCredits as well: no way back to offer)
 * ```
 *
 * - `savePendingSearch` / `loadPendingSearch` / `clearPendingSearch` are the storage (actors.ts); the
 *   comparison page takes the search when it opens, so the way back leads to it exactly once.
 * - A search the balance cannot pay for (0 shown) is kept quietly (`exhausted`); one the server refused with 402
 *   (`refused`) is kept the same way and then the person is sent to /my-account with the warning, only once the
 *   search is stored, so the credits page finds it.
 * - Tags: `loading`, `none`, `pending` (saving, refusing, waiting and ready), `ready`, `returning`, `busy`.
 */
export const creditGateMachine = setup({
  types: {
    context: {} as CreditGateContext,
    events: {} as CreditGateEvent,
    emitted: {} as CreditGateEmitted,
  },
  actors: {
    loadPendingSearch: injected<PendingSearch | null>('creditGate: provide loadPendingSearch'),
    savePendingSearch: injected<void, PendingSearch>('creditGate: provide savePendingSearch'),
    clearPendingSearch: injected<void>('creditGate: provide clearPendingSearch'),
  },
  guards: {
    found: (_, params: { pending: PendingSearch | null }) => params.pending !== null,
  },
  actions: {
    rememberPending: assign((_, params: { pending: PendingSearch | null }) => ({ pending: params.pending })),
    rememberSearch: assign(({ event }) => {
      assertEvent(event, 'creditGate.exhausted');
      return { pending: event.search, refusal: null };
    }),
    rememberRefusal: assign(({ event }) => {
      assertEvent(event, 'creditGate.refused');
      return { pending: event.search, refusal: event.failure };
    }),
    forget: assign({ pending: null }),
    emitReturnTo: emit(({ context }) => ({ type: 'creditGate.returnTo' as const, path: context.pending?.path ?? '/comparison', runSearch: true as const })),
    /** Hands the refusal to the page (the catalogue's warning and /my-account) and forgets it. */
    emitToCredits: emit(({ context }) => ({ type: 'creditGate.toCredits' as const, failure: context.refusal! })),
    forgetRefusal: assign({ refusal: null }),
  },
}).createMachine({
  id: 'creditGate',
  description: 'Keeps the search that ran out of credits and leads back to it after buying credits.',
  context: { pending: null, refusal: null },
  initial: 'loading',
  on: {
    'creditGate.exhausted': { target: '.saving', actions: 'rememberSearch' },
    'creditGate.refused': { target: '.refusing', actions: 'rememberRefusal' },
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
    refusing: {
      description: 'The server refused the search for lack of credits (402): keeping it, then the warning and /my-account.',
      tags: ['pending'],
      invoke: {
        id: 'saveRefusedSearch',
        src: 'savePendingSearch',
        input: ({ context }) => context.pending as PendingSearch,
        onDone: { target: 'waiting', actions: ['emitToCredits', 'forgetRefusal'] },
        // Storage refused: the person still goes to buy credits, without a way back.
        onError: { target: 'none', actions: ['emitToCredits', 'forgetRefusal', 'forget'] },
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
        onDone: { target: 'none', actions: 'forget' },
        onError: { target: 'none', actions: 'forget' },
      },
    },
  },
});

export type CreditGateMachine = typeof creditGateMachine;
