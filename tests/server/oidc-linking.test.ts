// An account taken before its owner signs in. A provider's address is linked only once it is
// proven — a verified claim of a provider trusted for that address (OIDC_<ID>_VERIFIED_DOMAINS), our e-mailed link
// opened in the browser of the sign-in, or the account's password — against two real providers (oidc-provider on
// local ports) and the real app on a real database: nothing is created for an unverified or untrusted claim, our link
// works once and only in that browser, a link made without a proof signs nobody in and goes when the address is
// proven (password reset, e-mail verification).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from './helpers/testApp';
import { providerSignIns, startTestProvider, type TestProvider } from './helpers/oidcProvider';
import { createActionToken } from '../../src/server/auth/actionTokens';
import { newId } from '../../src/server/ids';

let open: TestProvider;
let narrow: TestProvider;
let t: TestApp;
let flow: ReturnType<typeof providerSignIns>;
/** `open` is trusted for every domain (the default); `narrow` only for corp.test addresses. */
const OPEN = 'open';
const NARROW = 'narrow';

beforeAll(async () => {
  open = await startTestProvider();
  narrow = await startTestProvider();
  t = await startTestApp({
    ...open.env(OPEN),
    ...narrow.env(NARROW, { OIDC_NARROW_VERIFIED_DOMAINS: 'corp.test' }),
    OIDC_PROVIDERS: `${OPEN},${NARROW}`,
  });
  flow = providerSignIns(t);
}, 30_000);
afterAll(async () => {
  await t?.close();
  await open?.close();
  await narrow?.close();
});

const label = (name: string) => `${name}-${newId(6).toLowerCase()}`;
function addPerson(idp: TestProvider, name: string, claims: { email?: string; verified?: boolean } = {}) {
  const subject = label(name);
  const email = claims.email ?? `${subject}@people.test`;
  idp.people.set(subject, { email, email_verified: claims.verified ?? true, name });
  return { subject, email };
}

const counts = async () => {
  const [row] = await t.database.execute<{ users: number; identities: number; sessions: number }>(
    `select (select count(*)::int from users) as users, (select count(*)::int from user_identities) as identities,
            (select count(*)::int from refresh_tokens) as sessions`,
  );
  return row;
};
const identitiesOf = async (userId: string) =>
  t.database.execute<{ subject: string; address_proven: boolean }>('select subject, address_proven from user_identities where user_id = $1', [userId]);
const userByEmail = async (email: string) =>
  (
    await t.database.execute<{ id: string; email_verified: boolean; password_hash: string | null }>(
      'select id, email_verified, password_hash from users where email = $1',
      [email],
    )
  )[0] ?? null;
async function refresh(cookie: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ user: { _id: string; email: string; emailVerified: boolean } }>();
}

