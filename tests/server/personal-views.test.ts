// The personal views end to end on the real app and database: the personalised comparison (its widening
// cascade, diffs and positions, billing, history), evolution over the years (nominal and real, per-year privacy
// rules, the person's own line), the insights rankings and the inflation data. Every figure is checked against the
// truth computed here from the values this file inserted (never read back from the engine), within the published
// noise bound (helpers/publishedFigures.ts), and against the comparison of the same filters: one group, one
// published answer, whichever call asks. Permissions of every variant × caller are in personal-views-access.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForm, insertForms, insertUser, publishRelease, type FormSpec } from './helpers/comparisonFixtures';
import { expectPublishedCount, expectPublishedStatistic, moneyTolerance, truthOf } from './helpers/publishedFigures';
import { estimatePosition } from '../../src/domain/peerDistribution';
import { QUARTILE_MINIMUM } from '../../src/domain/constants';
import type { Role } from '../../src/server/auth/accessToken';

const YEAR = 2025;

/** An account of these roles; a member is on the premium plan, which includes every view tested here (plans: entitlements.test.ts). */
async function user(t: TestApp, roles: Role[], extra: { credits?: number; premiumType?: string } = {}) {
  const id = await insertUser(t.database, { roles, ...(roles.includes('member') ? { premiumType: 'premium' } : {}), ...extra });
  return { id, headers: await t.bearer(id, roles) };
}

const post = (t: TestApp, url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers, payload });
const get = (t: TestApp, url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers });

/** A list of money values spread around `base` (distinct, so the percentiles are not ties). */
const spread = (count: number, base: number, step: number) => Array.from({ length: count }, (_, i) => base + i * step);

