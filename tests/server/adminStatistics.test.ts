// The admin dashboard (GET forms/detailed-statistics) and the exchange-rate editor (PUT forms/configs/exchange-rates)
// on the real app and database: every figure against fixtures written in this file (exact counts), the permission
// table, the validation of the rates, the audit record of a change and the cut that takes the new rates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, TEST_PASSWORD, type TestApp } from './helpers/testApp';
import { insertForm, insertUser, publishRelease } from './helpers/comparisonFixtures';
import { currentYear } from '../../src/domain/constants';
import { newId } from '../../src/server/ids';
import { readDataVersion } from '../../src/server/services/dataVersion';
import { seedCatalogue } from '../../src/server/seed';

let t: TestApp;
let admin: { authorization: string };
let adminId: string;

beforeAll(async () => {
  t = await startTestApp();
  const adminUser = await t.createUser({ roles: ['admin'] });
  adminId = adminUser.id;
  admin = await t.bearer(adminUser.id, ['admin']);
});
afterAll(async () => t?.close());

const YEAR = currentYear();
const LAST_YEAR = YEAR - 1;
const DAY = 86_400_000;

async function draft(year: number, steps: number[]) {
  await t.database.execute(`insert into forms (id, user_id, survey_year, status, completed_steps) values ($1, null, $2, 'in-progress', $3)`, [
    newId(),
    year,
    steps,
  ]);
}

async function search(userId: string, at: Date) {
  await t.database.execute(`insert into search_history (id, user_id, kind, filters, created_at) values ($1, $2, 'comparison', '{}', $3)`, [
    newId(),
    userId,
    at.toISOString(),
  ]);
}

async function ledger(userId: string, delta: number, reason: string) {
  await t.database.execute(`insert into credit_ledger (id, user_id, delta, balance_after, reason, idempotency_key) values ($1, $2, $3, 0, $4, $5)`, [
    newId(),
    userId,
    delta,
    reason,
    newId(),
  ]);
}

async function purchase(userId: string, itemId: string, kind: 'credits' | 'plan', amount: number, refunded = 0) {
  await t.database.execute(
    `insert into purchases (id, user_id, item_id, kind, credits, amount, currency, refunded_amount, checkout_session_id)
     values ($1, $2, $3, $4, 0, $5, 'EUR', $6, $7)`,
    [newId(), userId, itemId, kind, amount, refunded, newId()],
  );
}

