// Data quality on the real app and database: GET forms/test reports what needs attention
// (completed forms breaking the questionnaire's rules, stored columns out of date with the answers, more than one
// form per person and year, stale drafts, currencies without a rate, forms the minimum values leave out) with
// counts, breakdowns and form ids; POST forms/run-deferred-compensation-script rewrites the stored columns from
// the answers as a background job with progress, reports what it changed, is idempotent (a second run and a run
// after an interruption change nothing more) and is audited. Both calls are for admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForm } from './helpers/comparisonFixtures';
import { COMPLETE_ANSWERS } from '../fixtures/answers';
import { currentYear } from '../../src/domain/constants';
import { readDataVersion } from '../../src/server/services/dataVersion';
import { recomputeDerivedColumns } from '../../src/server/services/dataQuality';
import type { Role } from '../../src/server/auth/accessToken';

const YEAR = currentYear();
let t: TestApp;
let admin: { id: string; email: string; headers: { authorization: string } };

beforeAll(async () => {
  t = await startTestApp();
  const user = await t.createUser({ roles: ['admin'] });
  admin = { id: user.id, email: user.email, headers: await t.bearer(user.id, ['admin']) };
});
afterAll(async () => t?.close());

/** A verified member completes this year's questionnaire through the API (valid answers, columns from them). */
async function completeThroughApi(answers: Record<string, unknown> = {}) {
  const member = await t.createUser();
  const headers = await t.bearer(member.id, ['member']);
  const { email: _email, ...base } = COMPLETE_ANSWERS;
  const created = await t.app.inject({ method: 'POST', url: '/api/forms', payload: { ...base, ...answers }, headers });
  expect(created.statusCode, created.body).toBe(201);
  const completed = await t.app.inject({ method: 'PUT', url: `/api/forms/${created.json().id}`, payload: { complete: true }, headers });
  expect(completed.statusCode, completed.body).toBe(200);
  return { userId: member.id, email: member.email, formId: created.json().id as string };
}

async function report(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/forms/test${query}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const breakdownOf = (check: { breakdown: Array<{ key: string; count: number }> }) => Object.fromEntries(check.breakdown.map((b) => [b.key, b.count]));

async function runScript() {
  const res = await t.app.inject({ method: 'POST', url: '/api/forms/run-deferred-compensation-script', headers: admin.headers });
  expect(res.statusCode, res.body).toBe(202);
  const { jobId } = res.json();
  await t.app.jobs.waitFor(jobId, 60_000);
  const job = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: admin.headers });
  expect(job.statusCode).toBe(200);
  return job.json();
}

