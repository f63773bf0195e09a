// The outlier-pack simulator on the real app and database: who may call it; a calculation
// flags exactly what an independent computation here flags, on the forms the statistics count (verified
// accounts, minimum values); the impact overall and per group, with groups under K hidden; changing the rules
// drops the result; activation needs a result and takes effect at the next release only; the active pack cannot
// be deleted; every change lands in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForm, insertForms, insertUser, publishRelease } from './helpers/comparisonFixtures';

const K = 5;
const YEAR = 2025;

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await startTestApp();
  const adminUser = await t.createUser({ roles: ['admin'] });
  admin = await t.bearer(adminUser.id, ['admin']);
});
afterAll(async () => t?.close());

type Body = Record<string, any>;

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = admin) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function createPack(pack: Record<string, unknown>): Promise<Body> {
  const res = await call('POST', '/api/forms/outliers-packs', { pack: { name: 'pack', measure: 'fixedSalary', method: 'iqr', k: 1.5, groupBy: [], ...pack } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Calculates through the background job: 202 with the job, which completes; then the stored result. */
async function calculate(id: string): Promise<Body> {
  const res = await call('POST', '/api/forms/calculate-outliers-packs', { id });
  expect(res.statusCode, res.body).toBe(202);
  const { jobId, packId } = res.json();
  expect(packId).toBe(id);
  const job = await t.app.jobs.waitFor(jobId, 20_000);
  expect(job, JSON.stringify(job)).toMatchObject({ state: 'completed', result: { packId: id } });
  const result = await call('GET', `/api/forms/outliers-pack-result?id=${id}`);
  expect(result.statusCode, result.body).toBe(200);
  return result.json();
}

async function save(id: string, pack: Record<string, unknown>) {
  return call('POST', '/api/forms/outliers-packs', { id, pack });
}

/** Type-7 quantile written from its definition (not the app's code). */
function q7(values: number[], p: number): number {
  const x = [...values].sort((a, b) => a - b);
  const h = (x.length - 1) * p;
  const j = Math.floor(h);
  return j + 1 < x.length ? x[j] + (h - j) * (x[j + 1] - x[j]) : x[j];
}
const round100 = (v: number) => Math.round(v / 100) * 100;

async function flaggedIds(packId: string): Promise<string[]> {
  const rows = await t.database.execute<{ form_id: string }>('select form_id from outlier_exclusions where pack_id = $1 order by form_id', [packId]);
  return rows.map((r) => r.form_id);
}

async function audit(targetId: string): Promise<string[]> {
  const rows = await t.database.execute<{ action: string }>('select action from audit_log where target_id = $1 order by created_at, id', [targetId]);
  return rows.map((r) => r.action);
}

describe('permissions', () => {
  it('every outlier call: anonymous 401, member 403, corporate 403, admin 2xx', async () => {
    const pack = await createPack({ name: 'permissions' });
    const callers: Record<string, Record<string, string>> = {
      anonymous: {},
      member: await t.bearer((await t.createUser({ roles: ['member'] })).id, ['member']),
      corporate: await t.bearer((await t.createUser({ roles: ['corporate'] })).id, ['corporate']),
    };
    const requests: Array<[string, 'GET' | 'POST' | 'DELETE', string, object | undefined, number]> = [
      ['listOutlierPacks', 'GET', '/api/forms/outliers-packs-global', undefined, 200],
      ['saveOutlierPack', 'POST', '/api/forms/outliers-packs', { pack: { name: 'x', measure: 'fixedSalary', method: 'iqr', k: 1.5, groupBy: [] } }, 201],
      ['calculateOutlierPack', 'POST', '/api/forms/calculate-outliers-packs', { id: pack.id }, 202],
      ['getOutlierPackResult', 'GET', `/api/forms/outliers-pack-result?id=${pack.id}`, undefined, 200],
      ['listOutlierForms', 'GET', '/api/forms/outliers', undefined, 200],
      ['deleteOutlierPack', 'DELETE', `/api/forms/outliers-packs/${pack.id}`, undefined, 204],
    ];
    const table: string[] = [];
    for (const [name, method, url, payload, adminStatus] of requests) {
      const statuses = [];
      for (const headers of Object.values(callers)) statuses.push((await call(method, url, payload, headers)).statusCode);
      const answer = await call(method, url, payload, admin);
      statuses.push(answer.statusCode);
      if (answer.statusCode === 202) await t.app.jobs.waitFor(answer.json().jobId, 20_000);
      table.push(`${name}: ${statuses.join(' ')}`);
      expect(statuses, name).toEqual([401, 403, 403, adminStatus]);
    }
    expect(table).toHaveLength(6);
    // The refused calls changed nothing: the pack was deleted only by the admin's call (the last one).
    expect(await audit(pack.id)).toEqual(['outlierPack.create', 'outlierPack.calculate', 'outlierPack.delete']);
  });
});

describe('calculation', () => {
  /** Banking directors with a wide spread and two extremes; energy ones paid double; a tiny legal group. */
  const BANKING = [
    60_000 + 30_000,
    97_000,
    99_000,
    101_000,
    102_000,
    104_000,
    105_000,
    107_000,
    109_000,
    110_000,
    112_000,
    115_000,
    118_000,
    120_000,
    125_000,
    130_000,
    136_000,
    142_000,
    150_000,
    160_000,
    420_000,
    1_500_000,
  ];
  let banking: string[];
  let energy: string[];
  let legal: string[];
  let unverified: string;
  let belowMin: string;

  beforeAll(async () => {
    banking = await insertForms(t.database, BANKING.length, (i) => ({
      year: YEAR,
      sector: 'banking',
      fixedSalary: BANKING[i],
      annualBonus: 10_000 + i * 1_000,
    }));
    energy = await insertForms(t.database, BANKING.length, (i) => ({ year: YEAR, sector: 'energy', fixedSalary: BANKING[i] * 2 }));
    legal = await insertForms(t.database, 4, (i) => ({ year: YEAR, sector: 'legal', fixedSalary: [100_000, 110_000, 120_000, 9_000_000][i] }));
    // Not counted by the statistics, so never part of a calculation: an unverified account's form and one
    // under the minimum fixed salary (80,000 by default).
    unverified = await insertForm(t.database, {
      year: YEAR,
      sector: 'banking',
      fixedSalary: 50_000_000,
      userId: await insertUser(t.database, { emailVerified: false }),
    });
    belowMin = await insertForm(t.database, { year: YEAR, sector: 'banking', fixedSalary: 20_000 });
  });

  it('flags what an independent IQR computation per sector flags, among the counted forms only', async () => {
    const pack = await createPack({ name: 'IQR per sector', groupBy: ['sector'] });
    const result = await calculate(pack.id);

    const expected: string[] = [];
    const groups: Array<[string[], number[]]> = [
      [banking, BANKING],
      [energy, BANKING.map((v) => v * 2)],
    ];
    for (const [ids, values] of groups) {
      const q1 = q7(values, 0.25);
      const q3 = q7(values, 0.75);
      values.forEach((v, i) => {
        if (v < q1 - 1.5 * (q3 - q1) || v > q3 + 1.5 * (q3 - q1)) expected.push(ids[i]);
      });
    }
    // legal has 4 forms: too few for a rule, so its 9,000,000 stays.
    expect(expected).toHaveLength(4);
    expect(await flaggedIds(pack.id)).toEqual([...expected].sort());
    expect(await flaggedIds(pack.id)).not.toContain(unverified);
    expect(await flaggedIds(pack.id)).not.toContain(belowMin);

    const counted = [...BANKING, ...BANKING.map((v) => v * 2), 100_000, 110_000, 120_000, 9_000_000];
    const flaggedSet = new Set(expected);
    const allIds = [...banking, ...energy, ...legal];
    const kept = counted.filter((_, i) => !flaggedSet.has(allIds[i]));
    expect(result).toMatchObject({ packId: pack.id, excludedForms: 4, totalForms: counted.length });
    expect(result.medianBefore.fixedSalary).toBe(round100(q7(counted, 0.5)));
    expect(result.medianAfter.fixedSalary).toBe(round100(q7(kept, 0.5)));
    const fixed = result.impact.overall.find((m: Body) => m.measure === 'fixedSalary');
    expect(fixed.before).toEqual({ n: counted.length, median: round100(q7(counted, 0.5)), p90: round100(q7(counted, 0.9)), hidden: false });
    expect(fixed.after).toEqual({ n: kept.length, median: round100(q7(kept, 0.5)), p90: round100(q7(kept, 0.9)), hidden: false });

    // Per group: the legal sector (4 people) shows nothing but its flag count.
    const byGroup = Object.fromEntries(result.impact.groups.map((g: Body) => [g.values.sector, g]));
    expect(byGroup.legal).toEqual({ year: YEAR, values: { sector: 'legal' }, flagged: 0, hidden: true, ruleSkipped: true, measures: [] });
    const keptBanking = BANKING.filter((_, i) => !flaggedSet.has(banking[i]));
    expect(byGroup.banking.measures.find((m: Body) => m.measure === 'fixedSalary')).toEqual({
      measure: 'fixedSalary',
      before: { n: 22, median: round100(q7(BANKING, 0.5)), p90: round100(q7(BANKING, 0.9)), hidden: false },
      // 20 forms left: the p90 is still shown.
      after: {
        n: keptBanking.length,
        median: round100(q7(keptBanking, 0.5)),
        p90: keptBanking.length >= 20 ? round100(q7(keptBanking, 0.9)) : null,
        hidden: false,
      },
    });
    expect(JSON.stringify(result.impact)).not.toContain('9000000');

    // The list carries its summary.
    const list = (await call('GET', '/api/forms/outliers-packs-global')).json();
    expect(list.items.find((p: Body) => p.id === pack.id).lastResult).toEqual({ ...result, impact: undefined });

    // Calculating again changes nothing (the same flags, the same figures).
    const again = await calculate(pack.id);
    expect({ ...again, calculatedAt: null }).toEqual({ ...result, calculatedAt: null });
    expect(await flaggedIds(pack.id)).toEqual([...expected].sort());
  });

  it('z-score and percentile trim over the whole year match the independent computation', async () => {
    const counted = [...BANKING, ...BANKING.map((v) => v * 2), 100_000, 110_000, 120_000, 9_000_000];
    const allIds = [...banking, ...energy, ...legal];
    const mean = counted.reduce((a, b) => a + b, 0) / counted.length;
    const sd = Math.sqrt(counted.reduce((a, b) => a + (b - mean) ** 2, 0) / (counted.length - 1));
    const z = await createPack({ name: 'z', method: 'zscore', k: 2 });
    await calculate(z.id);
    expect(await flaggedIds(z.id)).toEqual(allIds.filter((_, i) => Math.abs(counted[i] - mean) > 2 * sd).sort());

    const p = await createPack({ name: 'p', method: 'percentile', k: 1, lowerPercentile: 5, upperPercentile: 95 });
    const result = await calculate(p.id);
    const low = q7(counted, 0.05);
    const high = q7(counted, 0.95);
    const expected = allIds.filter((_, i) => counted[i] < low || counted[i] > high).sort();
    expect(await flaggedIds(p.id)).toEqual(expected);
    expect(result.excludedForms).toBe(expected.length);
  });

  it('runs as a background job whose progress the admin follows through GET /api/jobs/{id}', async () => {
    const pack = await createPack({ name: 'job', groupBy: ['sector'] });
    const res = await call('POST', '/api/forms/calculate-outliers-packs', { id: pack.id });
    expect(res.statusCode).toBe(202);
    const { jobId } = res.json();
    const queued = await call('GET', `/api/jobs/${jobId}`);
    expect(queued.statusCode).toBe(200);
    expect(['queued', 'running', 'completed']).toContain(queued.json().state);
    await t.app.jobs.waitFor(jobId, 20_000);
    const done = (await call('GET', `/api/jobs/${jobId}`)).json();
    expect(done).toMatchObject({ state: 'completed', progress: { phase: 'storing', done: 1, total: 1 }, result: { packId: pack.id, excludedForms: 4 } });
    expect((await call('GET', `/api/forms/outliers-pack-result?id=${pack.id}`)).json().excludedForms).toBe(4);
  });

  it('validates the rules and refuses unknown packs', async () => {
    const bad = await call('POST', '/api/forms/outliers-packs', { pack: { name: 'p', measure: 'fixedSalary', method: 'percentile', k: 1, groupBy: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorCode: 'OUTLIER_PACK_INVALID', error: ['body.pack: percentiles_required'] });
    expect((await call('POST', '/api/forms/outliers-packs', { pack: { name: '', measure: 'fixedSalary', method: 'iqr', k: 1, groupBy: [] } })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', '/api/forms/outliers-packs', { pack: { name: 'x', measure: 'fixedSalary', method: 'iqr', k: 0, groupBy: [] } })).statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/forms/calculate-outliers-packs', { id: 'NOPACK00000000000000' })).statusCode).toBe(404);
    expect((await call('GET', '/api/forms/outliers-pack-result?id=NOPACK00000000000000')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/forms/outliers-packs/NOPACK00000000000000')).statusCode).toBe(404);
  });

  it('changed rules drop the previous result; a new name keeps it', async () => {
    const pack = await createPack({ name: 'rules', method: 'iqr', k: 1.5 });
    await calculate(pack.id);
    expect(await flaggedIds(pack.id)).not.toEqual([]);
    const renamed = await save(pack.id, { name: 'renamed', measure: 'fixedSalary', method: 'iqr', k: 1.5, groupBy: ['year'] });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().lastResult).not.toBeNull();
    const changed = await save(pack.id, { name: 'renamed', measure: 'fixedSalary', method: 'iqr', k: 3, groupBy: [] });
    expect(changed.json()).toMatchObject({ k: 3, lastResult: null });
    expect(await flaggedIds(pack.id)).toEqual([]);
    const result = await call('GET', `/api/forms/outliers-pack-result?id=${pack.id}`);
    expect(result.statusCode).toBe(404);
    expect(result.json().errorCode).toBe('OUTLIER_PACK_NOT_CALCULATED');
    expect(await audit(pack.id)).toEqual(['outlierPack.create', 'outlierPack.calculate', 'outlierPack.update', 'outlierPack.update']);
  });
});

describe('activation', () => {
  it('needs a result, leaves the flagged forms out from the next release only, and the active pack cannot be deleted', async () => {
    const year = 2024;
    const values = [
      100_000, 102_000, 104_000, 106_000, 108_000, 110_000, 112_000, 114_000, 116_000, 118_000, 120_000, 122_000, 124_000, 126_000, 128_000, 130_000, 132_000,
      134_000, 136_000, 138_000, 3_000_000, 4_000_000,
    ];
    const ids = await insertForms(t.database, values.length, (i) => ({ year, sector: 'consulting', fixedSalary: values[i] }));
    const first = await publishRelease(t.database, K);
    const filters = { year, sector: 'consulting' };
    const compare = async () => {
      const res = await call('POST', '/api/forms/comparation', { filters });
      expect(res.statusCode, res.body).toBe(200);
      const { historyId: _h, ...body } = res.json();
      return body as Body;
    };
    const before = await compare();
    expect(before.release.id).toBe(first.id);

    const pack = await createPack({ name: 'active one', groupBy: ['sector'] });
    const activateUncalculated = await save(pack.id, { name: 'active one', measure: 'fixedSalary', method: 'iqr', k: 1.5, groupBy: ['sector'], active: true });
    expect(activateUncalculated.statusCode).toBe(409);
    expect(activateUncalculated.json().errorCode).toBe('OUTLIER_PACK_NOT_CALCULATED');

    await calculate(pack.id);
    expect((await flaggedIds(pack.id)).filter((id) => ids.includes(id)).sort()).toEqual([ids[20], ids[21]].sort());
    const dataVersion = async () => (await t.database.execute<{ value: string }>(`select value from configs where key = 'dataVersion'`))[0]?.value;
    const versionBefore = await dataVersion();
    const activated = await save(pack.id, { name: 'active one', measure: 'fixedSalary', method: 'iqr', k: 1.5, groupBy: ['sector'], active: true });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().active).toBe(true);
    expect(await dataVersion()).not.toBe(versionBefore);

    // The current release still counts them: the comparison has not moved.
    expect(await compare()).toEqual(before);
    const outliers = (await call('GET', '/api/forms/outliers?limit=100')).json();
    expect(outliers.items.map((f: Body) => f.formId)).toEqual(expect.arrayContaining([ids[20], ids[21]]));
    expect(outliers.items.find((f: Body) => f.formId === ids[21])).toMatchObject({
      packId: pack.id,
      measure: 'fixedSalary',
      value: 4_000_000,
      side: 'high',
      surveyYear: year,
    });

    // The next release leaves them out.
    const second = await publishRelease(t.database, K);
    const after = await compare();
    expect(after.release.id).toBe(second.id);
    const inRelease = await t.database.execute<{ form_id: string }>('select form_id from release_forms where release_id = $1 and form_id = any($2::text[])', [
      second.id,
      ids,
    ]);
    expect(inRelease.map((r) => r.form_id).sort()).toEqual(ids.slice(0, 20).sort());
    const firstRows = await t.database.execute<{ n: number }>(
      'select count(*)::int as n from release_forms where release_id = $1 and form_id = any($2::text[])',
      [first.id, ids],
    );
    expect(firstRows[0].n).toBe(22);
    // Without the two extremes the mean falls from about 426,000 to about 119,000. Each published value carries its
    // person's secret factor, and the two extremes' factors alone move the first mean by tens of percent (a draw put
    // it at 299,700): the fall is asserted as more than half, which holds unless both factors are under 0.4.
    expect(before.measures.fixedSalary.mean).toBeGreaterThan(2 * after.measures.fixedSalary.mean);
    expect(after.measures.fixedSalary.mean).toBeLessThan(140_000);

    // One active pack: activating another deactivates this one.
    const other = await createPack({ name: 'other', method: 'zscore', k: 3 });
    await calculate(other.id);

    // The active pack cannot be deleted, nor its rules changed; a rename is fine.
    const refused = await call('DELETE', `/api/forms/outliers-packs/${pack.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('OUTLIER_PACK_ACTIVE_DELETE');
    expect((await save(pack.id, { name: 'active one', measure: 'fixedSalary', method: 'iqr', k: 2, groupBy: ['sector'] })).json().errorCode).toBe(
      'OUTLIER_PACK_ACTIVE',
    );
    expect((await save(pack.id, { name: 'active, renamed', measure: 'fixedSalary', method: 'iqr', k: 1.5, groupBy: ['sector'] })).json()).toMatchObject({
      active: true,
      name: 'active, renamed',
    });

    const switched = await save(other.id, { name: 'other', measure: 'fixedSalary', method: 'zscore', k: 3, groupBy: [], active: true });
    expect(switched.json().active).toBe(true);
    const packs = (await call('GET', '/api/forms/outliers-packs-global')).json().items as Body[];
    expect(packs.filter((p) => p.active).map((p) => p.id)).toEqual([other.id]);

    // Deactivated, it can be deleted (with its flags).
    const off = await save(other.id, { name: 'other', measure: 'fixedSalary', method: 'zscore', k: 3, groupBy: [], active: false });
    expect(off.json().active).toBe(false);
    expect((await call('GET', '/api/forms/outliers')).json()).toMatchObject({ items: [], total: 0 });
    expect((await call('DELETE', `/api/forms/outliers-packs/${pack.id}`)).statusCode).toBe(204);
    expect(await flaggedIds(pack.id)).toEqual([]);
    expect(await audit(pack.id)).toEqual([
      'outlierPack.create',
      'outlierPack.calculate',
      'outlierPack.activate',
      'outlierPack.update',
      'outlierPack.deactivate',
      'outlierPack.delete',
    ]);
    expect(await audit(other.id)).toEqual(['outlierPack.create', 'outlierPack.calculate', 'outlierPack.activate', 'outlierPack.deactivate']);
  });
});
