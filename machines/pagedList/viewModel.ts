// A paged list as its view renders it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import { pageCount, type PagedListMachine } from './pagedListMachine';

export type PagedListSnapshot = SnapshotFrom<PagedListMachine>;

export interface PagedListView<T> {
  status: 'loading' | 'ready' | 'empty' | 'failed';
  /** The items of the page shown (kept while the next page loads). */
  items: T[];
  page: number;
  pages: number;
  total: number;
  /** A page is on its way (the first one, or the next while the old one still shows). */
  loading: boolean;
  canGoBack: boolean;
  canGoForward: boolean;
  canRetry: boolean;
}

/** `T` is the item type of the list the machine was provided with (e.g. CreditLedgerEntry). */
export function pagedListView<T>(snapshot: PagedListSnapshot): PagedListView<T> {
  const { data, page } = snapshot.context;
  const pages = pageCount(snapshot.context);
  const ready = snapshot.hasTag('ready');
  const status = snapshot.hasTag('failed') ? 'failed' : snapshot.hasTag('empty') ? 'empty' : data === null ? 'loading' : data.items.length === 0 ? 'empty' : 'ready';
  return {
    status,
    items: (data?.items ?? []) as T[],
    page,
    pages,
    total: data?.total ?? 0,
    loading: snapshot.hasTag('loading'),
    canGoBack: ready && page > 1,
    canGoForward: ready && page < pages,
    canRetry: snapshot.can({ type: 'list.retry' }),
  };
}

/** Compares two views by what the list renders, for `useSelector`. */
export function samePagedListView<T>(a: PagedListView<T>, b: PagedListView<T>): boolean {
  return (
    a.status === b.status &&
    a.items === b.items &&
    a.page === b.page &&
    a.pages === b.pages &&
    a.total === b.total &&
    a.loading === b.loading &&
    a.canGoBack === b.canGoBack &&
    a.canGoForward === b.canGoForward &&
    a.canRetry === b.canRetry
  );
}
