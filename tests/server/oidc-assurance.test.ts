// Against a real provider (oidc-provider on a local port) and the real app on a real
// database: the roles a provider gives apply only when the session opens (after the TOTP step when one is asked),
// a change of them ends the person's other sessions, the session says it has a second factor only when the
// provider's MFA is trusted or a TOTP step was passed; and the ID token's signature is checked against the
// provider's JWKS (another key under the provider's key id, alg none, and another issuer are refused).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { providerSignIns, startTestProvider, type TestProvider } from './helpers/oidcProvider';
import { currentTotpCode } from '../../src/server/auth/totp';
import { newId } from '../../src/server/ids';

let idp: TestProvider;
let t: TestApp;
let flow: ReturnType<typeof providerSignIns>;
const ID = 'testidp';

beforeAll(async () => {
  idp = await startTestProvider();
  t = await startTestApp(idp.env(ID, { OIDC_TESTIDP_ROLES_CLAIM: 'groups', OIDC_TESTIDP_ROLES_MAP: 'paybench-admins=admin,hr=corporate' }));
  flow = providerSignIns(t);
}, 30_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

function addPerson(name: string, claims: { email?: string; groups?: string[]; amr?: string[] } = {}) {
  const subject = `${name}-${newId(6).toLowerCase()}`;
  const email = claims.email ?? `${subject}@people.test`;
  idp.people.set(subject, { email, email_verified: true, name, groups: claims.groups, amr: claims.amr });
  return { subject, email };
}
const rolesOf = async (userId: string) => (await t.database.execute<{ roles: string[] }>('select roles from users where id = $1', [userId]))[0].roles;
const secondFactorOfSessions = async (userId: string) =>
  (await t.database.execute<{ second_factor: boolean }>('select second_factor from session_assurance where user_id = $1 order by created_at', [userId])).map(
    (r) => r.second_factor,
  );
const refreshStatus = async (cookie: string) => (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } })).statusCode;

/** A member with TOTP on, linked to a provider's subject (a linked identity signs in directly). */
async function memberWithTotpLinked(groups: string[]) {
  const member = await t.createUser();
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const { encryptSecret } = await import('../../src/server/auth/totp');
  await t.database.execute('update users set totp_secret = $2 where id = $1', [member.id, encryptSecret(t.config.secrets.tokenSecret, secret)]);
  const { subject } = addPerson('with-totp', { email: member.email, groups });
  await t.database.execute(`insert into user_identities (id, user_id, provider, issuer, subject, email) values ($1, $2, $3, $4, $5, $6)`, [
    newId(),
    member.id,
    ID,
    idp.issuer,
    subject,
    member.email,
  ]);
  return { member, subject, secret };
}

