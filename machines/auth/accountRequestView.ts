// Pure snapshot → view model of an account request (machines/auth/accountRequestMachine.ts): what the
// account pages' forms render.
import type { AccountRequestContext } from './accountRequestMachine';
import { fieldProblemKey } from '../../src/domain/credentials';
import { authMessageKey } from './failure';

export interface AccountRequestView {
  canSubmit: boolean;
  busy: boolean;
  done: boolean;
  /** auth.{code} of the failure (auth.unknown for a code without its own text), null when none. */
  errorKey: string | null;
  errorCode: string | null;
  /** Translation keys of the problems the browser found, by field name (nothing was sent). */
  fieldProblems: Record<string, string>;
  /** The password is asked again (a dialog) before the request is sent again; null otherwise. */
  reauthentication: { busy: boolean; errorKey: string | null } | null;
}

/** Pure snapshot → view model of a request. */
export function accountRequestView(snapshot: {
  hasTag(tag: 'form' | 'busy' | 'failed' | 'done' | 'invalid' | 'reauthenticating'): boolean;
  context: AccountRequestContext;
}): AccountRequestView {
  const failed = snapshot.hasTag('failed');
  return {
    canSubmit: snapshot.hasTag('form') || snapshot.hasTag('done'),
    busy: snapshot.hasTag('busy'),
    done: snapshot.hasTag('done'),
    errorKey: failed ? authMessageKey(snapshot.context.errorCode) : null,
    errorCode: failed ? snapshot.context.errorCode : null,
    fieldProblems: snapshot.hasTag('invalid')
      ? Object.fromEntries(Object.entries(snapshot.context.fieldProblems).flatMap(([field, problem]) => (problem ? [[field, fieldProblemKey(problem)]] : [])))
      : {},
    reauthentication: snapshot.hasTag('reauthenticating')
      ? { busy: snapshot.hasTag('busy'), errorKey: snapshot.context.errorCode ? authMessageKey(snapshot.context.errorCode) : null }
      : null,
  };
}
