// Throttling and password checks beyond sign-in and refresh (which tests/server/auth.test.ts covers): anonymous drafts
// and corporate registrations are throttled per client address; deleting one's account asks for the
// password again, and wrong passwords there wait like sign-in failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from './helpers/testApp';
import { PROFILE_ANSWERS } from './helpers/formFixtures';
import { DELAY_RULES, THROTTLE_RULES } from '../../src/server/http/rateLimit';
import { newId } from '../../src/server/ids';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const countForms = async () => (await t.database.execute<{ n: number }>('select count(*)::int as n from forms'))[0].n;

describe('anonymous drafts', () => {
  it('one client address creates a bounded number; others go on; signed-in saves are not counted', async () => {
    const address = '10.20.0.1';
    const { limit } = THROTTLE_RULES.draftsPerAddress;
    const before = await countForms();
    for (let i = 0; i < limit; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/forms', payload: PROFILE_ANSWERS, remoteAddress: address });
      expect(res.statusCode).toBe(201);
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/forms', payload: PROFILE_ANSWERS, remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countForms()).toBe(before + limit);

    expect((await t.app.inject({ method: 'POST', url: '/api/forms', payload: PROFILE_ANSWERS, remoteAddress: '10.20.0.2' })).statusCode).toBe(201);
    const member = await t.createUser();
    const session = await t.signIn(member.email);
    const own = await t.app.inject({ method: 'POST', url: '/api/forms', payload: { country: 'es' }, headers: session.headers, remoteAddress: address });
    expect(own.statusCode).toBe(201);
  });

  it('a burst of parallel drafts from one address stores at most the limit', async () => {
    const address = '10.20.1.1';
    const before = await countForms();
    const answers = await Promise.all(
      Array.from({ length: 80 }, () => t.app.inject({ method: 'POST', url: '/api/forms', payload: PROFILE_ANSWERS, remoteAddress: address })),
    );
    const created = answers.filter((a) => a.statusCode === 201).length;
    expect(created).toBe(THROTTLE_RULES.draftsPerAddress.limit);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(80 - created);
    expect(await countForms()).toBe(before + created);
  });
});

describe('corporate registration', () => {
  it('is throttled per client address, like member registration', async () => {
    const admin = await t.createUser({ roles: ['admin'] });
    const session = await t.signIn(admin.email);
    const address = '10.21.0.1';
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/corporate',
        headers: session.headers,
        remoteAddress: address,
        payload: {
          email: `corp-${newId(8).toLowerCase()}@example.com`,
          password: 'a-long-and-unusual-passphrase-91',
          corporateInfo: { companyName: 'Acme S.L.' },
        },
      });
    for (let i = 0; i < THROTTLE_RULES.registerPerAddress.limit; i++) expect((await register()).statusCode).toBe(202);
    const refused = await register();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('RATE_LIMITED');
  });
  it('takes the limit from REGISTER_LIMIT_PER_HOUR (an office behind one address onboarding many people)', async () => {
    const office = await startTestApp({ REGISTER_LIMIT_PER_HOUR: '3' });
    try {
      const register = () =>
        office.app.inject({
          method: 'POST',
          url: '/api/users/member',
          remoteAddress: '10.21.0.2',
          payload: { email: `member-${newId(8).toLowerCase()}@example.com`, password: 'a-long-and-unusual-passphrase-92' },
        });
      for (let i = 0; i < 3; i++) expect((await register()).statusCode).toBe(202);
      expect((await register()).statusCode).toBe(429);
    } finally {
      await office.close();
    }
  });
});

describe('account deletion asks for the password again', () => {
  it('no password, or a wrong one, erases nothing; the right one deletes', async () => {
    // A wrong password answers WRONG_PASSWORD: the signed-in person typed only the password, so the answer
    // names it (not the sign-in's "e-mail or password").
    const member = await t.createUser();
    const session = await t.signIn(member.email);
    const remove = (payload?: object) =>
      t.app.inject({ method: 'DELETE', url: '/api/users/currentUser', headers: session.headers, ...(payload ? { payload } : {}) });
    expect((await remove()).statusCode).toBe(400);
    expect((await remove({})).json().error).toEqual(['body.password: is required']);
    const wrong = await remove({ password: 'not-the-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errorCode).toBe('WRONG_PASSWORD');
    expect(await t.database.execute('select id from users where id = $1', [member.id])).toHaveLength(1);
    expect((await remove({ password: TEST_PASSWORD })).statusCode).toBe(204);
    expect(await t.database.execute('select id from users where id = $1', [member.id])).toHaveLength(0);
  });

  it('an anonymous caller is told 401 whatever the body', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/users/currentUser', payload: { password: 'x' } });
    expect(res.statusCode).toBe(401);
  });

  it('a stolen session guessing the password waits growing delays', async () => {
    const member = await t.createUser();
    const session = await t.signIn(member.email);
    const address = '10.22.0.1';
    const remove = (password: string) =>
      t.app.inject({ method: 'DELETE', url: '/api/users/currentUser', headers: session.headers, payload: { password }, remoteAddress: address });
    for (let i = 0; i <= DELAY_RULES.signInPerPair.freeAttempts; i++) expect((await remove(`guess-${i}`)).statusCode).toBe(403);
    const waiting = await remove(TEST_PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBe(DELAY_RULES.signInPerPair.baseDelaySeconds);
    expect(await t.database.execute('select id from users where id = $1', [member.id])).toHaveLength(1);
  });
});
