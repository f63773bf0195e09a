// Users calls against the real app and database: the permission table (every users and identity call ×
// anonymous, member, corporate, admin, another member), registration and form claiming, e-mail verification,
// corporate users, the admin list and patch, and the GDPR self-service (export, delete).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, TEST_PASSWORD, type TestApp, type TestUser } from './helpers/testApp';
import { newId } from '../../src/server/ids';
import { readDataVersion } from '../../src/server/services/dataVersion';
import { publishRelease } from './helpers/comparisonFixtures';
import { REFRESH_COOKIE } from '../../src/server/auth/sessions';
import { THROTTLE_RULES } from '../../src/server/http/rateLimit';
import { REGISTRATION_ANSWER_MS } from '../../src/server/routes/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const freshEmail = (label = 'new') => `${label}-${++counter}-${newId(6).toLowerCase()}@example.com`;
const freshAddress = () => `10.2.${Math.floor(++counter / 250)}.${counter % 250}`;
const GOOD_PASSWORD = 'violet tram sings at midnight';

async function insertForm(options: { userId?: string | null; email?: string | null; year: number; status?: 'completed' | 'in-progress' }) {
  const id = newId();
  const answers = { email: options.email ?? undefined, country: 'es', fixedSalary: 120_000, annualBonus: 15_000 };
  await t.database.execute(
    `insert into forms (id, user_id, email, survey_year, status, completed_steps, answers, country, fixed_salary, annual_bonus, completed_at)
     values ($1, $2, $3, $4, $5, '{0,1,2,3,4}', $6, 'es', 120000, 15000, case when $5 = 'completed' then now() end)`,
    [id, options.userId ?? null, options.email ?? null, options.year, options.status ?? 'completed', JSON.stringify(answers)],
  );
  return id;
}

const formOwner = async (formId: string) =>
  (await t.database.execute<{ user_id: string | null }>('select user_id from forms where id = $1', [formId]))[0]?.user_id;

/** The newest outbox mail to the address (no SMTP in this file). */
async function lastMailTo(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const rows = await t.database.execute<{ text: string }>('select text from email_outbox where "to" = $1 order by created_at desc limit 1', [email]);
    if (rows[0]) return rows[0].text;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no mail arrived');
}
/** Mail leaves in the background (deliverLater): give it a moment to reach the outbox. */
const drainMail = () => new Promise((resolve) => setTimeout(resolve, 150));
const verifyTokenIn = (text: string) => /verifyToken=([A-Za-z0-9_-]+)/.exec(text)![1];

// ───────────────────────────── the permission table ─────────────────────────────

type Caller = 'anonymous' | 'member' | 'corporate' | 'admin' | 'otherMember';
const CALLERS: Caller[] = ['anonymous', 'member', 'corporate', 'admin', 'otherMember'];

interface Cast {
  /** The member whose account the id-addressed calls name; the "member" caller is this person. */
  target: TestUser;
  /** The caller's own account (absent for anonymous). */
  self?: TestUser;
}

interface PermissionRow {
  call: string;
  request(cast: Cast): InjectOptions;
  expect: Record<Caller, number>;
}

const all = (status: number): Record<Caller, number> => ({ anonymous: status, member: status, corporate: status, admin: status, otherMember: status });
const signedIn = (status: number): Record<Caller, number> => ({ ...all(status), anonymous: 401 });
const selfOrAdmin = (status: number): Record<Caller, number> => ({ anonymous: 401, member: status, corporate: 403, admin: status, otherMember: 403 });
const adminOnly = (status: number): Record<Caller, number> => ({ anonymous: 401, member: 403, corporate: 403, admin: status, otherMember: 403 });

