// Statistics releases (docs/statistics-and-privacy.md) on the real app and database: every statistical answer comes from
// the current release and names it; a form completed after a cut moves no figure until the next cut; a cut is
// made only when at least K counted forms changed; only verified accounts' forms count; erasure removes a
// person's rows from every kept release at once and the next answer no longer counts them; cached figures are
// keyed by the release; the admin endpoints are for admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from './helpers/testApp';
import { insertForm, insertForms, publishRelease } from './helpers/comparisonFixtures';
import { expectPublishedGroup, expectedPublication, type Money } from './helpers/publishedFigures';
import { COMPLETE_ANSWERS } from '../fixtures/answers';
import { currentYear } from '../../src/domain/constants';
import { readDataVersion } from '../../src/server/services/dataVersion';
import { aggregateKey, storeAggregate } from '../../src/server/services/releases';
import type { Role } from '../../src/server/auth/accessToken';

const K = 5;
/** Forms made through the API belong to the current survey year: the fixtures use it too. */
const YEAR = currentYear();

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await startTestApp();
  const adminUser = await t.createUser({ roles: ['admin'] });
  admin = await t.bearer(adminUser.id, ['admin']);
});
afterAll(async () => t?.close());

type Body = Record<string, any>;

async function compare(filters: Record<string, unknown>, headers = admin): Promise<Body> {
  const res = await t.app.inject({ method: 'POST', url: '/api/forms/comparation', headers, payload: { filters } });
  expect(res.statusCode, res.body).toBe(200);
  const { historyId: _saved, ...body } = res.json();
  return body;
}

