// The comparison's figures checked against an independent computation in TypeScript on a generated data
// set: the same definitions (percentile_cont's linear interpolation, the mean, the mid-rank percentile rank,
// the order-statistic interval of the median) written again here over the rows read back from the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForm, insertUser } from './helpers/comparisonFixtures';
import { insertDemoForms } from '../../src/server/db/seed';
import { bumpDataVersion } from '../../src/server/services/dataVersion';

const K = 5;
const MEASURES = ['fixedSalary', 'annualBonus', 'deferredCompensation', 'totalWithoutDeferral', 'totalWithDeferral'] as const;
type MeasureName = (typeof MEASURES)[number];

interface FormRow {
  id: string;
  survey_year: number;
  country: string;
  city: string;
  sector: string;
  company_size: string;
  company_type: string;
  functional_area: string;
  position_level: string;
  gender: string;
  years_experience: number;
  fixed_salary: number;
  annual_bonus: number;
  deferred_compensation: number;
}

// ── the reference definitions, written independently of src/domain ──
function measureOf(row: FormRow, measure: MeasureName): number {
  const fixed = row.fixed_salary;
  const bonus = row.annual_bonus ?? 0;
  const deferred = Number(row.deferred_compensation ?? 0);
  switch (measure) {
    case 'fixedSalary':
      return fixed;
    case 'annualBonus':
      return bonus;
    case 'deferredCompensation':
      return deferred;
    case 'totalWithoutDeferral':
      return fixed + bonus;
    case 'totalWithDeferral':
      return fixed + bonus + deferred;
  }
}
/** Linear interpolation between the closest ranks (PostgreSQL percentile_cont, Hyndman–Fan type 7). */
function quantile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const position = (s.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return s[below] + (s[above] - s[below]) * (position - below);
}
const round100 = (x: number) => Math.round(x / 100) * 100;
function ciBounds(values: number[]): [number, number] {
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  // Campbell & Gardner: ranks n/2 ∓ 1.96·√n/2 (+1 for the upper), to the nearest integer, 1-based.
  const lower = Math.max(1, Math.round(n / 2 - (1.96 * Math.sqrt(n)) / 2));
  const upper = Math.min(n, Math.round(1 + n / 2 + (1.96 * Math.sqrt(n)) / 2));
  return [s[lower - 1], s[upper - 1]];
}
function midRank(values: number[], own: number): number {
  const below = values.filter((v) => v < own).length;
  const equal = values.filter((v) => v === own).length;
  return Math.min(99, Math.max(1, Math.round((100 * (below + equal / 2)) / values.length)));
}
const band = (years: number) => (years < 5 ? '0-5' : years < 10 ? '5-10' : years < 15 ? '10-15' : years < 20 ? '15-20' : '20-plus');
const COLUMN: Record<string, keyof FormRow> = {
  country: 'country',
  city: 'city',
  sector: 'sector',
  companySize: 'company_size',
  companyType: 'company_type',
  functionalArea: 'functional_area',
  positionLevel: 'position_level',
  gender: 'gender',
};
function inGroup(row: FormRow, filters: Record<string, string | number>): boolean {
  return Object.entries(filters).every(([field, value]) => {
    if (field === 'year') return row.survey_year === value;
    if (field === 'experienceBand') return band(row.years_experience) === value;
    return row[COLUMN[field]] === value;
  });
}

let t: TestApp;
let admin: { authorization: string };
let rows: FormRow[];
let latestYear: number;

async function compare(headers: { authorization: string }, filters: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/forms/comparation', headers, payload: { filters } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await startTestApp();
  await insertDemoForms(t.database, 900, { seed: 4242 });
  rows = await t.database.execute<FormRow>(`select * from forms where status = 'completed'`);
  latestYear = Math.max(...rows.map((r) => r.survey_year));
  admin = await t.bearer(await insertUser(t.database, { roles: ['admin'] }), ['admin']);
});
afterAll(async () => t?.close());

