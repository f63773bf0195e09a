import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { failureOf } from '../../src/api/callFailure';
import { pageCount, type ListPage } from '../pagedList/pagedListMachine';

/** The filters of GET /api/admin/audit-log (empty text: no filter). */
export interface AuditFilters {
  action: string;
  actor: string;
  targetType: string;
  targetId: string;
}

export const NO_FILTERS: AuditFilters = { action: '', actor: '', targetType: '', targetId: '' };

export interface AuditPageRequest {
  page: number;
  limit: number;
  filters: AuditFilters;
}

export interface AuditLogInput {
  limit: number;
  /** Filters the page opens with (e.g. a user's page links to the log of that user). */
  filters?: Partial<AuditFilters>;
}

export interface AuditLogContext {
  page: number;
  limit: number;
  /** The filters of the page shown. */
  filters: AuditFilters;
  /** The filters as the admin is typing them; applied with audit.apply. */
  draft: AuditFilters;
  data: ListPage | null;
  failure: CallFailure | null;
}

export type AuditLogEvent =
  | { type: 'audit.edit'; field: keyof AuditFilters; value: string }
  /** Show the log with the filters typed (from page 1). */
  | { type: 'audit.apply' }
  /** Remove every filter. */
  | { type: 'audit.clear' }
  | { type: 'audit.goToPage'; page: number }
  | { type: 'audit.retry' }
  | { type: 'audit.reload' };

export type AuditLogEmitted = { type: 'audit.failed'; failure: CallFailure };

const trimmed = (filters: AuditFilters): AuditFilters => ({
  action: filters.action.trim(),
  actor: filters.actor.trim(),
  targetType: filters.targetType.trim(),
  targetId: filters.targetId.trim(),
});

/**
 * The admin's audit log: a paged list, newest first, narrowed by filters (action prefix, admin's e-mail,
 * target type and id) that the admin types and then applies.
 *
 * ```
 * loading ──done(items)──▶ ready ── goToPage(n) / apply / clear / reload ──▶ loading
 *    │    └─done(none)───▶ empty ── apply / clear / reload ──────────────────▶ loading
 *    └─error─▶ failed ── retry ──▶ loading
 * ```
 * Typing (audit.edit) changes only the draft, in any state. The page shown stays while the next loads.
 */
export const auditLogMachine = setup({
  types: {
    context: {} as AuditLogContext,
    events: {} as AuditLogEvent,
    input: {} as AuditLogInput,
    emitted: {} as AuditLogEmitted,
  },
  actors: {
    /** Loads one page with the filters; rejects with the client's CallFailure. Injected. */
    loadPage: fromPromise<ListPage, AuditPageRequest>(async () => {
      throw new Error('auditLog: provide loadPage');
    }),
  },
  guards: {
    isAnotherPage: ({ context, event }) => {
      assertEvent(event, 'audit.goToPage');
      return Number.isInteger(event.page) && event.page >= 1 && event.page <= pageCount(context) && event.page !== context.page;
    },
    hasItems: (_, params: { page: ListPage }) => params.page.items.length > 0,
  },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, 'audit.edit');
      return { draft: { ...context.draft, [event.field]: event.value } };
    }),
    applyDraft: assign(({ context }) => ({ filters: trimmed(context.draft), page: 1 })),
    clearFilters: assign({ filters: NO_FILTERS, draft: NO_FILTERS, page: 1 }),
    setPage: assign(({ event }) => {
      assertEvent(event, 'audit.goToPage');
      return { page: event.page };
    }),
    rememberPage: assign((_, params: { page: ListPage }) => ({ data: params.page, failure: null })),
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    emitFailed: emit(({ context }) => ({ type: 'audit.failed' as const, failure: context.failure ?? failureOf(null) })),
  },
}).createMachine({
  id: 'auditLog',
  description: "The admin's audit log: newest first, in pages, narrowed by filters typed and applied.",
  context: ({ input }) => {
    const filters = trimmed({ ...NO_FILTERS, ...input.filters });
    return { page: 1, limit: input.limit, filters, draft: filters, data: null, failure: null };
  },
  initial: 'loading',
  on: { 'audit.edit': { actions: 'edit' } },
  states: {
    loading: {
      description: 'Asking for the page with the applied filters; the page shown before stays until the answer comes.',
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
      description: 'One page of changes, with the pages before and after to move to.',
      tags: ['ready'],
      on: {
        'audit.goToPage': { guard: 'isAnotherPage', target: 'loading', actions: 'setPage' },
        'audit.apply': { target: 'loading', actions: 'applyDraft' },
        'audit.clear': { target: 'loading', actions: 'clearFilters' },
        'audit.reload': { target: 'loading' },
      },
    },
    empty: {
      description: 'Nothing recorded (with these filters).',
      tags: ['empty'],
      on: {
        'audit.apply': { target: 'loading', actions: 'applyDraft' },
        'audit.clear': { target: 'loading', actions: 'clearFilters' },
        'audit.reload': { target: 'loading' },
      },
    },
    failed: {
      description: 'The page could not be loaded; it can be asked again.',
      tags: ['failed'],
      on: { 'audit.retry': { target: 'loading' } },
    },
  },
});

export type AuditLogMachine = typeof auditLogMachine;
