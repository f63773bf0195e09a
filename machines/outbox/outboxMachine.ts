import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../../src/api/callFailure';

export type OutboxPage = components['schemas']['OutboxPage'];
export type OutboxMessage = components['schemas']['OutboxMessage'];

export interface OutboxInput {
  /** Messages per page. */
  limit: number;
}

export interface OutboxPageRequest {
  page: number;
  limit: number;
}

export interface OutboxContext {
  page: number;
  limit: number;
  /** The page shown; kept while the next one loads. */
  data: OutboxPage | null;
  /** The id of the message being read. */
  openId: string | null;
  failure: CallFailure | null;
}

export type OutboxEvent =
  | { type: 'outbox.goToPage'; page: number }
  | { type: 'outbox.retry' }
  | { type: 'outbox.reload' }
  /** Read one message of the page shown. */
  | { type: 'outbox.open'; id: string }
  /** Back to the list. */
  | { type: 'outbox.close' };

export type OutboxEmitted = { type: 'outbox.failed'; failure: CallFailure };

/**
 * The development e-mail outbox (/admin/outbox): the mails stored instead of sent, newest first, in pages; one
 * opened to read.
 *
 * ```
 * loading ──done(items)──▶ ready.list ── open(id) ──▶ ready.reading ── close ──▶ ready.list
 *    │    └─done(none)───▶ empty          goToPage(n) / reload (from either) ──▶ loading
 *    └─error─▶ failed ── retry ──▶ loading
 * ```
 * - Only a message of the page shown can be opened; changing page closes it.
 * - Tags: `loading`, `ready`, `reading`, `empty`, `failed`. Emits `outbox.failed`.
 */
export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
    input: {} as OutboxInput,
    emitted: {} as OutboxEmitted,
  },
  actors: {
    /** GET admin/outbox. Injected. */
    loadOutbox: fromPromise<OutboxPage, OutboxPageRequest>(async () => {
      throw new Error('outbox: provide loadOutbox');
    }),
  },
  guards: {
    isAnotherPage: ({ context, event }) => {
      assertEvent(event, 'outbox.goToPage');
      const pages = Math.max(1, Math.ceil((context.data?.total ?? 0) / context.limit));
      return Number.isInteger(event.page) && event.page >= 1 && event.page <= pages && event.page !== context.page;
    },
    isOnPage: ({ context, event }) => {
      assertEvent(event, 'outbox.open');
      return (context.data?.items ?? []).some((message) => message.id === event.id);
    },
    hasItems: (_, params: { page: OutboxPage }) => params.page.items.length > 0,
  },
  actions: {
    setPage: assign(({ event }) => {
      assertEvent(event, 'outbox.goToPage');
      return { page: event.page, openId: null };
    }),
    open: assign(({ event }) => {
      assertEvent(event, 'outbox.open');
      return { openId: event.id };
    }),
    close: assign({ openId: null }),
    rememberPage: assign((_, params: { page: OutboxPage }) => ({ data: params.page, failure: null })),
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    emitFailed: emit(({ context }) => ({ type: 'outbox.failed' as const, failure: context.failure ?? failureOf(null) })),
  },
}).createMachine({
  id: 'outbox',
  description: 'The development e-mail outbox: pages of stored mails, one opened to read.',
  context: ({ input }) => ({ page: 1, limit: input.limit, data: null, openId: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking for the current page; the page shown before stays until the answer comes.',
      tags: ['loading'],
      entry: 'close',
      invoke: {
        id: 'loadOutbox',
        src: 'loadOutbox',
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
      description: 'One page of mails (recipient, subject, date).',
      tags: ['ready'],
      initial: 'list',
      on: {
        'outbox.goToPage': { guard: 'isAnotherPage', target: 'loading', actions: 'setPage' },
        'outbox.reload': { target: 'loading' },
      },
      states: {
        list: {
          description: 'The list; a mail can be opened.',
          on: { 'outbox.open': { guard: 'isOnPage', target: 'reading', actions: 'open' } },
        },
        reading: {
          description: 'One mail is open: its text (and HTML, shown inert).',
          tags: ['reading'],
          on: {
            'outbox.close': { target: 'list', actions: 'close' },
            'outbox.open': { guard: 'isOnPage', actions: 'open' },
          },
        },
      },
    },
    empty: {
      description: 'No mail has been stored.',
      tags: ['empty'],
      on: { 'outbox.reload': { target: 'loading' } },
    },
    failed: {
      description: 'The page could not be loaded; it can be asked again.',
      tags: ['failed'],
      on: { 'outbox.retry': { target: 'loading' } },
    },
  },
});

export type OutboxMachine = typeof outboxMachine;
