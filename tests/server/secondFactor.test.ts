// The TOTP second factor against the real app and database: enrolment in the settings (QR code, recovery codes),
// the sign-in's second step, replayed and wrong codes, expired challenges, throttling, turning it off, and admins
// enrolling at their first sign-in while ADMIN_MFA=required. Codes are computed as an authenticator app would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp, type TestUser } from './helpers/testApp';
import { REFRESH_COOKIE } from '../../src/server/auth/sessions';
import { DELAY_RULES } from '../../src/server/http/rateLimit';
import { RECOVERY_CODE_COUNT, currentTotpCode } from '../../src/server/auth/totp';
import { loadConfig } from '../../src/server/config';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const STEP_MS = 30_000;
/** The app's code now, or of the next 30-second step (a step is accepted once, so a second code must be a later one). */
const codeOf = (secret: string, steps = 0) => currentTotpCode(secret, Date.now() + steps * STEP_MS);

const post = (app: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });

const sessionsOf = async (app: TestApp, userId: string) =>
  (await app.database.execute<{ n: number }>('select count(*)::int as n from refresh_tokens where user_id = $1', [userId]))[0].n;

/** Enrols the user's second factor through the settings calls; returns the secret and the recovery codes. */
async function enrol(app: TestApp, user: TestUser) {
  const session = await app.signIn(user.email);
  const setup = await post(app, '/auth/totp/setup', undefined, session.headers);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const usedCode = codeOf(secret);
  const confirmed = await post(app, '/auth/totp/confirm', { code: usedCode }, session.headers);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, usedCode, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes, session };
}

/** The password step: a challenge, no session and no cookie. */
async function challengeFor(app: TestApp, user: TestUser) {
  const res = await post(app, '/auth/sign-in', { email: user.email, password: user.password });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).not.toHaveProperty('accessToken');
  expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
  return res.json<{ secondFactor: 'verify' | 'enrol'; challenge: string; enrolment?: { secret: string; otpauthUri: string; qrCode: string } }>();
}

describe('enrolling in the settings', () => {
  it('answers a secret with its QR code, turns the factor on with a code from it, and gives recovery codes once', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    const before = await t.app.inject({ method: 'GET', url: '/api/auth/totp', headers: session.headers });
    expect(before.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    const setup = await post(t, '/auth/totp/setup', undefined, session.headers);
    const enrolment = setup.json<{ secret: string; otpauthUri: string; qrCode: string }>();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauthUri).toContain('issuer=Paybench');
    expect(Buffer.from(enrolment.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');

    // Nothing is on until a code proves the app holds the secret.
    const wrong = await post(t, '/auth/totp/confirm', { code: '000000' === codeOf(enrolment.secret) ? '111111' : '000000' }, session.headers);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errorCode).toBe('INVALID_SECOND_FACTOR');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/totp', headers: session.headers })).json().enabled).toBe(false);

    const confirmed = await post(t, '/auth/totp/confirm', { code: codeOf(enrolment.secret) }, session.headers);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/totp', headers: session.headers })).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
      required: false,
    });

    // Stored encrypted, recovery codes hashed.
    const [row] = await t.database.execute<{ totp_secret: string; totp_pending_secret: string | null }>(
      'select totp_secret, totp_pending_secret from users where id = $1',
      [user.id],
    );
    expect(row.totp_secret).not.toContain(enrolment.secret);
    expect(row.totp_pending_secret).toBeNull();
    const stored = await t.database.execute<{ code_hash: string }>('select code_hash from recovery_codes where user_id = $1', [user.id]);
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);

    // A second enrolment while one is on is refused.
    const again = await post(t, '/auth/totp/setup', undefined, session.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('SECOND_FACTOR_ENABLED');
  });

  it('confirming without an enrolment started is refused', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    const res = await post(t, '/auth/totp/confirm', { code: '123456' }, session.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('SECOND_FACTOR_EXPIRED');
  });

  it("turning it on ends the account's other sessions, not the one that did it", async () => {
    const user = await t.createUser();
    const other = await t.signIn(user.email);
    const { session } = await enrol(t, user);
    const refreshOther = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: other.refreshCookie } });
    expect(refreshOther.statusCode).toBe(401);
    const refreshOwn = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: session.refreshCookie } });
    expect(refreshOwn.statusCode).toBe(200);
  });
});