const PERMISSIONS: PermissionRow[] = [
  {
    call: 'registerMember',
    request: () => ({ method: 'POST', url: '/api/users/member', payload: { email: freshEmail(), password: GOOD_PASSWORD }, remoteAddress: freshAddress() }),
    expect: all(202),
  },
  {
    call: 'registerCorporate',
    request: () => ({
      method: 'POST',
      url: '/api/users/corporate',
      payload: { email: freshEmail(), password: GOOD_PASSWORD, corporateInfo: { companyName: 'Acme' } },
    }),
    expect: { anonymous: 401, member: 403, corporate: 202, admin: 202, otherMember: 403 },
  },
  { call: 'getCurrentUser', request: () => ({ method: 'GET', url: '/api/users/currentUser?refresh=true' }), expect: signedIn(200) },
  { call: 'listUsers', request: () => ({ method: 'GET', url: '/api/users?query=example&page=1&limit=5' }), expect: adminOnly(200) },
  { call: 'getUserByUid', request: ({ target }) => ({ method: 'GET', url: `/api/user/${target.id}` }), expect: selfOrAdmin(200) },
  { call: 'getUser', request: ({ target }) => ({ method: 'GET', url: `/api/users/${target.id}` }), expect: selfOrAdmin(200) },
  { call: 'updateUser', request: ({ target }) => ({ method: 'PUT', url: `/api/users/${target.id}`, payload: { language: 'en' } }), expect: selfOrAdmin(200) },
  { call: 'updateOwnCampaign', request: () => ({ method: 'PUT', url: '/api/users/uid', payload: { campaignId: 'SPRING-2026' } }), expect: signedIn(200) },
  {
    call: 'patchUser',
    request: ({ target }) => ({ method: 'PATCH', url: `/api/users/${target.id}`, payload: { premiumType: 'premium' } }),
    expect: adminOnly(200),
  },
  { call: 'deleteUser', request: ({ target }) => ({ method: 'DELETE', url: `/api/users/${target.id}` }), expect: adminOnly(204) },
  {
    call: 'requestPasswordReset',
    request: ({ target }) => ({ method: 'POST', url: '/api/users/reset-pass', payload: { email: target.email }, remoteAddress: freshAddress() }),
    expect: all(204),
  },
  { call: 'exportMyData', request: () => ({ method: 'GET', url: '/api/users/currentUser/export' }), expect: signedIn(200) },
  {
    call: 'deleteMyAccount',
    request: () => ({ method: 'DELETE', url: '/api/users/currentUser', payload: { password: TEST_PASSWORD } }),
    expect: signedIn(204),
  },
  { call: 'listCreditLedger', request: () => ({ method: 'GET', url: '/api/users/currentUser/credit-ledger?page=1&limit=10' }), expect: signedIn(200) },
  { call: 'listUserCreditLedger', request: ({ target }) => ({ method: 'GET', url: `/api/users/${target.id}/credit-ledger` }), expect: adminOnly(200) },
  { call: 'listUserSearches', request: ({ target }) => ({ method: 'GET', url: `/api/users/${target.id}/history` }), expect: adminOnly(200) },
  {
    call: 'signIn',
    request: ({ target, self }) => ({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: (self ?? target).email, password: TEST_PASSWORD },
      remoteAddress: freshAddress(),
    }),
    expect: all(200),
  },
  { call: 'refreshSession', request: () => ({ method: 'POST', url: '/api/auth/refresh' }), expect: all(401) },
  { call: 'signOut', request: () => ({ method: 'POST', url: '/api/auth/sign-out' }), expect: all(204) },
  {
    call: 'confirmPasswordReset',
    request: () => ({ method: 'POST', url: '/api/auth/reset-confirm', payload: { token: 'x'.repeat(43), password: GOOD_PASSWORD } }),
    expect: all(400),
  },
  {
    call: 'changePassword',
    request: () => ({ method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase 7' } }),
    expect: signedIn(204),
  },
  { call: 'verifyEmail', request: () => ({ method: 'POST', url: '/api/auth/verify-email', payload: { token: 'y'.repeat(43) } }), expect: all(400) },
  { call: 'listOutbox', request: () => ({ method: 'GET', url: '/api/admin/outbox' }), expect: adminOnly(200) },
  // The second factor (docs/identity.md). A challenge nobody was given opens nothing, for anyone.
  {
    call: 'verifySecondFactor',
    request: () => ({ method: 'POST', url: '/api/auth/sign-in/second-factor', payload: { challenge: 'z'.repeat(43), code: '123456' } }),
    expect: all(401),
  },
  {
    call: 'enrolSecondFactor',
    request: () => ({ method: 'POST', url: '/api/auth/sign-in/enrol', payload: { challenge: 'z'.repeat(43), code: '123456' } }),
    expect: all(401),
  },
  { call: 'getSecondFactor', request: () => ({ method: 'GET', url: '/api/auth/totp' }), expect: signedIn(200) },
  { call: 'startTotpEnrolment', request: () => ({ method: 'POST', url: '/api/auth/totp/setup' }), expect: signedIn(200) },
  // Each caller's own account only: no enrolment started (409), no second factor to turn off (204, nothing to do)
  // or to replace the codes of (409).
  { call: 'confirmTotpEnrolment', request: () => ({ method: 'POST', url: '/api/auth/totp/confirm', payload: { code: '123456' } }), expect: signedIn(409) },
  {
    call: 'disableTotp',
    request: () => ({ method: 'POST', url: '/api/auth/totp/disable', payload: { password: TEST_PASSWORD, code: '123456' } }),
    expect: signedIn(204),
  },
  {
    call: 'regenerateRecoveryCodes',
    request: () => ({ method: 'POST', url: '/api/auth/totp/recovery-codes', payload: { code: '123456' } }),
    expect: signedIn(409),
  },
  // Re-authentication before a security change, and the account's linked identity providers.
  { call: 'reauthenticate', request: () => ({ method: 'POST', url: '/api/auth/reauthenticate', payload: { password: TEST_PASSWORD } }), expect: signedIn(204) },
  { call: 'listMyIdentities', request: () => ({ method: 'GET', url: '/api/auth/identities' }), expect: signedIn(200) },
  { call: 'unlinkIdentity', request: () => ({ method: 'DELETE', url: `/api/auth/identities/${newId()}` }), expect: signedIn(404) },
  // Sign-in through an identity provider (tests/server/oidc.test.ts drives a real one). This app has no
  // provider configured: the list is empty, a start names an unknown provider, a callback has no sign-in to finish.
  { call: 'listIdentityProviders', request: () => ({ method: 'GET', url: '/api/auth/providers' }), expect: all(200) },
  {
    call: 'discoverRealm',
    request: () => ({ method: 'POST', url: '/api/auth/realm', payload: { email: freshEmail() }, remoteAddress: freshAddress() }),
    expect: all(200),
  },
  { call: 'startOidcSignIn', request: () => ({ method: 'GET', url: '/api/auth/oidc/keycloak/start', remoteAddress: freshAddress() }), expect: all(404) },
  {
    call: 'finishOidcSignIn',
    request: () => ({ method: 'GET', url: '/api/auth/oidc/callback?code=abc&state=def', remoteAddress: freshAddress() }),
    expect: all(302),
  },
  // The e-mailed link that proves a provider's unverified address: without its browser's cookie it signs nobody in.
  {
    call: 'confirmOidcEmailLink',
    request: () => ({ method: 'GET', url: `/api/auth/oidc/email-link?token=${'z'.repeat(43)}`, remoteAddress: freshAddress() }),
    expect: all(302),
  },
  {
    call: 'resumeSignInChallenge',
    request: () => ({ method: 'POST', url: '/api/auth/sign-in/challenge', payload: { challenge: 'z'.repeat(43) } }),
    expect: all(401),
  },
  // Release alerts: about oneself; turning them on needs a plan that includes them (a member service, not a company's).
  { call: 'getReleaseAlerts', request: () => ({ method: 'GET', url: '/api/users/currentUser/release-alerts' }), expect: signedIn(200) },
  {
    call: 'updateReleaseAlerts',
    request: () => ({ method: 'PUT', url: '/api/users/currentUser/release-alerts', payload: { enabled: true, thresholdPercent: 3 } }),
    expect: { anonymous: 401, member: 403, corporate: 403, admin: 200, otherMember: 403 },
  },
  // The unsubscribe link needs no sign-in, only a valid token: a made-up one changes nothing for anyone.
  {
    call: 'unsubscribeReleaseAlerts',
    request: () => ({ method: 'POST', url: '/api/release-alerts/unsubscribe', payload: { token: 'not-a-real-token' }, remoteAddress: freshAddress() }),
    expect: all(400),
  },
  // Company single sign-on: corporate users, for their own company only.
  {
    call: 'getCompanySso',
    request: () => ({ method: 'GET', url: '/api/auth/company-sso' }),
    expect: { anonymous: 401, member: 403, corporate: 200, admin: 403, otherMember: 403 },
  },
  {
    call: 'setCompanySso',
    request: () => ({ method: 'PUT', url: '/api/auth/company-sso', payload: { provider: null, domains: [] } }),
    expect: { anonymous: 401, member: 403, corporate: 200, admin: 403, otherMember: 403 },
  },
];

describe('permission table: every users and identity call × caller', () => {
  it('covers every operation of the users and auth tags (and the outbox)', async () => {
    const { readContract } = await import('../../src/server/http/contract');
    const spec = readContract() as unknown as { paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>> };
    const operations = Object.values(spec.paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => op.tags?.some((tag) => tag === 'users' || tag === 'auth'))
      .map((op) => op.operationId);
    expect(PERMISSIONS.map((row) => row.call).sort()).toEqual([...operations, 'listOutbox'].sort());
  });

  for (const row of PERMISSIONS) {
    for (const caller of CALLERS) {
      it(`${row.call} as ${caller} → ${row.expect[caller]}`, async () => {
        // A fresh cast for every cell: calls that delete or change accounts cannot affect another cell.
        const target = await t.createUser({ roles: ['member'] });
        const cast: Record<Exclude<Caller, 'anonymous'>, TestUser> = {
          member: target,
          otherMember: await t.createUser({ roles: ['member'] }),
          corporate: await t.createUser({ roles: ['corporate'], corporateInfo: { companyName: 'Grupo Tabla S.A.' } }),
          admin: await t.createUser({ roles: ['admin'] }),
        };
        const self = caller === 'anonymous' ? undefined : cast[caller];
        const request = row.request({ target, self });
        const headers = self ? (await t.signIn(self.email, TEST_PASSWORD, { remoteAddress: freshAddress() })).headers : {};
        const res = await t.app.inject({ ...request, headers: { ...(request.headers ?? {}), ...headers } } as InjectOptions);
        expect(res.statusCode, res.body).toBe(row.expect[caller]);
        if (res.statusCode >= 400) expect(res.json()).toHaveProperty('errorCode');
      });
    }
  }
});

describe('nobody raises their own role, credits or plan', () => {
  it('a profile update cannot carry role, credits or plan (400 naming the field), and changes nothing', async () => {
    const member = await t.createUser();
    const session = await t.signIn(member.email);
    for (const payload of [{ role: ['admin'] }, { credits: 1000 }, { premiumType: 'corporate' }, { emailVerified: true, language: 'en' }]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/users/${member.id}`, headers: session.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_ERROR');
    }
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/users/${member.id}`, headers: session.headers, payload: { role: ['admin'] } });
    expect(patch.statusCode).toBe(403);
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/currentUser', headers: session.headers })).json();
    expect(me).toMatchObject({ role: ['member'], credits: 0, premiumType: 'free', language: 'es' });
  });

  it('company details are for corporate accounts', async () => {
    const member = await t.createUser();
    const memberSession = await t.signIn(member.email);
    const corporateInfo = { companyName: 'Mine S.L.' };
    const refused = await t.app.inject({ method: 'PUT', url: `/api/users/${member.id}`, headers: memberSession.headers, payload: { corporateInfo } });
    expect(refused.statusCode).toBe(403);
    const corporate = await t.createUser({ roles: ['corporate'], corporateInfo: { companyName: 'Old S.A.' } });
    const corporateSession = await t.signIn(corporate.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${corporate.id}`,
      headers: corporateSession.headers,
      payload: { corporateInfo: { companyName: 'New S.A.', taxId: 'B12345678' }, campaignId: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ corporateInfo: { companyName: 'New S.A.', taxId: 'B12345678' }, campaignId: null, role: ['corporate'] });
  });

  it('an admin cannot change their own roles nor delete themself here', async () => {
    const admin = await t.createUser({ roles: ['admin'] });
    const session = await t.signIn(admin.email);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/users/${admin.id}`, headers: session.headers, payload: { role: ['member'] } })).statusCode).toBe(
      403,
    );
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${admin.id}`, headers: session.headers });
    expect(del.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${newId()}`, headers: session.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${newId()}`, headers: session.headers })).statusCode).toBe(404);
  });

  it('a non-admin asking for an unknown id gets 403, not 404 (ids are not probed)', async () => {
    const member = await t.createUser();
    const session = await t.signIn(member.email);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${newId()}`, headers: session.headers })).statusCode).toBe(403);
  });
});