describe('a new address the provider asserts as unverified', () => {
  it('creates nothing: the address gets our link, which signs in only in the browser of the sign-in, once', async () => {
    const { subject, email } = addPerson(open, 'newcomer', { verified: false });
    const before = await counts();
    const outcome = await flow.signInAs(OPEN, subject);
    expect(Object.fromEntries(outcome.params)).toEqual({ emailSent: email, provider: 'Test Identity' });
    expect(outcome.refreshCookie).toBeNull();
    expect(outcome.emailLinkCookie).not.toBeNull();
    expect(await counts()).toEqual(before);

    const [mail] = await flow.mailsTo(email);
    expect(mail.subject).toBe('Confirme su dirección para entrar en Paybench');
    expect(mail.text).toContain('Test Identity');
    const link = await flow.emailedLink(email);
    // The link token is stored only as its hash, with the browser binding and no account.
    const [row] = await t.database.execute<{ user_id: string | null; binding_hash: string | null; token_hash: string }>(
      'select user_id, binding_hash, token_hash from identity_links where email = $1',
      [email],
    );
    expect(row.user_id).toBeNull();
    expect(row.binding_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(link).not.toContain(row.token_hash);

    // Opened without the browser's binding (another browser, a mail scanner) or with another browser's: refused,
    // nothing created, and the link stays usable where it belongs.
    const elsewhere = await flow.openEmailLink(link, null);
    expect(Object.fromEntries(elsewhere.params)).toEqual({ error: 'OIDC_EMAIL_LINK_INVALID' });
    const otherBrowser = await flow.signInAs(OPEN, addPerson(open, 'other-browser', { verified: false }).subject);
    const foreign = await flow.openEmailLink(link, otherBrowser.emailLinkCookie);
    expect(Object.fromEntries(foreign.params)).toEqual({ error: 'OIDC_EMAIL_LINK_INVALID' });
    expect((await counts()).users).toBe(before.users);

    const opened = await flow.openEmailLink(link, outcome.emailLinkCookie);
    expect(Object.fromEntries(opened.params)).toEqual({ done: '1' });
    const session = await refresh(opened.refreshCookie!);
    expect(session.user).toMatchObject({ email, emailVerified: true });
    expect(await identitiesOf(session.user._id)).toEqual([{ subject, address_proven: true }]);
    // Single use.
    const replay = await flow.openEmailLink(link, outcome.emailLinkCookie);
    expect(Object.fromEntries(replay.params)).toEqual({ error: 'OIDC_EMAIL_LINK_INVALID' });
    // From now on the provider signs this account in directly.
    const again = await flow.signInAs(OPEN, subject);
    expect((await refresh(again.refreshCookie!)).user._id).toBe(session.user._id);
  });

  it("the audit's attack: an attacker's subject asserting the victim's address never becomes the victim's account", async () => {
    const victim = `victim-${newId(6).toLowerCase()}@people.test`;
    const attacker = addPerson(open, 'attacker', { email: victim, verified: false });
    const attempt = await flow.signInAs(OPEN, attacker.subject);
    expect(attempt.params.get('emailSent')).toBe(victim);
    expect(await userByEmail(victim)).toBeNull();
    // The victim, puzzled, clicks the link in their own browser: it does not complete there (the binding is the
    // attacker's browser), so the attacker's subject is linked to nothing.
    const link = await flow.emailedLink(victim);
    const clicked = await flow.openEmailLink(link, null);
    expect(clicked.params.get('error')).toBe('OIDC_EMAIL_LINK_INVALID');
    expect(await userByEmail(victim)).toBeNull();
    // The victim registers with a password and verifies the address: the attacker's subject still reaches nothing
    // but the linking step, which needs the victim's password.
    const owner = await t.createUser({ email: victim, emailVerified: true });
    const later = await flow.signInAs(OPEN, attacker.subject);
    expect(later.params.get('link')).toBeTruthy();
    expect(later.refreshCookie).toBeNull();
    expect(await identitiesOf(owner.id)).toEqual([]);
    // And the link the attacker's browser kept cannot be used any more: the address has an account now.
    const late = await flow.openEmailLink(link, attempt.emailLinkCookie);
    expect(late.params.get('error')).toBe('OIDC_EMAIL_LINK_INVALID');
    expect(await identitiesOf(owner.id)).toEqual([]);
  });

  it('sends at most three links an hour to one address (the answer is the same)', async () => {
    const email = `flooded-${newId(6).toLowerCase()}@people.test`;
    for (let i = 0; i < 5; i++) {
      const { subject } = addPerson(open, `flood${i}`, { email, verified: false });
      expect((await flow.signInAs(OPEN, subject)).params.get('emailSent')).toBe(email);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await flow.mailsTo(email, 3)).toHaveLength(3);
  });
});

describe('which provider may vouch for an address (OIDC_<ID>_VERIFIED_DOMAINS)', () => {
  it('a verified claim of a provider trusted for the domain creates the account; outside its domains it proves nothing', async () => {
    const inside = addPerson(narrow, 'inside', { email: `${label('in')}@corp.test` });
    const created = await flow.signInAs(NARROW, inside.subject);
    expect(created.params.get('done')).toBe('1');
    expect((await refresh(created.refreshCookie!)).user).toMatchObject({ email: inside.email, emailVerified: true });

    const outside = addPerson(narrow, 'outside', { email: `${label('out')}@elsewhere.test`, verified: true });
    const before = await counts();
    const refused = await flow.signInAs(NARROW, outside.subject);
    expect(Object.fromEntries(refused.params)).toEqual({ emailSent: outside.email, provider: 'Test Identity' });
    expect(await counts()).toEqual(before);
    // The address proves itself by our link instead.
    const opened = await flow.openEmailLink(await flow.emailedLink(outside.email), refused.emailLinkCookie);
    expect(opened.params.get('done')).toBe('1');
  });

  it('reads the domains, `*`, `none` and subdomains from the environment', async () => {
    const { parseOidcProviders, providerVouchesFor } = await import('../../src/server/oidcConfig');
    const base = { OIDC_PROVIDERS: 'a', OIDC_A_ISSUER_URL: 'https://id.example.com', OIDC_A_CLIENT_ID: 'c' };
    const of = (raw?: string) => parseOidcProviders(raw === undefined ? base : { ...base, OIDC_A_VERIFIED_DOMAINS: raw }).providers[0];
    expect(of().verifiedDomains).toEqual(['*']);
    expect(providerVouchesFor(of(), 'any.test')).toBe(true);
    expect(of('none').verifiedDomains).toEqual([]);
    expect(of('').verifiedDomains).toEqual([]);
    expect(providerVouchesFor(of('none'), 'any.test')).toBe(false);
    const some = of('Corp.test, *.group.test');
    expect(providerVouchesFor(some, 'corp.test')).toBe(true);
    expect(providerVouchesFor(some, 'sub.corp.test')).toBe(false);
    expect(providerVouchesFor(some, 'eu.group.test')).toBe(true);
    expect(providerVouchesFor(some, 'group.test')).toBe(false);
    expect(providerVouchesFor(some, 'evilcorp.test')).toBe(false);
    expect(() => of('not a domain')).toThrow(/VERIFIED_DOMAINS/);
  });
});

describe('links made without a proof of the address', () => {
  /** A link as older code made it, before an address had to be proven: an account of an unverified address, linked to the provider's subject. */
  async function legacyTakeover(email: string) {
    const owner = await t.createUser({ email, emailVerified: false });
    const attacker = addPerson(open, 'legacy-attacker', { email, verified: false });
    await t.database.execute(
      `insert into user_identities (id, user_id, provider, issuer, subject, email, address_proven) values ($1, $2, $3, $4, $5, $6, false)`,
      [newId(), owner.id, OPEN, open.issuer, attacker.subject, email],
    );
    return { owner, attacker };
  }

  it('sign nobody in, and go when the owner proves the address by a password reset', async () => {
    const { owner, attacker } = await legacyTakeover(`reset-${newId(6).toLowerCase()}@people.test`);
    const refused = await flow.signInAs(OPEN, attacker.subject);
    expect(Object.fromEntries(refused.params)).toEqual({ error: 'OIDC_EMAIL_UNVERIFIED' });
    expect(refused.refreshCookie).toBeNull();

    const token = await createActionToken(t.database, owner.id, 'password-reset');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-confirm', payload: { token, password: 'a-brand-new-owner-password-9' } });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await identitiesOf(owner.id)).toEqual([]);
    // The attacker's subject now meets an existing account: only its (new) password would link it.
    const next = await flow.signInAs(OPEN, attacker.subject);
    expect(next.params.get('link')).toBeTruthy();
    expect(next.refreshCookie).toBeNull();
  });

  it('go when the owner verifies the address, and so do the sessions they opened', async () => {
    const { owner, attacker } = await legacyTakeover(`verify-${newId(6).toLowerCase()}@people.test`);
    // A session the legacy link opened before the rule (recorded as a provider session).
    const session = await t.signIn(owner.email);
    const [family] = await t.database.execute<{ family_id: string }>('select family_id from refresh_tokens where user_id = $1', [owner.id]);
    await t.database.execute(`insert into identity_sessions (family_id, user_id, provider, id_token) values ($1, $2, $3, 'x')`, [
      family.family_id,
      owner.id,
      OPEN,
    ]);

    const token = await createActionToken(t.database, owner.id, 'verify-email');
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verified.statusCode, verified.body).toBe(204);
    expect(await identitiesOf(owner.id)).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: session.refreshCookie } })).statusCode).toBe(401);
    expect((await flow.signInAs(OPEN, attacker.subject)).params.get('link')).toBeTruthy();
  });

  it("a password link to an account whose address nobody verified is kept unproven (someone may have registered another's address)", async () => {
    const email = `prereg-${newId(6).toLowerCase()}@people.test`;
    // The attacker registered the victim's address with a password of theirs, then links their own subject with it.
    const squatted = await t.createUser({ email, emailVerified: false });
    const attacker = addPerson(open, 'prereg', { email, verified: true });
    const link = (await flow.signInAs(OPEN, attacker.subject)).params.get('link')!;
    const proved = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: TEST_PASSWORD, linkToken: link } });
    expect(proved.statusCode, proved.body).toBe(200);
    expect(await identitiesOf(squatted.id)).toEqual([{ subject: attacker.subject, address_proven: false }]);
    expect((await flow.signInAs(OPEN, attacker.subject)).params.get('error')).toBe('OIDC_EMAIL_UNVERIFIED');
    // The real owner takes the address back by a reset: the link goes.
    const token = await createActionToken(t.database, squatted.id, 'password-reset');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/reset-confirm', payload: { token, password: 'the-real-owner-password-77' } })).statusCode,
    ).toBe(204);
    expect(await identitiesOf(squatted.id)).toEqual([]);
  });

  it('a password link to a verified account is proven and signs in', async () => {
    const owner = await t.createUser();
    const subject = addPerson(open, 'verified-owner', { email: owner.email, verified: false }).subject;
    const link = (await flow.signInAs(OPEN, subject)).params.get('link')!;
    const proved = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: owner.email, password: TEST_PASSWORD, linkToken: link } });
    expect(proved.statusCode, proved.body).toBe(200);
    expect(await identitiesOf(owner.id)).toEqual([{ subject, address_proven: true }]);
    expect((await refresh((await flow.signInAs(OPEN, subject)).refreshCookie!)).user._id).toBe(owner.id);
  });
});
