// Company e-mail domains for single sign-on, against two real providers (oidc-provider on
// local ports) and the real app on a real database. An approval is for one (domain, provider) pair: a change of the
// company's provider makes its domains wait again, and home-realm discovery and the single sign-on link follow only
// an approval for the current provider. A pending claim blocks nobody: competing claims wait side by side until an
// admin approves one (the others are declined); only an approved claim makes a domain taken.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { providerSignIns, startTestProvider, type TestProvider } from './helpers/oidcProvider';
import { newId } from '../../src/server/ids';

let alpha: TestProvider;
let beta: TestProvider;
let t: TestApp;
let flow: ReturnType<typeof providerSignIns>;
let admin: { authorization: string };

beforeAll(async () => {
  alpha = await startTestProvider();
  beta = await startTestProvider();
  t = await startTestApp({ ...alpha.env('alpha'), ...beta.env('beta'), OIDC_PROVIDERS: 'alpha,beta' });
  flow = providerSignIns(t);
  const adminUser = await t.createUser({ roles: ['admin'] });
  admin = await t.bearer(adminUser.id, ['admin']);
}, 30_000);
afterAll(async () => {
  await t?.close();
  await alpha?.close();
  await beta?.close();
});

const freshDomain = (name: string) => `${newId(8).toLowerCase()}.${name}.test`;
async function company(name: string, domain?: string) {
  const user = await t.createUser({ roles: ['corporate'], ...(domain ? { email: `boss@${domain}` } : {}), corporateInfo: { companyName: name } });
  const session = await t.signIn(user.email);
  return { user, headers: session.headers };
}
const setSso = (headers: { authorization: string }, provider: string | null, domains: string[]) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/company-sso', headers, payload: { provider, domains } });
const review = (domain: string, companyId: string, approved: boolean) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/company-domains/${domain}`, headers: admin, payload: { companyId, approved } });
const claimsOf = async (domain: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/company-domains', headers: admin }))
    .json<Array<{ domain: string; companyId: string; approved: boolean; provider: string; claims: number }>>()
    .filter((entry) => entry.domain === domain);
const realm = async (email: string) => (await t.app.inject({ method: 'POST', url: '/api/auth/realm', payload: { email } })).json().provider;

describe('an approval is for one provider (item 4)', () => {
  it("a change of the company's provider makes its domains wait again: no discovery, no single sign-on link", async () => {
    const domain = freshDomain('acme');
    const acme = await company('Acme', domain);
    expect((await setSso(acme.headers, 'alpha', [domain])).statusCode).toBe(200);
    expect((await review(domain, acme.user.id, true)).json()).toMatchObject({ domain, companyId: acme.user.id, provider: 'alpha', approved: true });
    expect(await realm(`someone@${domain}`)).toBe('alpha');

    // The company switches to beta: the approval was for alpha.
    const switched = await setSso(acme.headers, 'beta', [domain]);
    expect(switched.json().domains).toEqual([{ domain, approved: false }]);
    expect(await realm(`someone@${domain}`)).toBeNull();
    expect(await claimsOf(domain)).toEqual([expect.objectContaining({ companyId: acme.user.id, provider: 'beta', approved: false })]);

    // A colleague signing in at beta is not linked on the company's word: the linking step instead.
    const colleague = await t.createUser({ roles: ['corporate'], email: `colleague-${newId(4).toLowerCase()}@${domain}`, companyId: acme.user.id });
    const subject = `colleague-${newId(6).toLowerCase()}`;
    beta.people.set(subject, { email: colleague.email, email_verified: true });
    const atBeta = await flow.signInAs('beta', subject);
    expect(atBeta.params.get('link')).toBeTruthy();
    expect(atBeta.refreshCookie).toBeNull();

    // Approved again, for beta now: discovery and the single sign-on link follow beta.
    expect((await review(domain, acme.user.id, true)).json()).toMatchObject({ provider: 'beta', approved: true });
    expect(await realm(`someone@${domain}`)).toBe('beta');
    const linked = await flow.signInAs('beta', subject);
    expect(linked.params.get('done')).toBe('1');
  });

  it("a domain approved for a company's provider is vouched for by that provider alone", async () => {
    const domain = freshDomain('owned');
    const owner = await company('Owned', domain);
    await setSso(owner.headers, 'alpha', [domain]);
    await review(domain, owner.user.id, true);
    // beta trusts every domain (the default), but not this one: it is alpha's. A new address proves itself by mail.
    const subject = `outsider-${newId(6).toLowerCase()}`;
    const email = `new-${newId(4).toLowerCase()}@${domain}`;
    beta.people.set(subject, { email, email_verified: true });
    const viaBeta = await flow.signInAs('beta', subject);
    expect(Object.fromEntries(viaBeta.params)).toEqual({ emailSent: email, provider: 'Test Identity' });
    // alpha, the company's provider, creates the account on its word.
    const insider = `insider-${newId(6).toLowerCase()}`;
    alpha.people.set(insider, { email: `other-${newId(4).toLowerCase()}@${domain}`, email_verified: true });
    expect((await flow.signInAs('alpha', insider)).params.get('done')).toBe('1');
  });
});

describe('competing claims (item 5)', () => {
  it('a pending claim blocks nobody; the admin sees both and approving one declines the other', async () => {
    const domain = freshDomain('bigbank');
    const squatter = await company('Squatter Ltd');
    const bank = await company('Big Bank', domain);
    expect((await setSso(squatter.headers, 'beta', [domain])).statusCode).toBe(200);
    const claimed = await setSso(bank.headers, 'alpha', [domain]);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().domains).toEqual([{ domain, approved: false }]);

    const both = await claimsOf(domain);
    expect(both).toHaveLength(2);
    expect(both).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ companyId: squatter.user.id, companyName: 'Squatter Ltd', provider: 'beta', approved: false, claims: 2 }),
        expect.objectContaining({ companyId: bank.user.id, companyName: 'Big Bank', provider: 'alpha', approved: false, claims: 2 }),
      ]),
    );
    expect(await realm(`clerk@${domain}`)).toBeNull();

    const approved = await review(domain, bank.user.id, true);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ companyId: bank.user.id, approved: true, claims: 1 });
    expect(await claimsOf(domain)).toEqual([expect.objectContaining({ companyId: bank.user.id, approved: true })]);
    expect(await realm(`clerk@${domain}`)).toBe('alpha');
    // The squatter's claim is gone, and the approved domain is now taken.
    const squatterSso = await t.app.inject({ method: 'GET', url: '/api/auth/company-sso', headers: squatter.headers });
    expect(squatterSso.json().domains).toEqual([]);
    const again = await setSso(squatter.headers, 'beta', [domain]);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('DOMAIN_TAKEN');
  });

  it('declining a pending claim removes it; withdrawing an approval makes it pending; a claim needs its company', async () => {
    const domain = freshDomain('decline');
    const one = await company('One');
    const two = await company('Two');
    await setSso(one.headers, 'alpha', [domain]);
    await setSso(two.headers, 'beta', [domain]);
    // Decline two's pending claim.
    expect((await review(domain, two.user.id, false)).statusCode).toBe(200);
    expect((await claimsOf(domain)).map((c) => c.companyId)).toEqual([one.user.id]);
    // Approve one, then withdraw: pending again, still one's.
    await review(domain, one.user.id, true);
    expect((await review(domain, one.user.id, false)).json()).toMatchObject({ approved: false, claims: 1 });
    expect(await claimsOf(domain)).toEqual([expect.objectContaining({ companyId: one.user.id, approved: false })]);
    // No claim of that company: 404; a claim of a company without a provider cannot be approved.
    expect((await review(domain, two.user.id, true)).statusCode).toBe(404);
    const none = await company('No Provider');
    await setSso(none.headers, null, [domain]);
    const refused = await review(domain, none.user.id, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('COMPANY_WITHOUT_PROVIDER');
    // A body without the company is refused by the contract.
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/company-domains/${domain}`, headers: admin, payload: { approved: true } })).statusCode).toBe(
      400,
    );
  });
});
