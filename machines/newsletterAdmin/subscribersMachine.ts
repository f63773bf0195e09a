import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../../src/api/callFailure';

export type Newsletter = components['schemas']['Newsletter'];
export type NewsletterPage = components['schemas']['NewsletterPage'];

export interface SubscriberFilters {
  status: components['schemas']['NewsletterStatus'] | null;
  kind: components['schemas']['NewsletterKind'] | null;
  language: 'es' | 'en' | null;
  query: string;
}

export type SubscriberFilter = keyof SubscriberFilters;

export interface SubscribersPageRequest {
  filters: SubscriberFilters;
  page: number;
  limit: number;
}

export interface SubscribersInput {
  limit: number;
}

export interface SubscribersContext {
  filters: SubscriberFilters;
  page: number;
  limit: number;
  /** The page shown; kept while the next one loads. */
  data: NewsletterPage | null;
  failure: CallFailure | null;
  exportFailure: CallFailure | null;
}

export type SubscribersEvent =
  | { type: 'subscribers.filter'; filter: SubscriberFilter; value: string | null }
  | { type: 'subscribers.goToPage'; page: number }
  | { type: 'subscribers.retry' }
  | { type: 'subscribers.reload' }
  | { type: 'subscribers.export' };

export type SubscribersEmitted = { type: 'subscribers.exported'; csv: string; filters: SubscriberFilters } | { type: 'subscribers.failed'; failure: CallFailure };

export const NO_FILTERS: SubscriberFilters = { status: null, kind: null, language: null, query: '' };

export const subscriberPageCount = (context: Pick<SubscribersContext, 'data' | 'limit'>) => Math.max(1, Math.ceil((context.data?.total ?? 0) / context.limit));

/**
 * The admin's list of newsletter subscribers: filters (status, kind, language, text), pages, CSV export.
 *
 * ```
 * loading ──done(items)──▶ ready ── goToPage / filter / reload ──▶ loading
 *    │    └─done(none)───▶ empty ── filter / reload ─────────────▶ loading
 *    └─error─▶ failed ── retry ──▶ loading
 * ready ─export─▶ exporting ──csv──▶ ready (emits subscribers.exported: the view saves the file)
 *                         └─error─▶ ready (export failure shown)
 * ```
 *
 * - A filter goes back to page 1. The page shown stays while the next loads (tag `loading`).
 * - Tags: `loading`, `ready`, `empty`, `failed`, `exporting`.
 */
export const subscribersMachine = setup({
  types: {
    context: {} as SubscribersContext,
    events: {} as SubscribersEvent,
    input: {} as SubscribersInput,
    emitted: {} as SubscribersEmitted,
  },
  actors: {
    loadPage: fromPromise<NewsletterPage, SubscribersPageRequest>(async () => {
      throw new Error('subscribers: provide loadPage');
    }),
    exportCsv: fromPromise<string, SubscriberFilters>(async () => {
      throw new Error('subscribers: provide exportCsv');
    }),
  },
  guards: {
    isAnotherPage: ({ context, event }) => {
      assertEvent(event, 'subscribers.goToPage');
      return Number.isInteger(event.page) && event.page >= 1 && event.page <= subscriberPageCount(context) && event.page !== context.page;
    },
    hasItems: (_, params: { page: NewsletterPage }) => params.page.items.length > 0,
  },
  actions: {
    setPage: assign(({ event }) => {
      assertEvent(event, 'subscribers.goToPage');
      return { page: event.page };
    }),
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'subscribers.filter');
      const value = event.filter === 'query' ? (event.value ?? '').trim() : event.value || null;
      return { filters: { ...context.filters, [event.filter]: value } as SubscriberFilters, page: 1 };
    }),
    rememberPage: assign((_, params: { page: NewsletterPage }) => ({ data: params.page, failure: null })),
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    rememberExportFailure: assign((_, params: { error: unknown }) => ({ exportFailure: failureOf(params.error) })),
    forgetExportFailure: assign({ exportFailure: null }),
    emitExported: emit(({ context }, params: { csv: string }) => ({ type: 'subscribers.exported' as const, csv: params.csv, filters: context.filters })),
    emitFailed: emit(({ context }) => ({ type: 'subscribers.failed' as const, failure: context.failure ?? failureOf(null) })),
  },
}).createMachine({
  id: 'newsletterSubscribers',
  description: 'The admin list of newsletter subscribers with filters, pages and a CSV export.',
  context: ({ input }) => ({ filters: NO_FILTERS, page: 1, limit: input.limit, data: null, failure: null, exportFailure: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking for the page of the current filters; the page shown before stays until the answer comes.',
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ filters: context.filters, page: context.page, limit: context.limit }),
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
      description: 'One page of subscribers.',
      tags: ['ready'],
      on: {
        'subscribers.goToPage': { guard: 'isAnotherPage', target: 'loading', actions: 'setPage' },
        'subscribers.filter': { target: 'loading', actions: 'setFilter' },
        'subscribers.reload': { target: 'loading' },
        'subscribers.export': { target: 'exporting', actions: 'forgetExportFailure' },
      },
    },
    exporting: {
      description: 'Fetching every subscriber of the filters as CSV.',
      tags: ['ready', 'exporting'],
      invoke: {
        id: 'exportCsv',
        src: 'exportCsv',
        input: ({ context }) => context.filters,
        onDone: { target: 'ready', actions: { type: 'emitExported', params: ({ event }) => ({ csv: event.output }) } },
        onError: { target: 'ready', actions: { type: 'rememberExportFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    empty: {
      description: 'No subscriber matches the filters (or there is none yet).',
      tags: ['empty'],
      on: {
        'subscribers.filter': { target: 'loading', actions: 'setFilter' },
        'subscribers.reload': { target: 'loading' },
      },
    },
    failed: {
      description: 'The page could not be loaded; it can be asked again.',
      tags: ['failed'],
      on: { 'subscribers.retry': { target: 'loading' } },
    },
  },
});

export type SubscribersMachine = typeof subscribersMachine;
