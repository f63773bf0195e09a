// The outbox as its view renders it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { OutboxMachine, OutboxMessage } from './outboxMachine';

export type OutboxSnapshot = SnapshotFrom<OutboxMachine>;

export interface OutboxView {
  status: 'loading' | 'ready' | 'empty' | 'failed';
  messages: OutboxMessage[];
  /** The mail being read; null on the list. */
  open: OutboxMessage | null;
  page: number;
  pages: number;
  total: number;
  loading: boolean;
  canGoBack: boolean;
  canGoForward: boolean;
  canRetry: boolean;
}

export function outboxView(snapshot: OutboxSnapshot): OutboxView {
  const { data, page, limit, openId } = snapshot.context;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / limit));
  const ready = snapshot.hasTag('ready');
  const messages = data?.items ?? [];
  return {
    status: snapshot.hasTag('failed') ? 'failed' : snapshot.hasTag('empty') ? 'empty' : data ? 'ready' : 'loading',
    messages,
    open: snapshot.hasTag('reading') ? (messages.find((m) => m.id === openId) ?? null) : null,
    page,
    pages,
    total: data?.total ?? 0,
    loading: snapshot.hasTag('loading'),
    canGoBack: ready && page > 1,
    canGoForward: ready && page < pages,
    canRetry: snapshot.can({ type: 'outbox.retry' }),
  };
}

export function sameOutboxView(a: OutboxView, b: OutboxView): boolean {
  return a.status === b.status && a.messages === b.messages && a.open === b.open && a.page === b.page && a.loading === b.loading && a.pages === b.pages;
}