// ───────────────────────────── registration ─────────────────────────────

describe('member registration', () => {
  const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/users/member', payload, remoteAddress: freshAddress() });
  const signIn = (email: string, password: string, formId?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password, ...(formId ? { formId } : {}) }, remoteAddress: freshAddress() });
  const mailsTo = async (email: string) =>
    (await t.database.execute<{ text: string }>('select text from email_outbox where "to" = $1 order by created_at', [email.toLowerCase()])).map((m) => m.text);

  it('creates a member (who then signs in with the password) and e-mails a verification link', async () => {
    const email = freshEmail('Ana.Perez');
    const res = await register({ email, password: GOOD_PASSWORD, language: 'en' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'accepted' });
    // No session from the registration itself: the answer is the same for a registered address.
    expect(res.cookies.some((c) => c.name === REFRESH_COOKIE)).toBe(false);
    const session = await signIn(email, GOOD_PASSWORD);
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({
      email: email.toLowerCase(),
      role: ['member'],
      credits: 0,
      premiumType: 'free',
      emailVerified: false,
      language: 'en',
      campaignId: null,
      corporateInfo: null,
    });
    await drainMail();
    expect(await lastMailTo(email.toLowerCase())).toContain('/login?verifyToken=');
  });

  it('answers a registered address exactly like a new one, changes nothing, and e-mails its owner instead', async () => {
    const owner = await t.createUser({ email: freshEmail('owner'), language: 'en' });
    const [before] = await t.database.execute('select * from users where id = $1', [owner.id]);
    const fresh = freshEmail('fresh');
    const taken = await register({ email: owner.email.toUpperCase(), password: GOOD_PASSWORD });
    const created = await register({ email: fresh, password: GOOD_PASSWORD });
    expect(taken.statusCode).toBe(created.statusCode);
    expect(taken.body).toBe(created.body);
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(created.headers).sort());
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(await t.database.execute('select * from users where id = $1', [owner.id])).toEqual([before]);
    await drainMail();
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('already has an account');
    expect(mails[0]).toContain('/login');
    expect(mails[0]).not.toContain('verifyToken');
    // The registering stranger's password does not open the owner's account.
    expect((await signIn(owner.email, GOOD_PASSWORD)).statusCode).toBe(401);
    // Repeated attempts do not flood the owner's mailbox.
    for (let i = 0; i < 4; i++) expect((await register({ email: owner.email, password: GOOD_PASSWORD })).statusCode).toBe(202);
    await drainMail();
    expect((await mailsTo(owner.email)).length).toBe(THROTTLE_RULES.registeredNoticePerAccount.limit);
  });

  it('takes as long for a registered address as for a new one', async () => {
    const owner = await t.createUser({ email: freshEmail('timing') });
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await register({ email, password: GOOD_PASSWORD })).statusCode).toBe(202);
      return performance.now() - started;
    };
    const taken = await timed(owner.email);
    const fresh = await timed(freshEmail('timing-new'));
    expect(taken).toBeGreaterThanOrEqual(REGISTRATION_ANSWER_MS - 5);
    expect(fresh).toBeGreaterThanOrEqual(REGISTRATION_ANSWER_MS - 5);
  });

  it('claims the questionnaire whose id it is given, at once', async () => {
    const formId = await insertForm({ email: 'someone@example.com', year: 2025, status: 'in-progress' });
    const email = freshEmail();
    const res = await register({ email, password: GOOD_PASSWORD, formId });
    expect(res.statusCode).toBe(202);
    const [user] = await t.database.execute<{ id: string }>('select id from users where email = $1', [email]);
    expect(await formOwner(formId)).toBe(user.id);

    // A claimed form cannot be claimed again; nothing is created then, for a new address or a registered one.
    const second = freshEmail();
    const refused = await register({ email: second, password: GOOD_PASSWORD, formId });
    expect(refused.statusCode).toBe(404);
    expect((await register({ email, password: GOOD_PASSWORD, formId })).statusCode).toBe(404);
    expect(await formOwner(formId)).toBe(user.id);
    const leftover = await t.database.execute('select 1 from users where email = $1', [second]);
    expect(leftover).toHaveLength(0);
  });

  it('the owner of a registered address who registers again with their own password signs in and gets the form', async () => {
    const owner = await t.createUser({ email: freshEmail('returning') });
    const formId = await insertForm({ email: owner.email, year: 2025, status: 'in-progress' });
    expect((await register({ email: owner.email, password: owner.password, formId })).statusCode).toBe(202);
    expect(await formOwner(formId)).toBeNull();
    expect((await signIn(owner.email, owner.password, formId)).statusCode).toBe(200);
    expect(await formOwner(formId)).toBe(owner.id);
  });

  it('links forms that only match by e-mail after the address is verified, never before; one per year', async () => {
    const email = freshEmail('linker');
    const claimed = await insertForm({ email: 'anon@example.com', year: 2025 });
    const sameAddress2024 = await insertForm({ email, year: 2024 });
    const sameAddress2025 = await insertForm({ email, year: 2025 });
    const res = await register({ email, password: GOOD_PASSWORD, formId: claimed });
    expect(res.statusCode).toBe(202);
    const session = await signIn(email, GOOD_PASSWORD);
    const userId = session.json().user._id;
    expect(await formOwner(claimed)).toBe(userId);
    expect(await formOwner(sameAddress2024)).toBeNull();
    expect(await formOwner(sameAddress2025)).toBeNull();

    await drainMail();
    const token = verifyTokenIn(await lastMailTo(email));
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(204);
    expect(await formOwner(sameAddress2024)).toBe(userId);
    // 2025 already has the claimed form: the other one stays unclaimed.
    expect(await formOwner(sameAddress2025)).toBeNull();
    const me = await t.app.inject({ method: 'GET', url: '/api/users/currentUser', headers: { authorization: `Bearer ${session.json().accessToken}` } });
    expect(me.json().emailVerified).toBe(true);

    const reuse = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().errorCode).toBe('INVALID_VERIFICATION_TOKEN');
  });

  it('an unknown form id creates nothing', async () => {
    const email = freshEmail();
    const res = await register({ email, password: GOOD_PASSWORD, formId: newId() });
    expect(res.statusCode).toBe(404);
    expect(await t.database.execute('select 1 from users where email = $1', [email])).toHaveLength(0);
    const retry = await register({ email, password: GOOD_PASSWORD });
    expect(retry.statusCode).toBe(202);
    expect(await t.database.execute('select 1 from users where email = $1', [email])).toHaveLength(1);
  });

  it('is throttled per client address', async () => {
    const remoteAddress = '10.3.3.3';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/member', payload: { email: freshEmail(), password: 'x' }, remoteAddress });
      statuses.push(res.statusCode);
    }
    // Invalid bodies never reach the counter; valid ones do.
    expect(statuses.every((s) => s === 400)).toBe(true);
    let last = 0;
    for (let i = 0; i < 21; i++)
      last = (await t.app.inject({ method: 'POST', url: '/api/users/member', payload: { email: freshEmail(), password: GOOD_PASSWORD }, remoteAddress }))
        .statusCode;
    expect(last).toBe(429);
  });
});

