// A bearer token alone makes no security change. Setting up or removing a second factor, renewing the
// recovery codes, changing the password and unlinking an identity provider need a session that re-authenticated within
// the last 5 minutes (a password sign-in counts; POST auth/reauthenticate renews it), else 403
// REAUTHENTICATION_REQUIRED. Each change e-mails the person, in their language, what changed, when and how to undo
// it. Against the real app and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type SignedIn, type TestApp, type TestUser } from './helpers/testApp';
import { currentTotpCode } from '../../src/server/auth/totp';
import { startSession } from '../../src/server/auth/sessions';
import { createAccessTokens } from '../../src/server/auth/accessToken';
import { DELAY_RULES } from '../../src/server/http/rateLimit';
import { newId } from '../../src/server/ids';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://paybench.example' });
});
afterAll(async () => {
  await t?.close();
});

const STEP_MS = 30_000;
const codeOf = (secret: string, steps = 0) => currentTotpCode(secret, Date.now() + steps * STEP_MS);
const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const sessionOf = (signedIn: SignedIn) => JSON.parse(Buffer.from(signedIn.accessToken.split('.')[1], 'base64url').toString()).sid as string;

/** The session proved the person longer ago than the 5 minutes (a token stolen from a session left open). */
async function ageSession(signedIn: SignedIn, minutes = 6) {
  await t.database.execute(`update session_assurance set reauthenticated_at = now() - make_interval(mins => $2) where family_id = $1`, [
    sessionOf(signedIn),
    minutes,
  ]);
}

const refusedForReauthentication = (res: { statusCode: number; json(): { errorCode?: string } }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json().errorCode).toBe('REAUTHENTICATION_REQUIRED');
};

