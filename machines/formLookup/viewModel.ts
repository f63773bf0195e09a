// The forms page's lookup box: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { FormLookupMachine, LookupBy, LookupProblemKey } from './formLookupMachine';

export type FormLookupSnapshot = SnapshotFrom<FormLookupMachine>;

export interface FormLookupView {
  email: string;
  by: LookupBy;
  problem: LookupProblemKey | null;
  looking: boolean;
  /** The address nothing was found for; null otherwise. */
  notFoundFor: string | null;
  failed: boolean;
  /** The id of the form found (the page navigates to it). */
  foundId: string | null;
}

export function formLookupView(snapshot: FormLookupSnapshot): FormLookupView {
  const { context } = snapshot;
  return {
    email: context.email,
    by: context.by,
    problem: context.problem,
    looking: snapshot.hasTag('looking'),
    notFoundFor: snapshot.hasTag('notFound') ? context.looked : null,
    failed: snapshot.hasTag('failed'),
    foundId: snapshot.hasTag('found') ? (context.found?.id ?? null) : null,
  };
}

export const sameFormLookupView = (a: FormLookupView, b: FormLookupView) =>
  a.email === b.email &&
  a.by === b.by &&
  a.problem === b.problem &&
  a.looking === b.looking &&
  a.notFoundFor === b.notFoundFor &&
  a.failed === b.failed &&
  a.foundId === b.foundId;