async function statistics(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/forms/detailed-statistics${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Monday 00:00 UTC of the week of `date`, as YYYY-MM-DD. */
function weekStart(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

describe('detailed statistics: every figure from the fixtures', () => {
  it('is all zeros but the admin before anything happened, with no release and no next cut', async () => {
    const body = await statistics();
    expect(body.totals).toEqual({ forms: 0, completedForms: 0, inProgressForms: 0, countedForms: 0, searches: 0 });
    expect(body.users).toEqual({ total: 1, member: 0, corporate: 0, admin: 1 });
    expect(body.year).toBe(YEAR);
    expect(body.surveyYears).toEqual([]);
    expect(body.funnel).toEqual({ stoppedAt: [1, 2, 3, 4, 5].map((step) => ({ step, drafts: 0 })), completed: 0 });
    expect(body.revenue).toEqual([]);
    expect(body.credits).toEqual({ sold: 0, spent: 0, refunded: 0, adjusted: 0, granted: 0, balance: 0 });
    expect(body.release).toBeNull();
    expect(body.nextScheduledCut).toBeNull();
    expect(body.weekly).toHaveLength(26);
    expect(body.weekly.at(-1)).toEqual({ weekStart: weekStart(new Date()), registrations: 1, searches: 0 });
    expect(body.threshold).toBe(5);
  });

  it('counts forms, the funnel, breakdowns, weeks, credits, revenue and the release exactly', async () => {
    // Completed forms: this year 3 banking/es/director, 2 energy/pt/manager (one of them a corporate user's);
    // last year 1 banking/es/director.
    const corporate = await insertUser(t.database, { roles: ['corporate'], credits: 7 });
    for (let i = 0; i < 3; i++) await insertForm(t.database, { year: YEAR, fixedSalary: 100_000 + i });
    await insertForm(t.database, { year: YEAR, sector: 'energy', country: 'pt', city: 'lisbon', positionLevel: 'manager', fixedSalary: 90_000 });
    await insertForm(t.database, {
      userId: corporate,
      year: YEAR,
      sector: 'energy',
      country: 'pt',
      city: 'lisbon',
      positionLevel: 'manager',
      fixedSalary: 95_000,
    });
    await insertForm(t.database, { year: LAST_YEAR, fixedSalary: 120_000 });
    // Drafts this year: 2 stopped at step 1 (nothing sent), 1 at step 2, 1 at step 4 (steps 1-3 sent), 1 at step 3
    // (steps 1, 2 and 4 sent: the first missing step counts), 1 with every step sent but not finished (step 5).
    await draft(YEAR, []);
    await draft(YEAR, []);
    await draft(YEAR, [0]);
    await draft(YEAR, [0, 1, 2]);
    await draft(YEAR, [0, 1, 3]);
    await draft(YEAR, [0, 1, 2, 3, 4]);
    // Last year: one draft at step 2.
    await draft(LAST_YEAR, [0]);

    // Searches: 2 this week, 1 three weeks ago, 1 thirty weeks ago (outside the 26 weeks).
    const now = new Date();
    await search(corporate, now);
    await search(corporate, now);
    await search(corporate, new Date(now.getTime() - 21 * DAY));
    await search(corporate, new Date(now.getTime() - 210 * DAY));
    // A member registered five weeks ago.
    const older = await insertUser(t.database);
    await t.database.execute(`update users set created_at = now() - interval '35 days' where id = $1`, [older]);

    // Ledger: 10 bought, 3 spent on searches (2 comparisons, 1 evolution), 2 taken by a refund, +5 and -1 by admins,
    // 4 initial credits.
    await ledger(corporate, 10, 'purchase');
    await ledger(corporate, -1, 'comparison');
    await ledger(corporate, -1, 'comparison');
    await ledger(corporate, -1, 'evolution');
    await ledger(corporate, -2, 'refund');
    await ledger(corporate, 5, 'admin-adjustment');
    await ledger(corporate, -1, 'admin-adjustment');
    await ledger(corporate, 4, 'welcome-grant');

    // Payments: two packs of 10 credits of the catalogue (one half refunded) and a plan it no longer holds.
    await seedCatalogue(t.database);
    await purchase(corporate, 'credits-10', 'credits', 49.5);
    await purchase(corporate, 'credits-10', 'credits', 49.5, 20);
    await purchase(corporate, 'premium_year', 'plan', 199);

    const release = await publishRelease(t.database);

    const body = await statistics();
    expect(body.year).toBe(YEAR);
    expect(body.surveyYears).toEqual([LAST_YEAR, YEAR]);
    expect(body.formsByYear).toEqual([
      { year: LAST_YEAR, completed: 1, inProgress: 1 },
      { year: YEAR, completed: 5, inProgress: 6 },
    ]);
    expect(body.totals).toEqual({ forms: 13, completedForms: 6, inProgressForms: 7, countedForms: 6, searches: 4 });
    expect(body.funnel).toEqual({
      stoppedAt: [
        { step: 1, drafts: 2 },
        { step: 2, drafts: 1 },
        { step: 3, drafts: 1 },
        { step: 4, drafts: 1 },
        { step: 5, drafts: 1 },
      ],
      completed: 5,
    });
    expect(body.bySector).toEqual([
      { key: 'banking', count: 3 },
      { key: 'energy', count: 2 },
    ]);
    expect(body.byCountry).toEqual([
      { key: 'es', count: 3 },
      { key: 'pt', count: 2 },
    ]);
    expect(body.byPositionLevel).toEqual([
      { key: 'director', count: 3 },
      { key: 'manager', count: 2 },
    ]);
    // Users: the admin, the corporate user, one member per completed form not by the corporate user (5), the older member.
    expect(body.users).toEqual({ total: 8, member: 6, corporate: 1, admin: 1 });
    const weeks = new Map<string, { registrations: number; searches: number }>(body.weekly.map((w: any) => [w.weekStart, w]));
    expect(weeks.get(weekStart(now))).toEqual({ weekStart: weekStart(now), registrations: 7, searches: 2 });
    expect(weeks.get(weekStart(new Date(now.getTime() - 21 * DAY)))).toMatchObject({ searches: 1 });
    expect(weeks.get(weekStart(new Date(now.getTime() - 35 * DAY)))).toMatchObject({ registrations: 1 });
    expect(body.weekly.reduce((sum: number, w: any) => sum + w.searches, 0)).toBe(3);
    expect(body.weekly.reduce((sum: number, w: any) => sum + w.registrations, 0)).toBe(8);
    expect(body.weekly[0].weekStart < body.weekly[25].weekStart).toBe(true);
    expect(body.credits).toEqual({ sold: 10, spent: 3, refunded: 2, adjusted: 4, granted: 4, balance: 7 });
    expect(body.revenue).toEqual([
      // A product is named from the catalogue in both languages; one the catalogue no longer holds keeps its id.
      { itemId: 'premium_year', names: { es: 'premium_year', en: 'premium_year' }, kind: 'plan', currency: 'EUR', purchases: 1, amount: 199, refunded: 0 },
      { itemId: 'credits-10', names: { es: '10 créditos', en: '10 credits' }, kind: 'credits', currency: 'EUR', purchases: 2, amount: 99, refunded: 20 },
    ]);
    expect(body.release).toEqual({ id: release.id, sequence: 1, cutAt: release.cutAt, trigger: 'admin', size: 6, changedForms: 6 });
    expect(body.nextScheduledCut).toBe(new Date(new Date(release.cutAt).getTime() + t.config.releaseIntervalHours * 3_600_000).toISOString());
  });

  it('gives the funnel and breakdowns of the asked year', async () => {
    const body = await statistics(`?year=${LAST_YEAR}`);
    expect(body.year).toBe(LAST_YEAR);
    expect(body.funnel.stoppedAt.map((s: any) => s.drafts)).toEqual([0, 1, 0, 0, 0]);
    expect(body.funnel.completed).toBe(1);
    expect(body.bySector).toEqual([{ key: 'banking', count: 1 }]);
    // The totals stay those of every year.
    expect(body.totals.forms).toBe(13);
  });

  it('never carries a pay figure', async () => {
    const text = JSON.stringify(await statistics());
    for (const salary of ['100000', '100001', '100002', '90000', '95000', '120000']) expect(text).not.toContain(salary);
  });

  it('refuses a year outside the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/forms/detailed-statistics?year=1999', headers: admin });
    expect(res.statusCode).toBe(400);
  });
});

