// Sign-in through an OpenID Connect provider against a real provider (oidc-provider on a local port, no
// network) and the real app on a real database: first sign-in creates a member, later ones find it by the provider's
// subject, roles from the groups claim, the linking step for an existing account's verified address, the TOTP step
// for admins whose provider asserts no second factor, the sign-out at the provider, company single sign-on by domain,
// and every refusal — tampered or replayed state, replayed code, wrong nonce, expired ID token, another issuer, an
// unknown provider, an unverified address of an existing account — each with its code and nothing created.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from './helpers/testApp';
import { loginAtProvider, startTestProvider, type TestProvider } from './helpers/oidcProvider';
import { REFRESH_COOKIE } from '../../src/server/auth/sessions';
import { OIDC_COOKIE } from '../../src/server/auth/oidc';
import { currentTotpCode } from '../../src/server/auth/totp';
import { parseOidcProviders } from '../../src/server/oidcConfig';
import { newId } from '../../src/server/ids';

let idp: TestProvider;
let t: TestApp;
const ID = 'testidp';

const person = (label: string) => `${label}-${newId(6).toLowerCase()}`;
/** Adds a person to the provider; returns its subject and address. */
function addPerson(label: string, claims: { verified?: boolean; groups?: string[]; amr?: string[]; email?: string } = {}) {
  const subject = person(label);
  const email = claims.email ?? `${subject}@people.test`;
  idp.people.set(subject, { email, email_verified: claims.verified ?? true, name: label, groups: claims.groups, amr: claims.amr });
  return { subject, email };
}

