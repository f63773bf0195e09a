// Noise infusion (services/infusion.ts, docs/statistics-and-privacy.md) on the real app and database: a person's
// factor travels with the person (every form, every year, every release), the form's jitter changes when its money
// changes, the person always sees their own answers unchanged, production refuses a missing or short secret, and a
// cut racing an erasure loses nothing and fails nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertDemoForms } from '../../src/server/db/seed';
import { insertForm, insertUser, publishRelease } from './helpers/comparisonFixtures';
import { loadConfig, PERTURBATION_SECRET_MIN_LENGTH } from '../../src/server/config';
import { INFUSION } from '../../src/domain/constants';
import { deleteAccount } from '../../src/server/services/users';
import { cutRelease } from '../../src/server/services/releases';
import { TEST_PERTURBATION_SECRET } from './helpers/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** log(release value / true value) of the fixed salary of each of a person's forms in the current release. */
async function logRatios(userId: string): Promise<Map<number, number>> {
  const rows = await t.database.execute<{ survey_year: number; fx: number; fixed_salary: number }>(
    `select f.survey_year, r.fx, f.fixed_salary from forms f
       join release_forms r on r.form_id = f.id join statistics_releases s on s.id = r.release_id and s.current
      where f.user_id = $1`,
    [userId],
  );
  return new Map(rows.map((r) => [r.survey_year, Math.log(Number(r.fx) / r.fixed_salary)]));
}

describe('a secret factor that travels with each person', () => {
  it('is the same in all of a person’s forms, years and releases; only the jitter differs; other people differ', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => insertUser(t.database)));
    for (const userId of people) {
      for (const year of [2023, 2024, 2025]) await insertForm(t.database, { userId, year, fixedSalary: 150_000, annualBonus: 20_000 });
    }
    await publishRelease(t.database);
    const first = await Promise.all(people.map(logRatios));
    await publishRelease(t.database);
    const again = await Promise.all(people.map(logRatios));
    const persons: number[] = [];
    for (const [i, ratios] of first.entries()) {
      const values = [...ratios.values()];
      expect(values).toHaveLength(3);
      // One person: every form within twice the jitter of every other (the factor is shared).
      expect(Math.max(...values) - Math.min(...values), `person ${i}`).toBeLessThanOrEqual(2 * INFUSION.jitter + 1e-12);
      // Never near the truth, and bounded: factorMin − jitter ≤ |log F + log J| ≤ factorMax + jitter.
      for (const v of values) expect(Math.abs(v)).toBeGreaterThanOrEqual(INFUSION.factorMin - INFUSION.jitter - 1e-12);
      for (const v of values) expect(Math.abs(v)).toBeLessThanOrEqual(INFUSION.factorMax + INFUSION.jitter + 1e-12);
      // A new release of the same forms: the very same values.
      expect([...again[i].entries()]).toEqual([...ratios.entries()]);
      persons.push(values.reduce((s, v) => s + v, 0) / 3);
    }
    // Different people get different factors, in both directions.
    expect(new Set(persons.map((p) => p.toFixed(6))).size).toBe(persons.length);
    expect(persons.some((p) => p > 0)).toBe(true);
    expect(persons.some((p) => p < 0)).toBe(true);
  });

  it('redraws the form’s jitter when its money changes, keeps the person’s factor, and shows the person their own answers unchanged', async () => {
    const userId = await insertUser(t.database);
    const formId = await insertForm(t.database, { userId, year: 2025, fixedSalary: 140_000, annualBonus: 10_000 });
    await publishRelease(t.database);
    const before = (await logRatios(userId)).get(2025)!;
    await t.database.execute('update forms set fixed_salary = $2 where id = $1', [formId, 154_000]);
    await publishRelease(t.database);
    const after = (await logRatios(userId)).get(2025)!;
    expect(after).not.toBe(before);
    expect(Math.abs(after - before)).toBeLessThanOrEqual(2 * INFUSION.jitter + 1e-12);
    // Back to the first pay: the first jitter again (drawn from the money, not from time).
    await t.database.execute('update forms set fixed_salary = $2 where id = $1', [formId, 140_000]);
    await publishRelease(t.database);
    expect((await logRatios(userId)).get(2025)).toBeCloseTo(before, 12);
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
    const one = (await logRatios(userId)).get(2025)!;
    await publishRelease(t.database, 5, 'another-secret-of-at-least-32-characters!!');
    const other = (await logRatios(userId)).get(2025)!;
    expect(other).not.toBeCloseTo(one, 6);
    await publishRelease(t.database, 5, TEST_PERTURBATION_SECRET);
  });
});

describe('production secret', () => {
  const base = { NODE_ENV: 'production', TOKEN_SECRET: 'z'.repeat(40), DATA_DIR: '/tmp/paybench-config-test' };
  it('refuses to start without PERTURBATION_SECRET, or with a short one, naming it', () => {
    expect(() => loadConfig(base)).toThrow(/PERTURBATION_SECRET must be set in production/);
    expect(() => loadConfig({ ...base, PERTURBATION_SECRET: 'short' })).toThrow(new RegExp(`PERTURBATION_SECRET must be at least ${PERTURBATION_SECRET_MIN_LENGTH} characters`));
    expect(loadConfig({ ...base, PERTURBATION_SECRET: 'p'.repeat(PERTURBATION_SECRET_MIN_LENGTH) }).secrets.perturbationSecret).toHaveLength(PERTURBATION_SECRET_MIN_LENGTH);
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
      const erasure = t.database.transaction((tx) => deleteAccount(tx, { id: userId, email, email_verified: true }));
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
