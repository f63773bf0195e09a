// Privacy of the comparison (docs/statistics-and-privacy.md): a sweep over many filter combinations on generated data, checked
// against group memberships computed here (over the rows of the current release): no figure from fewer than K
// people, quartiles only from QUARTILE_MINIMUM, p10/p90 and the median's interval only from
// TAIL_PERCENTILE_MINIMUM, published counts within the noise (±2, rounded to 5, never under K) and no two
// answers whose groups are nested and differ by 1..K−1 people (subtracting them would expose those people;
// this rule stays as a second line of defence behind the perturbation). Plus hand-made cases of the
// anti-differencing rule, refused for free and with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForms, insertUser, publishRelease } from './helpers/comparisonFixtures';
import { expectPublishedCount } from './helpers/publishedFigures';
import { insertDemoForms } from '../../src/server/seed';
import { QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM } from '../../src/domain/constants';

const K = 5;

interface FormRow {
  id: string;
  survey_year: number;
  [column: string]: unknown;
}

const COLUMN: Record<string, string> = {
  country: 'country',
  city: 'city',
  sector: 'sector',
  companySize: 'company_size',
  companyType: 'company_type',
  functionalArea: 'functional_area',
  positionLevel: 'position_level',
  gender: 'gender',
};
const band = (years: number) => (years < 5 ? '0-5' : years < 10 ? '5-10' : years < 15 ? '10-15' : years < 20 ? '15-20' : '20-plus');
const matches = (row: FormRow, filters: Record<string, string | number>) =>
  Object.entries(filters).every(([field, value]) =>
    field === 'year' ? row.survey_year === value : field === 'experienceBand' ? band(row.years_experience as number) === value : row[COLUMN[field]] === value,
  );

describe('privacy sweep over filter combinations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await insertDemoForms(t.database, 700, { seed: 99 });
    await publishRelease(t.database);
  });
  afterAll(async () => t?.close());

  it('never answers from fewer than K people and never lets two answers be subtracted into a group under K', { timeout: 240_000 }, async () => {
    const rows = await t.database.execute<FormRow>(
      `select f.* from forms f join release_forms r on r.form_id = f.id join statistics_releases s on s.id = r.release_id and s.current`,
    );
    const year = Math.max(...rows.map((r) => r.survey_year));
    const headers = await t.bearer(await insertUser(t.database, { roles: ['admin'] }), ['admin']);
    const options: Record<string, string[]> = {
      country: ['es', 'fr'],
      city: ['madrid', 'barcelona'],
      sector: ['banking', 'technology'],
      positionLevel: ['ceo', 'director', 'head'],
      functionalArea: ['general-management', 'finance'],
      gender: ['female', 'male'],
      experienceBand: ['20-plus', '15-20'],
      companyType: ['listed', 'private'],
    };
    const fields = Object.keys(options);
    const combos: Array<Record<string, string>> = [{}];
    const extend = (from: number, current: Record<string, string>, depth: number) => {
      if (depth === 0) return;
      for (let i = from; i < fields.length; i++) {
        for (const value of options[fields[i]]) {
          const next = { ...current, [fields[i]]: value };
          // A city of another country is refused as invalid (400), not a group.
          if (next.city && next.country && !(next.country === 'es' && ['madrid', 'barcelona'].includes(next.city))) continue;
          combos.push(next);
          extend(i + 1, next, depth - 1);
        }
      }
    };
    extend(0, {}, 3);

    const answered: Array<{ filters: Record<string, string>; members: Set<string> }> = [];
    let refused = 0;
    let notEnough = 0;
    for (const filters of combos) {
      const members = new Set(rows.filter((r) => matches(r, { ...filters, year })).map((r) => r.id));
      const res = await t.app.inject({ method: 'POST', url: '/api/forms/comparation', headers, payload: { filters } });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      if (members.size < K) {
        expect(body, JSON.stringify(filters)).toMatchObject({ status: 'not-enough-data', count: null, countLabel: `<${K}`, measures: null });
        notEnough++;
        continue;
      }
      if (body.status === 'refused') {
        expect(body.measures).toBeNull();
        expect(Object.keys(filters)).toContain(body.reasonFilter);
        // A refusal shows the group's count as perturbed as any other (never an exact small difference).
        expectPublishedCount(body.count, members.size, K, JSON.stringify(filters));
        refused++;
        continue;
      }
      expect(body.status, JSON.stringify(filters)).toBe('ok');
      expectPublishedCount(body.count, members.size, K, JSON.stringify(filters));
      for (const statistic of Object.values<Record<string, unknown>>(body.measures)) {
        expect(statistic.n).toBe(body.count);
        expect(statistic.mean).not.toBeNull();
        // Decided on the published count, never on the true size.
        if (body.count < QUARTILE_MINIMUM) expect([statistic.p25, statistic.p50, statistic.p75]).toEqual([null, null, null]);
        else expect(statistic.p50 === null).toBe(false);
        if (body.count < TAIL_PERCENTILE_MINIMUM) expect([statistic.p10, statistic.p90, statistic.medianCi]).toEqual([null, null, null]);
        else expect(statistic.medianCi === null).toBe(false);
        expect(Object.keys(statistic).sort()).toEqual(['mean', 'medianCi', 'n', 'p10', 'p25', 'p50', 'p75', 'p90']);
      }
      answered.push({ filters, members });
    }

    // Every pair of answers whose groups are nested differs by nobody or by at least K people.
    const unsafe: string[] = [];
    for (const small of answered) {
      for (const large of answered) {
        if (small === large || small.members.size >= large.members.size) continue;
        if ([...small.members].every((id) => large.members.has(id)) && large.members.size - small.members.size < K) {
          unsafe.push(`${JSON.stringify(small.filters)} ⊂ ${JSON.stringify(large.filters)}: ${large.members.size - small.members.size}`);
        }
      }
    }
    expect(unsafe).toEqual([]);
    // The sweep exercised every outcome.
    expect(answered.length).toBeGreaterThan(30);
    expect(notEnough).toBeGreaterThan(30);
    expect(refused).toBeGreaterThan(0);
  });

  it('count-results never shows a count under K', async () => {
    const headers = await t.bearer(await insertUser(t.database, { roles: ['admin'] }), ['admin']);
    for (const filters of [{ positionLevel: 'ceo', city: 'barcelona' }, { sector: 'legal', gender: 'non-binary' }, { country: 'es' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/forms/count-results', headers, payload: { filters } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const [{ n }] = await t.database.execute<{ n: number }>(
        `select count(*)::int as n from release_forms r join statistics_releases s on s.id = r.release_id and s.current
          where r.survey_year = (select max(survey_year) from release_forms where release_id = s.id)
            and ${Object.keys(filters)
              .map((f, i) => `r.${f === 'positionLevel' ? 'position_level' : f} = $${i + 1}`)
              .join(' and ')}`,
        Object.values(filters),
      );
      expect(body.enough).toBe(n >= K);
      if (body.enough) {
        expectPublishedCount(body.count, n, K);
        expect(body.countLabel).toBe(String(body.count));
      } else {
        expect(body).toEqual({ count: null, countLabel: `<${K}`, enough: false, release: expect.objectContaining({ id: expect.any(String) }) });
      }
    }
  });
});

