import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { confirmModalMachine } from '../confirmModal/confirmModalMachine';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { confirmChild, confirmSetup } from '../shared/confirm';
import { failTo, outputOf, retryOn } from '../shared/load';
import { isAnotherPage } from '../shared/paging';

export type HistoryPage = components['schemas']['HistoryPage'];
export type HistoryEntry = components['schemas']['HistoryEntry'];

export interface SearchHistoryInput {
  /** Entries per page (the contract's default is 10). */
  limit?: number;
}

export interface HistoryPageRequest {
  page: number;
  limit: number;
}

export interface SearchHistoryContext {
  page: number;
  limit: number;
  /** The page shown; kept while the next one loads. */
  data: HistoryPage | null;
  /** The entry the person asked to delete. */
  pendingId: string | null;
  failure: CallFailure | null;
}

export type SearchHistoryEvent =
  | { type: 'searchHistory.goToPage'; page: number }
  | { type: 'searchHistory.retry' }
  | { type: 'searchHistory.askDelete'; id: string }
  | { type: 'searchHistory.answer'; confirmed: boolean };

export type SearchHistoryEmitted = { type: 'searchHistory.deleted'; id: string } | { type: 'searchHistory.failed'; failure: CallFailure };

export const DEFAULT_HISTORY_LIMIT = 10;

const confirmDelete = confirmSetup<SearchHistoryContext, SearchHistoryEvent>('delete');

/**
 * The person's saved searches (my-account/my-searches): a paged list, re-opened elsewhere (comparison/{id},
 * free), deleted behind the confirm modal of type delete.
 *
 * ```
 * loading ──done──▶ ready ── askDelete(id) ──▶ confirming ── answer(true) ──▶ deleting ──done──▶ loading
 *   │  ▲              │  goToPage(n)               └── answer(false) ──▶ ready       └─error─▶ ready (failure)
 *   │  └──────────────┘
 *   └─error─▶ failed ── retry ──▶ loading
 * ```
 *
 * - The confirm modal is a child actor (`confirm`, machines/confirmModal): `confirming` opens it with
 *   kind delete, the person's answer resolves or rejects it, so its view model drives the dialog.
 * - A page that becomes empty after a delete loads the page before it.
 * - Tags: `loading`, `ready`, `confirming`, `deleting`, `failed`.
 */
export const searchHistoryMachine = setup({
  types: {
    context: {} as SearchHistoryContext,
    events: {} as SearchHistoryEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- every field is optional, yet the assertion types the input
    input: {} as SearchHistoryInput,
    emitted: {} as SearchHistoryEmitted,
  },
  actors: {
    confirmModal: confirmModalMachine,
    loadHistory: injected<HistoryPage, HistoryPageRequest>('searchHistory: provide loadHistory'),
    deleteEntry: injected<true, { id: string }>('searchHistory: provide deleteEntry'),
  },
  guards: {
    isAnotherPage: ({ context, event }) => {
      assertEvent(event, 'searchHistory.goToPage');
      return isAnotherPage(context, event.page);
    },
    pageEmptiedByDelete: ({ context }, params: { page: HistoryPage }) => params.page.items.length === 0 && context.page > 1 && params.page.total > 0,
    ...confirmDelete.guards,
  },
  actions: {
    setPage: assign(({ event }) => {
      assertEvent(event, 'searchHistory.goToPage');
      return { page: event.page };
    }),
    previousPage: assign({ page: ({ context }) => context.page - 1 }),
    rememberPage: assign(({ event }) => ({ data: outputOf<HistoryPage>(event), failure: null })),
    rememberPending: assign(({ event }) => {
      assertEvent(event, 'searchHistory.askDelete');
      return { pendingId: event.id, failure: null };
    }),
    forgetPending: assign({ pendingId: null }),
    ...confirmDelete.actions,
    emitDeleted: emit(({ context }) => ({ type: 'searchHistory.deleted' as const, id: context.pendingId ?? '' })),
    ...failureActions<SearchHistoryContext, SearchHistoryEvent, SearchHistoryEmitted>('searchHistory.failed'),
  },
}).createMachine({
  id: 'searchHistory',
  description: 'The saved searches of the signed-in person: paged, re-opened for free, deleted after confirming.',
  context: ({ input }) => ({ page: 1, limit: input.limit ?? DEFAULT_HISTORY_LIMIT, data: null, pendingId: null, failure: null }),
  invoke: confirmChild('delete'),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading one page of the history (newest first).',
      tags: ['loading'],
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        input: ({ context }) => ({ page: context.page, limit: context.limit }),
        onDone: [
          {
            guard: { type: 'pageEmptiedByDelete', params: ({ event }) => ({ page: event.output }) },
            target: 'loading',
            reenter: true,
            actions: 'previousPage',
          },
          { target: 'ready', actions: 'rememberPage' },
        ],
        onError: failTo('failed'),
      },
    },
    failed: { description: 'The page could not be loaded.', ...retryOn('searchHistory.retry') },
    ready: {
      description: 'One page of saved searches, each to re-open or delete; pages to move through.',
      tags: ['ready'],
      on: {
        'searchHistory.goToPage': { guard: 'isAnotherPage', target: 'loading', actions: 'setPage' },
        'searchHistory.askDelete': { target: 'confirming', actions: ['rememberPending', 'openConfirm'] },
      },
    },
    confirming: {
      description: 'The confirm modal (kind delete) asks whether to delete the entry.',
      tags: ['confirming'],
      on: {
        'searchHistory.answer': [
          { guard: 'confirmed', target: 'deleting', actions: 'resolveConfirm' },
          { target: 'ready', actions: ['rejectConfirm', 'forgetPending'] },
        ],
      },
    },
    deleting: {
      description: 'Deleting the entry; the page is then loaded again.',
      tags: ['deleting'],
      invoke: {
        id: 'deleteEntry',
        src: 'deleteEntry',
        input: ({ context }) => ({ id: context.pendingId ?? '' }),
        onDone: { target: 'loading', actions: ['emitDeleted', 'forgetPending'] },
        onError: { target: 'ready', actions: ['rememberFailure', 'emitFailed', 'forgetPending'] },
      },
    },
  },
});

export type SearchHistoryMachine = typeof searchHistoryMachine;
