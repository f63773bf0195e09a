// Pure snapshot → view model of the auth machine: what guards, the header, the account menu and the
// login page read (with narrow selectors, e.g. `useSelector(auth, selectAuthStatus)`).
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AuthMachine } from './authMachine';
import type { SecondStepMachine } from './secondStepMachine';
import { secondStepView, type SecondFactorView } from './secondStepView';
import { fieldProblemKey } from '../../src/domain/credentials';
import { authMessageKey } from './failure';
import { isAdmin, isAdminOrCorporate, type User } from './landing';

export type AuthSnapshot = SnapshotFrom<AuthMachine>;

/** unknown: still restoring (auth-ready guards wait); then signedOut or signedIn. */
export type AuthStatus = 'unknown' | 'signedOut' | 'signedIn';

export interface AuthView {
  status: AuthStatus;
  /** The signed-in user; null unless signed in (the stored copy is not trusted while restoring). */
  user: User | null;
  /** A call of the flow is running (sign-in, refresh, sign-out). */
  busy: boolean;
  /** The sign-in call is running: the form's button shows a spinner and is disabled. */
  signingIn: boolean;
  /** Translation key of the last sign-in failure (auth.{code}) that belongs to no field, null when none. */
  errorKey: string | null;
  /** Translation keys of the problems of the sign-in fields (shown on the field, which is marked invalid). */
  fieldProblems: SignInFieldProblems;
  isAdmin: boolean;
  isAdminOrCorporate: boolean;
  /** The second step of a sign-in, while it is asked; null otherwise. */
  secondFactor: SecondFactorView | null;
  /** The browser is on its way to an identity provider. */
  redirecting: boolean;
  /** The linking step (prove the existing account with its password), with the provider's name; null otherwise. */
  linking: { provider: string } | null;
  /** The address typed before a provider's round trip (the form starts with it); null otherwise. */
  typedEmail: string | null;
  /** Our link was e-mailed to this address (a provider's sign-in of a new address); null otherwise. */
  emailLinkSent: { email: string; provider: string } | null;
}

export type { SecondFactorView } from './secondStepView';

/** The second step's child (machines/auth/secondStepMachine.ts) while the second factor is asked; undefined otherwise. */
export function selectSecondStep(snapshot: AuthSnapshot): ActorRefFrom<SecondStepMachine> | undefined {
  return snapshot.hasTag('secondFactor') ? snapshot.children.signInSecondStep : undefined;
}

/** The second step of a sign-in, read from its child's snapshot; null when it is not asked. */
export function selectSecondFactor(snapshot: AuthSnapshot): SecondFactorView | null {
  const step = selectSecondStep(snapshot);
  return step ? secondStepView(step.getSnapshot()) : null;
}

/** A call of the flow is running, the second step's included (its code is being checked). */
export function selectAuthBusy(snapshot: AuthSnapshot): boolean {
  return snapshot.hasTag('busy') || (selectSecondStep(snapshot)?.getSnapshot().hasTag('busy') ?? false);
}

export function selectAuthStatus(snapshot: AuthSnapshot): AuthStatus {
  if (snapshot.hasTag('unknown')) return 'unknown';
  return snapshot.hasTag('signedIn') ? 'signedIn' : 'signedOut';
}

/** The person signed out (or deleted the account) during this visit: guarded pages lead home. */
export function selectLeftOnPurpose(snapshot: AuthSnapshot): boolean {
  return snapshot.hasTag('left');
}

export function selectCurrentUser(snapshot: AuthSnapshot): User | null {
  return snapshot.hasTag('signedIn') ? snapshot.context.user : null;
}

export function selectAccessToken(snapshot: AuthSnapshot): string | null {
  return snapshot.context.accessToken;
}

/** A failure about what was typed: shown on the field (not again as an alert: a failure is said once). */
const FIELD_FAILURES: Record<string, keyof SignInFieldProblems> = { INVALID_CREDENTIALS: 'password' };

/**
 * What the sign-in form says when the person was signed out for want of a second factor (an admin's session
 * while ADMIN_MFA=required): sign in again with it. (auth.SECOND_FACTOR_REQUIRED is the settings' refusal to turn it off.)
 */
export const SECOND_FACTOR_SIGN_IN_KEY = 'auth.second_factor_sign_in';
const SIGN_IN_FAILURE_KEYS: Record<string, string> = { SECOND_FACTOR_REQUIRED: SECOND_FACTOR_SIGN_IN_KEY };

export interface SignInFieldProblems {
  email?: string;
  password?: string;
}

/** The sign-in failure that belongs to no field (offline, rate limited, disabled…), as auth.{code}. */
export function selectSignInErrorKey(snapshot: AuthSnapshot): string | null {
  const code = snapshot.context.errorCode;
  if (!snapshot.hasTag('failed') || (code !== null && code in FIELD_FAILURES)) return null;
  return (code !== null && SIGN_IN_FAILURE_KEYS[code]) || authMessageKey(code);
}

/** What is wrong with each sign-in field: the browser's checks (nothing sent) or the server's refusal of the password. */
export function selectSignInFieldProblems(snapshot: AuthSnapshot): SignInFieldProblems {
  if (snapshot.hasTag('invalid')) {
    const { email, password } = snapshot.context.fieldProblems;
    return { ...(email ? { email: fieldProblemKey(email) } : {}), ...(password ? { password: fieldProblemKey(password) } : {}) };
  }
  const code = snapshot.context.errorCode;
  if (snapshot.hasTag('failed') && code !== null && code in FIELD_FAILURES) return { [FIELD_FAILURES[code]]: authMessageKey(code) };
  return {};
}

export function selectLinking(snapshot: AuthSnapshot): { provider: string } | null {
  return snapshot.hasTag('linking') && snapshot.context.link ? { provider: snapshot.context.link.provider } : null;
}

export function selectEmailLinkSent(snapshot: AuthSnapshot): { email: string; provider: string } | null {
  return snapshot.hasTag('emailLinkSent') ? snapshot.context.emailLinkSent : null;
}

export function authView(snapshot: AuthSnapshot): AuthView {
  const user = selectCurrentUser(snapshot);
  return {
    status: selectAuthStatus(snapshot),
    user,
    busy: selectAuthBusy(snapshot),
    signingIn: snapshot.matches('signingIn'),
    errorKey: selectSignInErrorKey(snapshot),
    fieldProblems: selectSignInFieldProblems(snapshot),
    isAdmin: isAdmin(user),
    isAdminOrCorporate: isAdminOrCorporate(user),
    secondFactor: selectSecondFactor(snapshot),
    redirecting: snapshot.hasTag('redirecting'),
    linking: selectLinking(snapshot),
    emailLinkSent: selectEmailLinkSent(snapshot),
    typedEmail: snapshot.context.typedEmail,
  };
}
