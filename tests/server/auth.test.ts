// The built-in identity provider against the real app and database: sign-in, the refresh cookie and its
// rotation, reuse detection, sign-out, throttling, password rules, password change, and what reaches the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { startTestApp, TEST_PASSWORD, type TestApp } from './helpers/testApp';
import { REFRESH_COOKIE, REFRESH_GRACE_SECONDS } from '../../src/server/auth/sessions';
import { DELAY_RULES, THROTTLE_RULES } from '../../src/server/http/rateLimit';
import { DEVICE_COOKIE } from '../../src/server/auth/knownDevice';
import { formRow, insertForm } from './helpers/formFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let addressCounter = 0;
/** A client address of its own, so one test's failures do not throttle another's. */
const freshAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function signInRaw(email: string, password: string, remoteAddress = freshAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress });
}

async function refresh(cookie: string | undefined) {
  return t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: cookie ? { cookie } : {} });
}

const refreshCookieOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
  const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
};

/** Moves the user's rotations back past the grace for concurrent refreshes, as if time had passed. */
const pastRefreshGrace = (userId: string) =>
  t.database.execute(`update refresh_tokens set rotated_at = rotated_at - make_interval(secs => $2) where user_id = $1 and rotated_at is not null`, [
    userId,
    REFRESH_GRACE_SECONDS + 1,
  ]);

const currentUser = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/users/currentUser', headers: { authorization } });

