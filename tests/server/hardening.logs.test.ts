// No secret and no personal data in the log. A broad run of API calls — successful and
// failing ones, bad JSON, wrong media types, taken addresses, wrong passwords, pay figures — and a failing
// SQL statement logged the way the error handler logs it; then every captured log line is scanned for
// e-mail addresses, argon2 hashes, bearer and refresh tokens, passwords and the salary figures sent.
// Lines are URL-decoded before the scan (an address travels as `%40` in a path), and the
// sandbox's checkout session ids (whoever holds one may pay it) are looked for too.
// Also: the start banner shows the demo password only when it was generated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApp, TEST_PASSWORD, type TestApp } from './helpers/testApp';
import { COMPLETE_ANSWERS } from './helpers/formFixtures';
import { newId } from '../../src/server/ids';
import { loadConfig } from '../../src/server/config';
import { startBanner } from '../../src/server/startBanner';
import { DEMO_LOGINS, seedCatalogue } from '../../src/server/seed';
import { safeUrl } from '../../src/server/http/logging';
import { hashPassword } from '../../src/server/auth/passwords';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const ARGON2 = /\$argon2(?:id|i|d)\$/;
const JWT = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\./;

/** A log line as a reader would see its URLs: every %xx run decoded (twice, for a doubly encoded `%2540`). */
function decoded(line: string): string {
  let text = line;
  for (let i = 0; i < 2; i++) {
    text = text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
  return text;
}

// Distinctive figures, so a match in the log can only come from the request.
const SALARY = 187_313;
const BONUS = 43_219;
const DEFERRED = 12_347;

let t: TestApp;
const secrets: string[] = [];
beforeAll(async () => {
  t = await startTestApp();
  await seedCatalogue(t.database);
});
afterAll(async () => {
  await t.close();
});

describe('the log of a broad API run', () => {
  it('holds no e-mail, hash, token, password or salary figure', async () => {
    const inject = t.app.inject.bind(t.app);
    const email = `log-scan-${newId(8).toLowerCase()}@example.com`;
    const password = 'a-distinctive-passphrase-for-logs-77';
    secrets.push(password, TEST_PASSWORD);

    // Registration, a taken address, a weak password.
    const registered = await inject({ method: 'POST', url: '/api/users/member', payload: { email, password } });
    expect(registered.statusCode).toBeLessThan(300);
    await inject({ method: 'POST', url: '/api/users/member', payload: { email, password } });
    await inject({ method: 'POST', url: '/api/users/member', payload: { email: `weak-${email}`, password: 'password' } });

    // Sign-in: right, wrong, unknown address; refresh and reuse; reset requests and a bad reset token.
    const session = await t.signIn(email, password);
    secrets.push(session.accessToken, session.refreshCookie.split('=')[1]);
    for (let i = 0; i < 4; i++) await inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: `wrong-${i}-${password}` } });
    await inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: `nobody-${email}`, password } });
    const refreshed = await inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: session.refreshCookie } });
    expect(refreshed.statusCode).toBe(200);
    secrets.push(refreshed.json().accessToken);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: session.refreshCookie } });
    await inject({ method: 'POST', url: '/api/users/reset-pass', payload: { email } });
    await inject({ method: 'POST', url: '/api/auth/reset-confirm', payload: { token: 'x'.repeat(43), password } });
    await inject({ method: 'GET', url: '/api/users/currentUser', headers: { authorization: `Bearer ${session.accessToken}x` } });

    // Admin and corporate calls, including failing ones.
    const admin = await t.createUser({ roles: ['admin'] });
    const adminSession = await t.signIn(admin.email);
    secrets.push(adminSession.accessToken);
    const corporate = { companyName: 'Secretos Industriales S.A.', contactName: 'Rosa Confidencial', country: 'es', taxId: 'B99887766' };
    const corporateEmail = `corp-${newId(8).toLowerCase()}@example.com`;
    await inject({
      method: 'POST',
      url: '/api/users/corporate',
      headers: adminSession.headers,
      payload: { email: corporateEmail, password, corporateInfo: corporate },
    });
    await inject({
      method: 'POST',
      url: '/api/users/corporate',
      headers: adminSession.headers,
      payload: { email: corporateEmail, password, corporateInfo: corporate },
    });
    await inject({
      method: 'POST',
      url: '/api/users/corporate',
      headers: adminSession.headers,
      payload: { email: `nul-${corporateEmail}`, password, corporateInfo: { ...corporate, taxId: 'B\u0000' } },
    });
    await inject({ method: 'GET', url: `/api/users?query=${encodeURIComponent(email)}`, headers: adminSession.headers });
    await inject({ method: 'GET', url: `/api/forms?query=${encodeURIComponent(email)}`, headers: adminSession.headers });
    await inject({ method: 'GET', url: `/api/forms/last-by-user-email/${encodeURIComponent(email)}`, headers: adminSession.headers });
    await inject({ method: 'GET', url: `/api/forms/form-by-email?email=${encodeURIComponent(email)}`, headers: adminSession.headers });
    await inject({
      method: 'PATCH',
      url: `/api/users/${session.userId}`,
      headers: adminSession.headers,
      payload: { creditsDelta: -5, reason: `refund to ${email}` },
    });

    // Forms with pay figures: anonymous draft, completed form, invalid figures, bad JSON, wrong media type.
    const answers = { ...COMPLETE_ANSWERS, email, fixedSalary: SALARY, annualBonus: BONUS, deferredCompensation: DEFERRED };
    const draft = await inject({ method: 'POST', url: '/api/forms', payload: { ...answers, step: 0 } });
    const draftId = draft.statusCode < 300 ? (draft.json().id as string) : newId();
    await inject({ method: 'PUT', url: `/api/forms/${draftId}`, payload: { ...answers } });
    await inject({ method: 'PUT', url: `/api/forms/${draftId}`, payload: { fixedSalary: String(SALARY) } });
    await inject({
      method: 'POST',
      url: '/api/forms',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${email}","fixedSalary":${SALARY},`,
    });
    await inject({ method: 'POST', url: '/api/forms', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(answers) });
    await inject({ method: 'POST', url: '/api/forms/demo-comparation', payload: { filters: { sector: 'banking' } } });
    await inject({ method: 'GET', url: `/api/users/${encodeURIComponent(email)}`, headers: session.headers });

    // Lookups that carry an address in the path, URL-encoded as a browser sends it (and once doubly encoded).
    await inject({ method: 'GET', url: `/api/newsletters/${encodeURIComponent(email)}`, headers: adminSession.headers });
    await inject({ method: 'GET', url: `/api/newsletters/${encodeURIComponent(email)}`, headers: session.headers });
    await inject({ method: 'GET', url: `/api/forms/comparation-individual-by-user-email/${encodeURIComponent(email)}`, headers: adminSession.headers });
    await inject({ method: 'GET', url: `/api/forms/last-by-user-email/${encodeURIComponent(encodeURIComponent(email))}`, headers: adminSession.headers });
    await inject({ method: 'GET', url: `/api/newsletters/${encodeURIComponent(email)}/unknown-part`, headers: adminSession.headers });

    // A sandbox checkout: its session id is a capability (whoever holds it may see and pay the session).
    const buyer = await t.createUser({ roles: ['corporate'] });
    const buyerSession = await t.signIn(buyer.email);
    const checkout = await inject({ method: 'POST', url: '/api/payments/checkout', headers: buyerSession.headers, payload: { buyButton: 'credits-10' } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sessionId = new URL(checkout.json().url as string).pathname.split('/').at(-1)!;
    secrets.push(sessionId);
    expect((await inject({ method: 'GET', url: `/api/payments/sandbox/${sessionId}`, headers: { accept: 'text/html' } })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: `/api/payments/sandbox/${sessionId}` })).statusCode).toBe(200);
    expect((await inject({ method: 'POST', url: `/api/payments/sandbox/${sessionId}/complete` })).statusCode).toBe(200);
    expect((await inject({ method: 'POST', url: `/api/payments/sandbox/${sessionId}/complete` })).statusCode).toBe(409);
    await inject({ method: 'GET', url: `/api/payments/sandbox/${sessionId}/no-such-page` });

    // Self-service: change password wrong, export, delete.
    const fresh = await t.signIn(email, password);
    await inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: fresh.headers,
      payload: { currentPassword: `wrong-${password}`, newPassword: `new-${password}` },
    });
    await inject({ method: 'GET', url: '/api/users/currentUser/export', headers: fresh.headers });
    await inject({ method: 'DELETE', url: '/api/users/currentUser', headers: fresh.headers, payload: { password } });

    // A failing statement with personal parameters, logged as the error handler logs an unhandled error.
    const hash = await hashPassword(password);
    const failure = await t.database
      .execute('insert into users (id, email, password_hash, roles) values ($1, $2, $3, $4)', [admin.id, admin.email, hash, ['member']])
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    t.app.log.error({ err: failure }, 'unhandled error');
    const jsonFailure = await t.database
      .execute(`select $1::jsonb`, [`{"companyName":"Secretos Industriales S.A.","contactName":"Rosa Confidencial", "email": "${email}"`])
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(jsonFailure).toBeInstanceOf(Error);
    t.app.log.error({ err: jsonFailure }, 'unhandled error');
    const numberFailure = await t.database.execute('select $1::int', [`${SALARY}x`]).then(
      () => null,
      (error: unknown) => error,
    );
    t.app.log.error({ err: numberFailure }, 'unhandled error');

    await new Promise((resolve) => setTimeout(resolve, 100));
    const log = t.logs.join('');
    expect(t.logs.length).toBeGreaterThan(50);
    // The failures were logged (type and where), just without their values.
    expect(log).toContain('unhandled error');
    expect(log).toContain('23505');

    const findings: string[] = [];
    for (const line of t.logs.map(decoded)) {
      if (EMAIL.test(line)) findings.push(`e-mail: ${line}`);
      if (ARGON2.test(line)) findings.push(`argon2 hash: ${line}`);
      if (JWT.test(line)) findings.push(`token: ${line}`);
      for (const secret of secrets) if (line.includes(secret)) findings.push(`secret: ${line}`);
      for (const figure of [SALARY, BONUS, DEFERRED]) if (line.includes(String(figure))) findings.push(`figure ${figure}: ${line}`);
      for (const name of ['Secretos Industriales', 'Rosa Confidencial', 'B99887766']) if (line.includes(name)) findings.push(`company data: ${line}`);
    }
    expect(findings).toEqual([]);
    // The redacted requests were logged, by their route's shape.
    expect(log).toContain('/api/newsletters/:emailOrId');
    expect(log).toContain('/api/payments/sandbox/:sessionId/complete');
  });
});

