// A database infused by an older design (or another PERTURBATION_SECRET) is brought to this one at start
// (services/infusionUpgrade.ts), on the real app and database: every person's noise key derived again from the
// secret and their address; every kept release re-infused from its forms' money as entered, at the release's own
// exchange rates; a row whose form no longer counts deleted; the releases' revision raised, their design recorded
// and their stored figures deleted, so no surface serves a figure of the old design; once only per design and secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PERTURBATION_SECRET, type TestApp } from './helpers/testApp';
import { insertForm, insertUser } from './helpers/comparisonFixtures';
import { expectedPublication, rowInfusionFactors } from './helpers/publishedFigures';
import { bumpDataVersion } from '../../src/server/services/dataVersion';
import { aggregateKey, cutRelease, storeAggregate } from '../../src/server/services/releases';
import { upgradeInfusion } from '../../src/server/services/infusionUpgrade';
import { infusionKeyFingerprint, personNoiseKey } from '../../src/server/services/infusion';
import { INFUSION } from '../../src/domain/constants';

const K = 5;
const OTHER_SECRET = 'another-secret-of-at-least-32-characters!!';
/** The rate of the releases cut here; changed afterwards, so a re-infusion must take each release's own. */
const USD_RATE = 0.5;

let t: TestApp;
let admin: { authorization: string };
/** The releases cut here, oldest first; the first one's rows are gone (only the current and previous are kept). */
let sequences: number[];
let incompleteFormId: string;
let disabledFormId: string;
let editedFormId: string;

interface ReleaseRowWithForm {
  release_id: string;
  form_id: string;
  survey_year: number;
  record_key: number;
  fx: number;
  bn: number;
  df: number;
  email: string;
  noise_key: string;
  currency: string;
  fixed_salary: number;
  annual_bonus: number | null;
  deferred_compensation: number | null;
  rates: Record<string, number> | null;
}

/** Every row of the kept releases, with its form's money as entered, its person's address and key, its release's rates. */
async function keptRows(): Promise<ReleaseRowWithForm[]> {
  return t.database.execute<ReleaseRowWithForm>(
    `select r.release_id, r.form_id, r.survey_year, r.record_key, r.fx, r.bn, r.df, u.email, u.noise_key::text as noise_key, f.currency,
            f.fixed_salary, f.annual_bonus, f.deferred_compensation, s.settings -> 'rates' as rates
       from release_forms r join statistics_releases s on s.id = r.release_id
       join forms f on f.id = r.form_id join users u on u.id = f.user_id
      order by s.sequence, r.form_id`,
  );
}

async function releasesBySequence() {
  const rows = await t.database.execute<{ id: string; sequence: number; revision: number; infusion_design: number; current: boolean; aggregates: number }>(
    `select s.id, s.sequence, s.revision, s.infusion_design, s.current,
            (select count(*)::int from release_aggregates a where a.release_id = s.id) as aggregates
       from statistics_releases s order by s.sequence`,
  );
  return new Map(
    rows.map((r) => [Number(r.sequence), { ...r, revision: Number(r.revision), infusion_design: Number(r.infusion_design), aggregates: Number(r.aggregates) }]),
  );
}

/** Each kept row against its form's money × its release's rate × the twin's factors of this secret (relative 1e-9). */
function expectInfusedWith(rows: ReleaseRowWithForm[], secret: string): void {
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const rate = row.currency === 'EUR' ? 1 : row.rates![row.currency];
    if (row.currency !== 'EUR') expect(rate, `${row.currency} rate of release ${row.release_id}`).toBe(USD_RATE);
    const f = rowInfusionFactors(secret, personNoiseKey(secret, row.email), row.form_id, row);
    const expected = {
      fx: Number(row.fixed_salary) * rate * f.fx,
      bn: Number(row.annual_bonus ?? 0) * rate * f.bn,
      df: Number(row.deferred_compensation ?? 0) * rate * f.df,
    };
    for (const column of ['fx', 'bn', 'df'] as const) {
      const label = `${row.release_id} ${row.form_id} ${column}`;
      if (expected[column] === 0) expect(Number(row[column]), label).toBe(0);
      else expect(Math.abs(Number(row[column]) / expected[column] - 1), label).toBeLessThan(1e-9);
    }
  }
}