describe('sign-in', () => {
  it('answers a session and sets the refresh token in an httpOnly, SameSite=Strict cookie on /api/auth', async () => {
    const user = await t.createUser({ roles: ['corporate'], credits: 3 });
    const res = await signInRaw(user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      accessToken: expect.any(String),
      expiresIn: t.config.accessTokenTtlSeconds,
      user: expect.objectContaining({ _id: user.id, email: user.email, role: ['corporate'], credits: 3, premiumType: 'free' }),
    });
    expect(body.expiresIn).toBeLessThanOrEqual(15 * 60);
    expect(body.user).not.toHaveProperty('passwordHash');

    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain(`${REFRESH_COOKIE}=`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    expect(setCookie).not.toMatch(/Secure/i); // only in production

    const me = await currentUser(`Bearer ${body.accessToken}`);
    expect(me.statusCode).toBe(200);
    expect(me.json()._id).toBe(user.id);
  });

  it('keeps only a hash of the refresh token', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    const token = session.refreshCookie.split('=')[1];
    const rows = await t.database.execute<{ token_hash: string }>('select token_hash from refresh_tokens where user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('sets the Secure flag in production', async () => {
    const production = await startTestApp({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40), PERTURBATION_SECRET: 'y'.repeat(40) });
    try {
      const user = await production.createUser();
      const res = await production.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password } });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
    } finally {
      await production.close();
    }
  });

  it('answers an unknown address and a wrong password alike: 401 INVALID_CREDENTIALS, same body', async () => {
    const user = await t.createUser();
    const wrongPassword = await signInRaw(user.email, 'not-the-right-password');
    const unknownEmail = await signInRaw('nobody-here@example.com', 'not-the-right-password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().errorCode).toBe('INVALID_CREDENTIALS');
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('tells a disabled account so only to someone who knows its password', async () => {
    const user = await t.createUser({ disabled: true });
    const right = await signInRaw(user.email, user.password);
    expect(right.statusCode).toBe(401);
    expect(right.json().errorCode).toBe('USER_DISABLED');
    const wrong = await signInRaw(user.email, 'not-the-right-password');
    expect(wrong.json().errorCode).toBe('INVALID_CREDENTIALS');
  });
});

describe('sign-in throttling (growing delays, no lock an attacker can hold; NIST SP 800-63B §5.2.2)', () => {
  const deviceCookieOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    return cookie ? `${cookie.name}=${cookie.value}` : undefined;
  };

  it('a guesser from one address waits growing delays for that account; the owner elsewhere is not stopped', async () => {
    const user = await t.createUser();
    const attacker = freshAddress();
    const { freeAttempts, baseDelaySeconds } = DELAY_RULES.signInPerPair;
    for (let i = 0; i < freeAttempts; i++) expect((await signInRaw(user.email, `wrong-password-${i}`, attacker)).statusCode).toBe(401);
    // The next failure is answered, and then the pair waits.
    expect((await signInRaw(user.email, 'wrong-password-x', attacker)).statusCode).toBe(401);
    const blocked = await signInRaw(user.email, user.password, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ errorCode: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBe(baseDelaySeconds);
    // The owner, from another address, signs in at once.
    expect((await signInRaw(user.email, user.password)).statusCode).toBe(200);
  });

  it('the wait ends by itself and the next failure doubles it', async () => {
    const user = await t.createUser();
    const address = freshAddress();
    const { freeAttempts, baseDelaySeconds } = DELAY_RULES.signInPerPair;
    for (let i = 0; i <= freeAttempts; i++) await signInRaw(user.email, `wrong-password-${i}`, address);
    expect(Number((await signInRaw(user.email, 'wrong', address)).headers['retry-after'])).toBe(baseDelaySeconds);
    await new Promise((resolve) => setTimeout(resolve, baseDelaySeconds * 1000 + 100));
    expect((await signInRaw(user.email, 'wrong-again', address)).statusCode).toBe(401);
    expect(Number((await signInRaw(user.email, user.password, address)).headers['retry-after'])).toBe(baseDelaySeconds * 2);
  });

  it('an attack on the account from many addresses never stops the right password from a known device', async () => {
    const user = await t.createUser();
    const first = await signInRaw(user.email, user.password);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toBeDefined();
    expect(first.cookies.find((c) => c.name === DEVICE_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });

    // A distributed guesser: one failure per address, past the account's free failures.
    for (let i = 0; i <= DELAY_RULES.signInPerAccount.freeAttempts; i++) await signInRaw(user.email, `guess-${i}`);
    expect((await signInRaw(user.email, user.password)).statusCode).toBe(429);

    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: user.password },
      headers: { cookie: device! },
      remoteAddress: freshAddress(),
    });
    expect(owner.statusCode).toBe(200);
    // A device cookie of another account, or a forged one, is no known device.
    const other = await t.createUser();
    for (const cookie of [device!, `${DEVICE_COOKIE}=forged.signature`]) {
      for (let i = 0; i <= DELAY_RULES.signInPerPair.freeAttempts; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: other.email, password: `x-${i}` },
          headers: { cookie },
          remoteAddress: '10.9.9.9',
        });
      }
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: other.email, password: other.password },
        headers: { cookie },
        remoteAddress: '10.9.9.9',
      });
      expect(refused.statusCode).toBe(429);
    }
  });

  it('a known device that keeps failing waits too', async () => {
    const user = await t.createUser();
    const device = deviceCookieOf(await signInRaw(user.email, user.password))!;
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: user.email, password },
        headers: { cookie: device },
        remoteAddress: freshAddress(),
      });
    for (let i = 0; i <= DELAY_RULES.signInPerDevice.freeAttempts; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(401);
    expect((await attempt(user.password)).statusCode).toBe(429);
  });

  it('blocks a client address that fails on many accounts, and no other address', async () => {
    const address = freshAddress();
    const { limit } = THROTTLE_RULES.signInPerAddress;
    for (let i = 0; i < limit; i++) {
      const res = await signInRaw(`spray-${i}@example.com`, 'Summer-2024-password', address);
      expect(res.statusCode).toBe(401);
    }
    const user = await t.createUser();
    const blocked = await signInRaw(user.email, user.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errorCode).toBe('RATE_LIMITED');
    expect((await signInRaw(user.email, user.password, freshAddress())).statusCode).toBe(200);
  });

  it('an unknown address is throttled the same way as a real account', async () => {
    const address = freshAddress();
    for (let i = 0; i <= DELAY_RULES.signInPerPair.freeAttempts; i++) await signInRaw('ghost@example.com', `wrong-password-${i}`, address);
    expect((await signInRaw('ghost@example.com', 'wrong-password-x', address)).statusCode).toBe(429);
  });

  it('a successful sign-in clears the failures of the account', async () => {
    const user = await t.createUser();
    const address = freshAddress();
    const { freeAttempts } = DELAY_RULES.signInPerPair;
    for (let i = 0; i < freeAttempts; i++) await signInRaw(user.email, `wrong-password-${i}`, address);
    expect((await signInRaw(user.email, user.password, address)).statusCode).toBe(200);
    for (let i = 0; i < freeAttempts; i++) expect((await signInRaw(user.email, `wrong-password-${i}`, address)).statusCode).toBe(401);
    expect((await signInRaw(user.email, user.password, address)).statusCode).toBe(200);
  });
});