describe('corporate users', () => {
  const registerCorporate = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/users/corporate', headers, payload, remoteAddress: freshAddress() });
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: freshAddress() });
  const mailsTo = async (email: string) =>
    await t.database.execute<{ subject: string; text: string }>('select subject, text from email_outbox where "to" = $1 order by created_at', [
      email.toLowerCase(),
    ]);

  it('a corporate user adds a colleague to its own company, on its plan; the colleague is invited by e-mail', async () => {
    const boss = await t.createUser({ roles: ['corporate'], premiumType: 'corporate', corporateInfo: { companyName: 'Grupo Uno S.A.', country: 'es' } });
    const session = await t.signIn(boss.email);
    const email = freshEmail('colleague');
    const res = await registerCorporate(session.headers, {
      email,
      password: GOOD_PASSWORD,
      corporateInfo: { companyName: 'Something Else', contactName: 'Luis' },
      language: 'en',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'accepted' });
    const [row] = await t.database.execute<{ company_id: string; roles: string[]; premium_type: string; credits: number; corporate_info: unknown }>(
      'select company_id, roles, premium_type, credits, corporate_info from users where email = $1',
      [email],
    );
    expect(row).toMatchObject({
      company_id: boss.id,
      roles: ['corporate'],
      premium_type: 'corporate',
      credits: 0,
      corporate_info: { companyName: 'Grupo Uno S.A.', contactName: 'Luis' },
    });
    // The caller stays signed in as themself.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/currentUser', headers: session.headers })).json()._id).toBe(boss.id);
    // The invitation confirms the address; the new user signs in with the password the colleague chose.
    await drainMail();
    const [invitation] = await mailsTo(email);
    expect(invitation.subject).toBe('You have been invited to Paybench');
    const token = verifyTokenIn(invitation.text);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(204);
    const signedIn = await signIn(email, GOOD_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email, role: ['corporate'], emailVerified: true, corporateInfo: { companyName: 'Grupo Uno S.A.' } });
  });

  it('an admin starts a new company; the new account is in the admin users list at once', async () => {
    const admin = await t.createUser({ roles: ['admin'] });
    const session = await t.signIn(admin.email);
    const email = freshEmail('founder');
    const res = await registerCorporate(session.headers, { email, password: GOOD_PASSWORD, corporateInfo: { companyName: 'Nueva S.L.' } });
    expect(res.statusCode).toBe(202);
    const [row] = await t.database.execute<{ id: string; company_id: string }>('select id, company_id from users where email = $1', [email]);
    expect(row.company_id).toBe(row.id);
    const list = await t.app.inject({ method: 'GET', url: `/api/users?query=${encodeURIComponent(email)}`, headers: session.headers });
    expect(list.json().items.map((user: { _id: string }) => user._id)).toEqual([row.id]);
  });

  for (const callerRole of ['corporate', 'admin'] as const) {
    it(`answers a registered address exactly like a new one (${callerRole} caller), creates and changes nothing, and e-mails its owner at most twice an hour`, async () => {
      const caller = await t.createUser({ roles: [callerRole], corporateInfo: callerRole === 'corporate' ? { companyName: 'Grupo Dos S.A.' } : undefined });
      const session = await t.signIn(caller.email);
      // The owner is a member elsewhere: the caller must not learn that the address has an account.
      const owner = await t.createUser({ email: freshEmail('taken'), language: 'en' });
      const [before] = await t.database.execute('select * from users where id = $1', [owner.id]);
      const usersBefore = (await t.database.execute<{ n: number }>('select count(*)::int as n from users'))[0].n;
      const payload = (email: string) => ({ email, password: GOOD_PASSWORD, corporateInfo: { companyName: 'Grupo Dos S.A.' } });
      const taken = await registerCorporate(session.headers, payload(owner.email.toUpperCase()));
      const fresh = freshEmail('new-colleague');
      const created = await registerCorporate(session.headers, payload(fresh));
      expect(taken.statusCode).toBe(202);
      expect(taken.statusCode).toBe(created.statusCode);
      expect(taken.body).toBe(created.body);
      expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(created.headers).sort());
      // Only the new address got an account; the registered one is untouched.
      expect((await t.database.execute<{ n: number }>('select count(*)::int as n from users'))[0].n).toBe(usersBefore + 1);
      expect(await t.database.execute('select * from users where id = $1', [owner.id])).toEqual([before]);
      expect((await signIn(owner.email, GOOD_PASSWORD)).statusCode).toBe(401);
      await drainMail();
      const mails = await mailsTo(owner.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('already has an account');
      expect(mails[0].text).toContain('No new account was created and your account has not changed.');
      expect(mails[0].text).toContain('/login');
      expect(mails[0].text).not.toContain('verifyToken');
      // The caller's texts never go into the owner's mail.
      expect(mails[0].text).not.toContain('Grupo Dos');
      // Repeated attempts do not flood the owner's mailbox (shared with member registration's notices).
      for (let i = 0; i < 4; i++) expect((await registerCorporate(session.headers, payload(owner.email))).statusCode).toBe(202);
      await drainMail();
      expect((await mailsTo(owner.email)).length).toBe(THROTTLE_RULES.registeredNoticePerAccount.limit);
      expect(await t.database.execute('select * from users where id = $1', [owner.id])).toEqual([before]);
    });
  }

  it('takes as long for a registered address as for a new one', async () => {
    const boss = await t.createUser({ roles: ['corporate'], corporateInfo: { companyName: 'Grupo Tres S.A.' } });
    const session = await t.signIn(boss.email);
    const owner = await t.createUser({ email: freshEmail('timing-corp') });
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await registerCorporate(session.headers, { email, password: GOOD_PASSWORD, corporateInfo: { companyName: 'Grupo Tres S.A.' } });
      expect(res.statusCode).toBe(202);
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const taken: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 3; i++) {
      taken.push(await timed(owner.email));
      fresh.push(await timed(freshEmail('timing-corp-new')));
    }
    for (const duration of [...taken, ...fresh]) expect(duration).toBeGreaterThanOrEqual(REGISTRATION_ANSWER_MS - 5);
    // Both hide inside the same floor: the medians differ by far less than the floor itself.
    expect(Math.abs(median(taken) - median(fresh))).toBeLessThan(REGISTRATION_ANSWER_MS / 2);
  });
});

