// A call answered 401 renews the token through the auth actor and is sent once more; signed out, the
// caller gets the 401.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { call, createApiClient } from '../../src/api/client';
import { authMachine, type SessionOutput } from '../../machines/auth/authMachine';
import { AuthFailure } from '../../machines/auth/failure';
import type { User } from '../../machines/auth/landing';
import { sessionRenewal } from '../../src/web/app/sessionRenewal';
import { demoUser } from '../machines/harness/users';

const USER: User = demoUser(['member'], { credits: 3 });
const session = (token: string): SessionOutput => ({ accessToken: token, expiresIn: 900, user: USER });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function signedInAuth(renew: () => Promise<SessionOutput>) {
  const auth = createActor(
    authMachine.provide({
      actors: {
        restoreSession: fromPromise(() => Promise.resolve(session('old-token'))),
        fetchCurrentUser: fromPromise(() => Promise.resolve(USER)),
        refreshSession: fromPromise(renew),
      },
    }),
    { input: { storedUser: USER } },
  ).start();
  await new Promise((r) => setTimeout(r, 0));
  await new Promise((r) => setTimeout(r, 0));
  expect(auth.getSnapshot().value).toEqual({ signedIn: 'active' });
  return auth;
}

function client(auth: ReturnType<typeof createActor<typeof authMachine>>, answer: (request: Request) => Response) {
  const sent: Array<{ path: string; authorization: string | null; body: string | null }> = [];
  const api = createApiClient({
    baseUrl: 'http://paybench.test/api',
    getAccessToken: () => auth.getSnapshot().context.accessToken,
    fetch: async (request) => {
      sent.push({
        path: new URL(request.url).pathname,
        authorization: request.headers.get('Authorization'),
        body: request.body ? await request.clone().text() : null,
      });
      return answer(request);
    },
  });
  api.use(sessionRenewal(() => auth));
  return { api, sent };
}

describe('session renewal on 401', () => {
  it('renews the token and sends the same request again with the new one', async () => {
    let renewals = 0;
    const auth = await signedInAuth(() => (renewals++, Promise.resolve(session('new-token'))));
    const { api, sent } = client(auth, (request) =>
      request.headers.get('Authorization') === 'Bearer new-token' ? json(200, USER) : json(401, { error: 'expired', errorCode: 'TOKEN_EXPIRED' }),
    );
    const result = await call(api.PUT('/users/uid', { body: { campaignId: 'C1' } }));
    expect(result.ok).toBe(true);
    expect(renewals).toBe(1);
    expect(sent.map((s) => s.authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(sent[1].body).toBe(JSON.stringify({ campaignId: 'C1' }));
    expect(auth.getSnapshot().context.accessToken).toBe('new-token');
  });

  it('when the renewal fails the caller gets the 401 and the person is signed out', async () => {
    const auth = await signedInAuth(() => Promise.reject(new AuthFailure('INVALID_TOKEN', 401)));
    const { api, sent } = client(auth, () => json(401, { error: 'expired', errorCode: 'TOKEN_EXPIRED' }));
    const result = await call(api.GET('/users/currentUser/export'));
    expect(result.ok).toBe(false);
    expect(result.status).toBe(401);
    expect(sent).toHaveLength(1);
    expect(auth.getSnapshot().value).toEqual({ signedOut: 'idle' });
  });

  it('an admin call answered 403 SECOND_FACTOR_REQUIRED signs the person out to sign in again with it', async () => {
    const auth = await signedInAuth(() => Promise.resolve(session('new-token')));
    const signedOut: string[] = [];
    const { api } = client(auth, (request) =>
      new URL(request.url).pathname.endsWith('/auth/sign-out')
        ? new Response(null, { status: 204 })
        : json(403, { error: 'second factor', errorCode: 'SECOND_FACTOR_REQUIRED' }),
    );
    auth.on('auth.secondFactorRequired', (event) => signedOut.push(event.type));
    const result = await call(api.GET('/users', { params: { query: {} } }));
    expect(result.status).toBe(403);
    // The auth actor revokes the session (no sign-out actor is given here: it fails, and the person is signed out all the same).
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(auth.getSnapshot().value).toEqual({ signedOut: 'failed' });
    expect(auth.getSnapshot().context.errorCode).toBe('SECOND_FACTOR_REQUIRED');
    expect(signedOut).toEqual(['auth.secondFactorRequired']);
  });

  it('never retries identity calls or calls without a token', async () => {
    let renewals = 0;
    const auth = await signedInAuth(() => (renewals++, Promise.resolve(session('new-token'))));
    const { api, sent } = client(auth, () => json(401, { error: 'no', errorCode: 'INVALID_CREDENTIALS' }));
    await call(api.POST('/auth/change-password', { body: { currentPassword: 'a', newPassword: 'b'.repeat(12) } }));
    await call(api.GET('/app-config', { headers: { 'x-skip-auth': 'true' } }));
    expect(sent).toHaveLength(2);
    expect(renewals).toBe(0);
  });
});
