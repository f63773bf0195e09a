// The news editor as its view renders it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { DraftProblem, EditorDraft, EditorPost, ImageProblem, NewsEditorMachine } from './newsEditorMachine';

export interface NewsEditorView {
  phase: 'loading' | 'loadFailed' | 'editing' | 'confirming' | 'deleting' | 'deleted';
  draft: EditorDraft;
  /** The post as stored (null for a new one not saved yet). */
  saved: EditorPost | null;
  /** The sanitised HTML the server rendered for the body. */
  previewHtml: string;
  previewPending: boolean;
  previewFailed: boolean;
  uploading: boolean;
  imageProblem: ImageProblem | null;
  saving: boolean;
  /** Saved, and nothing changed since. */
  justSaved: boolean;
  saveFailed: boolean;
  /** The draft differs from what was last loaded or saved. */
  unsaved: boolean;
  problems: DraftProblem[];
  failure: CallFailure | null;
  canSave: boolean;
  canDelete: boolean;
  canRetry: boolean;
}

export function newsEditorView(snapshot: SnapshotFrom<NewsEditorMachine>): NewsEditorView {
  const { context } = snapshot;
  const phase = snapshot.hasTag('loading')
    ? 'loading'
    : snapshot.hasTag('loadFailed')
      ? 'loadFailed'
      : snapshot.hasTag('confirming')
        ? 'confirming'
        : snapshot.hasTag('deleting')
          ? 'deleting'
          : snapshot.hasTag('deleted')
            ? 'deleted'
            : 'editing';
  const editing = phase === 'editing';
  return {
    phase,
    draft: context.draft,
    saved: context.saved,
    previewHtml: context.previewHtml,
    previewPending: editing && (snapshot.matches({ editing: { preview: 'waiting' } }) || snapshot.hasTag('rendering')),
    previewFailed: editing && snapshot.matches({ editing: { preview: 'failed' } }),
    uploading: snapshot.hasTag('uploading'),
    imageProblem: context.imageProblem,
    saving: snapshot.hasTag('saving'),
    justSaved: snapshot.hasTag('saved'),
    saveFailed: snapshot.hasTag('saveFailed'),
    unsaved: context.savedDraft !== context.draft,
    problems: context.problems,
    failure: context.failure,
    canSave: editing && !snapshot.hasTag('saving'),
    canDelete: snapshot.can({ type: 'editor.delete' }),
    canRetry: snapshot.can({ type: 'editor.retry' }),
  };
}

export function sameNewsEditorView(a: NewsEditorView, b: NewsEditorView): boolean {
  return (Object.keys(a) as Array<keyof NewsEditorView>).every((key) => a[key] === b[key]);
}