// ───────────────────────────── admin list and patch ─────────────────────────────

describe('admin: list and patch users', () => {
  it('searches e-mail and company name, filters by role, pages newest first', async () => {
    const admin = await t.createUser({ roles: ['admin'] });
    const session = await t.signIn(admin.email);
    const tag = newId(8).toLowerCase();
    for (let i = 0; i < 3; i++) await t.createUser({ email: `${tag}-${i}@example.com` });
    await t.createUser({ roles: ['corporate'], corporateInfo: { companyName: `Holding ${tag} S.A.` } });
    const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/users?${query}`, headers: session.headers }).then((r) => r.json());

    const byEmail = await list(`query=${tag}&limit=2&page=1`);
    expect(byEmail.total).toBe(4);
    expect(byEmail.items).toHaveLength(2);
    expect(byEmail).toMatchObject({ page: 1, limit: 2 });
    const page2 = await list(`query=${tag}&limit=2&page=2`);
    expect(page2.items).toHaveLength(2);
    const created = [...byEmail.items, ...page2.items].map((u: { createdAt: string }) => u.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    expect((await list(`query=${tag.toUpperCase()}&role=corporate`)).total).toBe(1);
    expect((await list(`query=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('reads what the admin typed with lookupBy: an e-mail finds that account only, an id finds its account', async () => {
    const admin = await t.createUser({ roles: ['admin'] });
    const session = await t.signIn(admin.email);
    const tag = newId(8).toLowerCase();
    const ana = await t.createUser({ email: `ana.${tag}@example.com` });
    await t.createUser({ email: `mariana.${tag}@example.com` }); // contains ana's address after "mari"
    const list = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/users?query=${encodeURIComponent(query)}`, headers: session.headers }).then((r) => r.json());

    const byEmail = await list(`  ANA.${tag.toUpperCase()}@Example.com `);
    expect(byEmail.total).toBe(1);
    expect(byEmail.items[0].email).toBe(`ana.${tag}@example.com`);
    const byId = await list(ana.id);
    expect(byId.total).toBe(1);
    expect(byId.items[0].email).toBe(`ana.${tag}@example.com`);
    // Not an e-mail by the format (no suffix): a text search, which finds both addresses.
    expect((await list(`ana.${tag}@example`)).total).toBe(2);
  });

  it('adjusts credits with a reason, in the ledger, never below zero', async () => {
    const admin = await t.createUser({ roles: ['admin'] });
    const session = await t.signIn(admin.email);
    const corporate = await t.createUser({ roles: ['corporate'] });
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/users/${corporate.id}`, headers: session.headers, payload });

    const added = await patch({ creditsDelta: 5, reason: 'Goodwill after an outage' });
    expect(added.statusCode).toBe(200);
    expect(added.json().credits).toBe(5);
    expect((await patch({ creditsDelta: -2, reason: 'Correction' })).json().credits).toBe(3);
    const below = await patch({ creditsDelta: -4, reason: 'Too much' });
    expect(below.statusCode).toBe(409);
    expect((await patch({ creditsDelta: 1 })).statusCode).toBe(400);
    const plan = await patch({ premiumType: 'corporate', emailVerified: true });
    expect(plan.json()).toMatchObject({ credits: 3, premiumType: 'corporate', emailVerified: true });

    const own = await t.signIn(corporate.email);
    const ledger = await t.app.inject({ method: 'GET', url: '/api/users/currentUser/credit-ledger?limit=1', headers: own.headers });
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json()).toMatchObject({ page: 1, limit: 1, total: 2, items: [{ delta: -2, balanceAfter: 3, reason: 'admin-adjustment' }] });
  });
});

