// The releases page as its view renders it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { listTableView, pagingView } from '../shared/paging';
import type { AdminReleasesMachine, CutReleaseResult, Release } from './adminReleasesMachine';

export type AdminReleasesSnapshot = SnapshotFrom<AdminReleasesMachine>;

export interface AdminReleasesView {
  status: 'loading' | 'ready' | 'failed';
  releases: Release[];
  page: number;
  pages: number;
  total: number;
  /** When the schedule next tries to cut; null before the first release. */
  nextScheduledCut: string | null;
  /** K: counted forms that must change before a release is cut. */
  threshold: number | null;
  /** The last "cut now": `cut` (with the new release) or `refused` (too few changes, with the count and K). */
  outcome: { kind: 'cut' | 'refused'; result: CutReleaseResult } | null;
  /** The cut failed (the list is still shown). */
  cutFailure: CallFailure | null;
  loading: boolean;
  cutting: boolean;
  canCut: boolean;
  canGoBack: boolean;
  canGoForward: boolean;
  canRetry: boolean;
}

export function adminReleasesView(snapshot: AdminReleasesSnapshot): AdminReleasesView {
  const { data, outcome, failure } = snapshot.context;
  const failed = snapshot.hasTag('failed');
  return {
    status: failed ? 'failed' : data ? 'ready' : 'loading',
    releases: data?.items ?? [],
    ...pagingView(snapshot.context, snapshot.hasTag('ready')),
    nextScheduledCut: data?.nextScheduledCut ?? null,
    threshold: data?.threshold ?? null,
    outcome: outcome ? { kind: outcome.status === 'cut' ? 'cut' : 'refused', result: outcome } : null,
    cutFailure: !failed && failure ? failure : null,
    loading: snapshot.hasTag('loading'),
    cutting: snapshot.hasTag('cutting'),
    canCut: snapshot.can({ type: 'releases.askCut' }),
    canRetry: snapshot.can({ type: 'releases.retry' }),
  };
}

export function sameAdminReleasesView(a: AdminReleasesView, b: AdminReleasesView): boolean {
  return (
    a.status === b.status &&
    a.releases === b.releases &&
    a.page === b.page &&
    a.outcome?.result === b.outcome?.result &&
    a.cutFailure === b.cutFailure &&
    a.loading === b.loading &&
    a.cutting === b.cutting &&
    a.canCut === b.canCut &&
    a.nextScheduledCut === b.nextScheduledCut &&
    a.canRetry === b.canRetry
  );
}

/** The releases as the one list view (src/web/components/ListTable) reads a list. */
export function adminReleasesListView(view: AdminReleasesView) {
  return listTableView(view, view.releases, { loading: view.loading, canRetry: view.canRetry });
}
