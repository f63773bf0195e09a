// Renewing the access token when a call is answered 401 (the token is renewed before it expires and on
// a 401). A middleware added to the one typed client: it keeps a copy of every request that carried a
// bearer token; when the answer is 401 it asks the auth actor to renew the token (auth.tokenRejected),
// waits for the outcome and sends the request once more with the new token. Signed out, or the renewal
// failed: the caller gets the 401 (and the auth actor has already signed the person out).
// A 403 SECOND_FACTOR_REQUIRED (an admin's session without the second factor the server requires) tells the
// auth actor (auth.secondFactorRequired), which signs the person out to sign in again with it.
import { waitFor, type ActorRefFrom } from 'xstate';
import type { Middleware } from 'openapi-fetch';
import type { AuthMachine } from '../../../machines/auth/authMachine';

type AuthRef = ActorRefFrom<AuthMachine>;

/** How long a call waits for the renewal before giving up with its 401. */
export const RENEWAL_TIMEOUT_MS = 15_000;

function bearerOf(request: Request): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/** A token newer than `rejected`, renewing it if needed; null when there is none to be had. */
export async function renewedToken(auth: AuthRef | undefined, rejected: string | null): Promise<string | null> {
  if (!auth) return null;
  const snapshot = auth.getSnapshot();
  if (!snapshot.hasTag('signedIn') || snapshot.matches('signingOut')) return null;
  const current = snapshot.context.accessToken;
  if (current && current !== rejected && !snapshot.matches({ signedIn: 'refreshing' })) return current; // renewed meanwhile
  auth.send({ type: 'auth.tokenRejected' });
  try {
    const settled = await waitFor(auth, (s) => !s.matches({ signedIn: 'refreshing' }), { timeout: RENEWAL_TIMEOUT_MS });
    const token = settled.hasTag('signedIn') ? settled.context.accessToken : null;
    return token && token !== rejected ? token : null;
  } catch {
    return null;
  }
}

export function sessionRenewal(getAuth: () => AuthRef | undefined): Middleware {
  const copies = new Map<string, Request>();
  return {
    onRequest({ request, id, schemaPath }) {
      // Identity calls are never retried: their 401 is the answer (wrong password, ended session).
      if (bearerOf(request) && !schemaPath.startsWith('/auth/')) copies.set(id, request.clone());
      return undefined;
    },
    async onResponse({ response, id, options }) {
      const copy = copies.get(id);
      copies.delete(id);
      if (response.status === 403 && copy) {
        const body = (await response
          .clone()
          .json()
          .catch(() => null)) as { errorCode?: string } | null;
        if (body?.errorCode === 'SECOND_FACTOR_REQUIRED') getAuth()?.send({ type: 'auth.secondFactorRequired' });
        return undefined;
      }
      if (response.status !== 401 || !copy) return undefined;
      const token = await renewedToken(getAuth(), bearerOf(copy));
      if (!token) return undefined;
      const headers = new Headers(copy.headers);
      headers.set('Authorization', `Bearer ${token}`);
      return options.fetch(new Request(copy, { headers }));
    },
    onError({ id }) {
      copies.delete(id);
      return undefined;
    },
  };
}