// ───────────────────────────── GDPR self-service ─────────────────────────────

async function countedForms(): Promise<number> {
  const [row] = await t.database.execute<{ n: number }>(`select count(*)::int as n from forms where status = 'completed'`);
  return row.n;
}

describe('GDPR: export and delete my account', () => {
  it('exports everything stored about the account as JSON', async () => {
    const member = await t.createUser({ email: freshEmail('exporter') });
    const formId = await insertForm({ userId: member.id, email: member.email, year: 2025 });
    await insertForm({ email: member.email, year: 2024 }); // unlinked: not the account's
    await t.database.execute(
      `insert into search_history (id, user_id, kind, filters, years, credits_charged) values ($1, $2, 'comparison', '{"sector":"banking"}', null, 1)`,
      [newId(), member.id],
    );
    await t.database.execute(`insert into credit_ledger (id, user_id, delta, balance_after, reason, idempotency_key) values ($1, $2, 10, 10, 'purchase', $1)`, [
      newId(),
      member.id,
    ]);
    await t.database.execute(`insert into newsletters (id, email, kind, name) values ($1, $2, 'standartUser', 'Ana')`, [newId(), member.email]);

    const session = await t.signIn(member.email);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/currentUser/export', headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = res.json();
    expect(data).toMatchObject({
      exportedAt: expect.any(String),
      user: { _id: member.id, email: member.email },
      forms: [{ id: formId, userId: member.id, surveyYear: 2025, status: 'completed', answers: { fixedSalary: 120_000 } }],
      searches: [{ kind: 'comparison', filters: { sector: 'banking' }, years: null, creditsCharged: 1 }],
      ledger: [{ delta: 10, balanceAfter: 10, reason: 'purchase' }],
      newsletters: [{ email: member.email, kind: 'standartUser', name: 'Ana', active: true }],
    });
    expect(data.forms).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain('password');
  });

  it('an unverified address does not export or delete subscriptions kept under that address', async () => {
    const email = freshEmail('unverified');
    await t.database.execute(`insert into newsletters (id, email, kind) values ($1, $2, 'standartUser')`, [newId(), email]);
    const member = await t.createUser({ email, emailVerified: false });
    const session = await t.signIn(member.email);
    const data = (await t.app.inject({ method: 'GET', url: '/api/users/currentUser/export', headers: session.headers })).json();
    expect(data.newsletters).toEqual([]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/users/currentUser', headers: session.headers, payload: { password: TEST_PASSWORD } })).statusCode,
    ).toBe(204);
    expect(await t.database.execute('select 1 from newsletters where email = $1', [email])).toHaveLength(1);
  });

  it('deletes the account and its data; its forms leave the statistics at once', async () => {
    const member = await t.createUser({ email: freshEmail('leaver') });
    await insertForm({ userId: member.id, email: member.email, year: 2024 });
    await insertForm({ userId: member.id, email: member.email, year: 2025 });
    await t.database.execute(`insert into newsletters (id, email, kind) values ($1, $2, 'professionalUser')`, [newId(), member.email]);
    const session = await t.signIn(member.email);
    // The statistics release counts both forms (the account is verified).
    await publishRelease(t.database);
    const inRelease = `select r.release_id, r.form_id, s.revision from release_forms r join statistics_releases s on s.id = r.release_id
                        where r.form_id in (select id from forms where user_id = $1)`;
    const released = await t.database.execute<{ release_id: string; form_id: string; revision: number }>(inRelease, [member.id]);
    expect(released).toHaveLength(2);
    const versionBefore = await readDataVersion(t.database);
    const formsBefore = await countedForms();

    // The password first (re-authentication): a wrong one erases nothing.
    const refused = await t.app.inject({ method: 'DELETE', url: '/api/users/currentUser', headers: session.headers, payload: { password: 'not-my-password' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('WRONG_PASSWORD');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/currentUser', headers: session.headers })).statusCode).toBe(400);
    expect(await t.database.execute('select id from users where id = $1', [member.id])).toHaveLength(1);

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/currentUser',
      headers: { ...session.headers, cookie: session.refreshCookie },
      payload: { password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${REFRESH_COOKIE}=;`));

    expect(await countedForms()).toBe(formsBefore - 2);
    expect(await readDataVersion(t.database)).not.toBe(versionBefore);
    // …and from the release at once (no new cut), whose revision moves so no cached figure counts them.
    expect(await t.database.execute('select 1 from release_forms where form_id = any($1)', [released.map((r) => r.form_id)])).toHaveLength(0);
    const [after] = await t.database.execute<{ revision: number }>('select revision from statistics_releases where id = $1', [released[0].release_id]);
    expect(Number(after.revision)).toBe(Number(released[0].revision) + 1);
    for (const table of ['forms', 'refresh_tokens', 'credit_ledger', 'search_history', 'action_tokens']) {
      expect(await t.database.execute(`select 1 from ${table} where user_id = $1`, [member.id])).toHaveLength(0);
    }
    expect(await t.database.execute('select 1 from newsletters where email = $1', [member.email])).toHaveLength(0);
    expect(await t.database.execute('select 1 from users where id = $1', [member.id])).toHaveLength(0);

    // The session is gone, and so is the account.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/currentUser', headers: session.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: session.refreshCookie } })).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: member.email, password: TEST_PASSWORD },
      remoteAddress: freshAddress(),
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('an admin deleting a user removes the same data', async () => {
    const admin = await t.createUser({ roles: ['admin'] });
    const session = await t.signIn(admin.email);
    const member = await t.createUser();
    await insertForm({ userId: member.id, year: 2025 });
    const before = await countedForms();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${member.id}`, headers: session.headers })).statusCode).toBe(204);
    expect(await countedForms()).toBe(before - 1);
  });
});

describe('campaign id', () => {
  it('PUT users/uid stores the campaign id on the caller', async () => {
    const member = await t.createUser();
    const session = await t.signIn(member.email);
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/uid', headers: session.headers, payload: { campaignId: 'C1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: member.id, campaignId: 'C1' });
    const bad = await t.app.inject({ method: 'PUT', url: '/api/users/uid', headers: session.headers, payload: { campaignId: 'no spaces allowed' } });
    expect(bad.statusCode).toBe(400);
  });
});
