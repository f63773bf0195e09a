// The comparison calls end to end on the real app and database: who may compare and what it costs, saved
// searches, counting, the configuration that decides which forms count (minimum values, the active outlier
// pack, exchange rates, the privacy threshold), and the public demo comparison. Statistics come from the
// current release (a new form or configuration counts from the next cut, made here with publishRelease) and
// are perturbed: counts and figures are checked against the truth within the noise bound
// (helpers/publishedFigures.ts), exactly where nothing is perturbed (who pays, what is saved, the ledger).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PERTURBATION_SECRET, startTestApp, type TestApp } from './helpers/testApp';
import { insertForm, insertForms, insertUser, publishRelease } from './helpers/comparisonFixtures';
import { expectPositionsFromPublished, expectPublishedCount, expectPublishedStatistic, infusedMoney, truthOf } from './helpers/publishedFigures';
import { insertDemoForms } from '../../src/server/seed';
import { readDataVersion } from '../../src/server/services/dataVersion';
import { QUARTILE_MINIMUM } from '../../src/domain/constants';
import { newId } from '../../src/server/ids';
import { saveSearch } from '../../src/server/services/history';
import type { Role } from '../../src/server/auth/accessToken';

const YEAR = 2025;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Banking: 15, so that with one member's form the group publishes its quartiles (and so positions).
  await insertForms(t.database, 15, (i) => ({ sector: 'banking', fixedSalary: 100_000 + i * 5000, annualBonus: 10_000 }));
  await insertForms(t.database, 12, (i) => ({ sector: 'insurance', fixedSalary: 110_000 + i * 5000, annualBonus: 5_000 }));
  await insertForms(t.database, 20, (i) => ({
    sector: 'consulting',
    fixedSalary: 90_000 + i * 10_000,
    deferredCompensation: i % 4 === 0 ? 50_000 : 0,
  }));
  await publishRelease(t.database);
});
afterAll(async () => t?.close());

async function user(roles: Role[], extra: { credits?: number; premiumType?: string } = {}) {
  const id = await insertUser(t.database, { roles, ...extra });
  return { id, headers: await t.bearer(id, roles) };
}

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `/api/${url}`, headers, payload: payload as object });
}

const compare = (headers: Record<string, string>, body: Record<string, unknown>) => post('forms/comparation', body, headers);

/** How many forms of a sector the current release counts (the exact truth behind a perturbed count). */
async function releaseCount(sector: string, year = YEAR): Promise<number> {
  const [row] = await t.database.execute<{ n: number }>(
    `select count(*)::int as n from release_forms r join statistics_releases s on s.id = r.release_id and s.current
      where r.sector = $1 and r.survey_year = $2`,
    [sector, year],
  );
  return row.n;
}

async function currentReleaseInfo(db = t.database) {
  const [row] = await db.execute<{ id: string; sequence: number; cut_at: Date | string }>('select id, sequence, cut_at from statistics_releases where current');
  return { id: row.id, sequence: Number(row.sequence), cutAt: new Date(row.cut_at).toISOString() };
}

async function credits(id: string) {
  const [row] = await t.database.execute<{ credits: number }>('select credits from users where id = $1', [id]);
  return Number(row.credits);
}

