// The perception over the years on the real app and database: per survey year with a completed form, what the
// member believed beside the position that year's personalised comparison publishes (the same figure, read from
// that comparison for the same form), a year too small for any group without a position, and who may ask: a paid
// plan, not a free member (403 PREMIUM_REQUIRED naming the basic plan), not a corporate account, not anonymous.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForm, insertForms, insertUser, publishRelease } from './helpers/comparisonFixtures';
import type { Role } from '../../src/server/auth/accessToken';

async function user(t: TestApp, roles: Role[], extra: { credits?: number; premiumType?: string } = {}) {
  const id = await insertUser(t.database, { roles, ...extra });
  return { id, headers: await t.bearer(id, roles) };
}

const history = (t: TestApp, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/forms/perception-history', headers });

async function believed(t: TestApp, formId: string, without: number, withDeferral: number) {
  await t.database.execute(
    `update forms set answers = answers || jsonb_build_object('diffWithoutDeferral', $2::numeric, 'diffWithDeferral', $3::numeric) where id = $1`,
    [formId, without, withDeferral],
  );
}

describe('GET /forms/perception-history', () => {
  let t: TestApp;
  let paid: { id: string; headers: Record<string, string> };
  const forms: Record<number, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ PREMIUM_ENABLED: '1' });
    paid = await user(t, ['member'], { premiumType: 'basic' });
    // 2023 and 2025: 20 peers each (a median); 2024: 2 peers, under the threshold in every group of the cascade.
    forms[2023] = await insertForm(t.database, { userId: paid.id, year: 2023, fixedSalary: 150_000 });
    forms[2024] = await insertForm(t.database, { userId: paid.id, year: 2024, fixedSalary: 155_000 });
    forms[2025] = await insertForm(t.database, { userId: paid.id, year: 2025, fixedSalary: 160_000, deferredCompensation: 10_000 });
    await believed(t, forms[2023], 20, 25);
    await believed(t, forms[2024], 10, 12);
    await believed(t, forms[2025], -5, -2);
    await insertForms(t.database, 20, (i) => ({ year: 2023, fixedSalary: 100_000 + i * 4_000 }));
    await insertForms(t.database, 2, (i) => ({ year: 2024, fixedSalary: 120_000 + i * 4_000 }));
    await insertForms(t.database, 20, (i) => ({ year: 2025, fixedSalary: 130_000 + i * 4_000 }));
    await publishRelease(t.database);
  });
  afterAll(async () => t?.close());

  it('gives a paid member one row per year with the position their personalised comparison publishes for that form', async () => {
    const res = await history(t, paid.headers);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().years as {
      year: number;
      believedWithoutDeferral: number | null;
      believedWithDeferral: number | null;
      positionWithoutDeferral: number | null;
      positionWithDeferral: number | null;
    }[];
    expect(rows.map((row) => row.year)).toEqual([2023, 2024, 2025]);
    expect(rows.map((row) => [row.believedWithoutDeferral, row.believedWithDeferral])).toEqual([
      [20, 25],
      [10, 12],
      [-5, -2],
    ]);
    for (const year of [2023, 2025]) {
      const comparison = await t.app.inject({ method: 'GET', url: `/api/forms/comparation-individual-by-form-id/${forms[year]}`, headers: paid.headers });
      expect(comparison.statusCode, comparison.body).toBe(200);
      const body = comparison.json();
      expect(body.status).toBe('ok');
      const row = rows.find((each) => each.year === year)!;
      expect(row.positionWithoutDeferral).toBe(body.diffWithoutDeferral);
      expect(row.positionWithDeferral).toBe(body.diffWithDeferral);
      expect(row.positionWithoutDeferral).not.toBeNull();
    }
    // 2024: no group of the cascade reaches the threshold, so no position is published.
    const small = rows.find((row) => row.year === 2024)!;
    expect(small.positionWithoutDeferral).toBeNull();
    expect(small.positionWithDeferral).toBeNull();
  });

  it('refuses a free member with PREMIUM_REQUIRED naming the cheapest plan that opens it', async () => {
    const free = await user(t, ['member']);
    await insertForm(t.database, { userId: free.id, year: 2025, fixedSalary: 140_000 });
    const res = await history(t, free.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'PREMIUM_REQUIRED', requiredPlan: 'basic' });
  });

  it('opens to every paid plan and to admins; refuses corporate accounts; asks anonymous callers to sign in', async () => {
    for (const premiumType of ['advanced', 'premium']) {
      const member = await user(t, ['member'], { premiumType });
      const res = await history(t, member.headers);
      expect(res.statusCode, premiumType).toBe(200);
      expect(res.json()).toEqual({ years: [] });
    }
    expect((await history(t, (await user(t, ['admin'])).headers)).statusCode).toBe(200);
    const corporate = await history(t, (await user(t, ['corporate'], { credits: 5 })).headers);
    expect(corporate.statusCode).toBe(403);
    expect(corporate.json()).toMatchObject({ errorCode: 'FORBIDDEN' });
    const anonymous = await history(t);
    expect(anonymous.statusCode).toBe(401);
  });
});
