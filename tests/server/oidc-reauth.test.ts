// For accounts without a password: a security change needs a re-authentication within 5 minutes, and
// an account a provider created proves itself by a fresh sign-in at a linked provider (start?intent=reauth). Against a
// real provider (oidc-provider on a local port) and the real app on a real database: the round trip gives a single-use
// proof of that account only, opens no session and creates nothing; POST auth/reauthenticate { providerProof } marks
// the caller's session, after which a second factor can be set up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { loginAtProvider, providerSignIns, startTestProvider, type TestProvider } from './helpers/oidcProvider';
import { newId } from '../../src/server/ids';

let idp: TestProvider;
let t: TestApp;
let flow: ReturnType<typeof providerSignIns>;
const ID = 'testidp';

beforeAll(async () => {
  idp = await startTestProvider();
  t = await startTestApp(idp.env(ID));
  flow = providerSignIns(t);
}, 30_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

let addressCounter = 0;
const freshAddress = () => `10.77.${(++addressCounter >> 8) & 255}.${addressCounter & 255}`;

function addPerson(name: string) {
  const subject = `${name}-${newId(6).toLowerCase()}`;
  const email = `${subject}@people.test`;
  idp.people.set(subject, { email, email_verified: true, name });
  return { subject, email };
}

interface Signed {
  userId: string;
  headers: Record<string, string>;
  sessionId: string;
}

/** A member created by a provider sign-in (no password), with a bearer for its session. */
async function providerAccount(name: string): Promise<Signed & { subject: string }> {
  const { subject } = addPerson(name);
  const outcome = await flow.signInAs(ID, subject);
  expect(outcome.params.get('done')).toBe('1');
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: outcome.refreshCookie! } });
  expect(res.statusCode, res.body).toBe(200);
  const { accessToken, user } = res.json<{ accessToken: string; user: { _id: string } }>();
  const [{ password_hash }] = await t.database.execute<{ password_hash: string | null }>('select password_hash from users where id = $1', [user._id]);
  expect(password_hash).toBeNull();
  const sessionId = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sid as string;
  // The sign-in itself proved the person: that was longer ago than the 5 minutes now.
  await t.database.execute(`update session_assurance set reauthenticated_at = now() - interval '6 minutes' where family_id = $1`, [sessionId]);
  return { subject, userId: user._id, sessionId, headers: { authorization: `Bearer ${accessToken}` } };
}

