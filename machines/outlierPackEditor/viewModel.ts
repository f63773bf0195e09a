// The outlier-pack form as /admin/outliers renders it: a pure function of the editor's snapshot.
import type { SnapshotFrom } from 'xstate';
import { draftProblems, type DraftField, type OutlierPackEditorMachine, type PackDraft } from './outlierPackEditorMachine';

export type OutlierPackEditorSnapshot = SnapshotFrom<OutlierPackEditorMachine>;

export interface OutlierPackEditorView {
  isNew: boolean;
  active: boolean;
  draft: PackDraft;
  /** Per field, the translation key (admin_outliers.errors.{key}) of its problem, once a save was tried. */
  problems: Partial<Record<DraftField, string>>;
  /** k is asked for IQR and z-score, the percentiles for percentile trim. */
  showK: boolean;
  showPercentiles: boolean;
  saving: boolean;
  open: boolean;
  /** Closed without saving: the page removes the form. */
  cancelled: boolean;
  /** The server's reason (errors.codes.{code}) when the last save failed; the draft is kept. */
  failureCode: string | null;
}

export function outlierPackEditorView(snapshot: OutlierPackEditorSnapshot): OutlierPackEditorView {
  const { id, active, draft, showProblems, failure } = snapshot.context;
  return {
    isNew: id === null,
    active,
    draft,
    problems: showProblems ? draftProblems(draft) : {},
    showK: draft.method !== 'percentile',
    showPercentiles: draft.method === 'percentile',
    saving: snapshot.hasTag('saving'),
    open: snapshot.status === 'active',
    cancelled: snapshot.matches('cancelled'),
    failureCode: failure ? (failure.errorCode ?? (failure.status === 0 ? 'NETWORK' : 'INTERNAL')) : null,
  };
}

export const sameEditorView = (a: OutlierPackEditorView, b: OutlierPackEditorView) => JSON.stringify(a) === JSON.stringify(b);
