// The test-mode payment page was an open redirect. `returnPath` admitted `//host`, and the page's
// Cancel link and the redirect after Pay then left the site (`//3232235777/x` is http://192.168.1.1/x). The contract
// and the server now take a path of this app only: a protocol-relative or backslash path is a clear 400 and no
// session is stored; a session stored before the check returns home instead. Real app, real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { seedCatalogue } from '../../src/server/seed';
import type { Role } from '../../src/server/auth/accessToken';
import { isAppReturnPath, requestedReturnPath, safeStoredReturnPath } from '../../src/server/services/returnPath';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedCatalogue(t.database);
});
afterAll(async () => t?.close());

async function account(roles: Role[], options: { premiumType?: string } = {}) {
  const user = await t.createUser({ roles, ...options });
  return { ...user, headers: await t.bearer(user.id, roles) };
}

const sessionCount = async () => Number((await t.database.execute<{ n: string }>('select count(*) as n from sandbox_sessions'))[0].n);
const sessionOf = (url: string) => new URL(url).pathname.split('/').pop()!;

/** Paths a browser reads as another site, or that are not plain app paths. */
const REFUSED = [
  '//evil.example/x',
  '//3232235777/x',
  '///evil.example',
  '/\\evil',
  '/\\\\evil.example/x',
  '\\/evil.example',
  '/\t/evil',
  '/\t/evil.example',
  '/\n/evil.example',
  '/my-account//evil',
  'https://evil.example',
  'javascript:alert(1)',
  '/x?next=//evil.example',
  '/%2F%2Fevil.example',
  ' /my-account',
  '',
];

describe('returnPath of the checkout and the portal', () => {
  it.each(REFUSED)('refuses %j with 400 VALIDATION_ERROR naming returnPath, and stores no session', async (returnPath) => {
    const corporate = await account(['corporate']);
    const member = await account(['member'], { premiumType: 'basic' });
    const before = await sessionCount();
    const calls = [
      await t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers: corporate.headers, payload: { buyButton: 'credits-10', returnPath } }),
      await t.app.inject({ method: 'POST', url: '/api/payments/portal', headers: member.headers, payload: { returnPath } }),
    ];
    for (const res of calls) {
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<{ error: string[]; errorCode: string }>();
      expect(body.errorCode).toBe('VALIDATION_ERROR');
      expect(body.error.some((line) => line.startsWith('body.returnPath'))).toBe(true);
    }
    expect(await sessionCount()).toBe(before);
  });

  it('a normal app path still works: the Cancel link and the redirect after Pay stay on /my-account', async () => {
    const corporate = await account(['corporate']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: corporate.headers,
      payload: { buyButton: 'credits-10', returnPath: '/my-account' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = sessionOf(res.json().url);
    const page = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${id}`, headers: { accept: 'text/html' } });
    expect(page.body).toContain('href="/my-account?checkout=cancelled"');
    const paid = await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${id}/complete` });
    expect(paid.json()).toEqual({ redirectUrl: '/my-account?checkout=success' });
  });

  it('a session stored before the check with a protocol-relative path returns home, on Cancel and after Pay', async () => {
    const corporate = await account(['corporate']);
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers: corporate.headers, payload: { buyButton: 'credits-10' } });
    const id = sessionOf(res.json().url);
    await t.database.execute('update sandbox_sessions set return_path = $1 where id = $2', ['//3232235777/x', id]);
    const page = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${id}`, headers: { accept: 'text/html' } });
    expect(page.body).not.toContain('3232235777');
    expect(page.body).toContain('href="/?checkout=cancelled"');
    const paid = await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${id}/complete` });
    expect(paid.json()).toEqual({ redirectUrl: '/?checkout=success' });
  });
});

describe("the server's own check (whatever the contract's pattern lets through)", () => {
  it('admits app paths only', () => {
    for (const path of ['/', '/my-account', '/my-account/my-credits', '/become-premium', '/a_b-c/', '/x'.repeat(100)]) {
      expect(isAppReturnPath(path), path).toBe(true);
      expect(requestedReturnPath(path)).toBe(path);
    }
    for (const path of [...REFUSED, '/x'.repeat(100) + 'x']) {
      expect(isAppReturnPath(path), JSON.stringify(path)).toBe(false);
      expect(() => requestedReturnPath(path)).toThrow(expect.objectContaining({ statusCode: 400, errorCode: 'VALIDATION_ERROR' }));
    }
    expect(requestedReturnPath(undefined)).toBeUndefined();
    expect(safeStoredReturnPath('//evil.example/x')).toBe('/');
    expect(safeStoredReturnPath('/my-account/my-credits')).toBe('/my-account/my-credits');
  });
});
