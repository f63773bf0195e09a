import { assertEvent, assign, emit, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { failureOf, pageCount, type ListPage } from '../pagedList/pagedListMachine';

/** The filters of a list by name (`query`, `role`, `year`…); a filter that is not set is absent. */
export type ListFilters = Readonly<Record<string, string>>;

export interface FilteredPageRequest {
  page: number;
  limit: number;
  filters: ListFilters;
}

export interface FilteredListInput {
  /** Items per page. */
  limit: number;
  /** The filters to start with (e.g. read from the address bar); empty values are dropped. */
  filters?: ListFilters;
  /** The page to start on (from the address bar); 1 when absent or not a whole number ≥ 1. */
  page?: number;
}

export interface FilteredListContext {
  filters: ListFilters;
  page: number;
  limit: number;
  /** The page shown; kept while the next one loads. */
  data: ListPage | null;
  failure: CallFailure | null;
}

export type FilteredListEvent =
  /** Set (non-empty value) or clear (empty value) one filter; the list starts again at page 1. */
  | { type: 'list.filter'; name: string; value: string }
  /** Clear every filter; the list starts again at page 1. */
  | { type: 'list.clearFilters' }
  /** Show page n (1-based); ignored outside the list or for the page shown. */
  | { type: 'list.goToPage'; page: number }
  /** Load the failed page again. */
  | { type: 'list.retry' }
  /** Load the page shown again (its data changed elsewhere). */
  | { type: 'list.reload' };

export type FilteredListEmitted =
  | { type: 'list.failed'; failure: CallFailure }
  /** The filters or the page changed: the view keeps the address bar in step (back and forward, links). */
  | { type: 'list.queryChanged'; filters: ListFilters; page: number };

/** The filters without empty values, trimmed, in name order (so equal filters compare equal). */
export function cleanFilters(filters: ListFilters | undefined): ListFilters {
  return Object.fromEntries(
    Object.entries(filters ?? {})
      .map(([name, value]) => [name, value.trim()] as const)
      .filter(([, value]) => value !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const sameFilters = (a: ListFilters, b: ListFilters) => JSON.stringify(cleanFilters(a)) === JSON.stringify(cleanFilters(b));

/**
 * A list an admin searches and filters (users, forms), served in pages: the paged list of
 * machines/pagedList with filters. The view sends what the admin chose; the machine decides which page with
 * which filters is asked, what shows while it loads, and what an empty result or a failure looks like.
 *
 * ```
 * loading ──done(items)──▶ ready ── goToPage(n) / reload ───────▶ loading
 *    │    └─done(none)───▶ empty                                    ▲
 *    └─error─▶ failed ── retry ──▶ loading                           │
 * (any state) ── filter / clearFilters (a real change) ─▶ page 1 ────┘
 * ```
 *
 * - A filter change starts again at page 1 and cancels a page still on its way; setting a filter to the
 *   value it has changes nothing.
 * - The page shown stays while the next one loads (tag `loading`); `empty` says whether filters are set.
 * - Emits `list.failed` (the app notifies it) and `list.queryChanged` (the view mirrors it in the URL).
 */
export const filteredListMachine = setup({
  types: {
    context: {} as FilteredListContext,
    events: {} as FilteredListEvent,
    input: {} as FilteredListInput,
    emitted: {} as FilteredListEmitted,
  },
  actors: {
    /** Loads one page with the filters; rejects with the client's CallFailure. Injected. */
    loadPage: fromPromise<ListPage, FilteredPageRequest>(async () => {
      throw new Error('filteredList: provide loadPage');
    }),
  },
  guards: {
    isAnotherPage: ({ context, event }) => {
      assertEvent(event, 'list.goToPage');
      return Number.isInteger(event.page) && event.page >= 1 && event.page <= pageCount(context) && event.page !== context.page;
    },
    changesFilters: ({ context, event }) => {
      assertEvent(event, ['list.filter', 'list.clearFilters']);
      const next = event.type === 'list.clearFilters' ? {} : { ...context.filters, [event.name]: event.value };
      return !sameFilters(context.filters, next);
    },
    hasItems: (_, params: { page: ListPage }) => params.page.items.length > 0,
  },
  actions: {
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'list.filter');
      return { filters: cleanFilters({ ...context.filters, [event.name]: event.value }), page: 1 };
    }),
    clearFilters: assign({ filters: {}, page: 1 }),
    setPage: assign(({ event }) => {
      assertEvent(event, 'list.goToPage');
      return { page: event.page };
    }),
    rememberPage: assign((_, params: { page: ListPage }) => ({ data: params.page, failure: null })),
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    emitFailed: emit(({ context }) => ({ type: 'list.failed' as const, failure: context.failure ?? failureOf(null) })),
    emitQueryChanged: emit(({ context }) => ({ type: 'list.queryChanged' as const, filters: context.filters, page: context.page })),
  },
}).createMachine({
  id: 'filteredList',
  description: 'A list searched and filtered by an admin, served in pages: loading, a page, no match, or a failure to retry.',
  context: ({ input }) => ({
    filters: cleanFilters(input.filters),
    page: input.page !== undefined && Number.isInteger(input.page) && input.page >= 1 ? input.page : 1,
    limit: input.limit,
    data: null,
    failure: null,
  }),
  initial: 'loading',
  on: {
    'list.filter': { guard: 'changesFilters', target: '.loading', reenter: true, actions: ['setFilter', 'emitQueryChanged'] },
    'list.clearFilters': { guard: 'changesFilters', target: '.loading', reenter: true, actions: ['clearFilters', 'emitQueryChanged'] },
  },
  states: {
    loading: {
      description: 'Asking for the current page with the current filters; the page shown before stays until the answer comes.',
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ page: context.page, limit: context.limit, filters: context.filters }),
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
      description: 'One page of items matching the filters, with the pages before and after to move to.',
      tags: ['ready'],
      on: {
        'list.goToPage': { guard: 'isAnotherPage', target: 'loading', actions: ['setPage', 'emitQueryChanged'] },
        'list.reload': { target: 'loading' },
      },
    },
    empty: {
      description: 'Nothing matches the filters (or the list has nothing in it yet).',
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

export type FilteredListMachine = typeof filteredListMachine;

/** The machine with a list's real `loadPage`; the view reads the items back with `filteredListView<T>`. */
export function provideFilteredList<T>(loadPage: PromiseActorLogic<ListPage<T>, FilteredPageRequest>) {
  return filteredListMachine.provide({ actors: { loadPage: loadPage as unknown as PromiseActorLogic<ListPage, FilteredPageRequest> } });
}
