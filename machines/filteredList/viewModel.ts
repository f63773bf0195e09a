// A filtered list as its view renders it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import { pageCount } from '../pagedList/pagedListMachine';
import type { FilteredListMachine, ListFilters } from './filteredListMachine';

export type FilteredListSnapshot = SnapshotFrom<FilteredListMachine>;

export interface FilteredListView<T> {
  status: 'loading' | 'ready' | 'empty' | 'failed';
  /** The items of the page shown (kept while the next page loads). */
  items: T[];
  filters: ListFilters;
  /** At least one filter is set (an empty result then says "nothing matches" and offers to clear them). */
  filtered: boolean;
  page: number;
  pages: number;
  total: number;
  loading: boolean;
  canGoBack: boolean;
  canGoForward: boolean;
  canRetry: boolean;
}

export function filteredListView<T>(snapshot: FilteredListSnapshot): FilteredListView<T> {
  const { data, page, filters } = snapshot.context;
  const pages = pageCount(snapshot.context);
  const ready = snapshot.hasTag('ready');
  const status = snapshot.hasTag('failed') ? 'failed' : snapshot.hasTag('empty') ? 'empty' : data === null ? 'loading' : data.items.length === 0 ? 'empty' : 'ready';
  return {
    status,
    items: (data?.items ?? []) as T[],
    filters,
    filtered: Object.keys(filters).length > 0,
    page,
    pages,
    total: data?.total ?? 0,
    loading: snapshot.hasTag('loading'),
    canGoBack: ready && page > 1,
    canGoForward: ready && page < pages,
    canRetry: snapshot.can({ type: 'list.retry' }),
  };
}

export function sameFilteredListView<T>(a: FilteredListView<T>, b: FilteredListView<T>): boolean {
  return (
    a.status === b.status &&
    a.items === b.items &&
    a.filters === b.filters &&
    a.page === b.page &&
    a.pages === b.pages &&
    a.total === b.total &&
    a.loading === b.loading &&
    a.canGoBack === b.canGoBack &&
    a.canGoForward === b.canGoForward &&
    a.canRetry === b.canRetry
  );
}