describe('exchange rates', () => {
  const put = (exchangeRates: unknown, headers = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/forms/configs/exchange-rates', headers, payload: { exchangeRates } });
  const today = new Date().toISOString().slice(0, 10);

  it('stores the list as the statistics read it, changes the data version and records the change', async () => {
    const [before] = await t.database.execute<{ value: unknown }>(`select value from configs where key = 'exchangeRates'`);
    const version = await readDataVersion(t.database);
    const res = await put([
      { currency: 'USD', rateToEur: 0.91, date: today },
      { currency: 'CHF', rateToEur: 1.05, date: '2026-01-15' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const stored = [
      { currency: 'CHF', rateToEur: 1.05, date: '2026-01-15' },
      { currency: 'USD', rateToEur: 0.91, date: today },
    ];
    expect(res.json()).toEqual({ exchangeRates: stored });
    const [row] = await t.database.execute<{ value: unknown }>(`select value from configs where key = 'exchangeRates'`);
    expect(row.value).toEqual(stored);
    expect(await readDataVersion(t.database)).not.toBe(version);

    const configs = await t.app.inject({ method: 'GET', url: '/api/forms/configs', headers: admin });
    expect(configs.json().exchangeRates).toEqual(stored);

    const [audit] = await t.database.execute<{ actor_id: string; action: string; target_type: string; target_id: string; before: unknown; after: unknown }>(
      `select actor_id, action, target_type, target_id, before, after from audit_log where action = 'config.exchangeRates' order by created_at desc limit 1`,
    );
    expect(audit).toEqual({
      actor_id: adminId,
      action: 'config.exchangeRates',
      target_type: 'config',
      target_id: 'exchangeRates',
      before: before?.value ?? null,
      after: stored,
    });
  });

  it('takes effect at the next release: the cut fixes the new rates', async () => {
    await insertForm(t.database, { year: YEAR, currency: 'CHF', fixedSalary: 100_000 });
    const release = await publishRelease(t.database);
    expect(release.settings.rates).toEqual({ CHF: 1.05, USD: 0.91 });
  });

  it('refuses bad entries with their reason and stores nothing', async () => {
    const cases: Array<[unknown[], string]> = [
      [[{ currency: 'XYZ', rateToEur: 1, date: today }], 'EXCHANGE_RATE_UNKNOWN_CURRENCY'],
      [[{ currency: 'EUR', rateToEur: 1, date: today }], 'EXCHANGE_RATE_UNKNOWN_CURRENCY'],
      [
        [
          { currency: 'USD', rateToEur: 1, date: today },
          { currency: 'USD', rateToEur: 0.9, date: today },
        ],
        'EXCHANGE_RATE_DUPLICATE',
      ],
      [[{ currency: 'USD', rateToEur: 1, date: '2999-01-01' }], 'EXCHANGE_RATE_FUTURE_DATE'],
    ];
    for (const [rates, code] of cases) {
      const res = await put(rates);
      expect(res.statusCode, JSON.stringify(rates)).toBe(400);
      expect(res.json().errorCode).toBe(code);
    }
    // The contract refuses what is not a positive number, a currency code or a date, field named.
    for (const entry of [
      { currency: 'USD', rateToEur: 0, date: today },
      { currency: 'USD', rateToEur: -1, date: today },
      { currency: 'USD', rateToEur: '0.9', date: today },
      { currency: 'usd', rateToEur: 0.9, date: today },
      { currency: 'USD', rateToEur: 0.9, date: 'yesterday' },
      { currency: 'USD', rateToEur: 0.9, date: '2026-02-30' },
      { currency: 'USD', rateToEur: 0.9 },
    ]) {
      const res = await put([entry]);
      expect(res.statusCode, JSON.stringify(entry)).toBe(400);
    }
    const [row] = await t.database.execute<{ value: unknown }>(`select value from configs where key = 'exchangeRates'`);
    expect((row.value as Array<{ currency: string }>).map((r) => r.currency)).toEqual(['CHF', 'USD']);
  });
});

describe('permission table: the dashboard and the exchange rates × caller', () => {
  type Caller = 'anonymous' | 'member' | 'corporate' | 'admin';
  const CALLERS: Caller[] = ['anonymous', 'member', 'corporate', 'admin'];
  const today = new Date().toISOString().slice(0, 10);
  const ROWS: Array<{ call: string; request: InjectOptions; expect: Record<Caller, number> }> = [
    {
      call: 'getDetailedStatistics',
      request: { method: 'GET', url: '/api/forms/detailed-statistics' },
      expect: { anonymous: 401, member: 403, corporate: 403, admin: 200 },
    },
    {
      call: 'updateExchangeRates',
      request: { method: 'PUT', url: '/api/forms/configs/exchange-rates', payload: { exchangeRates: [{ currency: 'USD', rateToEur: 0.9, date: today }] } },
      expect: { anonymous: 401, member: 403, corporate: 403, admin: 200 },
    },
  ];
  for (const row of ROWS) {
    for (const caller of CALLERS) {
      it(`${row.call} as ${caller} → ${row.expect[caller]}`, async () => {
        const headers =
          caller === 'anonymous'
            ? {}
            : (
                await t.signIn(
                  (await t.createUser({ roles: [caller], ...(caller === 'corporate' ? { corporateInfo: { companyName: 'Tabla S.A.' } } : {}) })).email,
                  TEST_PASSWORD,
                )
              ).headers;
        const res = await t.app.inject({ ...row.request, headers } as InjectOptions);
        expect(res.statusCode, res.body).toBe(row.expect[caller]);
        if (res.statusCode >= 400) expect(res.json()).toHaveProperty('errorCode');
      });
    }
  }
});
