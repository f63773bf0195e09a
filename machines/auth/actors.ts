// The real effects of the auth machine: identity calls through the one typed client, and local storage.
// The app's composition root provides them (`authMachine.provide({ actors: authActors(), actions:
// authStorageActions(localStorage) })`); tests inject fakes instead.
import { fromPromise } from 'xstate';
import { api as defaultClient, call, skipAuth, type ApiClient, type CallFailure, type CallResult } from '../../src/api/client';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { AuthFailure, NETWORK_ERROR, NO_SESSION, UNKNOWN_ERROR } from './failure';
import { answerOf } from '../resource/answer';
import type { RealmOutput, SessionOutput, SignInInput, SignInOutput, SignOutOutput } from './authMachine';
import { providerSignInMachine } from './providerSignInMachine';
import { secondStepMachine, type SubmitSecondFactorInput } from './secondStepMachine';
import type { SecondFactorChallenge, User } from './landing';

/** The AuthFailure of a failed call: its errorCode, NETWORK_ERROR without an answer, else `unknown`. */
export function toAuthFailure(failure: CallFailure): AuthFailure {
  const code = failure.errorCode ?? (failure.status === 0 ? NETWORK_ERROR : UNKNOWN_ERROR);
  return new AuthFailure(code, failure.status, failure.body);
}