describe('the report and the script on one data set', () => {
  let valid: string;
  let edited: string;
  let stale: string;
  const corrupted: string[] = [];

  beforeAll(async () => {
    valid = (await completeThroughApi()).formId;
    // An answer changed by hand (an import, a fix in the database): out of the questionnaire's range, and the
    // stored money no longer matches it.
    edited = (await completeThroughApi()).formId;
    await t.database.execute(`update forms set answers = answers || '{"fixedSalary": 9000000}'::jsonb where id = $1`, [edited]);
    // Stored columns changed without the answers: the script puts them back.
    for (const column of ['deferred_compensation = 99', 'annual_bonus = null, sector = null']) {
      const { formId } = await completeThroughApi();
      await t.database.execute(`update forms set ${column} where id = $1`, [formId]);
      corrupted.push(formId);
    }
    // The same person twice in one year (a draft of the account's address besides the account's form).
    const twice = await completeThroughApi();
    const duplicate = await insertForm(t.database, { userId: null, year: YEAR, status: 'in-progress', fixedSalary: 100_000 });
    await t.database.execute('update forms set email = $2 where id = $1', [duplicate, twice.email.toUpperCase()]);
    corrupted.push(twice.formId, duplicate);
    // A draft left for 40 days.
    stale = await insertForm(t.database, { userId: null, year: YEAR, status: 'in-progress', fixedSalary: 100_000 });
    await t.database.execute(`update forms set updated_at = now() - interval '40 days' where id = $1`, [stale]);
    // A completed form in dollars with no exchange rate, and one below the minimum values set below.
    await insertForm(t.database, { year: YEAR, currency: 'USD', fixedSalary: 200_000 });
    await insertForm(t.database, { year: YEAR, fixedSalary: 100_000, annualBonus: 0 });
    const min = await t.app.inject({
      method: 'PATCH',
      url: '/api/forms/configs/min-values',
      headers: admin.headers,
      payload: { minFixed: 120_000, compTotal: 80_000, deferredMax: 100_000_000 },
    });
    expect(min.statusCode).toBe(200);
  });

  it('reports each problem with its count, breakdown and forms', async () => {
    const body = await report();
    const { checks } = body;
    expect(body.staleDraftDays).toBe(30);
    expect(body.lastScriptRun).toBeNull();
    expect(body.totalForms).toBe(Number((await t.database.execute<{ n: number }>('select count(*)::int as n from forms'))[0].n));

    // The rules: the edited form's fixed salary is above the questionnaire's maximum.
    expect(checks.inconsistentValues.formIds).toContain(edited);
    expect(checks.inconsistentValues.formIds).not.toContain(valid);
    expect(breakdownOf(checks.inconsistentValues)['fixedSalary:tooLarge']).toBe(1);

    expect(checks.derivedOutOfDate.formIds.sort()).toEqual([edited, ...corrupted.slice(0, 2)].sort());
    expect(breakdownOf(checks.derivedOutOfDate)).toEqual({ fixedSalary: 1, deferredCompensation: 1, annualBonus: 1, sector: 1 });

    expect(checks.duplicatePerPersonYear).toMatchObject({ count: 2, breakdown: [{ key: String(YEAR), count: 2 }] });
    expect(checks.duplicatePerPersonYear.formIds.sort()).toEqual(corrupted.slice(2).sort());

    expect(checks.staleDrafts.formIds).toEqual([stale]);
    expect((await report('?staleDraftDays=60')).checks.staleDrafts.count).toBe(0);

    expect(checks.currencyWithoutRate).toMatchObject({ count: 1, breakdown: [{ key: 'USD', count: 1 }] });
    // Below the 120,000 minimum: the completed 100,000 form (drafts are not checked).
    expect(breakdownOf(checks.excludedByMinValues)).toEqual({ minFixed: 1 });
    const year = body.years.find((y: { year: number }) => y.year === YEAR);
    expect(year).toMatchObject({ excludedByMinValues: 1, excludedByOutliers: 0 });
    expect(year.inProgress).toBe(2);
  });

  it('refuses a bad number of days', async () => {
    for (const days of ['0', '4000', 'x']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/forms/test?staleDraftDays=${days}`, headers: admin.headers });
      expect(res.statusCode, days).toBe(400);
    }
  });

  it('rewrites the out-of-date columns from the answers as a job with progress, once, and audits it', async () => {
    const versionBefore = await readDataVersion(t.database);
    const job = await runScript();
    expect(job).toMatchObject({ name: 'deferred-compensation-script', state: 'completed', error: null });
    const total = Number((await t.database.execute<{ n: number }>('select count(*)::int as n from forms'))[0].n);
    expect(job.progress).toEqual({ done: total, total, phase: 'recomputing' });
    expect(job.result).toMatchObject({
      processedForms: total,
      updatedForms: 3,
      changedColumns: { fixedSalary: 1, deferredCompensation: 1, annualBonus: 1, sector: 1 },
    });
    expect(job.result.updatedFormIds.sort()).toEqual([edited, ...corrupted.slice(0, 2)].sort());
    expect(job.result.dataVersion).not.toBe(versionBefore);

    const rows = await t.database.execute<{
      id: string;
      fixed_salary: number;
      annual_bonus: number | null;
      deferred_compensation: number | string;
      sector: string | null;
    }>('select id, fixed_salary, annual_bonus, deferred_compensation, sector from forms where id = any($1)', [[edited, ...corrupted.slice(0, 2)]]);
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId[edited].fixed_salary).toBe(9_000_000);
    expect(Number(byId[corrupted[0]].deferred_compensation)).toBe(COMPLETE_ANSWERS.deferredCompensation);
    expect(byId[corrupted[1]]).toMatchObject({ annual_bonus: COMPLETE_ANSWERS.annualBonus, sector: COMPLETE_ANSWERS.sector });
    const after = await report();
    expect(after.checks.derivedOutOfDate.count).toBe(0);
    expect(after.lastScriptRun).toMatchObject({
      actorEmail: admin.email,
      result: { updatedForms: 3, processedForms: total, dataVersion: job.result.dataVersion },
    });

    const [audit] = await t.database.execute<{ actor_id: string; action: string; target_id: string; after: { updatedForms: number } }>(
      `select actor_id, action, target_id, after from audit_log where action = 'script.deferredCompensation'`,
    );
    expect(audit).toMatchObject({ actor_id: admin.id, target_id: job.id, after: { updatedForms: 3 } });

    // A second run changes nothing, not even the data version.
    const again = await runScript();
    expect(again.id).not.toBe(job.id);
    expect(again.result).toMatchObject({ processedForms: total, updatedForms: 0, changedColumns: {}, updatedFormIds: [], dataVersion: job.result.dataVersion });
  });

  it('leaves a run interrupted between batches to be run again with no double change', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await completeThroughApi({ deferredCompensation: 20_000 + i })).formId);
    await t.database.execute('update forms set deferred_compensation = 1 where id = any($1)', [ids]);
    const controller = new AbortController();
    await expect(
      recomputeDerivedColumns(t.database, {
        batchSize: 2,
        signal: controller.signal,
        progress: async () => controller.abort(),
      }),
    ).rejects.toThrow();
    // The batches before the interruption committed; the rerun changes only what is left.
    const rerun = await recomputeDerivedColumns(t.database, { batchSize: 2 });
    expect(rerun.updatedForms).toBeLessThanOrEqual(3);
    const rows = await t.database.execute<{ deferred_compensation: number | string }>(
      'select deferred_compensation from forms where id = any($1) order by deferred_compensation',
      [ids],
    );
    expect(rows.map((row) => Number(row.deferred_compensation))).toEqual([20_000, 20_001, 20_002]);
    expect((await recomputeDerivedColumns(t.database, { batchSize: 2 })).updatedForms).toBe(0);
  });
});

describe('permissions', () => {
  const cases: Array<[string, Role[] | null, number, number]> = [
    ['anonymous', null, 401, 401],
    ['member', ['member'], 403, 403],
    ['corporate', ['corporate'], 403, 403],
    ['admin', ['admin'], 200, 202],
  ];
  it.each(cases)('%s: report %s, script %s', async (_who, roles, reportStatus, scriptStatus) => {
    let headers: Record<string, string> = {};
    if (roles) {
      const user = await t.createUser({ roles });
      headers = await t.bearer(user.id, roles);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/forms/test', headers });
    expect(res.statusCode).toBe(reportStatus);
    const script = await t.app.inject({ method: 'POST', url: '/api/forms/run-deferred-compensation-script', headers });
    expect(script.statusCode).toBe(scriptStatus);
    if (scriptStatus === 202) await t.app.jobs.waitFor(script.json().jobId, 60_000);
  });
});