/** The mails sent to an address (delivery runs in the background: wait for `count` of them). */
async function mailsTo(email: string, count = 1) {
  for (let i = 0; i < 100; i++) {
    const rows = await t.database.execute<{ subject: string; text: string; html: string }>(
      'select subject, text, html from email_outbox where "to" = $1 order by created_at, id',
      [email],
    );
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} mails to ${email}`);
}

async function enrolled(user: TestUser) {
  const session = await t.signIn(user.email);
  const { secret } = (await post('/auth/totp/setup', undefined, session.headers)).json<{ secret: string }>();
  const confirmed = await post('/auth/totp/confirm', { code: codeOf(secret) }, session.headers);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { session, secret };
}

describe('security changes need a fresh re-authentication', () => {
  it('a session older than 5 minutes cannot set up a second factor until the password is given again', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    await ageSession(session);
    refusedForReauthentication(await post('/auth/totp/setup', undefined, session.headers));
    refusedForReauthentication(await post('/auth/totp/confirm', { code: '123456' }, session.headers));
    const [row] = await t.database.execute<{ pending: string | null }>('select totp_pending_secret as pending from users where id = $1', [user.id]);
    expect(row.pending).toBeNull();

    const wrong = await post('/auth/reauthenticate', { password: 'not-the-password-at-all' }, session.headers);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorCode).toBe('WRONG_PASSWORD');
    refusedForReauthentication(await post('/auth/totp/setup', undefined, session.headers));

    expect((await post('/auth/reauthenticate', { password: TEST_PASSWORD }, session.headers)).statusCode).toBe(204);
    const setup = await post('/auth/totp/setup', undefined, session.headers);
    expect(setup.statusCode, setup.body).toBe(200);
    const confirmed = await post('/auth/totp/confirm', { code: codeOf(setup.json<{ secret: string }>().secret) }, session.headers);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('turning the second factor off, renewing recovery codes and changing the password are refused too', async () => {
    const user = await t.createUser();
    const { session, secret } = await enrolled(user);
    await ageSession(session);
    refusedForReauthentication(await post('/auth/totp/disable', { password: TEST_PASSWORD, code: codeOf(secret, 1) }, session.headers));
    refusedForReauthentication(await post('/auth/totp/recovery-codes', { code: codeOf(secret, 1) }, session.headers));
    refusedForReauthentication(
      await post('/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-passphrase-77' }, session.headers),
    );
    const [row] = await t.database.execute<{ on: boolean }>('select totp_secret is not null as on from users where id = $1', [user.id]);
    expect(row.on).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: TEST_PASSWORD } })).statusCode).toBe(200);

    expect((await post('/auth/reauthenticate', { password: TEST_PASSWORD }, session.headers)).statusCode).toBe(204);
    const renewed = await post('/auth/totp/recovery-codes', { code: codeOf(secret, 1) }, session.headers);
    expect(renewed.statusCode, renewed.body).toBe(200);
    // The next 30-second step is used up: a recovery code turns it off.
    const [recoveryCode] = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    const off = await post('/auth/totp/disable', { password: TEST_PASSWORD, code: recoveryCode }, session.headers);
    expect(off.statusCode, off.body).toBe(204);
  });

  it('the window is 5 minutes from the proof: a sign-in with the password counts, and it runs out', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    await ageSession(session, 4);
    expect((await post('/auth/totp/setup', undefined, session.headers)).statusCode).toBe(200);
    await ageSession(session, 5);
    refusedForReauthentication(await post('/auth/totp/setup', undefined, session.headers));
  });

  it('the re-authentication of one session does not open another', async () => {
    const user = await t.createUser();
    const stolen = await t.signIn(user.email);
    const owner = await t.signIn(user.email);
    await ageSession(stolen);
    await ageSession(owner);
    expect((await post('/auth/reauthenticate', { password: TEST_PASSWORD }, owner.headers)).statusCode).toBe(204);
    refusedForReauthentication(await post('/auth/totp/setup', undefined, stolen.headers));
  });

  it('wrong passwords wait like sign-in failures (429), and the right one then waits too', async () => {
    const user = await t.createUser();
    const session = await t.signIn(user.email);
    for (let i = 0; i < DELAY_RULES.signInPerPair.freeAttempts + 1; i++) {
      expect((await post('/auth/reauthenticate', { password: `wrong-password-number-${i}` }, session.headers)).statusCode).toBe(401);
    }
    const throttled = await post('/auth/reauthenticate', { password: TEST_PASSWORD }, session.headers);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().errorCode).toBe('RATE_LIMITED');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.logs.join('\n')).not.toContain(TEST_PASSWORD);
  });
});

describe("each security change is e-mailed in the person's language", () => {
  it('second factor on and off, new recovery codes and a new password: what, when and how to undo it', async () => {
    const user = await t.createUser({ language: 'en' });
    const { session, secret } = await enrolled(user);
    const renewed = await post('/auth/totp/recovery-codes', { code: codeOf(secret, 1) }, session.headers);
    expect(renewed.statusCode, renewed.body).toBe(200);
    // The next 30-second step is used up: a recovery code turns it off.
    const [recoveryCode] = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    const off = await post('/auth/totp/disable', { password: TEST_PASSWORD, code: recoveryCode }, session.headers);
    expect(off.statusCode, off.body).toBe(204);
    const changed = await post('/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-passphrase-77' }, session.headers);
    expect(changed.statusCode, changed.body).toBe(204);

    const mails = await mailsTo(user.email, 4);
    expect(mails.map((m) => m.subject)).toEqual([
      'You turned on two-step verification on Paybench',
      'You have new recovery codes on Paybench',
      'You turned off two-step verification on Paybench',
      'You changed your Paybench password',
    ]);
    const year = String(new Date().getUTCFullYear());
    for (const mail of mails) {
      expect(mail.text).toContain(year);
      expect(mail.text).toContain('(UTC)');
      expect(mail.text).toContain('If it was not you');
      expect(mail.text).toContain('https://paybench.example/reset-password');
      expect(mail.text).toContain('https://paybench.example/settings');
      expect(mail.html).toContain('href="https://paybench.example/reset-password"');
      expect(mail.text).not.toContain(secret);
    }
  });

  it('in Spanish for a Spanish account', async () => {
    const user = await t.createUser({ language: 'es' });
    await enrolled(user);
    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toBe('Ha activado la verificación en dos pasos en Paybench');
    expect(mail.text).toContain('Si no ha sido usted');
    expect(mail.text).toContain('https://paybench.example/reset-password');
  });
});

describe('identity providers linked to the account', () => {
  const tokens = () => createAccessTokens(t.config.secrets.tokenSecret, t.config.accessTokenTtlSeconds);

  async function link(userId: string, provider: string) {
    const id = newId();
    await t.database.execute(
      `insert into user_identities (id, user_id, provider, issuer, subject, email, last_sign_in_at) values ($1, $2, $3, $4, $5, $6, now())`,
      [id, userId, provider, `https://${provider}.example`, newId(), 'person@example.com'],
    );
    return id;
  }

  /** A session as a provider's sign-in opens it (for an account without a password), recorded as that provider's. */
  async function providerSession(userId: string, provider: string) {
    const { familyId } = await startSession(t.database, userId, 30, { secondFactor: false, reauthenticated: true });
    await t.database.execute(`insert into identity_sessions (family_id, user_id, provider, id_token) values ($1, $2, $3, 'id-token')`, [
      familyId,
      userId,
      provider,
    ]);
    return { familyId, headers: { authorization: `Bearer ${await tokens().sign({ userId, roles: ['member'], sessionId: familyId })}` } };
  }

  const del = (id: string, headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: `/api/auth/identities/${id}`, headers });
  const revoked = async (familyId: string) =>
    (await t.database.execute<{ live: number }>('select count(*)::int as live from refresh_tokens where family_id = $1 and revoked_at is null', [familyId]))[0]
      .live === 0;

  it('lists them, and unlinking one needs a fresh re-authentication, ends its sessions and is e-mailed', async () => {
    const user = await t.createUser({ language: 'en' });
    const keycloak = await link(user.id, 'keycloak');
    const session = await t.signIn(user.email);
    const opened = await providerSession(user.id, 'keycloak');

    const listed = await t.app.inject({ method: 'GET', url: '/api/auth/identities', headers: session.headers });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      passwordSet: true,
      identities: [{ id: keycloak, provider: 'keycloak', providerName: 'keycloak', email: 'person@example.com' }],
    });

    await ageSession(session);
    refusedForReauthentication(await del(keycloak, session.headers));
    expect((await post('/auth/reauthenticate', { password: TEST_PASSWORD }, session.headers)).statusCode).toBe(204);
    expect((await del(keycloak, session.headers)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/identities', headers: session.headers })).json().identities).toEqual([]);
    expect(await revoked(opened.familyId)).toBe(true);
    expect(await revoked(sessionOf(session))).toBe(false);
    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toBe('You unlinked an identity provider from your Paybench account');
    expect(mail.text).toContain('the identity provider keycloak was unlinked');
  });

  it("another account's identity is not found; the last way to sign in of an account without a password stays", async () => {
    const owner = await t.createUser();
    const theirs = await link(owner.id, 'google');
    const intruder = await t.signIn((await t.createUser()).email);
    expect((await del(theirs, intruder.headers)).statusCode).toBe(404);

    const passwordless = await t.createUser();
    await t.database.execute('update users set password_hash = null where id = $1', [passwordless.id]);
    const only = await link(passwordless.id, 'google');
    const session = await providerSession(passwordless.id, 'google');
    const last = await del(only, session.headers);
    expect(last.statusCode).toBe(409);
    expect(last.json().errorCode).toBe('LAST_SIGN_IN_METHOD');
    // Without a password, the password cannot re-authenticate (a fresh sign-in at the provider does).
    expect((await post('/auth/reauthenticate', { password: TEST_PASSWORD }, session.headers)).json().errorCode).toBe('WRONG_PASSWORD');

    const second = await link(passwordless.id, 'keycloak');
    expect((await del(second, session.headers)).statusCode).toBe(204);
  });
});
