// ADMIN_MFA=required holds on every admin request and every refresh, not only at sign-in. A session
// opened without a second factor (a member made an admin afterwards, by the admin API, by `npm run create-admin` or by
// a provider's roles claim; or a session from before the rule) does not act as an admin's: admin calls answer 403
// SECOND_FACTOR_REQUIRED, and its refresh answers 401 SECOND_FACTOR_REQUIRED and ends it. A change of roles ends every
// session of the person. Against the real app and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type SignedIn, type TestApp, type TestUser } from './helpers/testApp';
import { REFRESH_COOKIE } from '../../src/server/auth/sessions';
import { currentTotpCode } from '../../src/server/auth/totp';
import { createOrPromote } from '../../scripts/create-admin';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_MFA: 'required' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const refresh = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });

/** An admin signed in as ADMIN_MFA=required asks: the password, then the enrolment of a TOTP at that sign-in. */
async function adminWithSecondFactor(): Promise<{ admin: TestUser; headers: { authorization: string }; refreshCookie: string }> {
  const admin = await t.createUser({ roles: ['admin'] });
  const first = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: admin.email, password: admin.password } });
  const { challenge, enrolment } = first.json<{ challenge: string; enrolment: { secret: string } }>();
  const enrolled = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/enrol', payload: { challenge, code: currentTotpCode(enrolment.secret) } });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  const cookie = enrolled.cookies.find((c) => c.name === REFRESH_COOKIE)!;
  return { admin, headers: { authorization: `Bearer ${enrolled.json().accessToken}` }, refreshCookie: `${cookie.name}=${cookie.value}` };
}

/** A member signed in with the password alone (no second factor), then made an admin in the table (as a provider's roles claim does). */
async function memberSessionMadeAdmin(): Promise<{ user: TestUser; session: SignedIn }> {
  const user = await t.createUser();
  const session = await t.signIn(user.email);
  await t.database.execute(`update users set roles = '{admin}' where id = $1`, [user.id]);
  return { user, session };
}

describe('an admin session needs a second factor on every request (ADMIN_MFA=required)', () => {
  it('an admin call from a session opened without one is 403 SECOND_FACTOR_REQUIRED; an enrolled admin passes', async () => {
    const { session } = await memberSessionMadeAdmin();
    // "Admin only." in the contract (the access gate), and calls whose handlers ask requireAdmin.
    for (const url of ['/users', '/admin/audit-log', '/admin/outbox']) {
      const res = await get(url, session.headers);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.json().errorCode).toBe('SECOND_FACTOR_REQUIRED');
    }
    // An admin's power over another account is refused the same way, and so is every other call of that session
    // (the account's own data too: no check anywhere may act on the account's roles alone); signing out still works.
    const other = await t.createUser();
    for (const url of [`/users/${other.id}`, '/users/currentUser', '/forms/last']) {
      const res = await get(url, session.headers);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.json().errorCode).toBe('SECOND_FACTOR_REQUIRED');
    }
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: session.headers });
    expect(signedOut.statusCode).toBeLessThan(300);

    const { headers } = await adminWithSecondFactor();
    expect((await get('/users', headers)).statusCode).toBe(200);
    expect((await get(`/users/${other.id}`, headers)).statusCode).toBe(200);
  });

  it('its refresh is 401 SECOND_FACTOR_REQUIRED and ends the session; an enrolled admin refreshes', async () => {
    const { session } = await memberSessionMadeAdmin();
    const refused = await refresh(session.refreshCookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errorCode).toBe('SECOND_FACTOR_REQUIRED');
    expect(refused.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? '').toBe('');
    // The session is over: its access token no longer works anywhere, and the cookie renews nothing.
    const after = await get('/users/currentUser', session.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json().errorCode).toBe('INVALID_TOKEN');
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);

    const { refreshCookie } = await adminWithSecondFactor();
    const renewed = await refresh(refreshCookie);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().user.role).toEqual(['admin']);
  });

  it('while ADMIN_MFA=optional nothing of this applies', async () => {
    t.config.adminMfa = 'optional';
    try {
      const { session } = await memberSessionMadeAdmin();
      expect((await get('/users', session.headers)).statusCode).toBe(200);
      expect((await refresh(session.refreshCookie)).statusCode).toBe(200);
    } finally {
      t.config.adminMfa = 'required';
    }
  });
});

describe('a change of roles ends every session of the person', () => {
  it('an admin making a member an admin (PATCH users/{id}): the member signs in again, with the second factor', async () => {
    const { headers } = await adminWithSecondFactor();
    const member = await t.createUser();
    const first = await t.signIn(member.email);
    const second = await t.signIn(member.email);
    const promoted = await t.app.inject({ method: 'PATCH', url: `/api/users/${member.id}`, headers, payload: { role: ['admin'] } });
    expect(promoted.statusCode, promoted.body).toBe(200);
    for (const session of [first, second]) {
      expect((await get('/users', session.headers)).statusCode).toBe(401);
      expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    }
    // The next sign-in asks for the second factor (an admin without one enrols).
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: member.email, password: member.password } });
    expect(again.json()).toMatchObject({ secondFactor: 'enrol' });
  });

  it("an admin taking the admin role away ends that admin's sessions too; other changes end none", async () => {
    const { headers } = await adminWithSecondFactor();
    const formerAdmin = await adminWithSecondFactor();
    const demoted = await t.app.inject({ method: 'PATCH', url: `/api/users/${formerAdmin.admin.id}`, headers, payload: { role: ['member'] } });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await get('/users/currentUser', formerAdmin.headers)).statusCode).toBe(401);

    const member = await t.createUser();
    const session = await t.signIn(member.email);
    const plan = await t.app.inject({ method: 'PATCH', url: `/api/users/${member.id}`, headers, payload: { premiumType: 'premium' } });
    expect(plan.statusCode, plan.body).toBe(200);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(200);
  });

  it('npm run create-admin on an existing account ends its sessions', async () => {
    const member = await t.createUser();
    const session = await t.signIn(member.email);
    expect(await createOrPromote(t.database, member.email)).toContain('is now an administrator');
    expect((await get('/users', session.headers)).statusCode).toBe(401);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
  });
});
