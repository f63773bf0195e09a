// Noise infusion (services/infusion.ts, docs/statistics-and-privacy.md) on the real app and database: a
// release holds each form's money × its person's factor of the form's year × the form's jitter, exactly as the
// TypeScript twin computes them; a person's factor has a permanent part (the same in every year and for a person who
// registers again with the same address) and a yearly one; the three measures are drawn independently; log F is
// normal (no gap at 1) with the stated spread; the form's jitter changes when its money changes; the person always
// sees their own answers unchanged; production refuses a missing or short secret; and a cut racing an erasure loses
// nothing and fails nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertDemoForms } from '../../src/server/seed';
import { insertForm, insertUser, publishRelease } from './helpers/comparisonFixtures';
import { loadConfig, PERTURBATION_SECRET_MIN_LENGTH } from '../../src/server/config';
import { INFUSION, INFUSION_FACTOR_LOG_VARIANCE, INFUSION_LOG_VARIANCE } from '../../src/domain/constants';
import { normalCdf } from '../../src/domain/normal';
import { deleteAccount } from '../../src/server/services/users';
import { cutRelease } from '../../src/server/services/releases';
import { infusionFactors, personNoiseKey, type InfusedColumn } from '../../src/server/services/infusion';
import { rowInfusionFactors } from './helpers/publishedFigures';
import { seededRandom } from '../../src/server/db/demoForms';
import { TEST_PERTURBATION_SECRET } from './helpers/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const COLUMNS: InfusedColumn[] = ['fx', 'bn', 'df'];

interface ReleaseRow {
  form_id: string;
  user_id: string;
  survey_year: number;
  noise_key: string;
  currency: string;
  fixed_salary: number;
  annual_bonus: number | null;
  deferred_compensation: number | null;
  fx: number;
  bn: number;
  df: number;
}

/** The current release's rows of these people, with their forms' money as entered and their noise keys. */
async function releaseRows(userIds: string[]): Promise<ReleaseRow[]> {
  return t.database.execute<ReleaseRow>(
    `select f.id as form_id, f.user_id, f.survey_year, u.noise_key::text as noise_key, f.currency, f.fixed_salary, f.annual_bonus,
            f.deferred_compensation, r.fx, r.bn, r.df
       from forms f join users u on u.id = f.user_id
       join release_forms r on r.form_id = f.id join statistics_releases s on s.id = r.release_id and s.current
      where f.user_id = any($1::text[]) order by f.user_id, f.survey_year`,
    [userIds],
  );
}

/** log(release value / true value) of each measure of a release row. */
function logRatios(row: ReleaseRow): Record<InfusedColumn, number> {
  return {
    fx: Math.log(Number(row.fx) / Number(row.fixed_salary)),
    bn: Math.log(Number(row.bn) / Number(row.annual_bonus)),
    df: Math.log(Number(row.df) / Number(row.deferred_compensation)),
  };
}

/** The TypeScript twin's factors of a release row. */
function twinFactors(row: ReleaseRow, secret = TEST_PERTURBATION_SECRET): Record<InfusedColumn, number> {
  return rowInfusionFactors(secret, row.noise_key, row.form_id, row);
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sd = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
};
const correlation = (xs: number[], ys: number[]) => {
  const [mx, my] = [mean(xs), mean(ys)];
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i] - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
};