describe('refresh-token rotation', () => {
  it('exchanges the cookie for a new access token and a new cookie', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    const res = await refresh(session.refreshCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accessToken: expect.any(String), user: { _id: user.id } });
    const next = refreshCookieOf(res);
    expect(next).toBeDefined();
    expect(next).not.toBe(session.refreshCookie);
    expect((await currentUser(`Bearer ${res.json().accessToken}`)).statusCode).toBe(200);
    // The new cookie rotates again.
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('reuse of a rotated token revokes the whole family', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    const first = await refresh(session.refreshCookie);
    const rotatedCookie = refreshCookieOf(first)!;
    const rotatedAccess = `Bearer ${first.json().accessToken}`;
    await pastRefreshGrace(user.id);

    // The old token shows up again after the grace for concurrent refreshes (stolen copy, or replay): refused…
    const replay = await refresh(session.refreshCookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errorCode).toBe('INVALID_TOKEN');
    expect(String(replay.headers['set-cookie'])).toMatch(new RegExp(`${REFRESH_COOKIE}=;`));

    // …and every token of the family is dead: the legitimate holder's newer cookie and access tokens too.
    expect((await refresh(rotatedCookie)).statusCode).toBe(401);
    expect((await currentUser(rotatedAccess)).statusCode).toBe(401);
    expect((await currentUser(session.headers.authorization)).statusCode).toBe(401);

    const rows = await t.database.execute<{ revoked: number }>(
      'select count(*)::int as revoked from refresh_tokens where user_id = $1 and revoked_at is not null',
      [user.id],
    );
    expect(rows[0].revoked).toBe(2);
  });

  it('two tabs refreshing the same session at once both go on (a short grace, not token reuse)', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    const answers = await Promise.all([refresh(session.refreshCookie), refresh(session.refreshCookie), refresh(session.refreshCookie)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    for (const answer of answers) {
      expect((await currentUser(`Bearer ${answer.json().accessToken}`)).statusCode).toBe(200);
    }
    // Whichever cookie the browser kept renews the session again.
    expect((await refresh(refreshCookieOf(answers[2]))).statusCode).toBe(200);
    expect((await refresh(refreshCookieOf(answers[0]))).statusCode).toBe(200);
    // One tab a moment later, with the cookie it had read before the other tab's refresh: still fine.
    expect((await refresh(session.refreshCookie)).statusCode).toBe(200);
  });

  it('no grace for a signed-out session', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    const next = await refresh(session.refreshCookie);
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: refreshCookieOf(next)! } });
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
  });

  it('another session of the same user survives the revoked family', async () => {
    const user = await t.createUser();
    const stolen = await t.signIn(user.email);
    const other = await t.signIn(user.email);
    await refresh(stolen.refreshCookie);
    await pastRefreshGrace(user.id);
    await refresh(stolen.refreshCookie); // reuse
    expect((await currentUser(other.headers.authorization)).statusCode).toBe(200);
    expect((await refresh(other.refreshCookie)).statusCode).toBe(200);
  });

  it('works with a stale bearer sent along (the reason to refresh is an expired access token)', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: session.refreshCookie, authorization: 'Bearer expired.or.forged' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a missing, unknown or expired cookie', async () => {
    expect((await refresh(undefined)).statusCode).toBe(401);
    expect((await refresh(`${REFRESH_COOKIE}=not-a-token`)).statusCode).toBe(401);
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    await t.database.execute(`update refresh_tokens set expires_at = now() - interval '1 minute' where user_id = $1`, [user.id]);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
  });
});