describe('the start banner', () => {
  const facts = { url: 'http://localhost:3000', where: 'PostgreSQL', seededForms: 10, webBuilt: true, logins: DEMO_LOGINS };

  it('prints a generated demo password', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paybench-banner-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(config.demoPasswordGenerated).toBe(true);
    const banner = startBanner({ ...facts, demoPassword: config.demoPassword, demoPasswordGenerated: config.demoPasswordGenerated });
    expect(banner).toContain(config.demoPassword);
    expect(banner).toContain('admin@paybench.demo');
  });

  it('never prints a password set through DEMO_PASSWORD', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paybench-banner-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_PASSWORD: 'operator-chosen-secret-123' });
    expect(config.demoPasswordGenerated).toBe(false);
    const banner = startBanner({ ...facts, demoPassword: config.demoPassword, demoPasswordGenerated: config.demoPasswordGenerated });
    expect(banner).not.toContain('operator-chosen-secret-123');
    expect(banner).toContain('DEMO_PASSWORD');
  });
});

describe('the logged URL', () => {
  it('names secret path parameters instead of their value and masks e-mail addresses however encoded', () => {
    expect(safeUrl('/api/newsletters/ana%40example.com?x=1', '/api/newsletters/:emailOrId')).toBe('/api/newsletters/:emailOrId');
    expect(safeUrl('/api/payments/sandbox/cs_test_abcdef123456/complete', '/api/payments/sandbox/:sessionId/complete')).toBe(
      '/api/payments/sandbox/:sessionId/complete',
    );
    // No route matched (a 404 under a secret path): the segment after the prefix is hidden all the same.
    expect(safeUrl('/api/payments/sandbox/cs_test_abcdef123456/x')).toBe('/api/payments/sandbox/:redacted/x');
    for (const segment of ['ana@example.com', 'ana%40example.com', 'ana%2540example.com', 'ana%40example.com%ZZ']) {
      expect(safeUrl(`/api/users/${segment}`, '/api/users/:id')).toBe('/api/users/[email]');
    }
    // Ordinary ids stay, for tracing a request.
    expect(safeUrl('/api/forms/abcDEF123', '/api/forms/:id')).toBe('/api/forms/abcDEF123');
  });
});
