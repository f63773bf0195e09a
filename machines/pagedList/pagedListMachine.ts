import { assertEvent, assign, emit, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { failureOf } from '../../src/api/callFailure';
export { failureOf } from '../../src/api/callFailure';

/** One page of a list as the API answers it (the contract's `*Page` schemas: items, page, limit, total). */
export interface ListPage<T = unknown> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

export interface PageRequest {
  page: number;
  limit: number;
}

export interface PagedListInput {
  /** Items per page. */
  limit: number;
}

export interface PagedListContext {
  page: number;
  limit: number;
  /** The page shown; kept while the next one loads. */
  data: ListPage | null;
  failure: CallFailure | null;
}

export type PagedListEvent =
  /** Show page n (1-based); ignored outside the list or for the page shown. */
  | { type: 'list.goToPage'; page: number }
  /** Load the failed page again. */
  | { type: 'list.retry' }
  /** Load the page shown again (its data changed elsewhere, e.g. a balance moved). */
  | { type: 'list.reload' };

export type PagedListEmitted = { type: 'list.failed'; failure: CallFailure };

export const pageCount = (context: Pick<PagedListContext, 'data' | 'limit'>) => Math.max(1, Math.ceil((context.data?.total ?? 0) / context.limit));

/**
 * A read-only list the API serves in pages (the credit ledger): the view shows one page and moves
 * through them; the machine decides which page is asked, what shows while it loads and what a failure
 * or an empty list looks like.
 *
 * ```
 * loading ──done(items)──▶ ready ── goToPage(n) / reload ──▶ loading
 *    │    └─done(none)───▶ empty ── reload ──────────────────▶ loading
 *    └─error─▶ failed ── retry ──▶ loading
 * ```
 *
 * - The page shown stays on screen while the next one loads (no jump), tagged `loading`.
 * - Tags: `loading`, `ready`, `empty`, `failed`. Emits `list.failed` so the app can notify the failure.
 */
export const pagedListMachine = setup({
  types: {
    context: {} as PagedListContext,
    events: {} as PagedListEvent,
    input: {} as PagedListInput,
    emitted: {} as PagedListEmitted,
  },
  actors: {
    /** Loads one page; rejects with the client's CallFailure. Injected. */
    loadPage: fromPromise<ListPage, PageRequest>(async () => {
      throw new Error('pagedList: provide loadPage');
    }),
  },
  guards: {
    isAnotherPage: ({ context, event }) => {
      assertEvent(event, 'list.goToPage');
      return Number.isInteger(event.page) && event.page >= 1 && event.page <= pageCount(context) && event.page !== context.page;
    },
    hasItems: (_, params: { page: ListPage }) => params.page.items.length > 0,
  },
  actions: {
    setPage: assign(({ event }) => {
      assertEvent(event, 'list.goToPage');
      return { page: event.page };
    }),
    rememberPage: assign((_, params: { page: ListPage }) => ({ data: params.page, failure: null })),
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    emitFailed: emit(({ context }) => ({ type: 'list.failed' as const, failure: context.failure ?? failureOf(null) })),
  },
}).createMachine({
  id: 'pagedList',
  description: 'A read-only list served in pages: loading, a page, an empty list, or a failure to retry.',
  context: ({ input }) => ({ page: 1, limit: input.limit, data: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking for the current page; the page shown before stays until the answer comes.',
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ page: context.page, limit: context.limit }),
        onDone: [
          {
            guard: { type: 'hasItems', params: ({ event }) => ({ page: event.output }) },
            target: 'ready',
            actions: { type: 'rememberPage', params: ({ event }) => ({ page: event.output }) },
          },
          { target: 'empty', actions: { type: 'rememberPage', params: ({ event }) => ({ page: event.output }) } },
        ],
        onError: { target: 'failed', actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, 'emitFailed'] },
      },
    },
    ready: {
      description: 'One page of items, with the pages before and after to move to.',
      tags: ['ready'],
      on: {
        'list.goToPage': { guard: 'isAnotherPage', target: 'loading', actions: 'setPage' },
        'list.reload': { target: 'loading' },
      },
    },
    empty: {
      description: 'The list has nothing in it (yet).',
      tags: ['empty'],
      on: { 'list.reload': { target: 'loading' } },
    },
    failed: {
      description: 'The page could not be loaded; it can be asked again.',
      tags: ['failed'],
      on: { 'list.retry': { target: 'loading' } },
    },
  },
});

export type PagedListMachine = typeof pagedListMachine;

/**
 * The machine with a list's real `loadPage` (e.g. the credit ledger's). The machine never looks inside an
 * item, so a loader of any item type fits; the view reads the items back with `pagedListView<T>`.
 */
export function providePagedList<T>(loadPage: PromiseActorLogic<ListPage<T>, PageRequest>) {
  return pagedListMachine.provide({ actors: { loadPage: loadPage as unknown as PromiseActorLogic<ListPage, PageRequest> } });
}
