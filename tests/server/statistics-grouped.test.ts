// The grouped statement of the insights (services/statistics.ts compareGroups: the entries of a ranking in one
// statement) gives every group exactly the figures of the comparison's own statement (compareGroup): the same size,
// cell key, percentiles, interval, closure and anti-differencing outcome. An evolution's years are computed one
// statement per year, through the same function.
// Checked over families of every shape on generated data with groups of all sizes (under K, refused, published).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { publishRelease } from './helpers/comparisonFixtures';
import { insertDemoForms } from '../../src/server/seed';
import { compareGroup, compareGroups, groupedStatement, type RawComparison } from '../../src/server/services/statistics';
import { FIELD_OPTIONS, SqlParams, conditionSql, fieldSql, peerGroup, type ComparisonFilters, type GroupField } from '../../src/server/services/peerGroup';
import { EXPERIENCE_BANDS, experienceBand } from '../../src/domain/questionnaire';
import type { Release } from '../../src/server/services/releases';

const K = 5;
let t: TestApp;
let release: Release;
let latestYear: number;
let years: number[];

beforeAll(async () => {
  t = await startTestApp();
  await insertDemoForms(t.database, 2500, { seed: 7171 });
  release = await publishRelease(t.database, K);
  years = Object.keys(release.years).map(Number).sort();
  latestYear = years[years.length - 1];
});
afterAll(async () => t?.close());

/** Equal, but for the mean and root-mean-square, which PostgreSQL may sum in another order (last bits only). */
function expectSame(grouped: RawComparison, single: RawComparison, label: string) {
  if (grouped.status !== 'ok' || single.status !== 'ok') {
    expect(grouped, label).toEqual(single);
    return;
  }
  const strip = (raw: typeof grouped) => ({
    ...raw,
    measures: Object.fromEntries(Object.entries(raw.measures).map(([m, s]) => [m, { ...s, mean: null, rms: null }])),
  });
  expect(strip(grouped), label).toEqual(strip(single));
  for (const [measure, s] of Object.entries(grouped.measures)) {
    const other = single.measures[measure as keyof typeof single.measures];
    expect(s.mean === null ? null : s.mean / (other.mean || 1), `${label} ${measure} mean`).toBeCloseTo(
      other.mean === null ? (null as never) : other.mean / (other.mean || 1),
      9,
    );
    expect(s.rms / (other.rms || 1), `${label} ${measure} rms`).toBeCloseTo(other.rms / (other.rms || 1), 9);
  }
}

const statuses: Record<string, number> = {};

async function checkFamily(filtersOf: Array<ComparisonFilters & { year: number }>, label: string, grouped = true) {
  const groups = filtersOf.map((f) => peerGroup(f, f.year));
  // A family (one field's value varies) really is computed in one statement; years are not.
  if (grouped) expect(groupedStatement({ releaseId: release.id, threshold: K, groups }), label).not.toBeNull();
  else expect(groupedStatement({ releaseId: release.id, threshold: K, groups }), label).toBeNull();
  const results = await compareGroups(t.database, { releaseId: release.id, threshold: K, groups });
  for (const [i, group] of groups.entries()) {
    const single = await compareGroup(t.database, { releaseId: release.id, threshold: K, year: group.year, conditions: group.conditions });
    expectSame(results[i], single, `${label} ${JSON.stringify(filtersOf[i])}`);
    statuses[single.status] = (statuses[single.status] ?? 0) + 1;
  }
}

const ranked = (field: GroupField, base: ComparisonFilters, year = () => latestYear) =>
  FIELD_OPTIONS[field].map((value) => ({ ...base, [field]: value, year: year() }));

describe('compareGroups gives each group the figures of compareGroup', () => {
  it('ranks of one field (the insights), with and without other conditions', async () => {
    await checkFamily(ranked('country', {}), 'country');
    await checkFamily(ranked('sector', { country: 'es' }), 'sector in es');
    await checkFamily(ranked('sector', { country: 'es', positionLevel: 'manager' }), 'sector in es, manager');
    await checkFamily(ranked('country', { sector: 'banking' }), 'country in banking');
    await checkFamily(ranked('country', { positionLevel: 'manager', sector: 'technology' }), 'country in technology, manager');
    await checkFamily(ranked('city', {}), 'city');
    await checkFamily(ranked('city', { positionLevel: 'manager' }), 'city, manager');
    await checkFamily(ranked('positionLevel', { country: 'fr' }), 'level in fr');
    await checkFamily(ranked('gender', { country: 'es', sector: 'banking' }), 'gender in es banking');
    await checkFamily(ranked('experienceBand', { country: 'de' }), 'experience in de');
  });

  it('years (evolution), one statement each, with no, one and several conditions', async () => {
    const each = (filters: ComparisonFilters) => years.map((year) => ({ ...filters, year }));
    await checkFamily(each({}), 'years', false);
    await checkFamily(each({ sector: 'banking' }), 'years, banking', false);
    await checkFamily(each({ sector: 'banking', positionLevel: 'manager' }), 'years, banking manager', false);
    await checkFamily(each({ city: 'madrid', companyType: 'private' }), 'years, madrid private', false);
    await checkFamily(each({ country: 'es', gender: 'female', experienceBand: '10-15' }), 'years, es female 10-15', false);
  });

  it('covered every outcome: published, refused (anti-differencing) and under K', () => {
    expect(statuses.ok).toBeGreaterThan(0);
    expect(statuses.refused).toBeGreaterThan(0);
    expect(statuses['not-enough-data']).toBeGreaterThan(0);
  });

  it('computes groups that are not one family one by one', async () => {
    const groups = [peerGroup({ sector: 'banking' }, latestYear), peerGroup({ country: 'es' }, latestYear - 1)];
    expect(groupedStatement({ releaseId: release.id, threshold: K, groups })).toBeNull();
    const grouped = await compareGroups(t.database, { releaseId: release.id, threshold: K, groups });
    for (const [i, group] of groups.entries()) {
      expect(grouped[i]).toEqual(await compareGroup(t.database, { releaseId: release.id, threshold: K, year: group.year, conditions: group.conditions }));
    }
  });
});

describe('the SQL of the experience band (written from the bands table of src/domain)', () => {
  const years = [null, 0, 4, 5, 9, 10, 14, 15, 19, 20, 45];
  const yearsTable = 'unnest($1::int[]) with ordinality as t(years_experience, i)';

  it('gives each number of years the band experienceBand gives it (null for none)', async () => {
    const rows = await t.database.execute<{ band: string | null }>(`select ${fieldSql('experienceBand', 't')} as band from ${yearsTable} order by t.i`, [
      years,
    ]);
    expect(rows.map((row) => row.band)).toEqual(years.map((y) => (y === null ? null : experienceBand(y))));
  });

  it('selects exactly the years of a band with its condition', async () => {
    for (const band of EXPERIENCE_BANDS) {
      const params = new SqlParams();
      params.add(years);
      const rows = await t.database.execute<{ y: number }>(
        `select t.years_experience as y from ${yearsTable} where ${conditionSql('experienceBand', band, 't', params)} order by t.i`,
        params.values,
      );
      expect(
        rows.map((row) => Number(row.y)),
        band,
      ).toEqual(years.filter((y) => y !== null && experienceBand(y) === band));
    }
  });
});