describe('personalised comparison: the widening cascade', () => {
  let t: TestApp;
  let member: { id: string; headers: Record<string, string> };
  let formId: string;
  // Everyone is a director of 2025 with the fixtures' defaults (company size, type, area, gender, experience).
  const home = spread(2, 150_000, 7_000); // Spain, banking: with the member, 3 people (under K)
  // Portugal, banking: banking directors are 10. Thresholds read the published count (10 ± 2 rounded to 5 is always
  // 10, under the 15 quartiles need); 11 could be published as 15 and show quartiles, depending on the cell key.
  const abroad = spread(7, 120_000, 9_000);
  const others = spread(20, 100_000, 6_000); // France, insurance: directors are 30 (a median)
  const own = { fixedSalary: 160_000, annualBonus: 12_000, deferredCompensation: 0 };

  beforeAll(async () => {
    t = await startTestApp();
    member = await user(t, ['member']);
    formId = await insertForm(t.database, { userId: member.id, country: 'es', city: 'madrid', sector: 'banking', ...own });
    await t.database.execute(`update forms set answers = answers || '{"diffWithoutDeferral": -10, "diffWithDeferral": -8}'::jsonb where id = $1`, [formId]);
    await insertForms(t.database, home.length, (i) => ({ country: 'es', city: 'madrid', sector: 'banking', fixedSalary: home[i] }));
    await insertForms(t.database, abroad.length, (i) => ({ country: 'pt', city: 'lisboa', sector: 'banking', fixedSalary: abroad[i] }));
    await insertForms(t.database, others.length, (i) => ({ country: 'fr', city: 'paris', sector: 'insurance', fixedSalary: others[i] }));
    await publishRelease(t.database);
  });
  afterAll(async () => t?.close());

  it('drops country, then sector, in that order, and stops at the first group with a published median', async () => {
    const res = await post(t, 'forms/comparation-individual', {}, member.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.steps.map((s: { dropped: string | null; status: string; reasonCode?: string }) => [s.dropped, s.status, s.reasonCode ?? null])).toEqual([
      [null, 'not-enough-data', 'NOT_ENOUGH_DATA'],
      ['country', 'too-few-for-position', 'TOO_FEW_FOR_POSITION'],
      ['sector', 'used', null],
    ]);
    expect(body.steps.map((s: { filters: object }) => s.filters)).toEqual([
      { country: 'es', sector: 'banking', positionLevel: 'director', year: YEAR },
      { sector: 'banking', positionLevel: 'director', year: YEAR },
      { positionLevel: 'director', year: YEAR },
    ]);
    expect(body.widenedSteps).toEqual(['country', 'sector']);
    expect(body.steps[0]).toMatchObject({ count: null, countLabel: '<5' });
    expectPublishedCount(body.steps[1].count, 10, 5, 'banking directors');
    expect(body.steps[1].count).toBeLessThan(QUARTILE_MINIMUM);
    expect(body).toMatchObject({ status: 'ok', formId, year: YEAR, currency: 'EUR', filters: { positionLevel: 'director', year: YEAR } });
    expect(body.perceivedDiffWithoutDeferral).toBe(-10);
    expect(body.perceivedDiffWithDeferral).toBe(-8);
    expect(body.own).toEqual({ ...own, totalWithoutDeferral: 172_000, totalWithDeferral: 172_000 });
  });

  it('publishes the used group as the comparison does, and derives diffs and ranks from the published figures only', async () => {
    const body = (await post(t, 'forms/comparation-individual', {}, member.headers)).json();
    // Truth, independently: the 30 directors' totals (bonus 0 for all but the member).
    const totals = [...home, ...abroad, ...others, own.fixedSalary + own.annualBonus];
    const truth = truthOf(totals);
    expectPublishedCount(body.n, 30, 5, 'directors');
    expectPublishedStatistic(body.measures.totalWithoutDeferral, truth, 5, body.n, 'totalWithoutDeferral');
    expect(body.peer.totalWithoutDeferral).toEqual({
      p25: body.measures.totalWithoutDeferral.p25,
      p50: body.measures.totalWithoutDeferral.p50,
      p75: body.measures.totalWithoutDeferral.p75,
    });
    for (const measure of ['totalWithoutDeferral', 'totalWithDeferral', 'fixedSalary'] as const) {
      expect(body.position[measure]).toEqual(estimatePosition(measure, body.measures[measure], body.own[measure]));
    }
    const median = body.measures.totalWithoutDeferral.p50;
    expect(body.diffWithoutDeferral).toBe(Math.round(((172_000 - median) / median) * 1000) / 10);
    expect(body.diffWithDeferral).toBe(body.position.totalWithDeferral.diffFromMedianPercent);
    // Near the true difference: the published median is within the noise bound of the true one.
    const trueDiff = ((172_000 - truth.percentiles[2]) / truth.percentiles[2]) * 100;
    const bound = (moneyTolerance(truth) / (truth.percentiles[2] - moneyTolerance(truth))) * 100 * (172_000 / truth.percentiles[2]) + 0.1;
    expect(Math.abs(body.diffWithoutDeferral - trueDiff)).toBeLessThanOrEqual(bound);

    // The same group asked as a comparison publishes the same figures (one group, one answer).
    const admin = await user(t, ['admin']);
    const comparison = (await post(t, 'forms/comparation', { filters: { positionLevel: 'director', year: YEAR } }, admin.headers)).json();
    expect(comparison.measures).toEqual(body.measures);
    expect(comparison.count).toBe(body.n);
    expect(body.release).toEqual(comparison.release);
  });

  it("stops at the first step when the person's own group already has a median", async () => {
    // 15 more Spanish banking directors: the first group now has 18 people.
    await insertForms(t.database, 15, (i) => ({ country: 'es', city: 'bilbao', sector: 'banking', fixedSalary: 140_000 + i * 3_000 }));
    await publishRelease(t.database);
    const body = (await post(t, 'forms/comparation-individual', {}, member.headers)).json();
    expect(body.steps).toHaveLength(1);
    expect(body.steps[0]).toMatchObject({ dropped: null, status: 'used' });
    expect(body.widenedSteps).toEqual([]);
    expect(body.filters).toEqual({ country: 'es', sector: 'banking', positionLevel: 'director', year: YEAR });
    expectPublishedCount(body.n, 18, 5, 'Spanish banking directors');
    const truth = truthOf([...home, 172_000, ...Array.from({ length: 15 }, (_, i) => 140_000 + i * 3_000)]);
    expectPublishedStatistic(body.measures.totalWithoutDeferral, truth, 5, body.n, 'Spanish banking directors');
  });

  it('is saved in the history (kind individual, with its form) and re-opened for free with the same figures', async () => {
    const first = (await post(t, 'forms/comparation-individual', { formId }, member.headers)).json();
    expect(first.historyId).toEqual(expect.any(String));
    const [saved] = await t.database.execute<{ kind: string; form_id: string; credits_charged: number }>('select * from search_history where id = $1', [
      first.historyId,
    ]);
    expect(saved).toMatchObject({ kind: 'individual', form_id: formId, credits_charged: 0 });
    const again = (await post(t, 'forms/comparation-individual', { historyId: first.historyId }, member.headers)).json();
    expect(again).toEqual(first);
    const history = (await get(t, 'forms/user-history', member.headers)).json();
    expect(history.items).toContainEqual(expect.objectContaining({ id: first.historyId, kind: 'individual', formId }));
    // Another person cannot re-open it.
    const other = await user(t, ['member']);
    await insertForm(t.database, { userId: other.id, fixedSalary: 100_000 });
    expect((await post(t, 'forms/comparation-individual', { historyId: first.historyId }, other.headers)).statusCode).toBe(404);
  });

  it('charges a corporate user 1 credit per new personalised comparison (402 when short), re-opening free', async () => {
    const corporate = await user(t, ['corporate'], { credits: 1 });
    await insertForm(t.database, { userId: corporate.id, country: 'fr', city: 'paris', sector: 'insurance', fixedSalary: 130_000 });
    await publishRelease(t.database);
    const first = await post(t, 'forms/comparation-individual', { idempotencyKey: 'individual-key-1' }, corporate.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'ok', creditsLeft: 0 });
    const [ledger] = await t.database.execute<{ reason: string; delta: number }>('select reason, delta from credit_ledger where user_id = $1', [corporate.id]);
    expect(ledger).toEqual({ reason: 'individual-comparison', delta: -1 });
    // A retry with the same key answers the same comparison, not charged again.
    const retry = await post(t, 'forms/comparation-individual', { idempotencyKey: 'individual-key-1' }, corporate.headers);
    expect(retry.json()).toMatchObject({ historyId: first.json().historyId, creditsLeft: 0 });
    const reopened = await post(t, 'forms/comparation-individual', { historyId: first.json().historyId }, corporate.headers);
    expect(reopened.json()).toMatchObject({ historyId: first.json().historyId, creditsLeft: 0, measures: first.json().measures });
    // Re-opened with no credit left, and nothing charged: the balance and the ledger are as after the first one.
    const [{ credits }] = await t.database.execute<{ credits: number }>('select credits from users where id = $1', [corporate.id]);
    expect(Number(credits)).toBe(0);
    expect(await t.database.execute('select 1 from credit_ledger where user_id = $1', [corporate.id])).toHaveLength(1);
    const short = await post(t, 'forms/comparation-individual', {}, corporate.headers);
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({ errorCode: 'INSUFFICIENT_CREDITS' });
  });
});