beforeAll(async () => {
  idp = await startTestProvider();
  t = await startTestApp(
    idp.env(ID, { ADMIN_MFA: 'required', OIDC_TESTIDP_ROLES_CLAIM: 'groups', OIDC_TESTIDP_ROLES_MAP: 'paybench-admins=admin,hr=corporate' }),
  );
}, 30_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const counts = async () => {
  const [row] = await t.database.execute<{ users: number; identities: number; sessions: number }>(
    `select (select count(*)::int from users) as users, (select count(*)::int from user_identities) as identities,
            (select count(*)::int from refresh_tokens) as sessions`,
  );
  return row;
};

interface Started {
  authorizationUrl: string;
  cookie: string;
}

async function start(redirect?: string, provider = ID): Promise<Started> {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/${provider}/start${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}` });
  expect(res.statusCode, res.body).toBe(302);
  const binding = res.cookies.find((c) => c.name === OIDC_COOKIE)!;
  expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc' });
  return { authorizationUrl: res.headers.location as string, cookie: `${binding.name}=${binding.value}` };
}

interface Outcome {
  params: URLSearchParams;
  refreshCookie: string | null;
  location: string;
}

async function callback(url: URL, cookie: string | null): Promise<Outcome> {
  const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(302);
  const location = res.headers.location as string;
  expect(location.startsWith('/login#')).toBe(true);
  const refresh = res.cookies.find((c) => c.name === REFRESH_COOKIE && c.value);
  return {
    params: new URLSearchParams(location.slice(location.indexOf('#') + 1)),
    refreshCookie: refresh ? `${refresh.name}=${refresh.value}` : null,
    location,
  };
}

/** A whole sign-in at the provider as `subject`. */
async function signInAs(subject: string, redirect?: string): Promise<Outcome> {
  const started = await start(redirect);
  return callback(await loginAtProvider(started.authorizationUrl, subject), started.cookie);
}

async function refresh(cookie: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ accessToken: string; user: { _id: string; email: string; role: string[]; emailVerified: boolean } }>();
}

const identitiesOf = async (userId: string) =>
  t.database.execute<{ provider: string; issuer: string; subject: string }>('select provider, issuer, subject from user_identities where user_id = $1', [
    userId,
  ]);

describe('the sign-in methods', () => {
  it('lists the configured provider (never its secret) beside the password form', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ passwordSignIn: true, providers: [{ id: ID, name: 'Test Identity' }] });
    expect(res.body).not.toContain(idp.clientSecret);
  });

  it('reads several providers, the shorthand, OIDC_ONLY and role mappings from the environment', () => {
    expect(parseOidcProviders({})).toEqual({ providers: [], passwordSignIn: true });
    expect(parseOidcProviders({ OIDC_ONLY: '1' }).passwordSignIn).toBe(true);
    const shorthand = parseOidcProviders({ OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: 'c', OIDC_NAME: 'Example', OIDC_ONLY: '1' });
    expect(shorthand.providers.map((p) => [p.id, p.name])).toEqual([['oidc', 'Example']]);
    expect(shorthand.passwordSignIn).toBe(false);
    const two = parseOidcProviders({
      OIDC_PROVIDERS: 'keycloak,google',
      OIDC_KEYCLOAK_ISSUER_URL: 'https://kc.example.com/realms/acme',
      OIDC_KEYCLOAK_CLIENT_ID: 'paybench',
      OIDC_KEYCLOAK_ROLES_CLAIM: 'realm_access.roles',
      OIDC_KEYCLOAK_ROLES_MAP: 'pb-admin=admin, pb-hr=corporate',
      OIDC_KEYCLOAK_ONLY: '1',
      OIDC_GOOGLE_ISSUER_URL: 'https://accounts.google.com',
      OIDC_GOOGLE_CLIENT_ID: 'g',
    });
    expect(two.providers.map((p) => p.id)).toEqual(['keycloak', 'google']);
    expect(two.providers[0].rolesMap).toEqual({ 'pb-admin': 'admin', 'pb-hr': 'corporate' });
    expect(two.passwordSignIn).toBe(true);
    expect(() => parseOidcProviders({ OIDC_PROVIDERS: 'x', OIDC_X_CLIENT_ID: 'c' })).toThrow(/ISSUER_URL/);
    expect(() => parseOidcProviders({ OIDC_PROVIDERS: 'x', OIDC_X_ISSUER_URL: 'https://x', OIDC_X_CLIENT_ID: 'c', OIDC_X_ROLES_MAP: 'a=root' })).toThrow(
      /ROLES_MAP/,
    );
  });
});

describe('signing in through the provider', () => {
  it('sends the browser to the provider with PKCE S256, a state and a nonce', async () => {
    const { authorizationUrl } = await start();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/oidc/callback');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    // The state itself is kept hashed, never in clear.
    const [row] = await t.database.execute<{ n: number }>('select count(*)::int as n from oidc_requests where state_hash = $1', [
      url.searchParams.get('state'),
    ]);
    expect(row.n).toBe(0);
  });

  it('a first sign-in creates a member linked by subject and opens a session the app renews like after a reload', async () => {
    const { subject, email } = addPerson('new');
    const before = await counts();
    const outcome = await signInAs(subject, '/my-account/my-credits');
    expect(Object.fromEntries(outcome.params)).toEqual({ done: '1', redirect: '/my-account/my-credits' });
    expect(outcome.refreshCookie).not.toBeNull();
    const session = await refresh(outcome.refreshCookie!);
    expect(session.user).toMatchObject({ email, role: ['member'], emailVerified: true });
    const after = await counts();
    expect(after.users).toBe(before.users + 1);
    expect(after.identities).toBe(before.identities + 1);
    expect(await identitiesOf(session.user._id)).toEqual([{ provider: ID, issuer: idp.issuer, subject }]);
    // The same bearer as a password sign-in: it reaches the account's calls.
    const me = await t.app.inject({ method: 'GET', url: '/api/users/currentUser', headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(me.json().email).toBe(email);
    // The person's data export names the link (what links the accounts is personal data too).
    const exported = await t.app.inject({ method: 'GET', url: '/api/users/currentUser/export', headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().identities).toEqual([
      { provider: ID, issuer: idp.issuer, subject, email, lastSignInAt: expect.any(String), createdAt: expect.any(String) },
    ]);
  });

  it('a later sign-in finds the account by subject, even when the provider asserts another address', async () => {
    const { subject } = addPerson('again');
    const first = await refresh((await signInAs(subject)).refreshCookie!);
    idp.people.get(subject)!.email = `changed-${subject}@elsewhere.test`;
    const before = await counts();
    const second = await refresh((await signInAs(subject)).refreshCookie!);
    expect(second.user._id).toBe(first.user._id);
    // The account keeps its own address: the provider's new one links nothing and changes nothing.
    expect(second.user.email).toBe(first.user.email);
    expect((await counts()).users).toBe(before.users);
  });

  it('roles come from the groups claim when the provider maps one', async () => {
    const { subject } = addPerson('hr', { groups: ['hr'] });
    const session = await refresh((await signInAs(subject)).refreshCookie!);
    expect(session.user.role).toEqual(['corporate']);
  });

  it('a redirect that is not a path of this app is dropped (the person lands by role)', async () => {
    const { subject } = addPerson('redirect');
    for (const redirect of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const outcome = await signInAs(subject, redirect);
      expect(outcome.params.get('done')).toBe('1');
      expect(outcome.params.has('redirect')).toBe(false);
    }
  });

  it('the provider session ends at the provider: sign-out answers its end-session URL with the ID token hint', async () => {
    const { subject } = addPerson('leaver');
    const outcome = await signInAs(subject);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: outcome.refreshCookie! } });
    expect(res.statusCode, res.body).toBe(200);
    const end = new URL(res.json().endSessionUrl);
    expect(`${end.origin}${end.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/');
    expect(end.searchParams.get('id_token_hint')).toMatch(/^ey/);
    // The session is over here.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: outcome.refreshCookie! } })).statusCode).toBe(401);
    // The provider accepts that URL (its sign-out page for the session).
    expect((await fetch(end, { redirect: 'manual' })).status).toBeLessThan(400);
  });

  it('a password session signs out here only (204)', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: session.refreshCookie } });
    expect(res.statusCode).toBe(204);
  });
});