describe('signing in with a second factor', () => {
  it('asks the code after the password, and opens the session only with it', async () => {
    const user = await t.createUser({ roles: ['corporate'] });
    const { secret } = await enrol(t, user);
    const sessions = await sessionsOf(t, user.id);

    const { secondFactor, challenge, enrolment } = await challengeFor(t, user);
    expect(secondFactor).toBe('verify');
    expect(enrolment).toBeUndefined();
    expect(await sessionsOf(t, user.id)).toBe(sessions);

    const res = await post(t, '/auth/sign-in/second-factor', { challenge, code: codeOf(secret, 1) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ _id: user.id, role: ['corporate'] });
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeDefined();
    const me = await t.app.inject({ method: 'GET', url: '/api/users/currentUser', headers: { authorization: `Bearer ${res.json().accessToken}` } });
    expect(me.statusCode).toBe(200);

    // The challenge is used up.
    const reused = await post(t, '/auth/sign-in/second-factor', { challenge, code: codeOf(secret, 1) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().errorCode).toBe('SECOND_FACTOR_EXPIRED');
  });

  it('refuses a wrong code and a replayed one, and creates no session', async () => {
    const user = await t.createUser();
    const { secret, usedCode } = await enrol(t, user);
    const sessions = await sessionsOf(t, user.id);
    const { challenge } = await challengeFor(t, user);

    // The code the enrolment used, still within its time window, is a replay.
    const replayed = await post(t, '/auth/sign-in/second-factor', { challenge, code: usedCode });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().errorCode).toBe('INVALID_SECOND_FACTOR');
    const wrong = await post(t, '/auth/sign-in/second-factor', { challenge, code: codeOf(secret, 5) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorCode).toBe('INVALID_SECOND_FACTOR');
    const notACode = await post(t, '/auth/sign-in/second-factor', { challenge, code: 'abcdef' });
    expect(notACode.json().errorCode).toBe('INVALID_SECOND_FACTOR');
    expect(await sessionsOf(t, user.id)).toBe(sessions);

    // The challenge survives wrong codes while it lasts.
    const right = await post(t, '/auth/sign-in/second-factor', { challenge, code: codeOf(secret, 1) });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('an expired or made-up challenge is refused', async () => {
    const user = await t.createUser();
    const { secret } = await enrol(t, user);
    const { challenge } = await challengeFor(t, user);
    await t.database.execute(`update action_tokens set expires_at = now() - interval '1 second' where user_id = $1 and purpose = 'second-factor'`, [user.id]);
    const expired = await post(t, '/auth/sign-in/second-factor', { challenge, code: codeOf(secret, 1) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errorCode).toBe('SECOND_FACTOR_EXPIRED');
    const madeUp = await post(t, '/auth/sign-in/second-factor', { challenge: 'a'.repeat(43), code: codeOf(secret, 1) });
    expect(madeUp.json().errorCode).toBe('SECOND_FACTOR_EXPIRED');
  });

  it('a recovery code signs in once', async () => {
    const user = await t.createUser();
    const { recoveryCodes } = await enrol(t, user);
    const first = await challengeFor(t, user);
    // Typed loosely: upper case, spaces.
    const used = await post(t, '/auth/sign-in/second-factor', { challenge: first.challenge, code: ` ${recoveryCodes[3].toUpperCase()} ` });
    expect(used.statusCode, used.body).toBe(200);
    const second = await challengeFor(t, user);
    const again = await post(t, '/auth/sign-in/second-factor', { challenge: second.challenge, code: recoveryCodes[3] });
    expect(again.statusCode).toBe(401);
    expect(again.json().errorCode).toBe('INVALID_SECOND_FACTOR');
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/totp', headers: { authorization: `Bearer ${used.json().accessToken}` } });
    expect(status.json().recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('wrong codes grow a delay like wrong passwords: then even the right code waits', async () => {
    const user = await t.createUser();
    const { secret } = await enrol(t, user);
    const { challenge } = await challengeFor(t, user);
    const wrongCode = codeOf(secret, 7);
    for (let i = 0; i < DELAY_RULES.secondFactorPerAccount.freeAttempts + 1; i++) {
      const res = await post(t, '/auth/sign-in/second-factor', { challenge, code: wrongCode });
      expect(res.statusCode).toBe(401);
    }
    const throttled = await post(t, '/auth/sign-in/second-factor', { challenge, code: codeOf(secret, 1) });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().errorCode).toBe('RATE_LIMITED');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(t.logs.join('\n')).not.toContain(secret);
  });

  it('a disabled account learns so only after a right password, and gets no second step', async () => {
    const user = await t.createUser();
    await enrol(t, user);
    const { challenge } = await challengeFor(t, user);
    await t.database.execute('update users set disabled = true where id = $1', [user.id]);
    const res = await post(t, '/auth/sign-in/second-factor', { challenge, code: '123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('USER_DISABLED');
  });
});

describe('managing the second factor', () => {
  it('turning it off asks the password and a code; then the password alone signs in', async () => {
    const user = await t.createUser();
    const { secret, session } = await enrol(t, user);
    const wrongPassword = await post(t, '/auth/totp/disable', { password: 'not-the-password-at-all', code: codeOf(secret, 1) }, session.headers);
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().errorCode).toBe('WRONG_PASSWORD');
    const wrongCode = await post(t, '/auth/totp/disable', { password: TEST_PASSWORD, code: codeOf(secret, 6) }, session.headers);
    expect(wrongCode.statusCode).toBe(403);
    expect(wrongCode.json().errorCode).toBe('INVALID_SECOND_FACTOR');

    const off = await post(t, '/auth/totp/disable', { password: TEST_PASSWORD, code: codeOf(secret, 1) }, session.headers);
    expect(off.statusCode, off.body).toBe(204);
    const [row] = await t.database.execute<{ totp_secret: string | null; codes: number }>(
      'select totp_secret, (select count(*)::int from recovery_codes where user_id = $1) as codes from users where id = $1',
      [user.id],
    );
    expect(row).toEqual({ totp_secret: null, codes: 0 });
    const signIn = await post(t, '/auth/sign-in', { email: user.email, password: user.password });
    expect(signIn.json()).toHaveProperty('accessToken');
  });

  it('new recovery codes need a current code, and the old ones stop working', async () => {
    const user = await t.createUser();
    const { secret, recoveryCodes, session } = await enrol(t, user);
    const noCode = await post(t, '/auth/totp/recovery-codes', { code: recoveryCodes[0] }, session.headers);
    expect(noCode.statusCode).toBe(403);
    const fresh = await post(t, '/auth/totp/recovery-codes', { code: codeOf(secret, 1) }, session.headers);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const renewed = fresh.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(renewed).toHaveLength(RECOVERY_CODE_COUNT);
    const { challenge } = await challengeFor(t, user);
    const old = await post(t, '/auth/sign-in/second-factor', { challenge, code: recoveryCodes[1] });
    expect(old.json().errorCode).toBe('INVALID_SECOND_FACTOR');
    const current = await post(t, '/auth/sign-in/second-factor', { challenge, code: renewed[1] });
    expect(current.statusCode).toBe(200);
  });

  it('an account without one gets no new recovery codes', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    const res = await post(t, '/auth/totp/recovery-codes', { code: '123456' }, session.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('NO_SECOND_FACTOR');
  });
});

describe('admins while ADMIN_MFA=optional', () => {
  it('an admin signs in with the password alone (the demo accounts of npm start)', async () => {
    expect(t.config.adminMfa).toBe('optional');
    const admin = await t.createUser({ roles: ['admin'] });
    const res = await post(t, '/auth/sign-in', { email: admin.email, password: admin.password });
    expect(res.json()).toHaveProperty('accessToken');
  });
});

describe('admins while ADMIN_MFA=required', () => {
  it('defaults to required in production and optional elsewhere; anything else is refused', () => {
    const secrets = { TOKEN_SECRET: 'x'.repeat(40), PERTURBATION_SECRET: 'y'.repeat(40), DATA_DIR: t.config.dataDir };
    expect(loadConfig({ ...secrets, NODE_ENV: 'production' }).adminMfa).toBe('required');
    expect(loadConfig({ ...secrets, NODE_ENV: 'production', ADMIN_MFA: 'optional' }).adminMfa).toBe('optional');
    expect(loadConfig({ ...secrets, NODE_ENV: 'development' }).adminMfa).toBe('optional');
    expect(() => loadConfig({ ...secrets, ADMIN_MFA: 'sometimes' })).toThrow(/ADMIN_MFA/);
  });

  // The app reads ADMIN_MFA from its config on each sign-in: these tests set it as an operator would.
  const strict = {
    get app() {
      return t.app;
    },
    get database() {
      return t.database;
    },
    createUser: (...args: Parameters<TestApp['createUser']>) => t.createUser(...args),
  } as TestApp;
  beforeAll(() => {
    t.config.adminMfa = 'required';
  });
  afterAll(() => {
    t.config.adminMfa = 'optional';
  });

  it('while required an admin enrols at the first sign-in, then gives a code every time, and cannot turn it off', async () => {
    const admin = await strict.createUser({ roles: ['admin'] });
    const first = await challengeFor(strict, admin);
    expect(first.secondFactor).toBe('enrol');
    expect(first.enrolment!.otpauthUri).toContain(encodeURIComponent(admin.email));
    const secret = first.enrolment!.secret;
    expect(await sessionsOf(strict, admin.id)).toBe(0);

    const wrong = await post(strict, '/auth/sign-in/enrol', { challenge: first.challenge, code: codeOf(secret, 4) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorCode).toBe('INVALID_SECOND_FACTOR');
    expect(await sessionsOf(strict, admin.id)).toBe(0);

    const enrolled = await post(strict, '/auth/sign-in/enrol', { challenge: first.challenge, code: codeOf(secret) });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const body = enrolled.json<{ accessToken: string; user: { role: string[] }; recoveryCodes: string[] }>();
    expect(body.user.role).toEqual(['admin']);
    expect(body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const headers = { authorization: `Bearer ${body.accessToken}` };
    expect((await strict.app.inject({ method: 'GET', url: '/api/auth/totp', headers })).json()).toMatchObject({ enabled: true, required: true });

    const off = await post(strict, '/auth/totp/disable', { password: admin.password, code: codeOf(secret, 1) }, headers);
    expect(off.statusCode).toBe(403);
    expect(off.json().errorCode).toBe('SECOND_FACTOR_REQUIRED');

    const next = await challengeFor(strict, admin);
    expect(next.secondFactor).toBe('verify');
    const signedIn = await post(strict, '/auth/sign-in/second-factor', { challenge: next.challenge, code: codeOf(secret, 1) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('the enrolment step cannot be used for an account that needs no enrolment', async () => {
    const user = await strict.createUser();
    // A member signs in with the password alone even while admins need a second factor.
    const res = await post(strict, '/auth/sign-in', { email: user.email, password: user.password });
    expect(res.json()).toHaveProperty('accessToken');
    const admin = await strict.createUser({ roles: ['admin'] });
    const { challenge, enrolment } = await challengeFor(strict, admin);
    const enrolled = await post(strict, '/auth/sign-in/enrol', { challenge, code: codeOf(enrolment!.secret) });
    expect(enrolled.statusCode).toBe(200);
    // The verify step with the same (used) challenge, and the enrol step again, are over.
    const again = await post(strict, '/auth/sign-in/enrol', { challenge, code: codeOf(enrolment!.secret, 1) });
    expect(again.json().errorCode).toBe('SECOND_FACTOR_EXPIRED');
  });
});
