// The audit log as its page renders it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import { pageCount } from '../pagedList/pagedListMachine';
import type { AuditFilters, AuditLogMachine } from './auditLogMachine';

export type AuditLogSnapshot = SnapshotFrom<AuditLogMachine>;

export interface AuditLogView<T> {
  status: 'loading' | 'ready' | 'empty' | 'failed';
  items: T[];
  page: number;
  pages: number;
  total: number;
  loading: boolean;
  draft: AuditFilters;
  /** Some filter is applied (the empty list then says "nothing matches"). */
  filtered: boolean;
  /** The draft differs from the applied filters. */
  canApply: boolean;
  canGoBack: boolean;
  canGoForward: boolean;
}

export function auditLogView<T>(snapshot: AuditLogSnapshot): AuditLogView<T> {
  const { data, page, filters, draft } = snapshot.context;
  const pages = pageCount(snapshot.context);
  const ready = snapshot.hasTag('ready');
  const status = snapshot.hasTag('failed') ? 'failed' : snapshot.hasTag('empty') ? 'empty' : data === null ? 'loading' : data.items.length === 0 ? 'empty' : 'ready';
  const trimmedDraft = Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim()]));
  return {
    status,
    items: (data?.items ?? []) as T[],
    page,
    pages,
    total: data?.total ?? 0,
    loading: snapshot.hasTag('loading'),
    draft,
    filtered: Object.values(filters).some((value) => value !== ''),
    canApply: snapshot.can({ type: 'audit.apply' }) && JSON.stringify(trimmedDraft) !== JSON.stringify(filters),
    canGoBack: ready && page > 1,
    canGoForward: ready && page < pages,
  };
}