describe('admins and the second factor (ADMIN_MFA=required)', () => {
  it('an admin whose provider asserts MFA (amr) is not asked for TOTP', async () => {
    const { subject } = addPerson('mfa-admin', { groups: ['paybench-admins'], amr: ['pwd', 'mfa'] });
    const outcome = await signInAs(subject);
    expect(outcome.params.get('done')).toBe('1');
    expect((await refresh(outcome.refreshCookie!)).user.role).toEqual(['admin']);
  });

  it('an admin without it enrols TOTP after the provider step, and that session still signs out at the provider', async () => {
    const { subject } = addPerson('plain-admin', { groups: ['paybench-admins'], amr: ['pwd'] });
    const outcome = await signInAs(subject);
    expect(outcome.params.get('secondFactor')).toBe('enrol');
    expect(outcome.refreshCookie).toBeNull();
    const challenge = outcome.params.get('challenge')!;
    const resumed = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/challenge', payload: { challenge } });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const { enrolment } = resumed.json<{ enrolment: { secret: string } }>();
    const enrolled = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/enrol', payload: { challenge, code: currentTotpCode(enrolment.secret) } });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json().user.role).toEqual(['admin']);
    const cookie = enrolled.cookies.find((c) => c.name === REFRESH_COOKIE)!;
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: `${cookie.name}=${cookie.value}` } });
    expect(out.statusCode).toBe(200);
    expect(out.json().endSessionUrl).toContain('id_token_hint=');

    // Next time the TOTP it now has is asked (verify), still without a session before the code.
    const again = await signInAs(subject);
    expect(again.params.get('secondFactor')).toBe('verify');
    expect(again.refreshCookie).toBeNull();
  });

  it('an unknown or used challenge resumes nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/challenge', payload: { challenge: 'z'.repeat(43) } });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('SECOND_FACTOR_EXPIRED');
  });
});