async function countResults(filters: Record<string, unknown>, headers = admin): Promise<Body> {
  const res = await t.app.inject({ method: 'POST', url: '/api/forms/count-results', headers, payload: { filters } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function demo(filters: Record<string, unknown>): Promise<Body> {
  const res = await t.app.inject({ method: 'POST', url: '/api/forms/demo-comparation', payload: { filters } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const cutThroughApi = async (headers: Record<string, string> = admin) => t.app.inject({ method: 'POST', url: '/api/admin/releases', headers });

async function releases() {
  return t.database.execute<{ id: string; sequence: number; revision: number; current: boolean; size: number; changed_forms: number }>(
    'select id, sequence, revision, current, size, changed_forms from statistics_releases order by sequence',
  );
}

async function current() {
  const [row] = await t.database.execute<{ id: string; sequence: number; cut_at: Date | string; revision: number }>(
    'select id, sequence, cut_at, revision from statistics_releases where current',
  );
  return { id: row.id, sequence: Number(row.sequence), cutAt: new Date(row.cut_at).toISOString(), revision: Number(row.revision) };
}

/** The rows of a sector in the current release, with their money and record keys (the truth of a group). */
async function releaseGroup(sector: string): Promise<Array<Money & { record_key: string | number; form_id: string }>> {
  const rows = await t.database.execute<{ form_id: string; fx: number; bn: number; df: number; record_key: string | number }>(
    `select r.form_id, r.fx, r.bn, r.df, r.record_key from release_forms r join statistics_releases s on s.id = r.release_id and s.current
      where r.sector = $1 and r.survey_year = $2`,
    [sector, YEAR],
  );
  return rows.map((r) => ({
    form_id: r.form_id,
    fixedSalary: Number(r.fx),
    annualBonus: Number(r.bn),
    deferredCompensation: Number(r.df),
    record_key: r.record_key,
  }));
}

/** A verified member who completes this year's questionnaire through the API. */
async function completeThroughApi(answers: Partial<Record<keyof typeof COMPLETE_ANSWERS, unknown>> = {}) {
  const member = await t.createUser();
  const headers = await t.bearer(member.id, ['member']);
  const { email: _email, ...base } = COMPLETE_ANSWERS;
  const created = await t.app.inject({ method: 'POST', url: '/api/forms', payload: { ...base, ...answers }, headers });
  expect(created.statusCode, created.body).toBe(201);
  const completed = await t.app.inject({ method: 'PUT', url: `/api/forms/${created.json().id}`, payload: { complete: true }, headers });
  expect(completed.statusCode, completed.body).toBe(200);
  expect(completed.json().status).toBe('completed');
  return { userId: member.id, formId: created.json().id as string, headers };
}

describe('every answer comes from the current release and names it', () => {
  it('before the first cut nothing is published; the first cut is made whatever changed', async () => {
    await insertForms(t.database, 20, (i) => ({ year: YEAR, sector: 'banking', fixedSalary: 100_000 + i * 5000, annualBonus: 10_000 }));
    expect(await releases()).toEqual([]);
    expect(await compare({ sector: 'banking' })).toMatchObject({ status: 'not-enough-data', count: null, release: null });
    expect(await countResults({ sector: 'banking' })).toEqual({ count: null, countLabel: `<${K}`, enough: false, release: null });
    expect(await demo({ sector: 'banking' })).toMatchObject({ status: 'not-enough-data', release: null });

    const res = await cutThroughApi();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cut',
      changedForms: 20,
      threshold: K,
      release: { sequence: 1, trigger: 'first', size: 20, years: { [YEAR]: 20 }, current: true },
    });
  });

  it('compare, count-results and the demo say which release (id, sequence, cut date)', async () => {
    const release = await current();
    const info = { id: release.id, sequence: release.sequence, cutAt: release.cutAt };
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/releases', headers: admin })).json();
    expect(listed.items[0]).toMatchObject({ ...info, current: true });
    expect(listed).toMatchObject({ page: 1, limit: 10, total: 1, threshold: K, nextScheduledCut: expect.any(String) });
    expect(new Date(listed.nextScheduledCut).getTime() - new Date(release.cutAt).getTime()).toBe(t.config.releaseIntervalHours * 3_600_000);

    const compared = await compare({ sector: 'banking' });
    expect(compared.release).toEqual(info);
    expectPublishedGroup(compared as never, await releaseGroup('banking'), K);
    expect((await countResults({ sector: 'banking' })).release).toEqual(info);
    const shown = await demo({ sector: 'banking' });
    expect(shown.release).toEqual(info);
    // One population, one perturbation: the demo publishes exactly what the signed-in comparison does.
    expect(shown.measures).toEqual(compared.measures);
    expect(shown.count).toBe(compared.count);
  });
});

describe('a form completed after a cut', () => {
  it('moves no figure (comparison, count, demo) until the next cut', async () => {
    const filters = { sector: 'banking' };
    const before = { compared: await compare(filters), counted: await countResults(filters), shown: await demo(filters) };
    const version = await readDataVersion(t.database);

    const { formId } = await completeThroughApi({ sector: 'banking', fixedSalary: 900_000 });
    expect(await readDataVersion(t.database)).not.toBe(version);
    expect(await compare(filters)).toEqual(before.compared);
    expect(await countResults(filters)).toEqual(before.counted);
    expect(await demo(filters)).toEqual(before.shown);

    // One changed form is not enough for a release (K = 5): still nothing moves.
    const refused = (await cutThroughApi()).json();
    expect(refused).toMatchObject({ status: 'too-few-changes', changedForms: 1, threshold: K, release: { id: before.compared.release.id } });
    expect(await compare(filters)).toEqual(before.compared);

    // Four more: the next cut is made, and the answer now counts the five new forms.
    for (let i = 0; i < 4; i++) await insertForm(t.database, { year: YEAR, sector: 'banking', fixedSalary: 140_000 + i * 1000 });
    const cut = (await cutThroughApi()).json();
    expect(cut).toMatchObject({ status: 'cut', changedForms: 5, release: { sequence: before.compared.release.sequence + 1, size: 25 } });
    const after = await compare(filters);
    expect(after.release.id).toBe(cut.release.id);
    const group = await releaseGroup('banking');
    expect(group).toHaveLength(25);
    expect(group.map((r) => r.form_id)).toContain(formId);
    expectPublishedGroup(after as never, group, K);
    expect(after.measures).toEqual(expectedPublication(group, K, t.config.secrets.perturbationSecret).measures);
    expect(after.measures).not.toEqual(before.compared.measures);
    expect(await countResults(filters)).toMatchObject({ count: after.count, release: after.release });
  });
});

describe('a cut needs at least K changed counted forms', () => {
  it('is refused with fewer (nothing new in statistics_releases) and made with K: additions, edits and forms that stop counting all change', async () => {
    await publishRelease(t.database);
    const baseline = await releases();
    const currentBefore = await current();
    const rowsBefore = await t.database.execute('select form_id from release_forms where release_id = $1 order by form_id', [currentBefore.id]);

    const nothing = (await cutThroughApi()).json();
    expect(nothing).toMatchObject({ status: 'too-few-changes', changedForms: 0, threshold: K, release: { id: currentBefore.id, current: true } });

    // Two new forms, one edited salary, one form whose account is disabled (it stops counting): 4 < K.
    await insertForms(t.database, 2, (i) => ({ year: YEAR, sector: 'insurance', fixedSalary: 120_000 + i * 1000 }));
    const [edited, disabled] = await t.database.execute<{ id: string; user_id: string }>(
      `select f.id, f.user_id from forms f join release_forms r on r.form_id = f.id and r.release_id = $1 where f.sector = 'banking' order by f.fixed_salary limit 2`,
      [currentBefore.id],
    );
    await t.database.execute('update forms set fixed_salary = fixed_salary + 1000 where id = $1', [edited.id]);
    await t.database.execute('update users set disabled = true where id = $1', [disabled.user_id]);
    const four = (await cutThroughApi()).json();
    expect(four).toMatchObject({ status: 'too-few-changes', changedForms: 4, threshold: K, release: { id: currentBefore.id } });

    // Nothing was written: the same releases, the same current one, the same rows.
    expect(await releases()).toEqual(baseline);
    expect(await current()).toEqual(currentBefore);
    expect(await t.database.execute('select form_id from release_forms where release_id = $1 order by form_id', [currentBefore.id])).toEqual(rowsBefore);
    expect(await t.database.execute('select 1 from release_forms r where not exists (select 1 from statistics_releases s where s.id = r.release_id)')).toEqual(
      [],
    );

    // The fifth change: cut.
    await insertForms(t.database, 1, () => ({ year: YEAR, sector: 'insurance', fixedSalary: 125_500 }));
    const five = (await cutThroughApi()).json();
    expect(five).toMatchObject({
      status: 'cut',
      changedForms: 5,
      threshold: K,
      release: { sequence: currentBefore.sequence + 1, trigger: 'admin', current: true },
    });
    const after = await releases();
    expect(after).toHaveLength(baseline.length + 1);
    expect(after.filter((r) => r.current).map((r) => r.id)).toEqual([five.release.id]);
    const inRelease = new Set(
      (await t.database.execute<{ form_id: string }>('select form_id from release_forms where release_id = $1', [five.release.id])).map((r) => r.form_id),
    );
    expect(inRelease.has(edited.id)).toBe(true);
    expect(inRelease.has((await t.database.execute<{ id: string }>('select id from forms where user_id = $1', [disabled.user_id]))[0].id)).toBe(false);
  });
});

describe('only verified accounts count', () => {
  it('an unverified account’s form and an anonymous completed form are not in the release, until the address is confirmed', async () => {
    const verified = await insertForms(t.database, 4, (i) => ({ year: YEAR, sector: 'legal', fixedSalary: 130_000 + i * 1000 }));
    const unverified = await t.createUser({ emailVerified: false });
    const unverifiedForm = await insertForm(t.database, { userId: unverified.id, year: YEAR, sector: 'legal', fixedSalary: 500_000 });
    const anonymousForm = await insertForm(t.database, { userId: null, year: YEAR, sector: 'legal', fixedSalary: 600_000 });
    await publishRelease(t.database);

    const group = await releaseGroup('legal');
    expect(group.map((r) => r.form_id).sort()).toEqual([...verified].sort());
    // Four people: not enough, although six completed forms say "legal".
    expect(await compare({ sector: 'legal' })).toMatchObject({ status: 'not-enough-data', count: null, countLabel: `<${K}`, measures: null });
    expect(await countResults({ sector: 'legal' })).toMatchObject({ count: null, enough: false });

    // The address is confirmed: that form counts from the next release; the anonymous one still never does.
    await t.database.execute('update users set email_verified = true where id = $1', [unverified.id]);
    await publishRelease(t.database);
    const now = await releaseGroup('legal');
    expect(now.map((r) => r.form_id).sort()).toEqual([...verified, unverifiedForm].sort());
    expect(now.map((r) => r.form_id)).not.toContain(anonymousForm);
    const body = await compare({ sector: 'legal' });
    expectPublishedGroup(body as never, now, K);
  });
});

describe('erasure', () => {
  it('removes the person’s rows from every kept release at once, and the next answer no longer counts them', async () => {
    await insertForms(t.database, 20, (i) => ({ year: YEAR, sector: 'energy', fixedSalary: 110_000 + i * 4000, annualBonus: 8_000 }));
    const leaver = await t.createUser();
    const leaverForm = await insertForm(t.database, { userId: leaver.id, year: YEAR, sector: 'energy', fixedSalary: 450_000, annualBonus: 90_000 });
    const first = await publishRelease(t.database);
    await insertForms(t.database, K, (i) => ({ year: YEAR, sector: 'consulting', fixedSalary: 150_000 + i * 1000 }));
    const second = (await cutThroughApi()).json();
    expect(second.status).toBe('cut');
    // Both kept releases (the current and the previous one) count the person.
    const kept = await t.database.execute<{ release_id: string }>('select release_id from release_forms where form_id = $1 order by release_id', [leaverForm]);
    expect(kept.map((r) => r.release_id).sort()).toEqual([first.id, second.release.id].sort());
    const revisions = async () => Object.fromEntries((await releases()).map((r) => [r.id, Number(r.revision)]));
    const revisionsBefore = await revisions();

    // A precomputed group (one filter) and one computed on demand (two filters), both now cached.
    const secret = t.config.secrets.perturbationSecret;
    const single = { sector: 'energy' };
    const double = { sector: 'energy', gender: 'female' };
    const withLeaver = await releaseGroup('energy');
    expect(withLeaver).toHaveLength(21);
    const beforeSingle = await compare(single);
    const beforeDouble = await compare(double);
    const beforeCount = await countResults(double);
    expect(beforeSingle.measures).toEqual(expectedPublication(withLeaver, K, secret).measures);
    expect(beforeDouble.measures).toEqual(beforeSingle.measures); // the same 21 people

    const session = await t.signIn(leaver.email);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/currentUser',
      headers: { ...session.headers, cookie: session.refreshCookie },
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);

    expect(await t.database.execute('select 1 from release_forms where form_id = $1', [leaverForm])).toEqual([]);
    const revisionsAfter = await revisions();
    expect(revisionsAfter[first.id]).toBe(revisionsBefore[first.id] + 1);
    expect(revisionsAfter[second.release.id]).toBe(revisionsBefore[second.release.id] + 1);
    // No release was cut: the same release answers, without the person (no stale cached or precomputed figure).
    const without = await releaseGroup('energy');
    expect(without).toHaveLength(20);
    const expected = expectedPublication(without, K, secret);
    for (const filters of [single, double]) {
      const after = await compare(filters);
      expect(after.release.id).toBe(second.release.id);
      expect(after.count).toBe(expected.count);
      expect(after.measures).toEqual(expected.measures);
      expectPublishedGroup(after as never, without, K);
    }
    expect(await compare(single)).not.toEqual(beforeSingle);
    expect(await compare(double)).not.toEqual(beforeDouble);
    expect((await countResults(double)).count).toBe(expected.count);
    expect(beforeCount.count).toBe(beforeSingle.count);
    expect(await demo(single)).toMatchObject({ count: expected.count, measures: expected.measures });
  });
});

describe('figures computed before an erasure', () => {
  it('are never stored for the release after it (stores carry the revision they were computed on)', async () => {
    const release = await current();
    const key = aggregateKey(YEAR, 'test-only-group', K);
    const figures = { status: 'not-enough-data' as const, n: 0 };
    const stored = async () => t.database.execute('select 1 from release_aggregates where release_id = $1 and group_key = $2', [release.id, key]);
    await storeAggregate(t.database, release.id, key, figures, release.revision - 1);
    expect(await stored()).toEqual([]);
    await storeAggregate(t.database, release.id, key, figures, release.revision);
    expect(await stored()).toHaveLength(1);
    await t.database.execute('delete from release_aggregates where release_id = $1 and group_key = $2', [release.id, key]);
  });
});

/** Records the statements the app runs on the database, inside transactions too (the comparison runs in one). */
function recordStatements() {
  const database = t.database;
  const execute = database.execute;
  const transaction = database.transaction;
  const statements: string[] = [];
  database.execute = ((text: string, params?: unknown[]) => {
    statements.push(text);
    return execute.call(database, text, params);
  }) as typeof execute;
  database.transaction = ((work: Parameters<typeof transaction>[0]) =>
    transaction.call(database, (tx) =>
      work({
        execute: (text: string, params?: unknown[]) => {
          statements.push(text);
          return tx.execute(text, params);
        },
      }),
    )) as typeof transaction;
  return {
    /** Statements that read a release's rows or its stored figures. */
    onRelease: () => statements.filter((text) => /release_forms|release_aggregates/.test(text)),
    restore() {
      database.execute = execute;
      database.transaction = transaction;
    },
  };
}

describe('the cache is keyed by the release', () => {
  it('answers the same query again without a statement on the release, and computes again after a new cut', async () => {
    const filters = { sector: 'energy', city: 'madrid' };
    let recording = recordStatements();
    try {
      const first = await demo(filters);
      const firstCount = await countResults(filters);
      expect(first.status).toBe('ok');
      // Proves the recording sees the app's statements.
      expect(recording.onRelease().length).toBeGreaterThan(0);
      recording.restore();

      recording = recordStatements();
      expect(await demo(filters)).toEqual(first);
      expect(await countResults(filters)).toEqual(firstCount);
      expect(await compare(filters)).toMatchObject({ count: first.count, measures: first.measures });
      expect(recording.onRelease()).toEqual([]);
      recording.restore();

      // A new release (of the same people): computed again, on the new release.
      const release = await publishRelease(t.database);
      recording = recordStatements();
      const next = await demo(filters);
      expect(recording.onRelease().length).toBeGreaterThan(0);
      recording.restore();
      expect(next.release).toEqual({ id: release.id, sequence: release.sequence, cutAt: release.cutAt });
      expect(next.release.id).not.toBe(first.release.id);
      // The same people: the same perturbation.
      expect(next.measures).toEqual(first.measures);
      expect(next.count).toBe(first.count);
    } finally {
      recording.restore();
    }
  });
});

describe('who may list and cut releases', () => {
  it('anonymous 401, member 403, corporate 403, admin 200', async () => {
    const callers: Array<[string, Record<string, string>, number]> = [['anonymous', {}, 401]];
    for (const roles of [['member'], ['corporate']] as Role[][]) {
      const user = await t.createUser({ roles });
      callers.push([roles[0], await t.bearer(user.id, roles), 403]);
    }
    callers.push(['admin', admin, 200]);
    const before = await releases();
    for (const [who, headers, status] of callers) {
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/releases', headers });
      expect(list.statusCode, `${who} GET`).toBe(status);
      const cut = await cutThroughApi(headers);
      expect(cut.statusCode, `${who} POST`).toBe(status);
      if (status !== 200) expect(await releases(), `${who} cut nothing`).toEqual(before);
    }
  });
});