async function compare(filters: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/forms/comparation', headers: admin, payload: { filters } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.bearer(await insertUser(t.database, { roles: ['admin'] }), ['admin']);
  await t.database.execute(`insert into configs (key, value) values ('exchangeRates', $1) on conflict (key) do update set value = excluded.value`, [
    JSON.stringify([{ currency: 'USD', rateToEur: USD_RATE, date: '2026-01-02' }]),
  ]);
  // Twelve people with a form in each of two years (two of them paid in dollars), bonuses and some deferred pay.
  const formIds: string[] = [];
  for (let i = 0; i < 12; i++) {
    const userId = await insertUser(t.database);
    for (const year of [2024, 2025]) {
      const usd = i < 2;
      formIds.push(
        await insertForm(t.database, {
          userId,
          year,
          currency: usd ? 'USD' : 'EUR',
          fixedSalary: (usd ? 2 : 1) * (100_000 + i * 7_000 + (year - 2024) * 3_000),
          annualBonus: i % 3 === 0 ? 0 : 8_000 + i * 500,
          deferredCompensation: i % 4 === 0 ? 12_000 : 0,
        }),
      );
    }
  }
  [incompleteFormId, editedFormId, disabledFormId] = [formIds[5], formIds[7], formIds[9]];
  await bumpDataVersion(t.database);
  sequences = [];
  for (let cut = 0; cut < 3; cut++) {
    const outcome = await cutRelease(t.database, { threshold: K, secret: TEST_PERTURBATION_SECRET, trigger: 'admin', force: true, precompute: false });
    if (outcome.status !== 'cut') throw new Error('a forced cut is always made');
    sequences.push(outcome.release.sequence);
    // Stored figures of the release (a cut precomputes many; one is enough here, and a cut deletes the older ones).
    await storeAggregate(
      t.database,
      outcome.release.id,
      aggregateKey(2025, 'stored-before-the-upgrade', K),
      { status: 'not-enough-data', n: 0 },
      outcome.release.revision,
    );
  }
  // The previous release keeps figures stored while it was current (requests in flight may still read it).
  const [{ id: previousId, revision }] = await t.database.execute<{ id: string; revision: number }>(
    'select id, revision from statistics_releases where sequence = $1',
    [sequences[1]],
  );
  await storeAggregate(t.database, previousId, aggregateKey(2025, 'stored-while-current', K), { status: 'not-enough-data', n: 0 }, Number(revision));
});
afterAll(async () => t?.close());