describe('figures against an independent computation', () => {
  const cases: Array<Record<string, string | number>> = [
    {},
    { sector: 'banking' },
    { country: 'es' },
    { positionLevel: 'director' },
    { experienceBand: '20-plus' },
    { gender: 'female', country: 'es' },
    { year: 2024 },
    { year: 2024, positionLevel: 'head' },
  ];
  for (const filters of cases) {
    it(`matches for ${JSON.stringify(filters)}`, async () => {
      const body = await compare(admin, filters);
      const applied = { year: latestYear, ...filters };
      const group = rows.filter((r) => inGroup(r, applied));
      expect(group.length).toBeGreaterThanOrEqual(10);
      expect(body.status).toBe('ok');
      expect(body.count).toBe(group.length);
      expect(body.year).toBe(applied.year);
      expect(body.currency).toBe('EUR');
      for (const measure of MEASURES) {
        const values = group.map((r) => measureOf(r, measure));
        const published = body.measures[measure];
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        const [low, high] = ciBounds(values);
        expect(published, measure).toEqual({
          n: group.length,
          mean: round100(mean),
          p10: round100(quantile(values, 0.1)),
          p25: round100(quantile(values, 0.25)),
          p50: round100(quantile(values, 0.5)),
          p75: round100(quantile(values, 0.75)),
          p90: round100(quantile(values, 0.9)),
          medianCi: { low: round100(low), high: round100(high) },
        });
        // Rounded to the nearest 100, never the group's minimum or maximum as such.
        for (const key of ['mean', 'p10', 'p25', 'p50', 'p75', 'p90'] as const) expect(published[key] % 100).toBe(0);
      }
    });
  }

  it('gives the same figures when the group was counted first (as the web app does)', async () => {
    await bumpDataVersion(t.database);
    const filters = { country: 'es' };
    const counted = await t.app.inject({ method: 'POST', url: '/api/forms/count-results', headers: admin, payload: { filters } });
    const group = rows.filter((r) => inGroup(r, { year: latestYear, ...filters }));
    expect(counted.json()).toEqual({ count: group.length, countLabel: String(group.length), enough: true });
    const body = await compare(admin, filters);
    const values = group.map((r) => measureOf(r, 'totalWithDeferral'));
    const [low, high] = ciBounds(values);
    expect(body.measures.totalWithDeferral).toMatchObject({ n: group.length, p50: round100(quantile(values, 0.5)), medianCi: { low: round100(low), high: round100(high) } });
  });

  it('gives the caller their percentile rank and difference from the median', async () => {
    const memberId = await insertUser(t.database);
    const own = { fixedSalary: 151_234, annualBonus: 20_050, deferredCompensation: 7_777 };
    await insertForm(t.database, { userId: memberId, year: latestYear, sector: 'banking', ...own });
    await bumpDataVersion(t.database);
    const fresh = await t.database.execute<FormRow>(`select * from forms where status = 'completed'`);
    const body = await compare(await t.bearer(memberId, ['member']), { sector: 'banking' });
    const group = fresh.filter((r) => inGroup(r, { year: latestYear, sector: 'banking' }));
    expect(body.count).toBe(group.length);
    const ownRow = fresh.find((r) => r.fixed_salary === own.fixedSalary && r.annual_bonus === own.annualBonus)!;
    for (const measure of MEASURES) {
      const values = group.map((r) => measureOf(r, measure));
      const ownValue = measureOf(ownRow, measure);
      const median = quantile(values, 0.5);
      // No difference from a median of 0 (e.g. deferred pay where most have none).
      expect(body.position[measure], measure).toEqual(
        median === 0
          ? null
          : {
              measure,
              ownValue,
              percentileRank: midRank(values, ownValue),
              diffFromMedianPercent: Math.round(((ownValue - median) / median) * 1000) / 10,
            },
      );
    }
  });

  it('withholds p10 and p90 under 10 people and everything under K', async () => {
    // A small, distinct group: 7 people in a year nobody else answered.
    const year = 2023;
    await t.database.execute('delete from forms where survey_year = $1', [year]);
    for (let i = 0; i < 7; i++) await insertForm(t.database, { year, fixedSalary: 100_000 + i * 10_000 });
    await bumpDataVersion(t.database);
    const seven = await compare(admin, { year });
    expect(seven.status).toBe('ok');
    expect(seven.measures.fixedSalary).toMatchObject({ n: 7, p10: null, p90: null, p25: 115_000, p50: 130_000, p75: 145_000, mean: 130_000 });
    // With 7 people the interval's bounds would be the group's minimum and maximum: not shown.
    expect(seven.measures.fixedSalary.medianCi).toBeNull();

    await t.database.execute('delete from forms where survey_year = $1 and fixed_salary >= 140000', [year]);
    await bumpDataVersion(t.database);
    const four = await compare(admin, { year });
    expect(four).toMatchObject({ status: 'not-enough-data', reasonCode: 'NOT_ENOUGH_DATA', count: null, countLabel: `<${K}`, measures: null, position: null });
  });
});
