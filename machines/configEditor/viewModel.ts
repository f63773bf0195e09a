// A configuration editor as its view renders it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { ConfigEditorMachine, EditorProblem } from './configEditorMachine';

export type ConfigEditorSnapshot = SnapshotFrom<ConfigEditorMachine>;

export interface ConfigEditorView<T> {
  status: 'editing' | 'validating' | 'confirming' | 'saving' | 'saved' | 'failed';
  values: T;
  stored: T;
  problems: EditorProblem[];
  failure: CallFailure | null;
  busy: boolean;
  /** The values differ from those stored. */
  changed: boolean;
  canSubmit: boolean;
}

const STATUSES = ['editing', 'validating', 'confirming', 'saving', 'saved', 'failed'] as const;

export function configEditorView<T>(snapshot: ConfigEditorSnapshot): ConfigEditorView<T> {
  const { values, stored, problems, failure } = snapshot.context;
  const status = STATUSES.find((tag) => snapshot.hasTag(tag)) ?? 'editing';
  return {
    status,
    values: values as T,
    stored: stored as T,
    problems,
    failure: status === 'failed' ? failure : null,
    busy: snapshot.hasTag('busy'),
    changed: JSON.stringify(values) !== JSON.stringify(stored),
    canSubmit: snapshot.can({ type: 'editor.submit' }),
  };
}

/** The problems of one field (of one row of a list editor). */
export function problemsOf(problems: EditorProblem[], field: string, index?: number): EditorProblem[] {
  return problems.filter((p) => p.field === field && p.index === index);
}

export function sameConfigEditorView<T>(a: ConfigEditorView<T>, b: ConfigEditorView<T>): boolean {
  return a.status === b.status && a.values === b.values && a.stored === b.stored && a.problems === b.problems && a.failure === b.failure;
}