describe('upgrading the noise infusion of a database', () => {
  it('re-keys every person and re-infuses every kept release with this design and secret; its old figures are gone', async () => {
    const before = await releasesBySequence();
    const [dropped, previous, current] = sequences;
    expect(before.get(current)).toMatchObject({ current: true, infusion_design: INFUSION.design });
    expect(before.get(current)!.aggregates).toBeGreaterThan(0);
    expect(before.get(previous)!.aggregates).toBeGreaterThan(0);
    // A figure served (and cached) before the upgrade.
    const servedBefore = await compare({ year: 2025 });

    // The database as an older design left it: no design recorded, other keys, other values in every kept release.
    await t.database.execute('delete from infusion_state');
    await t.database.execute(`update users set noise_key = floor(random() * 4503599627370496)::bigint`);
    for (const sequence of [previous, current]) {
      await t.database.execute(`update release_forms_r${sequence} set fx = fx * 1.3, bn = bn * 0.8, df = df * 1.1`);
    }
    await t.database.execute('update statistics_releases set infusion_design = 1');
    // Since the cuts: the rates changed (the releases keep theirs), one form was edited (its current money goes into
    // both kept releases), one became incomplete (its rows go).
    await t.database.execute(`update configs set value = $1 where key = 'exchangeRates'`, [
      JSON.stringify([{ currency: 'USD', rateToEur: 0.8, date: '2026-02-02' }]),
    ]);
    await t.database.execute('update forms set fixed_salary = fixed_salary + 4321, annual_bonus = 777 where id = $1', [editedFormId]);
    await t.database.execute(`update forms set status = 'in-progress' where id = $1`, [incompleteFormId]);
    // And one account was disabled: the release's own settings would not count its two forms today (their rows go).
    await t.database.execute('update users set disabled = true where id = (select user_id from forms where id = $1)', [disabledFormId]);
    const [{ people }] = await t.database.execute<{ people: number }>('select count(*)::int as people from users');

    const outcome = await upgradeInfusion(t.database, { secret: TEST_PERTURBATION_SECRET });
    expect(outcome.upgraded).toBe(true);
    expect(outcome.rekeyedPeople).toBe(Number(people));
    expect(outcome.reinfusedReleases).toEqual([
      { sequence: previous, rows: 21, removed: 3 },
      { sequence: current, rows: 21, removed: 3 },
    ]);

    // Every person's key is the one registration gives their address.
    const users = await t.database.execute<{ email: string; noise_key: string }>('select email, noise_key::text as noise_key from users');
    for (const user of users) expect(Number(user.noise_key), user.email).toBe(personNoiseKey(TEST_PERTURBATION_SECRET, user.email));
    expect(await t.database.execute('select design, key_fingerprint from infusion_state')).toEqual([
      { design: INFUSION.design, key_fingerprint: infusionKeyFingerprint(TEST_PERTURBATION_SECRET) },
    ]);

    // Every row of each kept release: its form's money as entered now, at the release's own rate, × the factors.
    const rows = await keptRows();
    expect(new Set(rows.map((r) => r.release_id))).toEqual(new Set([before.get(previous)!.id, before.get(current)!.id]));
    expectInfusedWith(rows, TEST_PERTURBATION_SECRET);
    expect(rows.some((r) => r.form_id === incompleteFormId)).toBe(false);
    expect(rows.some((r) => r.form_id === disabledFormId)).toBe(false);
    expect(rows.filter((r) => r.form_id === editedFormId)).toHaveLength(2);
    expect(rows.filter((r) => r.currency === 'USD')).toHaveLength(8);

    // The kept releases: revision raised, the design recorded, no stored figure left; the dropped one untouched.
    const after = await releasesBySequence();
    for (const sequence of [previous, current]) {
      expect(after.get(sequence)).toMatchObject({ revision: before.get(sequence)!.revision + 1, infusion_design: INFUSION.design, aggregates: 0 });
    }
    expect(after.get(dropped)).toMatchObject({ revision: before.get(dropped)!.revision, infusion_design: 1 });

    // What the API serves now is computed from the re-infused values (no figure cached before survives).
    const year2025 = rows.filter((r) => r.release_id === before.get(current)!.id && r.survey_year === 2025);
    const expected = expectedPublication(
      year2025.map((r) => ({ fixedSalary: Number(r.fx), annualBonus: Number(r.bn), deferredCompensation: Number(r.df), record_key: r.record_key })),
      K,
      t.config.secrets.perturbationSecret,
    );
    const servedAfter = await compare({ year: 2025 });
    expect(servedAfter.count).toBe(expected.count);
    expect(servedAfter.measures).toEqual(expected.measures);
    expect(servedAfter.measures).not.toEqual(servedBefore.measures);
    expect(servedAfter.release.id).toBe(before.get(current)!.id);
  });

  it('does nothing the second time with the same design and secret', async () => {
    const [rowsBefore, releasesBefore] = [await keptRows(), await releasesBySequence()];
    const keysBefore = await t.database.execute('select id, noise_key from users order by id');
    expect(await upgradeInfusion(t.database, { secret: TEST_PERTURBATION_SECRET })).toEqual({ upgraded: false, rekeyedPeople: 0, reinfusedReleases: [] });
    expect(await keptRows()).toEqual(rowsBefore);
    expect(await releasesBySequence()).toEqual(releasesBefore);
    expect(await t.database.execute('select id, noise_key from users order by id')).toEqual(keysBefore);
  });

  it('upgrades again for another secret: keys and values of that secret, and the current release precomputed again', async () => {
    const releasesBefore = await releasesBySequence();
    const [, previous, current] = sequences;
    const outcome = await upgradeInfusion(t.database, { secret: OTHER_SECRET, threshold: K });
    expect(outcome.upgraded).toBe(true);
    expect(outcome.reinfusedReleases).toEqual([
      { sequence: previous, rows: 21, removed: 0 },
      { sequence: current, rows: 21, removed: 0 },
    ]);
    const users = await t.database.execute<{ email: string; noise_key: string }>('select email, noise_key::text as noise_key from users');
    for (const user of users) {
      expect(Number(user.noise_key), user.email).toBe(personNoiseKey(OTHER_SECRET, user.email));
      expect(Number(user.noise_key), user.email).not.toBe(personNoiseKey(TEST_PERTURBATION_SECRET, user.email));
    }
    expectInfusedWith(await keptRows(), OTHER_SECRET);
    const after = await releasesBySequence();
    for (const sequence of [previous, current]) expect(after.get(sequence)!.revision).toBe(releasesBefore.get(sequence)!.revision + 1);
    // With the threshold, the current release's figures are computed again at once (from the new values).
    expect(after.get(current)!.aggregates).toBeGreaterThan(0);
    expect(after.get(previous)!.aggregates).toBe(0);
    expect((await t.database.execute<{ key_fingerprint: string }>('select key_fingerprint from infusion_state'))[0].key_fingerprint).toBe(
      infusionKeyFingerprint(OTHER_SECRET),
    );
  });
});