describe('who may compare, and what it costs', () => {
  it('needs a signed-in caller', async () => {
    expect((await compare({}, { filters: {} })).statusCode).toBe(401);
    expect((await post('forms/count-results', { filters: {} })).statusCode).toBe(401);
  });

  it('tells a member without a completed form to fill the questionnaire (403 FORM_REQUIRED), for searching and counting', async () => {
    const member = await user(['member']);
    await insertForm(t.database, { userId: member.id, status: 'in-progress', fixedSalary: 120_000 });
    for (const res of [await compare(member.headers, { filters: {} }), await post('forms/count-results', { filters: {} }, member.headers)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: 'FORM_REQUIRED', error: expect.any(String) });
    }
  });

  it('lets a member with a completed form compare for free, with their position, and saves the search', async () => {
    const member = await user(['member']);
    await insertForm(t.database, { userId: member.id, sector: 'banking', fixedSalary: 131_000, annualBonus: 10_000 });
    await publishRelease(t.database);
    const res = await compare(member.headers, { filters: { sector: 'banking' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      countLabel: String(body.count),
      year: YEAR,
      currency: 'EUR',
      creditsLeft: null,
      filters: { sector: 'banking', year: YEAR },
    });
    expect(body.release).toEqual(await currentReleaseInfo());
    expect(await releaseCount('banking')).toBe(16);
    expect(16).toBeGreaterThanOrEqual(QUARTILE_MINIMUM);
    expectPublishedCount(body.count, 16, 5);
    const fixed = [...Array.from({ length: 15 }, (_, i) => 100_000 + i * 5000), 131_000];
    expectPublishedStatistic(body.measures.fixedSalary, truthOf(fixed), 5, body.count, 'fixedSalary');
    // The position comes from the published figures and the member's own values only.
    expectPositionsFromPublished(body.position, body.measures, { fixedSalary: 131_000, annualBonus: 10_000, deferredCompensation: 0 });
    expect(body.position.fixedSalary).toMatchObject({ measure: 'fixedSalary', ownValue: 131_000 });
    expect(body.position.deferredCompensation).toBeNull(); // the median is 0
    const [saved] = await t.database.execute<{ credits_charged: number; filters: unknown }>('select * from search_history where id = $1', [body.historyId]);
    expect(saved).toMatchObject({ credits_charged: 0, filters: { sector: 'banking', year: YEAR } });
  });

  it('lets admins and the corporate plan compare for free', async () => {
    for (const caller of [await user(['admin']), await user(['corporate'], { premiumType: 'corporate', credits: 0 })]) {
      const res = await compare(caller.headers, { filters: { sector: 'insurance' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', creditsLeft: null, position: null });
      expectPublishedCount(res.json().count, 12, 5);
      expect(await credits(caller.id)).toBe(0);
    }
  });

  it('charges a corporate user 1 credit per new search, in the ledger, and answers 402 when short', async () => {
    const corporate = await user(['corporate'], { credits: 2 });
    const first = await compare(corporate.headers, { filters: { sector: 'banking' } });
    expect(first.json()).toMatchObject({ status: 'ok', creditsLeft: 1 });
    const second = await compare(corporate.headers, { filters: { sector: 'banking' } });
    expect(second.json()).toMatchObject({ status: 'ok', creditsLeft: 0 });
    const third = await compare(corporate.headers, { filters: { sector: 'insurance' } });
    expect(third.statusCode).toBe(402);
    expect(third.json()).toMatchObject({ error: expect.any(String), errorCode: 'INSUFFICIENT_CREDITS' });
    const ledger = await t.database.execute<{ delta: number; balance_after: number; reason: string }>(
      'select delta, balance_after, reason from credit_ledger where user_id = $1 order by balance_after desc',
      [corporate.id],
    );
    expect(ledger).toEqual([
      { delta: -1, balance_after: 1, reason: 'comparison' },
      { delta: -1, balance_after: 0, reason: 'comparison' },
    ]);
    const history = await t.database.execute<{ credits_charged: number }>('select credits_charged from search_history where user_id = $1', [corporate.id]);
    expect(history.map((h) => h.credits_charged)).toEqual([1, 1]);
  });

  it('re-opens a saved search for free, with its own filters, for its owner only', async () => {
    const corporate = await user(['corporate'], { credits: 1 });
    const first = (await compare(corporate.headers, { filters: { sector: 'insurance' } })).json();
    expect(first.creditsLeft).toBe(0);
    // Re-opening costs nothing even at 0 credits, and the saved filters win over the ones sent.
    const again = await compare(corporate.headers, { filters: { sector: 'banking' }, isHistory: true, historyId: first.historyId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'ok', historyId: first.historyId, filters: { sector: 'insurance', year: YEAR }, creditsLeft: 0 });
    expect(again.json().measures).toEqual(first.measures);
    const rows = await t.database.execute('select id from search_history where user_id = $1', [corporate.id]);
    expect(rows).toHaveLength(1);

    const stranger = await user(['corporate'], { credits: 5 });
    const foreign = await compare(stranger.headers, { filters: {}, isHistory: true, historyId: first.historyId });
    expect(foreign.statusCode).toBe(404);
    expect(await credits(stranger.id)).toBe(5);
    const missing = await compare(corporate.headers, { filters: {}, isHistory: true });
    expect(missing.statusCode).toBe(400);
  });

  it('counts for free, showing "<5" under the threshold', async () => {
    const corporate = await user(['corporate'], { credits: 1 });
    const release = await currentReleaseInfo();
    const big = await post('forms/count-results', { filters: { sector: 'consulting' } }, corporate.headers);
    const count = big.json().count;
    expectPublishedCount(count, 20, 5);
    expect(big.json()).toEqual({ count, countLabel: String(count), enough: true, release });
    const small = await post('forms/count-results', { filters: { sector: 'legal' } }, corporate.headers);
    expect(small.json()).toEqual({ count: null, countLabel: '<5', enough: false, release });
    expect(await credits(corporate.id)).toBe(1);
  });

  it('refuses unknown options and wrongly typed values with the field named', async () => {
    const admin = await user(['admin']);
    const cases: Array<[unknown, string]> = [
      [{ sector: 'piracy' }, 'body.filters.sector'],
      [{ country: 'fr', city: 'madrid' }, 'body.filters.city'],
      [{ year: '2025' }, 'body.filters.year'],
      [{ year: 2022 }, 'body.filters.year'],
      [{ salary: 1 }, 'body.filters.salary'],
    ];
    for (const [filters, field] of cases) {
      const res = await compare(admin.headers, { filters });
      expect(res.statusCode, JSON.stringify(filters)).toBe(400);
      expect(res.json().error.join(' ')).toContain(field);
    }
  });
});

describe('saved searches', () => {
  it('lists searches saved at the same instant in the order they were saved, newest first', async () => {
    const admin = await user(['admin']);
    // One transaction: every row gets the same created_at (now() is the transaction's start).
    const ids = await t.database.transaction(async (tx) => {
      const saved: string[] = [];
      for (let i = 0; i < 6; i++) saved.push(await saveSearch(tx, admin.id, { kind: 'comparison', filters: { year: YEAR } }, 0));
      return saved;
    });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/forms/user-history', headers: admin.headers })).json();
    expect(new Set(listed.items.map((e: { createdAt: string }) => e.createdAt)).size).toBe(1);
    expect(listed.items.map((e: { id: string }) => e.id)).toEqual([...ids].reverse());
  });

  it('pages my own searches newest first (page 1 and 10 per page by default)', async () => {
    const admin = await user(['admin']);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await compare(admin.headers, { filters: { sector: i % 2 ? 'banking' : 'insurance' } })).json().historyId);
    const other = await user(['admin']);
    await compare(other.headers, { filters: {} });

    const first = await t.app.inject({ method: 'GET', url: '/api/forms/user-history', headers: admin.headers });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({ page: 1, limit: 10, total: 12 });
    expect(page1.items).toHaveLength(10);
    expect(page1.items[0]).toEqual({
      id: ids[11],
      kind: 'comparison',
      filters: { sector: 'banking', year: YEAR },
      years: null,
      creditsCharged: 0,
      createdAt: expect.any(String),
    });
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/forms/user-history?page=2&limit=10', headers: admin.headers })).json();
    expect(page2.items.map((e: { id: string }) => e.id)).toEqual([ids[1], ids[0]]);
    const all = [...page1.items, ...page2.items].map((e: { id: string }) => e.id);
    expect(new Set(all).size).toBe(12);
    expect(all).toEqual([...ids].reverse());
  });

  it('keeps one entry when the same free search is asked again right away, a new one for other filters', async () => {
    const admin = await user(['admin']);
    const first = (await compare(admin.headers, { filters: { sector: 'banking' } })).json().historyId;
    const again = (await compare(admin.headers, { filters: { sector: 'banking' } })).json().historyId;
    expect(again).toBe(first);
    const other = (await compare(admin.headers, { filters: { sector: 'insurance' } })).json().historyId;
    expect(other).not.toBe(first);
    const back = (await compare(admin.headers, { filters: { sector: 'banking' } })).json().historyId;
    expect(back).not.toBe(first);
    const rows = await t.database.execute('select id from search_history where user_id = $1', [admin.id]);
    expect(rows).toHaveLength(3);
    // A deleted entry is not handed out again.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/forms/user-history/${back}`, headers: admin.headers })).statusCode).toBe(204);
    const fresh = (await compare(admin.headers, { filters: { sector: 'banking' } })).json().historyId;
    expect(fresh).not.toBe(back);
  });

  it('deletes only my own entries (someone else’s is 404 and stays); an admin may delete any', async () => {
    const owner = await user(['corporate'], { premiumType: 'corporate' });
    const entry = (await compare(owner.headers, { filters: {} })).json().historyId;
    const intruder = await user(['member']);
    const denied = await t.app.inject({ method: 'DELETE', url: `/api/forms/user-history/${entry}`, headers: intruder.headers });
    expect(denied.statusCode).toBe(404);
    expect(await t.database.execute('select id from search_history where id = $1', [entry])).toHaveLength(1);

    const own = await t.app.inject({ method: 'DELETE', url: `/api/forms/user-history/${entry}`, headers: owner.headers });
    expect(own.statusCode).toBe(204);
    expect(await t.database.execute('select id from search_history where id = $1', [entry])).toHaveLength(0);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/forms/user-history/${entry}`, headers: owner.headers });
    expect(again.statusCode).toBe(404);

    const second = (await compare(owner.headers, { filters: {} })).json().historyId;
    const admin = await user(['admin']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/forms/user-history/${second}`, headers: admin.headers })).statusCode).toBe(204);
  });
});