/** The re-authentication round trip in a browser: start (intent=reauth), the provider's login, the callback. */
async function reauthAt(subject: string, redirect = '/settings') {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/auth/oidc/${ID}/start?intent=reauth&redirect=${encodeURIComponent(redirect)}`,
    remoteAddress: freshAddress(),
  });
  expect(start.statusCode, start.body).toBe(302);
  const authorizationUrl = new URL(String(start.headers.location));
  const binding = start.cookies.find((c) => c.name === 'paybench_oidc')!;
  const back = await loginAtProvider(authorizationUrl.href, subject);
  const res = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: `${binding.name}=${binding.value}` },
    remoteAddress: freshAddress(),
  });
  expect(res.statusCode, res.body).toBe(302);
  const location = String(res.headers.location);
  return {
    authorizationUrl,
    location,
    params: new URLSearchParams(location.slice(location.indexOf('#') + 1)),
    refreshCookie: res.cookies.find((c) => c.name === 'paybench_refresh' && c.value) ?? null,
  };
}

const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const reauthenticatedAt = async (sessionId: string) =>
  (await t.database.execute<{ at: Date | null }>('select reauthenticated_at as at from session_assurance where family_id = $1', [sessionId]))[0].at;
const counts = async () =>
  (
    await t.database.execute<{ users: number; identities: number; sessions: number }>(
      `select (select count(*)::int from users) as users, (select count(*)::int from user_identities) as identities,
              (select count(*)::int from refresh_tokens) as sessions`,
    )
  )[0];

describe('re-authentication through a provider, for an account without a password', () => {
  it('cannot set up TOTP until a fresh provider sign-in proves the person; the proof marks the session once', async () => {
    const account = await providerAccount('no-password');
    const refused = await post('/auth/totp/setup', undefined, account.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('REAUTHENTICATION_REQUIRED');
    // There is no password to give.
    const noPassword = await post('/auth/reauthenticate', { password: 'any password at all 42' }, account.headers);
    expect(noPassword.statusCode).toBe(401);

    const before = await counts();
    const round = await reauthAt(account.subject);
    // The provider is asked to authenticate the person again, not to reuse its session.
    expect(round.authorizationUrl.searchParams.get('prompt')).toBe('login');
    expect(round.authorizationUrl.searchParams.get('max_age')).toBe('0');
    expect(round.location.startsWith('/settings#reauth=')).toBe(true);
    const proof = round.params.get('reauth')!;
    expect(proof.length).toBeGreaterThanOrEqual(20);
    // No session opened, nothing created; the proof is stored only as its hash.
    expect(round.refreshCookie).toBeNull();
    expect(await counts()).toEqual(before);
    const tokens = await t.database.execute<{ token_hash: string; purpose: string }>('select token_hash, purpose from action_tokens where user_id = $1', [
      account.userId,
    ]);
    expect(tokens.map((row) => row.purpose)).toContain('provider-reauth');
    expect(tokens.some((row) => row.token_hash === proof)).toBe(false);

    const ok = await post('/auth/reauthenticate', { providerProof: proof }, account.headers);
    expect(ok.statusCode, ok.body).toBe(204);
    expect(Date.now() - new Date((await reauthenticatedAt(account.sessionId))!).getTime()).toBeLessThan(60_000);
    const setup = await post('/auth/totp/setup', undefined, account.headers);
    expect(setup.statusCode, setup.body).toBe(200);

    // Replayed: refused, whoever brings it.
    const replay = await post('/auth/reauthenticate', { providerProof: proof }, account.headers);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errorCode).toBe('REAUTH_PROOF_INVALID');
  });

  it("refuses another account's proof, marks nothing and leaves the proof to its owner", async () => {
    const owner = await providerAccount('owner');
    const other = await providerAccount('other');
    const proof = (await reauthAt(owner.subject)).params.get('reauth')!;
    const stale = await reauthenticatedAt(other.sessionId);

    const foreign = await post('/auth/reauthenticate', { providerProof: proof }, other.headers);
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().errorCode).toBe('REAUTH_PROOF_INVALID');
    expect(await reauthenticatedAt(other.sessionId)).toEqual(stale);
    expect((await post('/auth/totp/setup', undefined, other.headers)).statusCode).toBe(403);

    expect((await post('/auth/reauthenticate', { providerProof: proof }, owner.headers)).statusCode).toBe(204);
  });

  it('a subject not linked to any account gets no proof, no account and no session', async () => {
    const { subject, email } = addPerson('stranger');
    const before = await counts();
    const round = await reauthAt(subject, '/settings');
    expect(round.location).toBe('/settings#error=OIDC_REAUTH_NOT_LINKED');
    expect(round.refreshCookie).toBeNull();
    expect(await counts()).toEqual(before);
    expect(await t.database.execute('select id from users where email = $1', [email])).toEqual([]);
  });

  it('opens no session for a linked subject either, and goes back to its app path (never another site)', async () => {
    const account = await providerAccount('linked');
    const sessions = (await counts()).sessions;
    const round = await reauthAt(account.subject, '/my-account/settings');
    expect(round.location.startsWith('/my-account/settings#reauth=')).toBe(true);
    expect(round.refreshCookie).toBeNull();
    expect((await counts()).sessions).toBe(sessions);
    const offSite = await reauthAt(account.subject, '//evil.test/settings');
    expect(offSite.location.startsWith('/settings#reauth=')).toBe(true);
    expect(offSite.refreshCookie).toBeNull();
    expect((await counts()).sessions).toBe(sessions);
  });

  it('asks for exactly one of the password and the proof', async () => {
    const account = await providerAccount('both');
    expect((await post('/auth/reauthenticate', {}, account.headers)).statusCode).toBe(400);
    const both = await post('/auth/reauthenticate', { password: 'a password of sorts 1', providerProof: 'x'.repeat(43) }, account.headers);
    expect(both.statusCode).toBe(400);
    expect(both.json().errorCode).toBe('VALIDATION_ERROR');
  });
});