/** The body of a successful call, or an AuthFailure. */
export function bodyOf<T>(result: CallResult<T>): T {
  if (!result.ok) throw toAuthFailure(result);
  if (result.data === undefined) throw new AuthFailure(UNKNOWN_ERROR, result.status);
  return result.data;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function refreshSessionCall(client: ApiClient, signal?: AbortSignal): Promise<SessionOutput> {
  // The refresh token travels in the httpOnly cookie; a stale bearer must not turn this into a 401.
  return bodyOf(await call(client.POST('/auth/refresh', { headers: skipAuth, signal })));
}

/** The stored questionnaire id (localStorage questionaryID), when it has the shape of an id. */
function storedDraftId(): { formId?: string } {
  try {
    const id = globalThis.localStorage?.getItem(STORAGE_KEYS.questionaryID);
    return id && /^[A-Za-z0-9]{20,64}$/.test(id) ? { formId: id } : {};
  } catch {
    return {};
  }
}

export function authActors(client: ApiClient = defaultClient) {
  return {
    restoreSession: fromPromise<SessionOutput, { hasStoredUser: boolean }>(async ({ input, signal }) => {
      // Only a browser that kept a user can hold a refresh cookie worth trying: anonymous visitors make
      // no call (and see no 401 in their console).
      if (!input.hasStoredUser) throw new AuthFailure(NO_SESSION);
      return refreshSessionCall(client, signal);
    }),
    refreshSession: fromPromise<SessionOutput>(({ signal }) => refreshSessionCall(client, signal)),
    signIn: fromPromise<SignInOutput, SignInInput>(async ({ input, signal }) =>
      bodyOf(
        await call(
          client.POST('/auth/sign-in', {
            // The questionnaire draft this browser kept is claimed by the account that signs in.
            body: { email: input.email.trim(), password: input.password, ...storedDraftId(), ...(input.linkToken ? { linkToken: input.linkToken } : {}) },
            headers: skipAuth,
            signal,
          }),
        ),
      ),
    ),
    // The second step of a sign-in is a child machine: its call is provided with it.
    signInSecondStep: secondStepMachine.provide({ actors: secondStepActors(client) }),
    fetchCurrentUser: fromPromise<User, { accessToken: string }>(async ({ input, signal }) =>
      bodyOf(await call(client.GET('/users/currentUser', { params: { query: { refresh: true } }, headers: bearer(input.accessToken), signal }))),
    ),
    signOut: fromPromise<SignOutOutput, { accessToken: string | null }>(async ({ input, signal }) => {
      const result = await call(client.POST('/auth/sign-out', { headers: input.accessToken ? bearer(input.accessToken) : skipAuth, signal }));
      if (!result.ok) throw toAuthFailure(result);
      // 200: a provider's session, to end there too; 204: nothing more.
      return result.data && 'endSessionUrl' in result.data ? { endSessionUrl: result.data.endSessionUrl } : {};
    }),
    // Sign-in through an identity provider: its end is a child machine, provided with its calls.
    providerSignIn: providerSignInMachine.provide({ actors: providerSignInActors(client) }),
    discoverRealm: fromPromise<RealmOutput, { email: string }>(async ({ input, signal }) =>
      bodyOf(await call(client.POST('/auth/realm', { body: { email: input.email }, headers: skipAuth, signal }))),
    ),
  };
}

/** The effects of the second step of a sign-in (machines/auth/secondStepMachine.ts): its one call. */
export function secondStepActors(client: ApiClient = defaultClient) {
  return {
    // verify: POST auth/sign-in/second-factor; enrol: POST auth/sign-in/enrol (the session carries the recovery codes).
    submitSecondFactor: fromPromise<SessionOutput, SubmitSecondFactorInput>(async ({ input: { secondFactor, ...body }, signal }) =>
      bodyOf(
        await call(
          client.POST(secondFactor === 'enrol' ? '/auth/sign-in/enrol' : '/auth/sign-in/second-factor', {
            body: { ...body, ...storedDraftId() },
            headers: skipAuth,
            signal,
          }),
        ),
      ),
    ),
  };
}

/** The effects of the end of a provider's sign-in (machines/auth/providerSignInMachine.ts). */
export function providerSignInActors(client: ApiClient = defaultClient) {
  return {
    refreshSession: fromPromise<SessionOutput>(({ signal }) => refreshSessionCall(client, signal)),
    resumeChallenge: fromPromise<SecondFactorChallenge, { challenge: string }>(async ({ input, signal }) =>
      bodyOf(await call(client.POST('/auth/sign-in/challenge', { body: { challenge: input.challenge }, headers: skipAuth, signal }))),
    ),
  };
}

/** The sign-in methods the login page offers (GET auth/providers): the password form and the providers' buttons. */
export const signInMethods = (client: ApiClient = defaultClient) =>
  fromPromise<SignInMethods>(async ({ signal }) => answerOf(await call(client.GET('/auth/providers', { headers: skipAuth, signal }))));
export type SignInMethods = { passwordSignIn: boolean; providers: Array<{ id: string; name: string }> };

/** Leaves the app for a URL (a provider's sign-in or sign-out): the auth machine's `goTo` action. */
export function leaveForUrl(location: Pick<Location, 'assign'> | undefined) {
  return (_: unknown, params: { url: string | null }) => {
    if (params.url) location?.assign(params.url);
  };
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

/** Storage can be blocked (privacy modes): the app then works for this visit without remembering. */
function attempt(work: () => void): void {
  try {
    work();
  } catch {
    // nothing to keep it in
  }
}

/** The storage actions of the auth machine over a Storage (local storage in the app). */
export function authStorageActions(storage: StorageLike | undefined) {
  return {
    storeUser: (_: unknown, params: { user: User }) => attempt(() => storage?.setItem(STORAGE_KEYS.currentUser, JSON.stringify(params.user))),
    forgetStoredUser: () => attempt(() => storage?.removeItem(STORAGE_KEYS.currentUser)),
    clearStorage: () => attempt(() => storage?.clear()),
    storeTypedEmail: (_: unknown, params: { email: string | null }) =>
      attempt(() => (params.email ? storage?.setItem(STORAGE_KEYS.signInEmail, params.email) : storage?.removeItem(STORAGE_KEYS.signInEmail))),
  };
}

/**
 * The address typed before the browser left for a provider, read once and dropped: it only bridges that one round
 * trip (a refusal brings the form back with it), and stays in no browser longer.
 */
export function takeTypedEmail(storage: Pick<Storage, 'getItem' | 'removeItem'> | undefined): string | null {
  try {
    const email = storage?.getItem(STORAGE_KEYS.signInEmail) ?? null;
    storage?.removeItem(STORAGE_KEYS.signInEmail);
    return email;
  } catch {
    return null;
  }
}

/** The user kept in current_user, when it looks like one (a hand-edited value is ignored). */
export function readStoredUser(storage: Pick<Storage, 'getItem'> | undefined): User | null {
  try {
    const text = storage?.getItem(STORAGE_KEYS.currentUser);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<User> | null;
    if (!value || typeof value._id !== 'string' || typeof value.email !== 'string' || !Array.isArray(value.role)) return null;
    return value as User;
  } catch {
    return null;
  }
}