describe('configuration that decides what counts', () => {
  it('shows the configuration to admins only', async () => {
    for (const roles of [['member'], ['corporate']] as Role[][]) {
      const caller = await user(roles);
      expect((await t.app.inject({ method: 'GET', url: '/api/forms/configs', headers: caller.headers })).statusCode).toBe(403);
    }
    const admin = await user(['admin']);
    const res = await t.app.inject({ method: 'GET', url: '/api/forms/configs', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      minValues: { minFixed: 80_000, compTotal: 80_000, deferredMax: 100_000_000 },
      // The yearly rates seeded by migration 0005 (services/inflation.ts; tests/server/personal-views.test.ts).
      inflationData: expect.arrayContaining([{ year: 2024, country: 'es', rate: 2.8, estimate: false }]),
      exchangeRates: [],
      privacyThreshold: 5,
      premiumEnabled: true,
      dataVersion: await readDataVersion(t.database),
    });
  });

  it('applies new minimum values from the next release and changes the data version (admin only, validated)', async () => {
    const admin = await user(['admin']);
    const answer = async () => {
      const { historyId: _saved, ...body } = (await compare(admin.headers, { filters: { sector: 'consulting' } })).json();
      return body;
    };
    /** The consulting group after the next cut: counted exactly in the release, published within the noise. */
    const count = async () => {
      await publishRelease(t.database);
      const n = await releaseCount('consulting');
      expectPublishedCount((await answer()).count, n, 5);
      return n;
    };
    const patch = (body: unknown, headers = admin.headers) =>
      t.app.inject({ method: 'PATCH', url: '/api/forms/configs/min-values', headers, payload: body as object });
    expect(await count()).toBe(20);
    const before20 = await answer();

    const member = await user(['member']);
    expect((await patch({ minFixed: 150_000, compTotal: 80_000, deferredMax: 100_000_000 }, member.headers)).statusCode).toBe(403);
    for (const bad of [
      { minFixed: 79_999, compTotal: 80_000, deferredMax: 0 },
      { minFixed: 100_000.5, compTotal: 80_000, deferredMax: 0 },
      { minFixed: 100_000, compTotal: 80_000 },
      { minFixed: '100000', compTotal: 80_000, deferredMax: 0 },
    ]) {
      expect((await patch(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }

    const before = await readDataVersion(t.database);
    const res = await patch({ minFixed: 150_000, compTotal: 80_000, deferredMax: 100_000_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ minFixed: 150_000, compTotal: 80_000, deferredMax: 100_000_000 });
    expect(await readDataVersion(t.database)).not.toBe(before);
    // Nothing moves until the next release is cut.
    expect(await answer()).toEqual(before20);
    expect(await count()).toBe(14); // fixed ≥ 150,000: 150,000 … 280,000

    await patch({ minFixed: 80_000, compTotal: 200_000, deferredMax: 100_000_000 });
    expect(await count()).toBe(9); // fixed + bonus ≥ 200,000
    await patch({ minFixed: 80_000, compTotal: 80_000, deferredMax: 10_000 });
    expect(await count()).toBe(15); // the 5 with 50,000 deferred are out
    await patch({ minFixed: 80_000, compTotal: 80_000, deferredMax: 100_000_000 });
    expect(await count()).toBe(20);
  });

  it('leaves out the forms the active outlier pack excludes, and only while it is active', async () => {
    const admin = await user(['admin']);
    const count = async () => {
      await publishRelease(t.database);
      const n = await releaseCount('consulting');
      expectPublishedCount((await compare(admin.headers, { filters: { sector: 'consulting' } })).json().count, n, 5);
      return n;
    };
    const consulting = await t.database.execute<{ id: string }>(`select id from forms where sector = 'consulting' order by fixed_salary desc limit 3`);
    const packId = newId();
    await t.database.execute(`insert into outlier_packs (id, name, measure, method, k, active) values ($1, 'top', 'fixedSalary', 'iqr', 1.5, false)`, [packId]);
    for (const form of consulting) await t.database.execute('insert into outlier_exclusions (pack_id, form_id) values ($1, $2)', [packId, form.id]);
    expect(await count()).toBe(20);

    await t.database.execute('update outlier_packs set active = true where id = $1', [packId]);
    expect(await count()).toBe(17);
    const excluded = await t.database.execute(
      `select 1 from release_forms r join statistics_releases s on s.id = r.release_id and s.current where r.form_id = any($1)`,
      [consulting.map((f) => f.id)],
    );
    expect(excluded).toHaveLength(0);
    // Counting and searching the same people publish the same count.
    const counted = await post('forms/count-results', { filters: { sector: 'consulting' } }, admin.headers);
    expect(counted.json().count).toBe((await compare(admin.headers, { filters: { sector: 'consulting' } })).json().count);
    expectPublishedCount(counted.json().count, 17, 5);

    await t.database.execute('update outlier_packs set active = false where id = $1', [packId]);
    expect(await count()).toBe(20);
  });

  it('never mixes currencies: converts with the exchange rates, and leaves out a currency without one', async () => {
    const admin = await user(['admin']);
    const year = 2024;
    for (let i = 0; i < 6; i++) await insertForm(t.database, { year, fixedSalary: 100_000 + i * 10_000 });
    await insertForm(t.database, { year, currency: 'USD', fixedSalary: 400_000 }); // 200,000 EUR at 0.5
    await insertForm(t.database, { year, currency: 'JPY', fixedSalary: 20_000_000 });
    await t.database.execute(`insert into configs (key, value) values ('exchangeRates', $1) on conflict (key) do update set value = excluded.value`, [
      JSON.stringify([{ currency: 'USD', rateToEur: 0.5, date: '2026-01-02' }]),
    ]);
    await publishRelease(t.database);
    // The release holds EUR 100k…150k and the converted 200k, each infused (infusion.ts: the same multipliers
    // the TypeScript twin computes from the money as entered); the yen form has no rate and is left out.
    const inRelease = await t.database.execute<{
      fx: number;
      id: string;
      noise_key: string;
      survey_year: number;
      currency: string;
      fixed_salary: number;
      annual_bonus: number | null;
      deferred_compensation: number | null;
    }>(
      `select r.fx, f.id, u.noise_key, f.survey_year, f.currency, f.fixed_salary, f.annual_bonus, f.deferred_compensation
         from release_forms r join statistics_releases s on s.id = r.release_id and s.current
         join forms f on f.id = r.form_id join users u on u.id = f.user_id
        where r.survey_year = $1 order by f.fixed_salary * (case when f.currency = 'USD' then 0.5 else 1 end)`,
      [year],
    );
    const fixed = [100_000, 110_000, 120_000, 130_000, 140_000, 150_000, 200_000];
    expect(inRelease.map((r) => r.fixed_salary * (r.currency === 'USD' ? 0.5 : 1))).toEqual(fixed);
    for (const row of inRelease) {
      const expected = infusedMoney(TEST_PERTURBATION_SECRET, row).fixedSalary * (row.currency === 'USD' ? 0.5 : 1);
      expect(Number(row.fx)).toBeCloseTo(expected, 6);
    }
    const body = (await compare(admin.headers, { filters: { year } })).json();
    expect(body).toMatchObject({ status: 'ok', currency: 'EUR' });
    expectPublishedCount(body.count, 7, 5);
    // The mean of 100, 110, 120, 130, 140, 150, 200 thousand (135,714), within the infusion's bounds.
    expectPublishedStatistic(body.measures.fixedSalary, truthOf(fixed), 5, body.count, 'fixedSalary');
  });
});

describe('the privacy threshold is configurable, never below 3', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ PRIVACY_THRESHOLD: '7' });
    await insertForms(small.database, 6, (i) => ({ fixedSalary: 100_000 + i * 1000 }));
    await publishRelease(small.database);
  });
  afterAll(async () => small?.close());

  it('follows PRIVACY_THRESHOLD and the configs override, with 3 as the floor', async () => {
    const id = await insertUser(small.database, { roles: ['admin'] });
    const headers = await small.bearer(id, ['admin']);
    const run = async () => (await small.app.inject({ method: 'POST', url: '/api/forms/comparation', headers, payload: { filters: {} } })).json();
    expect(await run()).toMatchObject({ status: 'not-enough-data', countLabel: '<7', count: null });
    // The threshold is read with every request (cached figures are keyed by it).
    await small.database.execute(`insert into configs (key, value) values ('privacyThreshold', '2')`);
    const answer = await run();
    expect(answer).toMatchObject({ status: 'ok' });
    expectPublishedCount(answer.count, 6, 3);
    const counted = await small.app.inject({ method: 'POST', url: '/api/forms/count-results', headers, payload: { filters: {} } });
    expect(counted.json()).toEqual({ count: answer.count, countLabel: String(answer.count), enough: true, release: answer.release });
  });
});

