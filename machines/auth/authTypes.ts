/**
 * The types of the identity flow (machines/auth/authMachine.ts): its context, input, events and emitted events,
 * what its effects take and answer, and the provider's outcome the /login page reads from its URL fragment.
 */
import type { FieldProblems } from '../../src/domain/credentials';
import type { SecondFactorChallenge, Session, User } from './landing';
import type { SecondStepEvent } from './secondStepTypes';

export interface AuthContext {
  /** The signed-in user (or, while restoring, the one kept in local storage current_user). */
  user: User | null;
  /** Bearer token of the signed-in user; null when signed out. */
  accessToken: string | null;
  /** Lifetime of the current token in seconds, to renew it before it expires. */
  expiresIn: number | null;
  /** The URL a guard bounced the visitor from; it wins over the role's landing page after signing in. */
  redirectUrl: string | null;
  /** Code of the last failed sign-in (shown as auth.{code}); null after a success. */
  errorCode: string | null;
  /** What the browser found wrong with the last sign-in it refused to send (a malformed address, no password). */
  fieldProblems: FieldProblems;
  /** The second step of a sign-in the server asked for (a TOTP code, or an admin's enrolment): the signInSecondStep child's input; null otherwise. */
  challenge: SecondFactorChallenge | null;
  /** The identity provider the browser is being sent to (its id); null otherwise. */
  provider: string | null;
  /** The linking step: the token of the provider's callback and the provider's name; null otherwise. */
  link: { token: string; provider: string } | null;
  /** The provider's sign-in of a new address waits for our e-mailed link (the address, the provider's name). */
  emailLinkSent: { email: string; provider: string } | null;
  /** The address typed in the sign-in form (home-realm discovery), kept across a provider's round trip. */
  typedEmail: string | null;
}

export interface AuthInput {
  /** The user kept in local storage current_user, if any: then a session may be there to restore. */
  storedUser: User | null;
  /** The address typed before the browser left for a provider (one page load only: the app reads and drops it). */
  typedEmail?: string | null;
}

export interface Credentials {
  email: string;
  password: string;
}

/** What POST auth/sign-in sends: the credentials, and the linking token while an identity is being linked. */
export interface SignInInput extends Credentials {
  linkToken?: string;
}

/**
 * What the provider's callback handed the app in the /login URL fragment (routes/oidc.ts): the session is
 * open (renew the token from the cookie), a TOTP step, the linking step, or a refusal code.
 */
export type ProviderOutcome =
  | { kind: 'done'; redirect: string | null }
  | { kind: 'secondFactor'; challenge: string; redirect: string | null }
  | { kind: 'link'; linkToken: string; provider: string }
  /** A new address no trusted provider vouched for: our link was e-mailed to it (opened in this browser). */
  | { kind: 'emailSent'; email: string; provider: string }
  | { kind: 'error'; code: string };

/** The outcome in a fragment (`#done=1&redirect=/x`), or null when the fragment is not one. */
export function parseProviderOutcome(fragment: string): ProviderOutcome | null {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const redirect = params.get('redirect');
  if (params.get('done') === '1') return { kind: 'done', redirect };
  const challenge = params.get('challenge');
  if (challenge && params.get('secondFactor')) return { kind: 'secondFactor', challenge, redirect };
  const linkToken = params.get('link');
  if (linkToken) return { kind: 'link', linkToken, provider: params.get('provider') ?? '' };
  const emailSent = params.get('emailSent');
  if (emailSent && emailSent.includes('@')) return { kind: 'emailSent', email: emailSent, provider: params.get('provider') ?? '' };
  const code = params.get('error');
  if (code && /^[A-Z_]{3,40}$/.test(code)) return { kind: 'error', code };
  return null;
}

/** Where the browser starts a provider's sign-in: the API's start call, with the path to come back to (no query). */
export function providerStartUrl(provider: string, redirect: string | null): string {
  const path = redirect?.split(/[?#]/)[0] ?? null;
  const back = path && path.startsWith('/') && !path.startsWith('//') ? `?redirect=${encodeURIComponent(path)}` : '';
  return `/api/auth/oidc/${encodeURIComponent(provider)}/start${back}`;
}

/** What views, guards, the API middleware and other flows send. */
export type AuthEvent =
  | ({ type: 'auth.signIn' } & Credentials)
  | { type: 'auth.signOut' }
  /** A signed-in guard bounced the visitor from `url`: go back there after signing in. */
  | { type: 'auth.rememberRedirect'; url: string }
  /** The saved URL was used (e.g. by the registration redirect): forget it. */
  | { type: 'auth.forgetRedirect' }
  /** A call was answered 401 with the current token: renew it now. */
  | { type: 'auth.tokenRejected' }
  /**
   * A call was answered 403 SECOND_FACTOR_REQUIRED: an admin's session was not opened with the second factor
   * the server requires (ADMIN_MFA=required). Sign out, and sign in again with it.
   */
  | { type: 'auth.secondFactorRequired' }
  /** Another flow received the user's record afresh (e.g. after PUT users/uid): keep it. */
  | { type: 'auth.userUpdated'; user: User }
  /** Read the user afresh (credits, plan changed). */
  | { type: 'auth.reloadUser' }
  /** A registration signed the person in (POST users/member answers a Session): adopt it, no redirect. */
  | { type: 'auth.sessionStarted'; session: Session }
  /** The account was deleted (DELETE users/currentUser): its sessions are gone; forget everything here. */
  | { type: 'auth.accountDeleted' }
  /** The second step of a sign-in (a code typed, give up, the recovery codes kept): forwarded to the signInSecondStep child. */
  | SecondStepEvent
  /** "Continue with …": sign in at that identity provider (the browser leaves the app). */
  | { type: 'auth.continueWithProvider'; provider: string }
  /** The e-mail field was filled in: its company may sign in at its own provider (home-realm discovery). */
  | { type: 'auth.emailEntered'; email: string }
  /** The browser came back from a provider (the /login page read the outcome from its fragment). */
  | { type: 'auth.providerReturned'; outcome: ProviderOutcome }
  /** Give up linking the provider's identity to the existing account. */
  | { type: 'auth.cancelLinking' };

/** What the machine tells its listeners (the app machine turns these into navigation and toasts). */
export type AuthEmitted =
  /** Signed in; `redirectTo` is where to go now (null: stay, e.g. after registering). */
  | { type: 'auth.signedIn'; user: User; redirectTo: string | null }
  /** The person signed out: local storage is cleared. */
  | { type: 'auth.signedOut' }
  /** The session could not be renewed: the person is signed out without asking. */
  | { type: 'auth.sessionEnded' }
  /** The admin's session lacked the second factor the server requires: signed out, to sign in again with it. */
  | { type: 'auth.secondFactorRequired' }
  /** The account is deleted: local storage is cleared. */
  | { type: 'auth.accountDeleted' };

/** What the token calls answer: the contract's Session (access token, lifetime, user). */
export type SessionOutput = Session;
/** What POST auth/sign-in answers: a session, or the second factor it asks for first. */
export type SignInOutput = Session | SecondFactorChallenge;
/** What POST auth/sign-out answers: for a provider's session, where to sign out there too. */
export type SignOutOutput = { endSessionUrl?: string };
/** Home-realm discovery: the provider of the address's company, or null. */
export interface RealmOutput {
  provider: string | null;
}