describe('evolution over the years', () => {
  let t: TestApp;
  let member: { id: string; headers: Record<string, string> };
  // Consulting in Spain: 2023 20 people, 2024 3 (under K), 2025 10 (no quartiles), 2026 25.
  const years: Record<number, number[]> = {
    2023: spread(20, 100_000, 4_000),
    2024: spread(3, 110_000, 5_000),
    2025: spread(10, 115_000, 5_000),
    2026: spread(25, 120_000, 3_000),
  };
  const consulting = (year: number, fixedSalary: number): FormSpec => ({ year, country: 'es', city: 'valencia', sector: 'consulting', fixedSalary });

  beforeAll(async () => {
    t = await startTestApp();
    member = await user(t, ['member']);
    for (const [year, values] of Object.entries(years)) await insertForms(t.database, values.length, (i) => consulting(Number(year), values[i]));
    // The member's own forms of 2023 and 2026 (counted too: they are in the groups above from here on).
    await insertForm(t.database, { ...consulting(2023, 90_000), userId: member.id, annualBonus: 5_000 });
    await insertForm(t.database, { ...consulting(2026, 125_000), userId: member.id, annualBonus: 10_000 });
    years[2023].push(95_000);
    years[2026].push(135_000);
    await publishRelease(t.database);
  });
  afterAll(async () => t?.close());

  /** The deflator computed here from the rates the admin reads (Spain's), independently of the engine. */
  async function spanishDeflators(): Promise<Record<number, number>> {
    const admin = await user(t, ['admin']);
    const rates = (await get(t, 'forms/configs/inflation-data', admin.headers)).json().filter((r: { country?: string }) => r.country === 'es');
    const rate = (year: number) => rates.find((r: { year: number }) => r.year === year).rate;
    return {
      2026: 1,
      2025: 1 + rate(2026) / 100,
      2024: (1 + rate(2026) / 100) * (1 + rate(2025) / 100),
      2023: (1 + rate(2026) / 100) * (1 + rate(2025) / 100) * (1 + rate(2024) / 100),
    };
  }

  it('gives each year n, median and quartiles nominal and real, and says why a year has none', async () => {
    const res = await post(t, 'forms/evolution', { filters: { sector: 'consulting', country: 'es' } }, member.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      measure: 'totalWithDeferral',
      currency: 'EUR',
      baseYear: 2026,
      filters: { sector: 'consulting', country: 'es' },
      creditsLeft: null,
    });
    expect(body.inflation.country).toBe('es');
    expect(body.series.map((p: { year: number }) => p.year)).toEqual([2023, 2024, 2025, 2026]);
    const deflators = await spanishDeflators();
    const admin = await user(t, ['admin']);
    for (const point of body.series) {
      const values = years[point.year];
      // Each year is exactly the comparison of the filters and that year.
      const comparison = (await post(t, 'forms/comparation', { filters: { sector: 'consulting', country: 'es', year: point.year } }, admin.headers)).json();
      expect(point.n).toBe(comparison.count);
      expect(point.deflator).toBeCloseTo(deflators[point.year], 10);
      if (values.length < 5) {
        expect(point).toMatchObject({ status: 'not-enough-data', reasonCode: 'NOT_ENOUGH_DATA', n: null, countLabel: '<5', p50: null, realP50: null });
        continue;
      }
      expectPublishedCount(point.n, values.length, 5, `${point.year}`);
      const truth = truthOf(values);
      const statistic = {
        n: point.n,
        mean: comparison.measures.totalWithDeferral.mean,
        p10: null,
        p25: point.p25,
        p50: point.p50,
        p75: point.p75,
        p90: null,
        medianCi: null,
      };
      expect([point.p25, point.p50, point.p75]).toEqual([
        comparison.measures.totalWithDeferral.p25,
        comparison.measures.totalWithDeferral.p50,
        comparison.measures.totalWithDeferral.p75,
      ]);
      if (values.length < QUARTILE_MINIMUM) {
        expect(point).toMatchObject({ status: 'ok', reasonCode: 'TOO_FEW_FOR_QUARTILES', p25: null, p50: null, p75: null, realP50: null });
        continue;
      }
      expectPublishedStatistic(
        {
          ...statistic,
          p10: comparison.measures.totalWithDeferral.p10,
          p90: comparison.measures.totalWithDeferral.p90,
          medianCi: comparison.measures.totalWithDeferral.medianCi,
        },
        truth,
        5,
        point.n,
        `${point.year}`,
      );
      // Real = nominal × the product of (1 + rate) of the later years, rounded to 100.
      for (const q of ['P25', 'P50', 'P75'] as const) {
        const nominal = point[q.toLowerCase()];
        expect(point[`real${q}`]).toBe(Math.round((nominal * deflators[point.year]) / 100) * 100);
      }
    }
    expect(body.series.find((p: { year: number }) => p.year === 2023).realP50).toBeGreaterThan(body.series.find((p: { year: number }) => p.year === 2023).p50);
    expect(body.series.find((p: { year: number }) => p.year === 2026).realP50).toBe(body.series.find((p: { year: number }) => p.year === 2026).p50);
  });

  it("adds the person's own totals per year, nominal and real", async () => {
    const body = (await post(t, 'forms/evolution', { filters: { sector: 'consulting' }, getUserEvolution: true }, member.headers)).json();
    const deflators = await spanishDeflators();
    expect(body.inflation.country).toBeNull(); // no single country: the rates without a country
    expect(body.userSeries.map((p: { year: number; value: number }) => [p.year, p.value])).toEqual([
      [2023, 95_000],
      [2026, 135_000],
    ]);
    expect(body.userSeries[1].realValue).toBe(135_000);
    // The euro area's rates here (the filter has no country): the real value follows them, not Spain's.
    expect(body.userSeries[0].realValue).toBe(Math.round(95_000 * body.series[0].deflator));
    expect(body.series[0].deflator).not.toBeCloseTo(deflators[2023], 6);
  });

  it('answers the inflation data as the list itself, not wrapped in an object', async () => {
    const admin = await user(t, ['admin']);
    const res = await get(t, 'forms/configs/inflation-data', admin.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toContainEqual({ year: 2024, country: 'es', rate: 2.8, estimate: false });
    // The same entries as the configuration's inflationData.
    expect(list).toEqual((await get(t, 'forms/configs', admin.headers)).json().inflationData);
  });

  it('applies new inflation data at once; validates one rate per year and country in range (admin only)', async () => {
    const admin = await user(t, ['admin']);
    const current = (await get(t, 'forms/configs/inflation-data', admin.headers)).json();
    const bad = [
      [
        { year: 2024, country: 'es', rate: 2 },
        { year: 2024, country: 'es', rate: 3 },
      ],
      [{ year: 2024, country: 'es', rate: 400 }],
      [{ year: 2024, country: 'es', rate: -11 }],
      [{ year: 2024, country: 'xx', rate: 2 }],
      [{ year: 2019, rate: 2 }],
    ];
    const codes = [];
    for (const inflationData of bad) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/forms/configs/inflation-data', headers: admin.headers, payload: { inflationData } });
      expect(res.statusCode, JSON.stringify(inflationData)).toBe(400);
      codes.push(res.json().errorCode);
    }
    expect(codes).toEqual(['INFLATION_DUPLICATE_ENTRY', 'VALIDATION_ERROR', 'INFLATION_RATE_OUT_OF_RANGE', 'VALIDATION_ERROR', 'VALIDATION_ERROR']);
    expect((await get(t, 'forms/configs/inflation-data', admin.headers)).json()).toEqual(current);

    const changed = current.map((r: { year: number; country?: string; rate: number }) => (r.country === 'es' && r.year === 2026 ? { ...r, rate: 10 } : r));
    const res = await t.app.inject({ method: 'PATCH', url: '/api/forms/configs/inflation-data', headers: admin.headers, payload: { inflationData: changed } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().inflationData).toContainEqual({ year: 2026, country: 'es', rate: 10, estimate: true });
    // What is stored is what the list reads now.
    expect((await get(t, 'forms/configs/inflation-data', admin.headers)).json()).toEqual(res.json().inflationData);
    const body = (await post(t, 'forms/evolution', { filters: { sector: 'consulting', country: 'es' }, years: [2025] }, member.headers)).json();
    expect(body.series[0].deflator).toBeCloseTo(1.1, 10);
    // Without a rate for a later year, real figures are null, and say why.
    const without = changed.filter((r: { year: number; country?: string }) => !(r.country === 'es' && r.year === 2026));
    await t.app.inject({ method: 'PATCH', url: '/api/forms/configs/inflation-data', headers: admin.headers, payload: { inflationData: without } });
    const missing = (await post(t, 'forms/evolution', { filters: { sector: 'consulting', country: 'es' }, years: [2023] }, member.headers)).json();
    expect(missing.series[0]).toMatchObject({ deflator: null, realP50: null, reasonCode: 'NO_INFLATION_DATA' });
    expect(missing.series[0].p50).not.toBeNull();
    await t.app.inject({ method: 'PATCH', url: '/api/forms/configs/inflation-data', headers: admin.headers, payload: { inflationData: current } });
  });

  it('saves an evolution, re-opens it for free, and lets the dashboard follow a saved comparison for free', async () => {
    const corporate = await user(t, ['corporate'], { credits: 2 });
    const first = await post(t, 'forms/evolution', { filters: { sector: 'consulting' }, years: [2023, 2026], isDashboard: true }, corporate.headers);
    expect(first.json()).toMatchObject({ creditsLeft: 1, historyId: expect.any(String) });
    const reopened = await post(t, 'forms/evolution', { filters: {}, historyId: first.json().historyId }, corporate.headers);
    expect(reopened.json()).toMatchObject({ creditsLeft: 1, historyId: first.json().historyId, filters: { sector: 'consulting' } });
    expect(reopened.json().series).toEqual(first.json().series);
    const [{ credits }] = await t.database.execute<{ credits: number }>('select credits from users where id = $1', [corporate.id]);
    expect(Number(credits)).toBe(1);
    const search = await post(t, 'forms/comparation', { filters: { sector: 'consulting', year: 2026 } }, corporate.headers);
    expect(search.json()).toMatchObject({ status: 'ok', creditsLeft: 0 });
    const dashboard = await post(t, 'forms/evolution', { filters: {}, historyId: search.json().historyId, isDashboard: true }, corporate.headers);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json()).toMatchObject({ creditsLeft: 0, filters: { sector: 'consulting' } });
    expect(dashboard.json().series).toHaveLength(4);
    const short = await post(t, 'forms/evolution', { filters: { sector: 'banking' } }, corporate.headers);
    expect(short.statusCode).toBe(402);
  });

  it('answers a projection (the group, the next position level and the own line) for one credit, re-opened free', async () => {
    const group = { sector: 'consulting', country: 'es', positionLevel: 'director' };
    const corporate = await user(t, ['corporate'], { credits: 3 });
    const balance = async () => Number((await t.database.execute<{ credits: number }>('select credits from users where id = $1', [corporate.id]))[0].credits);
    // Without a completed form of their own there is nothing to project: refused before anything is charged.
    const none = await post(t, 'forms/evolution', { filters: group, projection: true, idempotencyKey: 'projection-key-0' }, corporate.headers);
    expect(none.statusCode, none.body).toBe(404);
    expect(none.json().errorCode).toBe('NO_COMPLETED_FORM');
    expect(await balance()).toBe(3);

    await insertForm(t.database, { ...consulting(2026, 150_000), userId: corporate.id });
    // The next level up (executive committee) in the same sector and country, for 2023 and 2026.
    for (const year of [2023, 2026])
      await insertForms(t.database, 16, (i) => ({ ...consulting(year, 180_000 + i * 5_000), positionLevel: 'executive-committee' }));
    await publishRelease(t.database);

    const res = await post(t, 'forms/evolution', { filters: group, projection: true, idempotencyKey: 'projection-key-1' }, corporate.headers);
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json();
    expect(first).toMatchObject({ creditsLeft: 2, historyId: expect.any(String), filters: group, nextLevel: { positionLevel: 'executive-committee' } });
    expect(first.userSeries).toEqual([expect.objectContaining({ year: 2026, value: 150_000 })]);
    // One credit for the whole projection (both groups), in the ledger as one income projection.
    expect(await balance()).toBe(2);
    const ledger = await t.database.execute<{ reason: string; delta: number }>('select reason, delta from credit_ledger where user_id = $1', [corporate.id]);
    expect(ledger).toEqual([{ reason: 'income-projection', delta: -1 }]);
    const [saved] = await t.database.execute<{ kind: string; credits_charged: number }>('select kind, credits_charged from search_history where id = $1', [
      first.historyId,
    ]);
    expect(saved).toEqual({ kind: 'projection', credits_charged: 1 });

    // Each group is the evolution of its own filters (one group, one published answer).
    const admin = await user(t, ['admin']);
    const own = (await post(t, 'forms/evolution', { filters: group }, admin.headers)).json();
    const next = (await post(t, 'forms/evolution', { filters: { ...group, positionLevel: 'executive-committee' } }, admin.headers)).json();
    expect(first.series).toEqual(own.series);
    expect(first.nextLevel.series).toEqual(next.series);
    expect(next.series.find((p: { year: number }) => p.year === 2026).p50).not.toBeNull();

    // A retry of the same request and re-opening the saved projection cost nothing.
    const retry = (await post(t, 'forms/evolution', { filters: group, projection: true, idempotencyKey: 'projection-key-1' }, corporate.headers)).json();
    expect(retry).toMatchObject({ historyId: first.historyId, creditsLeft: 2 });
    const reopened = (await post(t, 'forms/evolution', { filters: {}, projection: true, historyId: first.historyId }, corporate.headers)).json();
    expect(reopened).toMatchObject({
      historyId: first.historyId,
      creditsLeft: 2,
      filters: group,
      series: first.series,
      nextLevel: first.nextLevel,
      userSeries: first.userSeries,
    });
    expect(await balance()).toBe(2);
    // A saved projection is not an evolution, nor the reverse.
    expect((await post(t, 'forms/evolution', { filters: {}, historyId: first.historyId }, corporate.headers)).statusCode).toBe(404);

    // A member with a completed form: free, and saved.
    const free = (await post(t, 'forms/evolution', { filters: group, projection: true }, member.headers)).json();
    expect(free).toMatchObject({ creditsLeft: null, historyId: expect.any(String), nextLevel: { positionLevel: 'executive-committee' } });
  });

  it("widens a projection's group (country, then sector; never the level) until its growth can be measured", async () => {
    const admin = await user(t, ['admin']);
    await insertForm(t.database, { ...consulting(2026, 140_000), userId: admin.id });
    await publishRelease(t.database);
    // No Portuguese consulting directors: without the country, the Spanish ones have medians in 2023 and 2026.
    const body = (
      await post(t, 'forms/evolution', { filters: { sector: 'consulting', country: 'pt', positionLevel: 'director' }, projection: true }, admin.headers)
    ).json();
    expect(body.filters).toEqual({ sector: 'consulting', positionLevel: 'director' });
    expect(body.widenedSteps).toEqual(['country']);
    const wider = (await post(t, 'forms/evolution', { filters: body.filters }, admin.headers)).json();
    expect(body.series).toEqual(wider.series);
    expect(body.series.filter((p: { p50: number | null }) => p.p50 !== null).length).toBeGreaterThanOrEqual(2);
    expect(body.nextLevel.positionLevel).toBe('executive-committee');
    // Nobody at all in a sector at that level: the sector goes too, the level stays.
    const everyone = (await post(t, 'forms/evolution', { filters: { sector: 'retail', positionLevel: 'director' }, projection: true }, admin.headers)).json();
    expect(everyone).toMatchObject({ filters: { positionLevel: 'director' }, widenedSteps: ['sector'] });
    // A group that can already be measured is kept as asked.
    const kept = (
      await post(t, 'forms/evolution', { filters: { sector: 'consulting', country: 'es', positionLevel: 'director' }, projection: true }, admin.headers)
    ).json();
    expect(kept).toMatchObject({ filters: { sector: 'consulting', country: 'es', positionLevel: 'director' }, widenedSteps: [] });
  });

  it("widens an evolution's group when asked, like the personalised comparison (country, then sector; never the level), and says so", async () => {
    const evolution = async (payload: object) => {
      const res = await post(t, 'forms/evolution', payload, member.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // No Portuguese consulting directors: the country (and its city) goes; the Spanish ones have medians in 2023 and 2026.
    const body = await evolution({
      filters: { country: 'pt', city: 'lisboa', sector: 'consulting', positionLevel: 'director' },
      widen: true,
      getUserEvolution: true,
    });
    expect(body.filters).toEqual({ sector: 'consulting', positionLevel: 'director' });
    expect(body.widenedSteps).toEqual(['country']);
    // The wider group is an ordinary filter combination: the very figures its own evolution (and comparison) publishes.
    const wider = await evolution({ filters: body.filters });
    expect(body.series).toEqual(wider.series);
    expect(wider.widenedSteps).toBeUndefined();
    expect(body.series.filter((p: { p50: number | null }) => p.p50 !== null).length).toBeGreaterThanOrEqual(2);
    expect(body.userSeries.map((p: { year: number }) => p.year)).toEqual([2023, 2026]);
    // Saved (and so re-opened) as the group used.
    const history = (await get(t, 'forms/user-history?limit=1', member.headers)).json();
    expect(history.items[0]).toMatchObject({ id: body.historyId, kind: 'evolution', filters: { sector: 'consulting', positionLevel: 'director' } });

    // Nobody in a sector at that level: the sector goes too; the position level always stays, even when the group
    // left has no figures at all (its years are under K, not replaced by another level's).
    expect(await evolution({ filters: { sector: 'retail', positionLevel: 'director' }, widen: true })).toMatchObject({
      filters: { positionLevel: 'director' },
      widenedSteps: ['sector'],
    });
    const top = await evolution({ filters: { country: 'es', sector: 'consulting', positionLevel: 'ceo' }, widen: true });
    expect(top).toMatchObject({ filters: { positionLevel: 'ceo' }, widenedSteps: ['country', 'sector'] });
    expect(top.series.every((p: { status: string; p50: number | null }) => p.status === 'not-enough-data' && p.p50 === null)).toBe(true);

    // A group with figures is kept as asked; without widen, a group is never widened.
    expect(await evolution({ filters: { sector: 'consulting', country: 'es' }, widen: true })).toMatchObject({
      filters: { sector: 'consulting', country: 'es' },
      widenedSteps: [],
    });
    const asked = await evolution({ filters: { country: 'pt', sector: 'consulting' } });
    expect(asked.filters).toEqual({ country: 'pt', sector: 'consulting' });
    expect(asked.widenedSteps).toBeUndefined();
    expect(asked.series.every((p: { p50: number | null }) => p.p50 === null)).toBe(true);
  });
});

describe('insights', () => {
  let t: TestApp;
  let member: { id: string; headers: Record<string, string> };
  // Spanish banking directors by city; the member works in Madrid.
  const cities: Record<string, number[]> = {
    madrid: spread(15, 150_000, 4_000),
    barcelona: spread(20, 140_000, 2_000),
    valencia: spread(7, 120_000, 3_000),
    sevilla: spread(2, 110_000, 3_000),
  };
  const portugal = spread(16, 90_000, 2_000);

  beforeAll(async () => {
    t = await startTestApp();
    member = await user(t, ['member']);
    await insertForm(t.database, { userId: member.id, country: 'es', city: 'madrid', sector: 'banking', fixedSalary: 170_000 });
    cities.madrid.push(170_000);
    for (const [city, values] of Object.entries(cities)) {
      const own = city === 'madrid' ? values.slice(0, -1) : values;
      await insertForms(t.database, own.length, (i) => ({ country: 'es', city, sector: 'banking', fixedSalary: own[i] }));
    }
    await insertForms(t.database, portugal.length, (i) => ({ country: 'pt', city: 'porto', sector: 'banking', fixedSalary: portugal[i] }));
    await publishRelease(t.database);
  });
  afterAll(async () => t?.close());

  it("ranks the cities of the person's country for their sector and level, leaving out (and counting) small groups", async () => {
    for (const url of ['forms/better-city', `forms/better-city-by-user-id/${member.id}`]) {
      const res = await get(t, url, member.headers);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        year: YEAR,
        currency: 'EUR',
        measure: 'totalWithDeferral',
        rankedBy: 'city',
        filters: { sector: 'banking', positionLevel: 'director', year: YEAR },
      });
      // Ranked by the published (perturbed) median: Madrid's and Barcelona's true medians are close enough for the
      // noise to order them either way, so the order is checked against the published figures, not a fixed list.
      expect(body.items.map((i: { key: string }) => i.key).sort()).toEqual(['barcelona', 'madrid']);
      const published = body.items.map((i: { p50: number }) => i.p50);
      expect(published).toEqual([...published].sort((a: number, b: number) => b - a));
      // Valencia (7): no median; Sevilla (2) and the three empty cities: under K.
      expect(body.omitted).toEqual({ notEnoughData: 4, tooFewForMedian: 1, refused: 0 });
      const admin = await user(t, ['admin']);
      for (const item of body.items) {
        expectPublishedCount(item.n, cities[item.key].length, 5, item.key);
        const truth = truthOf(cities[item.key]);
        expect(Math.abs(item.p50 - truth.percentiles[2])).toBeLessThanOrEqual(moneyTolerance(truth));
        const comparison = (
          await post(t, 'forms/comparation', { filters: { city: item.key, sector: 'banking', positionLevel: 'director', year: YEAR } }, admin.headers)
        ).json();
        expect(item).toEqual({
          key: item.key,
          n: comparison.count,
          countLabel: comparison.countLabel,
          ...pick(comparison.measures.totalWithDeferral, ['p50', 'mean', 'p25', 'p75']),
        });
      }
    }
  });

  it('ranks sectors within the country and level, and countries within the sector and level', async () => {
    const sectors = (await get(t, 'forms/better-sectors', member.headers)).json();
    expect(sectors.filters).toEqual({ country: 'es', positionLevel: 'director', year: YEAR });
    expect(sectors.items.map((i: { key: string }) => i.key)).toEqual(['banking']);
    expectPublishedCount(sectors.items[0].n, 44, 5, 'Spanish banking');
    expect(sectors.omitted.notEnoughData).toBeGreaterThan(10);
    const countries = (await get(t, 'forms/average-by-country', member.headers)).json();
    expect(countries.items.map((i: { key: string }) => i.key)).toEqual(['es', 'pt']);
    const truth = truthOf(portugal);
    expect(Math.abs(countries.items[1].p50 - truth.percentiles[2])).toBeLessThanOrEqual(moneyTolerance(truth));
    expect(countries.omitted).toMatchObject({ notEnoughData: 10 });
  });

  it('ranks over everyone for a caller without a profile (corporate), and refuses a member without a form', async () => {
    const corporate = await user(t, ['corporate'], { credits: 0 });
    const body = (await get(t, 'forms/average-by-country', corporate.headers)).json();
    expect(body.filters).toEqual({ year: YEAR });
    expect(body.items.map((i: { key: string }) => i.key)).toEqual(['es', 'pt']);
    const stranger = await user(t, ['member']);
    const refused = await get(t, 'forms/better-city', stranger.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('FORM_REQUIRED');
  });

  it('widens an empty ranking when asked (its widening link): the country, then the sector, never the level', async () => {
    // A Portuguese insurance director: nobody shares the sector, so every ranking of the profile is empty.
    const alone = await user(t, ['member']);
    await insertForm(t.database, { userId: alone.id, country: 'pt', city: 'porto', sector: 'insurance', fixedSalary: 130_000 });
    await publishRelease(t.database);
    const ranking = async (url: string) => {
      const res = await get(t, url, alone.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const empty = await ranking('forms/average-by-country');
    expect(empty).toMatchObject({ filters: { sector: 'insurance', positionLevel: 'director', year: YEAR }, items: [] });
    expect(empty.widenedSteps).toBeUndefined();
    // Without the sector: directors by country, each the comparison's answer for its filters.
    const countries = await ranking('forms/average-by-country?widen=true');
    expect(countries).toMatchObject({ filters: { positionLevel: 'director', year: YEAR }, widenedSteps: ['sector'] });
    expect(countries.items.map((i: { key: string }) => i.key).sort()).toEqual(['es', 'pt']);
    const admin = await user(t, ['admin']);
    const portugal = countries.items.find((i: { key: string }) => i.key === 'pt');
    const comparison = (await post(t, 'forms/comparation', { filters: { country: 'pt', positionLevel: 'director', year: YEAR } }, admin.headers)).json();
    expect(portugal).toEqual({
      key: 'pt',
      n: comparison.count,
      countLabel: comparison.countLabel,
      ...pick(comparison.measures.totalWithDeferral, ['p50', 'mean', 'p25', 'p75']),
    });
    // The sectors of the level across every country (the country dropped): each entry is still published only as
    // the comparison would, so banking is refused here (all directors minus banking ones would be the one insurer).
    const sectors = await ranking('forms/better-sectors?widen=true');
    expect(sectors).toMatchObject({ filters: { positionLevel: 'director', year: YEAR }, widenedSteps: ['country'], items: [], omitted: { refused: 1 } });
    // Portugal's cities without the sector.
    expect(await ranking('forms/better-city?widen=true')).toMatchObject({
      filters: { positionLevel: 'director', year: YEAR },
      widenedSteps: ['sector'],
      items: [{ key: 'porto' }],
    });
    // A ranking with entries is kept as it is.
    expect((await get(t, 'forms/better-sectors?widen=true', member.headers)).json()).toMatchObject({
      filters: { country: 'es', positionLevel: 'director', year: YEAR },
      widenedSteps: [],
    });
  });
});

function pick<T extends object>(object: T, keys: Array<keyof T>): Partial<T> {
  return Object.fromEntries(keys.map((k) => [k, object[k]])) as Partial<T>;
}