describe('the public demo comparison', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await startTestApp();
    await insertDemoForms(demo.database, 300, { seed: 5 });
    // A real person's form: it counts in the demo exactly as in the signed-in comparison (one population).
    await insertForm(demo.database, { year: new Date().getFullYear(), sector: 'banking', fixedSalary: 5_000_000 });
    await publishRelease(demo.database);
  });
  afterAll(async () => demo?.close());

  it('answers anyone from the same release and perturbation as the signed-in comparison, for free, without saving or a position', async () => {
    const adminId = await insertUser(demo.database, { roles: ['admin'] });
    const admin = await demo.bearer(adminId, ['admin']);
    for (const filters of [{}, { sector: 'banking' }, { positionLevel: 'director' }]) {
      const res = await demo.app.inject({ method: 'POST', url: '/api/forms/demo-comparation', payload: { filters } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ creditsLeft: null, position: null });
      expect(body.historyId).toBeUndefined();
      expect(body.release).toEqual(await currentReleaseInfo(demo.database));
      // Never a subset the signed-in comparison does not also see: the very same answer.
      const signedIn = (await demo.app.inject({ method: 'POST', url: '/api/forms/comparation', headers: admin, payload: { filters } })).json();
      for (const key of ['status', 'count', 'countLabel', 'year', 'filters', 'measures', 'release'] as const)
        expect(body[key], `${JSON.stringify(filters)} ${key}`).toEqual(signedIn[key]);
    }
    const body = (await demo.app.inject({ method: 'POST', url: '/api/forms/demo-comparation', payload: { filters: {} } })).json();
    const [{ n }] = await demo.database.execute<{ n: number }>(`select count(*)::int as n from forms where status = 'completed' and survey_year = $1`, [
      body.year,
    ]);
    expect(body.status).toBe('ok');
    expectPublishedCount(body.count, n, 5);
    // Only the admin's own searches are saved; the demo saves nothing.
    expect(await demo.database.execute('select id from search_history where user_id <> $1', [adminId])).toHaveLength(0);
  });

  it('repeats a query with unchanged data with the very same answer', async () => {
    // How fast the repeat is (the cache) is the bench's business ("same query again"), not a timed test's: under a
    // loaded CI machine a time limit here failed without anything being wrong.
    const ask = () => demo.app.inject({ method: 'POST', url: '/api/forms/demo-comparation', payload: { filters: { positionLevel: 'director' } } });
    const first = await ask();
    const second = await ask();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });
});
