// The saved searches as my-searches renders them: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import { listTableView, pagingView } from '../shared/paging';
import type { HistoryEntry, SearchHistoryMachine } from './searchHistoryMachine';

export type SearchHistorySnapshot = SnapshotFrom<SearchHistoryMachine>;

export interface SearchHistoryView {
  status: 'loading' | 'failed' | 'ready';
  /** The entries of the page shown (kept while the next page loads). */
  entries: HistoryEntry[];
  page: number;
  pages: number;
  total: number;
  canGoBack: boolean;
  canGoForward: boolean;
  /** Something is running: buttons wait. */
  busy: boolean;
  /** The entry being confirmed or deleted. */
  pendingId: string | null;
  deleting: boolean;
  /** The last load or delete failed. */
  failed: boolean;
}

export function searchHistoryView(snapshot: SearchHistorySnapshot): SearchHistoryView {
  const { data, pendingId, failure } = snapshot.context;
  const ready = snapshot.hasTag('ready');
  return {
    status: snapshot.hasTag('failed') ? 'failed' : data === null ? 'loading' : 'ready',
    entries: data?.items ?? [],
    ...pagingView(snapshot.context, ready),
    busy: !ready,
    pendingId,
    deleting: snapshot.hasTag('deleting'),
    failed: failure !== null,
  };
}

/** The saved searches as the shared list component reads a list (an empty page is the empty state). */
export function searchHistoryListView(view: SearchHistoryView) {
  return listTableView(view, view.entries, { loading: view.busy, canRetry: view.status === 'failed' });
}