describe('the anti-differencing rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // Energy: 11 people in Spain and 1 in France. Insurance: 8 CEOs (all in general management), 2 other
    // general managers and 20 heads of finance.
    await insertForms(t.database, 12, (i) => ({
      sector: 'energy',
      country: i < 11 ? 'es' : 'fr',
      city: i < 11 ? 'madrid' : 'paris',
      fixedSalary: 120_000 + i * 1000,
    }));
    await insertForms(t.database, 30, (i) => ({
      sector: 'insurance',
      positionLevel: i < 8 ? 'ceo' : 'head',
      functionalArea: i < 10 ? 'general-management' : 'finance',
      fixedSalary: 150_000 + i * 1000,
    }));
    await publishRelease(t.database);
  });
  afterAll(async () => t?.close());

  async function search(headers: { authorization: string }, filters: Record<string, string>) {
    const res = await t.app.inject({ method: 'POST', url: '/api/forms/comparation', headers, payload: { filters } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('refuses a filter whose removal adds 1..K−1 people, names it, charges nothing and saves nothing', async () => {
    const id = await insertUser(t.database, { roles: ['corporate'], credits: 3 });
    const headers = await t.bearer(id, ['corporate']);
    const body = await search(headers, { sector: 'energy', country: 'es' });
    expect(body).toMatchObject({ status: 'refused', reasonCode: 'DIFFERENCING_RISK', reasonFilter: 'country', measures: null, position: null, creditsLeft: 3 });
    expectPublishedCount(body.count, 11, K);
    expect(body.historyId).toBeUndefined();
    const [{ credits }] = await t.database.execute<{ credits: number }>('select credits from users where id = $1', [id]);
    expect(credits).toBe(3);
    const history = await t.database.execute('select * from search_history where user_id = $1', [id]);
    expect(history).toHaveLength(0);
    const ledger = await t.database.execute('select * from credit_ledger where user_id = $1', [id]);
    expect(ledger).toHaveLength(0);
    // The whole sector differs from the whole year by 30 people: allowed, and charged.
    const energy = await search(headers, { sector: 'energy' });
    expect(energy).toMatchObject({ status: 'ok', creditsLeft: 2 });
    expectPublishedCount(energy.count, 12, K);
  });

  it('treats a city as implying its country (country + city is the same group as the city)', async () => {
    const headers = await t.bearer(await insertUser(t.database, { roles: ['admin'] }), ['admin']);
    const withCountry = await search(headers, { sector: 'energy', country: 'es', city: 'madrid' });
    const cityOnly = await search(headers, { sector: 'energy', city: 'madrid' });
    // Madrid is all of Spain here, so both are refused for the same reason as sector + Spain.
    expect(withCountry).toMatchObject({ status: 'refused', reasonFilter: 'city' });
    expect(cityOnly).toMatchObject({ status: 'refused', reasonFilter: 'city' });
  });

  it('sees through conditions the whole group shares (every CEO here is in general management)', async () => {
    const headers = await t.bearer(await insertUser(t.database, { roles: ['admin'] }), ['admin']);
    // 10 general managers in insurance: allowed.
    const managers = await search(headers, { sector: 'insurance', functionalArea: 'general-management' });
    expect(managers).toMatchObject({ status: 'ok' });
    expectPublishedCount(managers.count, 10, K);
    // 8 CEOs: nested in the 10 general managers, and 2 apart, so refused although each single removal of the
    // filter as written (sector → all CEOs; level → all of insurance) changes the group by 0 or ≥ K.
    expect(await search(headers, { sector: 'insurance', positionLevel: 'ceo' })).toMatchObject({ status: 'refused', reasonFilter: 'positionLevel' });
  });
});
