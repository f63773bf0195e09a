// The audit log on the real app and database: the admin changes of accounts (profile edits,
// roles, credits, premium type, e-mail verification, deletion), the minimum values, the inflation data and a
// release cut each leave one record with who, when, what and the values before and after — never a secret — in
// the change's own transaction (a refused change leaves none); GET /api/admin/audit-log lists them newest first,
// paged and filtered, for admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForms } from './helpers/comparisonFixtures';
import { currentYear } from '../../src/domain/constants';
import type { Role } from '../../src/server/auth/accessToken';

let t: TestApp;
let admin: { id: string; email: string; headers: { authorization: string } };

beforeAll(async () => {
  t = await startTestApp();
  const user = await t.createUser({ roles: ['admin'], email: `audit-admin-${Date.now()}@example.com` });
  admin = { id: user.id, email: user.email, headers: (await t.signIn(user.email)).headers };
});
afterAll(async () => t?.close());

type Entry = {
  id: string;
  createdAt: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: any;
  after: any;
};

async function log(query = '', headers: Record<string, string> = admin.headers) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Entry[]; page: number; limit: number; total: number }>();
}

const forTarget = async (targetId: string) => (await log(`?targetId=${encodeURIComponent(targetId)}&limit=100`)).items;

describe('account changes', () => {
  it('records roles, credits, premium type and e-mail verification with before and after', async () => {
    const member = await t.createUser({ credits: 5, emailVerified: false });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${member.id}`,
      headers: admin.headers,
      payload: { role: ['member', 'corporate'], premiumType: 'premium', emailVerified: true, creditsDelta: 10, reason: 'Goodwill after an outage' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await forTarget(member.id);
    const byAction = Object.fromEntries(entries.map((e) => [e.action, e]));
    expect(Object.keys(byAction).sort()).toEqual(['user.credits', 'user.emailVerified', 'user.premiumType', 'user.roles']);
    expect(byAction['user.credits']).toMatchObject({ before: { credits: 5 }, after: { credits: 15, delta: 10, reason: 'Goodwill after an outage' } });
    expect(byAction['user.roles']).toMatchObject({ before: { roles: ['member'] }, after: { roles: ['member', 'corporate'] } });
    expect(byAction['user.premiumType']).toMatchObject({ before: { premiumType: 'free' }, after: { premiumType: 'premium' } });
    expect(byAction['user.emailVerified']).toMatchObject({ before: { emailVerified: false }, after: { emailVerified: true } });
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorId: admin.id, actorEmail: admin.email, targetType: 'user', targetId: member.id });
      expect(Date.now() - new Date(entry.createdAt).getTime()).toBeLessThan(60_000);
    }
  });

  it('records nothing for a refused change (the balance would go below 0) or one that changes nothing', async () => {
    const member = await t.createUser({ credits: 2 });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${member.id}`,
      headers: admin.headers,
      payload: { creditsDelta: -5, reason: 'Too much' },
    });
    expect(refused.statusCode).toBe(409);
    const same = await t.app.inject({ method: 'PATCH', url: `/api/users/${member.id}`, headers: admin.headers, payload: { premiumType: 'free' } });
    expect(same.statusCode).toBe(200);
    expect(await forTarget(member.id)).toEqual([]);
  });

  it("records an admin's profile edit of another person, not a person's edit of their own profile", async () => {
    const member = await t.createUser({ language: 'es' });
    const own = await t.signIn(member.email);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${member.id}`, headers: own.headers, payload: { language: 'en' } })).statusCode).toBe(200);
    expect(await forTarget(member.id)).toEqual([]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${member.id}`,
      headers: admin.headers,
      payload: { language: 'es', campaignId: 'spring' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await forTarget(member.id);
    expect(entry).toMatchObject({ action: 'user.update', before: { language: 'en', campaignId: null }, after: { language: 'es', campaignId: 'spring' } });
  });

  it('records a deletion with what the account was, without its password hash', async () => {
    const member = await t.createUser({ credits: 3, premiumType: 'basic' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${member.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(204);
    const [entry] = await forTarget(member.id);
    expect(entry).toMatchObject({
      action: 'user.delete',
      after: null,
      before: { email: member.email, roles: ['member'], credits: 3, premiumType: 'basic', forms: 0 },
    });
    const stored = JSON.stringify(await t.database.execute('select * from audit_log'));
    expect(stored).not.toMatch(/argon2|password/i);
  });
});

describe('configs and releases', () => {
  it('records the minimum values and the inflation data with before and after', async () => {
    const minValues = { minFixed: 120_000, compTotal: 90_000, deferredMax: 50_000_000 };
    expect((await t.app.inject({ method: 'PATCH', url: '/api/forms/configs/min-values', headers: admin.headers, payload: minValues })).statusCode).toBe(200);
    const [min] = (await log('?action=config.minValues')).items;
    expect(min).toMatchObject({ targetType: 'config', targetId: 'minValues', after: minValues });
    expect(Object.keys(min.before).sort()).toEqual(['compTotal', 'deferredMax', 'minFixed']);

    const year = currentYear() - 1;
    const inflation = await t.app.inject({
      method: 'PATCH',
      url: '/api/forms/configs/inflation-data',
      headers: admin.headers,
      payload: { inflationData: [{ year, rate: 2.5 }] },
    });
    expect(inflation.statusCode, inflation.body).toBe(200);
    const [entry] = (await log('?action=config.inflationData')).items;
    expect(entry.after).toEqual([{ year, rate: 2.5, estimate: false }]);
    expect(Array.isArray(entry.before)).toBe(true);
  });

  it('records a cut release, and not a refused one', async () => {
    await insertForms(t.database, 6, (i) => ({ fixedSalary: 100_000 + i * 1_000 }));
    const cut = await t.app.inject({ method: 'POST', url: '/api/admin/releases', headers: admin.headers });
    expect(cut.statusCode, cut.body).toBe(200);
    const release = cut.json().release;
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/releases', headers: admin.headers });
    expect(refused.json().status).toBe('too-few-changes');
    const entries = (await log('?targetType=release')).items;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'release.cut',
      targetId: release.id,
      after: { id: release.id, sequence: release.sequence, size: release.size },
    });
  });
});