describe('an existing account with the same address', () => {
  it('is never linked on the address alone: the person proves the account with its password once, then it is linked', async () => {
    const existing = await t.createUser();
    const subject = person('owner');
    idp.people.set(subject, { email: existing.email, email_verified: true });
    const before = await counts();
    const outcome = await signInAs(subject);
    expect(outcome.params.get('provider')).toBe('Test Identity');
    const link = outcome.params.get('link')!;
    expect(link).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(outcome.refreshCookie).toBeNull();
    expect(await counts()).toEqual(before);
    expect(await identitiesOf(existing.id)).toEqual([]);

    // Another account's password does not take the link.
    const other = await t.createUser();
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: other.email, password: TEST_PASSWORD, linkToken: link } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorCode).toBe('LINK_EXPIRED');
    expect(await identitiesOf(other.id)).toEqual([]);

    const proved = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: existing.email, password: TEST_PASSWORD, linkToken: link },
    });
    expect(proved.statusCode, proved.body).toBe(200);
    expect(await identitiesOf(existing.id)).toEqual([{ provider: ID, issuer: idp.issuer, subject }]);
    // Single use.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: existing.email, password: TEST_PASSWORD, linkToken: link },
    });
    expect(replay.json().errorCode).toBe('LINK_EXPIRED');

    // From now on the provider signs this account in directly.
    const next = await signInAs(subject);
    expect((await refresh(next.refreshCookie!)).user._id).toBe(existing.id);
  });

  it('an account with TOTP proves itself with its code too before the link is made', async () => {
    const existing = await t.createUser();
    const session = await t.signIn(existing.email);
    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/totp/setup', headers: session.headers });
    const { secret } = setup.json<{ secret: string }>();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/totp/confirm', headers: session.headers, payload: { code: currentTotpCode(secret) } })).statusCode,
    ).toBe(200);
    const subject = person('totp-owner');
    idp.people.set(subject, { email: existing.email, email_verified: true });
    const link = (await signInAs(subject)).params.get('link')!;
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: existing.email, password: TEST_PASSWORD, linkToken: link },
    });
    expect(first.json().secondFactor).toBe('verify');
    expect(await identitiesOf(existing.id)).toEqual([]);
    const code = currentTotpCode(secret, Date.now() + 30_000);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/second-factor',
      payload: { challenge: first.json().challenge, code, linkToken: link },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((await identitiesOf(existing.id)).map((i) => i.subject)).toEqual([subject]);
  });

  it('an unverified address of an existing account gets the linking step too, and nothing is linked before it', async () => {
    const existing = await t.createUser();
    const subject = person('unverified');
    idp.people.set(subject, { email: existing.email, email_verified: false });
    const before = await counts();
    const outcome = await signInAs(subject);
    expect(outcome.params.get('link')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(outcome.refreshCookie).toBeNull();
    expect(await counts()).toEqual(before);
    const proved = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: existing.email, password: TEST_PASSWORD, linkToken: outcome.params.get('link') },
    });
    expect(proved.statusCode, proved.body).toBe(200);
    expect((await identitiesOf(existing.id)).map((i) => i.subject)).toEqual([subject]);
  });
});

describe('refusals: a clear code and nothing created', () => {
  async function refused(run: () => Promise<Outcome>, code: string) {
    const before = await counts();
    const outcome = await run();
    expect(Object.fromEntries(outcome.params)).toEqual({ error: code });
    expect(outcome.refreshCookie).toBeNull();
    expect(await counts()).toEqual(before);
  }

  it('a tampered state', async () => {
    const { subject } = addPerson('tamper');
    const started = await start();
    const back = await loginAtProvider(started.authorizationUrl, subject);
    back.searchParams.set('state', `${back.searchParams.get('state')}x`);
    await refused(() => callback(back, started.cookie), 'OIDC_STATE_INVALID');
  });

  it('a missing or foreign browser binding (the callback from another browser)', async () => {
    const { subject } = addPerson('foreign');
    const started = await start();
    const back = await loginAtProvider(started.authorizationUrl, subject);
    await refused(() => callback(back, null), 'OIDC_STATE_INVALID');
    const other = await start();
    await refused(() => callback(back, other.cookie), 'OIDC_STATE_INVALID');
  });

  it('a replayed callback (the state is single-use) and a replayed code', async () => {
    const { subject } = addPerson('replay');
    const started = await start();
    const back = await loginAtProvider(started.authorizationUrl, subject);
    expect((await callback(back, started.cookie)).params.get('done')).toBe('1');
    await refused(() => callback(back, started.cookie), 'OIDC_STATE_INVALID');
    // The used code under a fresh, valid state of this browser: the provider refuses it.
    const fresh = await start();
    const replayed = new URL(back);
    replayed.searchParams.set('state', new URL(fresh.authorizationUrl).searchParams.get('state')!);
    await refused(() => callback(replayed, fresh.cookie), 'OIDC_CODE_REJECTED');
  });

  it('a wrong nonce in the ID token', async () => {
    const { subject } = addPerson('nonce');
    const started = await start();
    const url = new URL(started.authorizationUrl);
    url.searchParams.set('nonce', 'a-nonce-this-sign-in-never-made-0123456789');
    await refused(async () => callback(await loginAtProvider(url.href, subject), started.cookie), 'OIDC_NONCE_MISMATCH');
  });

  it('an expired ID token', async () => {
    const { subject } = addPerson('expired');
    idp.tamper.idToken = 'expired';
    try {
      await refused(() => signInAs(subject), 'OIDC_TOKEN_EXPIRED');
    } finally {
      idp.tamper.idToken = 'none';
    }
  });

  it('an ID token or a response from another issuer', async () => {
    const { subject } = addPerson('issuer');
    idp.tamper.idToken = 'foreign-issuer';
    try {
      await refused(() => signInAs(subject), 'OIDC_ISSUER_MISMATCH');
    } finally {
      idp.tamper.idToken = 'none';
    }
    const started = await start();
    const back = await loginAtProvider(started.authorizationUrl, subject);
    back.searchParams.set('iss', 'http://localhost:1/another-issuer');
    await refused(() => callback(back, started.cookie), 'OIDC_ISSUER_MISMATCH');
  });

  it('the provider answering an error (the person cancelled)', async () => {
    const started = await start();
    const state = new URL(started.authorizationUrl).searchParams.get('state')!;
    const back = new URL(`http://localhost:3000/api/auth/oidc/callback?error=access_denied&state=${state}`);
    await refused(() => callback(back, started.cookie), 'OIDC_PROVIDER_ERROR');
  });

  it('an unknown provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/nobody/start' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('UNKNOWN_PROVIDER');
  });

  it('a new person without an address', async () => {
    const subject = person('no-mail');
    idp.people.set(subject, { name: 'No Mail' });
    await refused(() => signInAs(subject), 'OIDC_EMAIL_MISSING');
  });
});