describe("the provider's roles (item 2)", () => {
  it('apply only after the second factor: an abandoned TOTP step leaves the account a member', async () => {
    const { member, subject, secret } = await memberWithTotpLinked(['paybench-admins']);
    const outcome = await flow.signInAs(ID, subject);
    expect(outcome.params.get('secondFactor')).toBe('verify');
    expect(outcome.refreshCookie).toBeNull();
    // The person (or whoever has the provider's account) stops here: the account's roles have not moved.
    expect(await rolesOf(member.id)).toEqual(['member']);
    const abandoned = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: member.email, password: member.password } });
    expect(abandoned.json().secondFactor).toBe('verify');
    expect(await rolesOf(member.id)).toEqual(['member']);

    // Passing the step opens the session with the provider's roles, and a second factor on record.
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/second-factor',
      payload: { challenge: outcome.params.get('challenge'), code: currentTotpCode(secret) },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().user.role).toEqual(['admin']);
    expect(await rolesOf(member.id)).toEqual(['admin']);
    expect(await secondFactorOfSessions(member.id)).toEqual([true]);
    // The session is the provider's (its sign-out goes there).
    const cookie = second.cookies.find((c) => c.name === 'paybench_refresh')!;
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: `${cookie.name}=${cookie.value}` } });
    expect(out.json().endSessionUrl).toContain('id_token_hint=');
  });

  it('a change of roles ends the other sessions of the person, not the one just opened', async () => {
    const { subject, email } = addPerson('promoted', { groups: [], amr: ['pwd', 'mfa'] });
    const first = await flow.signInAs(ID, subject);
    expect(first.params.get('done')).toBe('1');
    const [user] = await t.database.execute<{ id: string }>('select id from users where email = $1', [email]);
    expect(await rolesOf(user.id)).toEqual(['member']);
    // Same roles again: the first session goes on.
    const same = await flow.signInAs(ID, subject);
    expect(await refreshStatus(first.refreshCookie!)).toBe(200);
    // The provider now says hr → corporate: the older sessions end, the new one works with the new roles.
    idp.people.get(subject)!.groups = ['hr'];
    const promoted = await flow.signInAs(ID, subject);
    expect(promoted.params.get('done')).toBe('1');
    expect(await rolesOf(user.id)).toEqual(['corporate']);
    expect(await refreshStatus(same.refreshCookie!)).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: promoted.refreshCookie! } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.role).toEqual(['corporate']);
  });

  it("the session has a second factor only when the provider's MFA is trusted (OIDC_<ID>_MFA_AMR) or TOTP was passed", async () => {
    const withMfa = addPerson('amr-mfa', { amr: ['pwd', 'mfa'] });
    const withoutMfa = addPerson('amr-pwd', { amr: ['pwd'] });
    await flow.signInAs(ID, withMfa.subject);
    await flow.signInAs(ID, withoutMfa.subject);
    const idOf = async (email: string) => (await t.database.execute<{ id: string }>('select id from users where email = $1', [email]))[0].id;
    expect(await secondFactorOfSessions(await idOf(withMfa.email))).toEqual([true]);
    expect(await secondFactorOfSessions(await idOf(withoutMfa.email))).toEqual([false]);
    const { parseOidcProviders } = await import('../../src/server/oidcConfig');
    const base = { OIDC_PROVIDERS: 'a', OIDC_A_ISSUER_URL: 'https://id.example.com', OIDC_A_CLIENT_ID: 'c' };
    expect(parseOidcProviders(base).providers[0].mfaAmr).toEqual(['mfa', 'otp', 'hwk']);
    expect(parseOidcProviders({ ...base, OIDC_A_MFA_AMR: 'none' }).providers[0].mfaAmr).toEqual([]);
    expect(parseOidcProviders({ ...base, OIDC_A_MFA_AMR: 'hwk' }).providers[0].mfaAmr).toEqual(['hwk']);
  });
});

describe("the ID token's signature (item 6)", () => {
  const counts = async () => (await t.database.execute<{ n: number }>('select (select count(*) from users) + (select count(*) from refresh_tokens) as n'))[0].n;

  it("refuses a token signed with another key under the provider's key id, an unsigned one, and another issuer's", async () => {
    for (const [forgery, code] of [
      ['foreign-key', 'OIDC_TOKEN_INVALID'],
      ['alg-none', 'OIDC_TOKEN_INVALID'],
      ['foreign-issuer', 'OIDC_ISSUER_MISMATCH'],
    ] as const) {
      const { subject } = addPerson(`forged-${forgery}`);
      const before = await counts();
      idp.tamper.idToken = forgery;
      try {
        const outcome = await flow.signInAs(ID, subject);
        expect(Object.fromEntries(outcome.params), forgery).toEqual({ error: code });
        expect(outcome.refreshCookie).toBeNull();
      } finally {
        idp.tamper.idToken = 'none';
      }
      expect(await counts()).toEqual(before);
      // The same person with the provider's own token signs in: only the forgery was refused.
      expect((await flow.signInAs(ID, subject)).params.get('done')).toBe('1');
    }
  });
});