describe('GET /api/admin/audit-log', () => {
  it('lists newest first, in pages, with filters that combine', async () => {
    const all = await log('?limit=100');
    expect(all.total).toBe(all.items.length);
    const times = all.items.map((e) => new Date(e.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const first = await log('?limit=2&page=1');
    const second = await log('?limit=2&page=2');
    expect(first).toMatchObject({ page: 1, limit: 2, total: all.total });
    expect(first.items.map((e) => e.id)).toEqual(all.items.slice(0, 2).map((e) => e.id));
    expect(second.items.map((e) => e.id)).toEqual(all.items.slice(2, 4).map((e) => e.id));

    const users = await log('?action=user.&limit=100');
    expect(users.items.length).toBeGreaterThan(0);
    expect(users.items.every((e) => e.action.startsWith('user.'))).toBe(true);
    expect((await log('?action=user%25&limit=100')).total).toBe(0); // % is literal
    expect((await log(`?actor=${encodeURIComponent(admin.email.slice(0, 12).toUpperCase())}&limit=100`)).total).toBe(all.total);
    expect((await log('?actor=nobody@example.com')).total).toBe(0);
    const configs = await log('?targetType=config&action=config.min');
    expect(configs.items.map((e) => e.action)).toEqual(['config.minValues']);
  });

  const cases: Array<[string, Role[] | null, number]> = [
    ['anonymous', null, 401],
    ['member', ['member'], 403],
    ['corporate', ['corporate'], 403],
    ['admin', ['admin'], 200],
  ];
  it.each(cases)('answers %s with %s', async (_who, roles, status) => {
    let headers: Record<string, string> = {};
    if (roles) {
      const user = await t.createUser({ roles });
      headers = await t.bearer(user.id, roles);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers });
    expect(res.statusCode).toBe(status);
    if (status !== 200) expect(res.body).not.toContain('user.');
  });

  it('refuses a bad query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=1000', headers: admin.headers });
    expect(res.statusCode).toBe(400);
  });
});
