// A list as its view renders it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import { pagingView } from '../shared/paging';
import { cleanFilters, sameFilters, type ListFilters, type ListMachine } from './listMachine';

export type ListSnapshot = SnapshotFrom<ListMachine>;

export interface ListView<T> {
  status: 'loading' | 'ready' | 'empty' | 'failed';
  /** The items of the page shown (kept while the next page loads). */
  items: T[];
  /** The applied filters, and the filters as typed. */
  filters: ListFilters;
  draft: ListFilters;
  /** At least one filter is applied (an empty result then says "nothing matches" and offers to clear them). */
  filtered: boolean;
  /** The typed filters differ from the applied ones. */
  canApply: boolean;
  page: number;
  pages: number;
  total: number;
  /** A page is on its way (the first one, or the next while the old one still shows). */
  loading: boolean;
  canGoBack: boolean;
  canGoForward: boolean;
  canRetry: boolean;
  /** The item open to read; null on the list. */
  open: T | null;
  exporting: boolean;
  exportFailed: boolean;
}

/** `T` is the item type of the list the machine was provided with (e.g. CreditLedgerEntry). */
export function listView<T>(snapshot: ListSnapshot): ListView<T> {
  const { data, filters, draft, openId, exportFailure } = snapshot.context;
  const items = (data?.items ?? []) as T[];
  const status = snapshot.hasTag('failed')
    ? 'failed'
    : snapshot.hasTag('empty')
      ? 'empty'
      : data === null
        ? 'loading'
        : data.items.length === 0
          ? 'empty'
          : 'ready';
  return {
    status,
    items,
    filters,
    draft,
    filtered: Object.keys(filters).length > 0,
    canApply: !sameFilters(cleanFilters(draft), filters),
    ...pagingView(snapshot.context, snapshot.hasTag('ready')),
    loading: snapshot.hasTag('loading'),
    canRetry: snapshot.can({ type: 'list.retry' }),
    open: snapshot.hasTag('reading') ? (items.find((item) => (item as { id?: unknown }).id === openId) ?? null) : null,
    exporting: snapshot.hasTag('exporting'),
    exportFailed: exportFailure !== null,
  };
}

/** Compares two views by what the list renders, for `useSelector`. */
export function sameListView<T>(a: ListView<T>, b: ListView<T>): boolean {
  return (Object.keys(a) as Array<keyof ListView<T>>).every((key) => a[key] === b[key]);
}