describe('a secret factor per person, measure and survey year, times the form’s jitter', () => {
  it('the release holds each form’s money × the factors the TypeScript twin computes, the same in every release; people differ', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => insertUser(t.database)));
    for (const userId of people) {
      for (const year of [2023, 2024, 2025]) {
        await insertForm(t.database, { userId, year, fixedSalary: 150_000, annualBonus: 20_000, deferredCompensation: 30_000 });
      }
    }
    await publishRelease(t.database);
    const first = await releaseRows(people);
    expect(first).toHaveLength(36);
    for (const row of first) {
      const f = twinFactors(row);
      for (const [column, truth] of [
        ['fx', row.fixed_salary],
        ['bn', row.annual_bonus],
        ['df', row.deferred_compensation],
      ] as const) {
        const expected = Number(truth) * f[column];
        expect(Math.abs(Number(row[column]) / expected - 1), `${row.form_id} ${column}`).toBeLessThan(1e-9);
      }
    }
    // A new release of the same forms: the very same values.
    await publishRelease(t.database);
    const again = await releaseRows(people);
    expect(again.map((r) => [r.form_id, Number(r.fx), Number(r.bn), Number(r.df)])).toEqual(
      first.map((r) => [r.form_id, Number(r.fx), Number(r.bn), Number(r.df)]),
    );
    // Every value moved, and no two forms share a factor.
    const ratios = first.flatMap((row) => Object.values(logRatios(row)));
    expect(ratios.every((r) => r !== 0)).toBe(true);
    expect(new Set(ratios.map((r) => r.toFixed(9))).size).toBe(ratios.length);
  });

  it('gives a person who registers again with the same address (the same noise key) the same factor of a year, up to the form’s jitter', async () => {
    const key = personNoiseKey(TEST_PERTURBATION_SECRET, 'returning.person@example.test');
    const [before, after] = [await insertUser(t.database), await insertUser(t.database)];
    await t.database.execute('update users set noise_key = $2 where id = any($1::text[])', [[before, after], key]);
    await insertForm(t.database, { userId: before, year: 2024, fixedSalary: 120_000, annualBonus: 9_000, deferredCompensation: 4_000 });
    await insertForm(t.database, { userId: before, year: 2025, fixedSalary: 120_000, annualBonus: 9_000, deferredCompensation: 4_000 });
    await insertForm(t.database, { userId: after, year: 2025, fixedSalary: 125_000, annualBonus: 10_000, deferredCompensation: 5_000 });
    await publishRelease(t.database);
    const rows = await releaseRows([before, after]);
    const of = (userId: string, year: number) => logRatios(rows.find((r) => r.user_id === userId && r.survey_year === year)!);
    for (const column of COLUMNS) {
      // Two forms of the same year: only the jitters differ.
      const sameYear = Math.abs(of(before, 2025)[column] - of(after, 2025)[column]);
      expect(sameYear, column).toBeLessThanOrEqual(2 * INFUSION.jitter + 1e-12);
      expect(sameYear, column).toBeGreaterThan(0);
    }
    for (const row of rows) expect(Number(row.fx) / (Number(row.fixed_salary) * twinFactors(row).fx)).toBeCloseTo(1, 9);
  });

  it('redraws the form’s jitter when its money changes, keeps the person’s factor, and shows the person their own answers unchanged', async () => {
    const userId = await insertUser(t.database);
    const formId = await insertForm(t.database, { userId, year: 2025, fixedSalary: 140_000, annualBonus: 10_000 });
    await publishRelease(t.database);
    const before = logRatios((await releaseRows([userId]))[0]).fx;
    await t.database.execute('update forms set fixed_salary = $2 where id = $1', [formId, 154_000]);
    await publishRelease(t.database);
    const after = logRatios((await releaseRows([userId]))[0]).fx;
    expect(after).not.toBe(before);
    expect(Math.abs(after - before)).toBeLessThanOrEqual(2 * INFUSION.jitter + 1e-12);
    // Back to the first pay: the first jitter again (drawn from the money, not from time).
    await t.database.execute('update forms set fixed_salary = $2 where id = $1', [formId, 140_000]);
    await publishRelease(t.database);
    expect(logRatios((await releaseRows([userId]))[0]).fx).toBeCloseTo(before, 12);
    // The person's own form, as the API gives it back: the true answers.
    const headers = await t.bearer(userId, ['member']);
    const res = await t.app.inject({ method: 'GET', url: `/api/forms/${formId}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json())).toContain('140000');
  });

  it('keys the factors with the secret: another secret gives other values for the same people', async () => {
    const userId = await insertUser(t.database);
    await insertForm(t.database, { userId, year: 2025, fixedSalary: 160_000 });
    await publishRelease(t.database, 5, TEST_PERTURBATION_SECRET);
    const [one] = await releaseRows([userId]);
    await publishRelease(t.database, 5, 'another-secret-of-at-least-32-characters!!');
    const [other] = await releaseRows([userId]);
    expect(logRatios(other).fx).not.toBeCloseTo(logRatios(one).fx, 6);
    expect(Number(other.fx) / (other.fixed_salary * twinFactors(other, 'another-secret-of-at-least-32-characters!!').fx)).toBeCloseTo(1, 9);
    await publishRelease(t.database, 5, TEST_PERTURBATION_SECRET);
  });
});

describe('the distribution of the factors over people (the TypeScript twin, equal to the cut’s SQL above)', () => {
  // 2000 people keyed as registration keys them (seeded addresses), each with a form in 2024 and 2025 and a second,
  // different form in 2025 (what a person who registers again with the same address would enter).
  const PEOPLE = 2000;
  const random = seededRandom(3636);
  const people = Array.from({ length: PEOPLE }, (_, i) => {
    const noiseKey = personNoiseKey(TEST_PERTURBATION_SECRET, `person${i}.${Math.floor(random() * 1e9)}@example.test`);
    const form = (id: string, surveyYear: number, fixedSalary: number) =>
      infusionFactors(
        TEST_PERTURBATION_SECRET,
        { noiseKey },
        { id, surveyYear, currency: 'EUR', fixedSalary, annualBonus: 12_000, deferredCompensation: 8_000 },
      );
    const logs = (f: Record<InfusedColumn, number>) => ({ fx: Math.log(f.fx), bn: Math.log(f.bn), df: Math.log(f.df) });
    return {
      y2024: logs(form(`form-${i}-2024`, 2024, 100_000 + i)),
      y2025: logs(form(`form-${i}-2025`, 2025, 100_000 + i)),
      again2025: logs(form(`again-${i}-2025`, 2025, 101_000 + i)),
    };
  });
  const logsOf = (year: 'y2024' | 'y2025' | 'again2025', column: InfusedColumn) => people.map((p) => p[year][column]);

  it('log F is centred on 0 with the stated spread √INFUSION_FACTOR_LOG_VARIANCE (within 10 %), in every measure', () => {
    for (const column of COLUMNS) {
      const logs = logsOf('y2025', column);
      expect(Math.abs(mean(logs)), column).toBeLessThan((4 * Math.sqrt(INFUSION_LOG_VARIANCE)) / Math.sqrt(PEOPLE));
      expect(Math.abs(sd(logs) / Math.sqrt(INFUSION_FACTOR_LOG_VARIANCE) - 1), column).toBeLessThan(0.1);
    }
  });

  it('draws the three measures independently: no correlation of their log factors across people', () => {
    for (const [a, b] of [
      ['fx', 'bn'],
      ['fx', 'df'],
      ['bn', 'df'],
    ] as const) {
      expect(Math.abs(correlation(logsOf('y2025', a), logsOf('y2025', b))), `${a} ${b}`).toBeLessThan(0.1);
    }
  });

  it('keeps a permanent part: a person’s log factors of two years correlate as permanent² / (permanent² + yearly²)', () => {
    // The forms' jitters (variance jitter² / 3 each) dilute it a little; the sampling error of r is about 0.005 here.
    const expected = INFUSION.permanent ** 2 / (INFUSION.permanent ** 2 + INFUSION.yearly ** 2 + INFUSION.jitter ** 2 / 3);
    expect(Math.abs(expected - INFUSION.permanent ** 2 / (INFUSION.permanent ** 2 + INFUSION.yearly ** 2))).toBeLessThan(0.01);
    for (const column of COLUMNS) {
      expect(Math.abs(correlation(logsOf('y2024', column), logsOf('y2025', column)) - expected), column).toBeLessThan(0.03);
    }
  });

  it('differs between years by the yearly part: the change of a person’s log factor has the spread √2 × yearly (and the jitters)', () => {
    const expected = Math.sqrt(2 * INFUSION.yearly ** 2 + (2 * INFUSION.jitter ** 2) / 3);
    for (const column of COLUMNS) {
      const change = people.map((p) => p.y2025[column] - p.y2024[column]);
      expect(Math.abs(sd(change) / expected - 1), column).toBeLessThan(0.1);
    }
  });

  it('is the same for two forms of one person and year up to the forms’ jitters', () => {
    for (const column of COLUMNS) {
      const differences = people.map((p) => Math.abs(p.again2025[column] - p.y2025[column]));
      expect(Math.max(...differences), column).toBeLessThanOrEqual(2 * INFUSION.jitter + 1e-12);
      expect(Math.min(...differences), column).toBeGreaterThan(0);
    }
  });

  it('has no gap at 1: as many people as the normal says have a factor within 5 % of 1', () => {
    // P(|log F + log J| < 0.05): log F normal, log J uniform in ±jitter (averaged over a fine grid of it).
    const factorSd = Math.sqrt(INFUSION_FACTOR_LOG_VARIANCE);
    const steps = 400;
    let expected = 0;
    for (let i = 0; i < steps; i++) {
      const u = INFUSION.jitter * (((i + 0.5) / steps) * 2 - 1);
      expected += (normalCdf((0.05 - u) / factorSd) - normalCdf((-0.05 - u) / factorSd)) / steps;
    }
    expect(expected).toBeGreaterThan(0.05);
    for (const column of COLUMNS) {
      const share = logsOf('y2025', column).filter((v) => Math.abs(v) < 0.05).length / PEOPLE;
      expect(Math.abs(share - expected), column).toBeLessThan(0.03);
    }
  });
});

describe('production secret', () => {
  const base = { NODE_ENV: 'production', TOKEN_SECRET: 'z'.repeat(40), DATA_DIR: '/tmp/paybench-config-test' };
  it('refuses to start without PERTURBATION_SECRET, or with a short one, naming it', () => {
    expect(() => loadConfig(base)).toThrow(/PERTURBATION_SECRET must be set in production/);
    expect(() => loadConfig({ ...base, PERTURBATION_SECRET: 'short' })).toThrow(
      new RegExp(`PERTURBATION_SECRET must be at least ${PERTURBATION_SECRET_MIN_LENGTH} characters`),
    );
    expect(loadConfig({ ...base, PERTURBATION_SECRET: 'p'.repeat(PERTURBATION_SECRET_MIN_LENGTH) }).secrets.perturbationSecret).toHaveLength(
      PERTURBATION_SECRET_MIN_LENGTH,
    );
  });
});

describe('a cut racing an erasure', () => {
  it('loses nothing and fails nothing: the erasure waits for the cut (or the cut for it), and the person is in no release', async () => {
    await insertDemoForms(t.database, 3_000, { seed: 2525 });
    for (let round = 0; round < 3; round++) {
      const userId = await insertUser(t.database);
      for (const year of [2024, 2025]) await insertForm(t.database, { userId, year, fixedSalary: 170_000 });
      await publishRelease(t.database);
      const [{ email }] = await t.database.execute<{ email: string }>('select email from users where id = $1', [userId]);
      const cut = cutRelease(t.database, { threshold: 5, secret: TEST_PERTURBATION_SECRET, trigger: 'admin', force: true, precompute: false });
      // The erasure starts while the cut copies the forms (a few milliseconds in).
      await new Promise((resolve) => setTimeout(resolve, 5 + round * 10));
      const erasure = t.database.transaction((tx) => deleteAccount(tx, { id: userId, email, email_verified: true, roles: ['member'], company_id: null }));
      const [outcome] = await Promise.all([cut, erasure]);
      expect(outcome.status).toBe('cut');
      const left = await t.database.execute<{ n: number }>(
        `select count(*)::int as n from release_forms r join forms f on f.id = r.form_id where f.user_id = $1`,
        [userId],
      );
      expect(Number(left[0].n)).toBe(0);
      const orphans = await t.database.execute<{ n: number }>(
        `select count(*)::int as n from release_forms r where not exists (select 1 from forms f where f.id = r.form_id)`,
      );
      expect(Number(orphans[0].n)).toBe(0);
    }
  }, 120_000);
});