describe('company single sign-on', () => {
  it('a corporate account names its provider and domains; an admin approves a domain; its people go to the provider', async () => {
    const domain = `${newId(8).toLowerCase()}.acme.test`;
    const corporate = await t.createUser({ roles: ['corporate'], email: `boss@${domain}`, corporateInfo: { companyName: 'Acme' } });
    const colleague = await t.createUser({
      roles: ['corporate'],
      email: `colleague@${domain}`,
      companyId: corporate.id,
      corporateInfo: { companyName: 'Acme' },
    });
    const session = await t.signIn(corporate.email);
    const set = await t.app.inject({ method: 'PUT', url: '/api/auth/company-sso', headers: session.headers, payload: { provider: ID, domains: [domain] } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ provider: ID, domains: [{ domain, approved: false }], providers: [{ id: ID, name: 'Test Identity' }] });

    const realm = () => t.app.inject({ method: 'POST', url: '/api/auth/realm', payload: { email: `Someone@${domain.toUpperCase()}` } });
    // Pending: nobody is sent anywhere until an admin approves the domain.
    expect((await realm()).json()).toEqual({ provider: null });
    const admin = await t.createUser({ roles: ['admin'] });
    const adminHeaders = await t.bearer(admin.id, ['admin']);
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/company-domains', headers: adminHeaders });
    expect(listed.json()).toContainEqual({ domain, companyId: corporate.id, companyName: 'Acme', provider: ID, approved: false, claims: 1 });
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/company-domains/${domain}`,
      headers: adminHeaders,
      payload: { companyId: corporate.id, approved: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await realm()).json()).toEqual({ provider: ID });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/realm', payload: { email: 'someone@other.test' } })).json()).toEqual({ provider: null });

    // The company's own provider vouches for its corporate users: signed in and linked without a linking step.
    const subject = person('colleague');
    idp.people.set(subject, { email: colleague.email, email_verified: true });
    const outcome = await signInAs(subject);
    expect(outcome.params.get('done')).toBe('1');
    expect((await refresh(outcome.refreshCookie!)).user._id).toBe(colleague.id);

    // Another company cannot take the approved domain; a member cannot set single sign-on.
    const rival = await t.createUser({ roles: ['corporate'], corporateInfo: { companyName: 'Rival' } });
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/company-sso',
      headers: (await t.signIn(rival.email)).headers,
      payload: { provider: ID, domains: [domain] },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errorCode).toBe('DOMAIN_TAKEN');
    const member = await t.createUser();
    const denied = await t.app.inject({ method: 'GET', url: '/api/auth/company-sso', headers: (await t.signIn(member.email)).headers });
    expect(denied.statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/auth/company-sso', headers: session.headers, payload: { provider: 'nobody', domains: [] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorCode).toBe('UNKNOWN_PROVIDER');
  });
});
