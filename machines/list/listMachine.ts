import { assertEvent, assign, emit, setup, type PromiseActorLogic } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { failureOf } from '../../src/api/callFailure';
import { errorOf, failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { failTo, outputOf, retryOn } from '../shared/load';
import { isAnotherPage, pageCount } from '../shared/paging';

/** One page of a list as the API answers it (the contract's `*Page` schemas: items, page, limit, total). */
export interface ListPage<T = unknown> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

/** The filters of a list by name (`query`, `role`, `action`…); a filter that is not set is absent. */
export type ListFilters = Readonly<Record<string, string>>;

export interface PageRequest {
  page: number;
  limit: number;
}

export interface FilteredPageRequest extends PageRequest {
  filters: ListFilters;
}

export interface ListInput {
  /** Items per page. */
  limit: number;
  /** The filters to start with (read from the address bar, or a link's); empty values are dropped. */
  filters?: ListFilters;
  /** The page to start on (from the address bar); 1 when absent or not a whole number ≥ 1. */
  page?: number;
}

export interface ListContext {
  page: number;
  limit: number;
  /** The filters of the page shown (and of the page on its way). */
  filters: ListFilters;
  /** The filters as typed, applied with `list.apply`; a filter set with `list.filter` is both. */
  draft: ListFilters;
  /** The page shown; kept while the next one loads. */
  data: ListPage | null;
  /** The id of the item opened to read (lists whose rows open in place, like the outbox). */
  openId: string | null;
  failure: CallFailure | null;
  exportFailure: CallFailure | null;
}

export type ListEvent =
  /** Set (non-empty value) or clear (empty value) one filter at once; the list starts again at page 1. */
  | { type: 'list.filter'; name: string; value: string }
  /** Type into one filter without applying it. */
  | { type: 'list.edit'; name: string; value: string }
  /** Apply the typed filters; the list starts again at page 1. */
  | { type: 'list.apply' }
  /** Clear every filter (typed ones too); the list starts again at page 1. */
  | { type: 'list.clearFilters' }
  /** Show page n (1-based); ignored outside the list or for the page shown. */
  | { type: 'list.goToPage'; page: number }
  /** Load the failed page again. */
  | { type: 'list.retry' }
  /** Load the page shown again (its data changed elsewhere). */
  | { type: 'list.reload' }
  /** Open one item of the page shown to read it. */
  | { type: 'list.open'; id: string }
  /** Back from the item to the list. */
  | { type: 'list.close' }
  /** Export everything the filters match (lists provided with `exportList`). */
  | { type: 'list.export' };

export type ListEmitted =
  | { type: 'list.failed'; failure: CallFailure }
  /** The filters or the page changed: a view that keeps them in the address bar writes them there. */
  | { type: 'list.queryChanged'; filters: ListFilters; page: number }
  /** The export is ready: the view saves it. */
  | { type: 'list.exported'; data: string; filters: ListFilters };

/** The filters without empty values, trimmed, in name order (so equal filters compare equal). */
export function cleanFilters(filters: ListFilters | undefined): ListFilters {
  return Object.fromEntries(
    Object.entries(filters ?? {})
      .map(([name, value]) => [name, value.trim()] as const)
      .filter(([, value]) => value !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

export const sameFilters = (a: ListFilters, b: ListFilters) => JSON.stringify(cleanFilters(a)) === JSON.stringify(cleanFilters(b));

export { pageCount };

/** The filters an event asks for, or null for an event that sets none. */
function requestedFilters(context: ListContext, event: ListEvent): ListFilters | null {
  if (event.type === 'list.filter') return { ...context.filters, [event.name]: event.value };
  if (event.type === 'list.apply') return context.draft;
  if (event.type === 'list.clearFilters') return {};
  return null;
}

/**
 * The lists the app shows in pages (admin users, forms, audit log, outbox, subscribers, news, outlier
 * forms, the credit ledger, an account's lists): one chart, provided per list with the call that loads a page
 * (`loadPage`) and, for lists that export, the export call (`exportList`). The view sends what the person
 * chose; the machine decides which page with which filters is asked, what shows while it loads, and what an
 * empty result or a failure looks like.
 *
 * ```
 * loading ──done(items)──▶ shown.ready.browsing ── goToPage(n) ─────────────▶ loading
 *    │    └─done(none)───▶ shown.empty                                         ▲
 *    │                    shown (ready or empty) ── reload ───────────────────▶ loading
 *    └─error─▶ failed ── retry ──▶ loading                                     ▲
 * ready.browsing ── open(id) ──▶ ready.reading ── close ──▶ ready.browsing     │
 * ready.browsing ── export ──▶ ready.exporting ── done / error ──▶ ready.browsing
 * (any state) ── filter / apply / clearFilters (a real change) ─▶ page 1 ──────┘
 * ```
 *
 * - A filter change starts again at page 1 and cancels the page still on its way, so an older answer never
 *   replaces a newer one; asking for the filters already shown changes nothing.
 * - The page shown stays while the next one loads (tag `loading`).
 * - Tags: `loading`, `ready`, `reading`, `exporting`, `empty`, `failed`. Emits `list.failed` (the app
 *   notifies it), `list.queryChanged` (a view may mirror it in the URL) and `list.exported`.
 */
/** A change of the applied filters reloads from their first page (and the page's address follows). */
const REFILTER = { guard: 'changesFilters', target: '.loading', reenter: true, actions: ['applyFilters', 'emitQueryChanged'] } as const;

export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as ListInput,
    emitted: {} as ListEmitted,
  },
  actors: {
    /** Loads one page with the filters; rejects with the client's CallFailure. Injected. */
    loadPage: injected<ListPage, FilteredPageRequest>('list: provide loadPage'),
    /** Exports everything the filters match (e.g. as CSV). Injected by the lists that export. */
    exportList: injected<string, ListFilters>('list: provide exportList'),
  },
  guards: {
    isAnotherPage: ({ context, event }) => {
      assertEvent(event, 'list.goToPage');
      return isAnotherPage(context, event.page);
    },
    changesFilters: ({ context, event }) => {
      const next = requestedFilters(context, event);
      return next !== null && !sameFilters(context.filters, next);
    },
    isOnPage: ({ context, event }) => {
      assertEvent(event, 'list.open');
      return (context.data?.items ?? []).some((item) => (item as { id?: unknown }).id === event.id);
    },
    hasItems: (_, params: { page: ListPage }) => params.page.items.length > 0,
  },
  actions: {
    applyFilters: assign(({ context, event }) => {
      const filters = cleanFilters(requestedFilters(context, event) ?? context.filters);
      // A filter set at once joins what is typed; applying keeps the typing as it is; clearing empties both.
      const draft = event.type === 'list.filter' ? { ...context.draft, [event.name]: event.value } : event.type === 'list.clearFilters' ? {} : context.draft;
      return { filters, draft, page: 1 };
    }),
    edit: assign(({ context, event }) => {
      assertEvent(event, 'list.edit');
      return { draft: { ...context.draft, [event.name]: event.value } };
    }),
    clearDraft: assign({ draft: {} }),
    setPage: assign(({ event }) => {
      assertEvent(event, 'list.goToPage');
      return { page: event.page };
    }),
    open: assign(({ event }) => {
      assertEvent(event, 'list.open');
      return { openId: event.id };
    }),
    close: assign({ openId: null }),
    rememberPage: assign(({ event }) => ({ data: outputOf<ListPage>(event), failure: null })),
    rememberExportFailure: assign(({ event }) => ({ exportFailure: failureOf(errorOf(event)) })),
    forgetExportFailure: assign({ exportFailure: null }),
    ...failureActions<ListContext, ListEvent, ListEmitted>('list.failed'),
    emitQueryChanged: emit(({ context }) => ({ type: 'list.queryChanged' as const, filters: context.filters, page: context.page })),
    emitExported: emit(({ context }, params: { data: string }) => ({ type: 'list.exported' as const, data: params.data, filters: context.filters })),
  },
}).createMachine({
  id: 'list',
  description: 'A list served in pages, filtered or not: loading, a page, nothing (matching), or a failure to retry.',
  context: ({ input }) => {
    const filters = cleanFilters(input.filters);
    return {
      filters,
      draft: filters,
      page: input.page !== undefined && Number.isInteger(input.page) && input.page >= 1 ? input.page : 1,
      limit: input.limit,
      data: null,
      openId: null,
      failure: null,
      exportFailure: null,
    };
  },
  initial: 'loading',
  on: {
    'list.filter': REFILTER,
    'list.apply': REFILTER,
    // Nothing applied: only what was typed goes.
    'list.clearFilters': [REFILTER, { actions: 'clearDraft' }],
    'list.edit': { actions: 'edit' },
  },
  states: {
    loading: {
      description: 'Asking for the current page with the current filters; the page shown before stays until the answer comes.',
      tags: ['loading'],
      entry: 'close',
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ page: context.page, limit: context.limit, filters: context.filters }),
        onDone: [
          {
            guard: { type: 'hasItems', params: ({ event }) => ({ page: event.output }) },
            target: 'shown.ready',
            actions: 'rememberPage',
          },
          { target: 'shown.empty', actions: 'rememberPage' },
        ],
        onError: failTo('failed'),
      },
    },
    shown: {
      description: 'The answer is on screen (a page of items, or nothing matching): it can be asked again.',
      // Every way in names its child; `ready` only satisfies the chart's need of an initial state.
      initial: 'ready',
      on: { 'list.reload': { target: 'loading' } },
      states: {
        ready: {
          description: 'One page of items, with the pages before and after to move to.',
          tags: ['ready'],
          initial: 'browsing',
          on: {
            'list.goToPage': { guard: 'isAnotherPage', target: '#list.loading', actions: ['setPage', 'emitQueryChanged'] },
          },
          states: {
            browsing: {
              description: 'The rows of the page; one can be opened, everything the filters match exported.',
              on: {
                'list.open': { guard: 'isOnPage', target: 'reading', actions: 'open' },
                'list.export': { target: 'exporting', actions: 'forgetExportFailure' },
              },
            },
            reading: {
              description: 'One item of the page is open to read.',
              tags: ['reading'],
              on: {
                'list.close': { target: 'browsing', actions: 'close' },
                'list.open': { guard: 'isOnPage', actions: 'open' },
              },
            },
            exporting: {
              description: 'Fetching everything the filters match, to save as a file.',
              tags: ['exporting'],
              invoke: {
                id: 'exportList',
                src: 'exportList',
                input: ({ context }) => context.filters,
                onDone: { target: 'browsing', actions: { type: 'emitExported', params: ({ event }) => ({ data: event.output }) } },
                onError: { target: 'browsing', actions: 'rememberExportFailure' },
              },
            },
          },
        },
        empty: {
          description: 'Nothing matches the filters (or the list has nothing in it yet).',
          tags: ['empty'],
        },
      },
    },
    failed: { description: 'The page could not be loaded; it can be asked again.', ...retryOn('list.retry') },
  },
});

export type ListMachine = typeof listMachine;

/**
 * The machine with a list's real calls. The machine never looks inside an item (but for its `id`, to open
 * it), so a loader of any item type fits; the view reads the items back with `listView<T>`.
 */
export function provideList<T>(
  /** A list without filters may take only the page (`PageRequest`). */
  loadPage: PromiseActorLogic<ListPage<T>, FilteredPageRequest> | PromiseActorLogic<ListPage<T>, PageRequest>,
  exportList?: PromiseActorLogic<string, ListFilters>,
) {
  return listMachine.provide({
    actors: {
      loadPage: loadPage as unknown as PromiseActorLogic<ListPage, FilteredPageRequest>,
      ...(exportList ? { exportList } : {}),
    },
  });
}