describe('sign-out', () => {
  it('revokes the session: its cookie and its access token stop working; the cookie is cleared', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    const other = await t.signIn(user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: session.refreshCookie, ...session.headers },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${REFRESH_COOKIE}=;.*Path=/api/auth`));
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    expect((await currentUser(session.headers.authorization)).statusCode).toBe(401);
    // Only that session ends.
    expect((await currentUser(other.headers.authorization)).statusCode).toBe(200);
  });

  it('still revokes the cookie when the bearer sent along has expired or is invalid', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: session.refreshCookie, authorization: 'Bearer expired.or.forged' },
    });
    expect(res.statusCode).toBe(204);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
  });

  it('is idempotent and needs nothing', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: `${REFRESH_COOKIE}=unknown-token` } })).statusCode).toBe(204);
  });
});

describe('password rules', () => {
  const register = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/member', payload: { email, password }, remoteAddress: freshAddress() });

  it.each([
    ['a common password', 'qwerty123456'],
    ['a common password padded with digits and symbols', 'Password2024!'],
    ['a repeated character', 'aaaaaaaaaaaaaaa'],
    ['a repeated short pattern', 'abcabcabcabc'],
    ['a sequence', '123456789012345'],
    ['the e-mail address itself', 'weak.person@example.com'],
    ['the product name', 'Paybench2024!'],
  ])('refuses %s with 400 WEAK_PASSWORD', async (_label, password) => {
    const res = await register('weak.person@example.com', password);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('WEAK_PASSWORD');
  });

  it('refuses fewer than 12 or more than 128 characters', async () => {
    expect((await register('short@example.com', 'Xk3!pQ9#zL2')).statusCode).toBe(400);
    expect((await register('long@example.com', 'x'.repeat(64) + 'Y'.repeat(65))).statusCode).toBe(400);
  });

  it('accepts a long passphrase', async () => {
    const res = await register('good.person@example.com', 'violet tram sings at midnight');
    expect(res.statusCode).toBe(202);
  });
});

describe('change password', () => {
  it('needs the current password (403 WRONG_PASSWORD, not the sign-in answer), then ends every other session', async () => {
    const user = await t.createUser();
    const mine = await t.signIn(user.email);
    const other = await t.signIn(user.email);
    const change = (currentPassword: string, newPassword: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: mine.headers, payload: { currentPassword, newPassword } });

    const wrong = await change('not-my-password', 'a brand new passphrase 7');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errorCode).toBe('WRONG_PASSWORD');
    expect((await change(TEST_PASSWORD, 'password123456')).json().errorCode).toBe('WEAK_PASSWORD');

    expect((await change(TEST_PASSWORD, 'a brand new passphrase 7')).statusCode).toBe(204);
    expect((await currentUser(mine.headers.authorization)).statusCode).toBe(200);
    expect((await currentUser(other.headers.authorization)).statusCode).toBe(401);
    expect((await refresh(other.refreshCookie)).statusCode).toBe(401);
    expect((await signInRaw(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInRaw(user.email, 'a brand new passphrase 7')).statusCode).toBe(200);
  });
});

describe('sessions follow the account', () => {
  it('an access token carries the roles the account has now, and dies with the account', async () => {
    const admin = await t.createUser({ roles: ['admin'] });
    const adminSession = await t.signIn(admin.email);
    const member = await t.createUser();
    const memberSession = await t.signIn(member.email);
    const listUsers = () => t.app.inject({ method: 'GET', url: '/api/users', headers: memberSession.headers });
    expect((await listUsers()).statusCode).toBe(403);
    // Roles changed in the table (as a provider's roles claim does): the same token carries them at once. A change
    // through the admin API ends the person's sessions instead (tests/server/admin-mfa.test.ts).
    await t.database.execute(`update users set roles = '{member,admin}' where id = $1`, [member.id]);
    expect((await listUsers()).statusCode).toBe(200);

    await t.app.inject({ method: 'DELETE', url: `/api/users/${member.id}`, headers: adminSession.headers });
    expect((await currentUser(memberSession.headers.authorization)).statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('sign-in, refresh and sign-out write no password, token, cookie or e-mail address', async () => {
    const user = await t.createUser({ email: 'log.watcher@example.com' });
    const before = t.logs.length;
    const failed = await signInRaw(user.email, 'Secret-Wrong-Pass-991');
    expect(failed.statusCode).toBe(401);
    const session = await t.signIn(user.email);
    const refreshed = await refresh(session.refreshCookie);
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: refreshCookieOf(refreshed)!, ...session.headers } });
    await t.app.inject({ method: 'POST', url: '/api/users/reset-pass', payload: { email: user.email }, remoteAddress: freshAddress() });
    const written = t.logs.slice(before).join('');
    expect(written).toContain('/api/auth/sign-in');
    for (const secret of [
      TEST_PASSWORD,
      'Secret-Wrong-Pass-991',
      user.email,
      session.accessToken,
      refreshed.json().accessToken,
      session.refreshCookie.split('=')[1],
      refreshCookieOf(refreshed)!.split('=')[1],
    ]) {
      expect(written).not.toContain(secret);
    }
  });
});

describe('sign-in claims the questionnaire draft the browser kept', () => {
  const year = new Date().getFullYear();
  const dataVersion = async () => (await t.database.execute<{ value: string }>(`select value from configs where key = 'dataVersion'`))[0]?.value ?? null;

  it('claims an unclaimed completed form for an account without a form that year, and moves the data version', async () => {
    const user = await t.createUser({ roles: ['member'] });
    const formId = await insertForm(t, { userId: null, surveyYear: year, email: 'someone.else@example.com' });
    const before = await dataVersion();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: user.password, formId },
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect((await formRow(t, formId))?.user_id).toBe(user.id);
    expect(await dataVersion()).not.toBe(before);
  });

  it('leaves a form alone when the account already has one that year, or when it is already claimed', async () => {
    const user = await t.createUser({ roles: ['member'] });
    const own = await insertForm(t, { userId: user.id, surveyYear: year });
    const draft = await insertForm(t, { userId: null, surveyYear: year, status: 'in-progress' });
    const other = await t.createUser({ roles: ['member'] });
    const othersForm = await insertForm(t, { userId: other.id, surveyYear: year - 1 });
    for (const formId of [draft, othersForm]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: user.email, password: user.password, formId },
        remoteAddress: freshAddress(),
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await formRow(t, draft))?.user_id).toBeNull();
    expect((await formRow(t, othersForm))?.user_id).toBe(other.id);
    expect((await formRow(t, own))?.user_id).toBe(user.id);
  });

  it('claims nothing when the password is wrong', async () => {
    const user = await t.createUser({ roles: ['member'] });
    const formId = await insertForm(t, { userId: null, surveyYear: year });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: 'not-the-password-at-all', formId },
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(401);
    expect((await formRow(t, formId))?.user_id).toBeNull();
  });
});
