// The statistics settings kept in memory (services/statisticsSettings.ts): the release pointer,
// the privacy threshold and the exchange rates are dropped the moment they change, on every instance (a cut, an
// erasure and a threshold change made through another app instance on the same database are seen by the first as
// soon as PostgreSQL delivers the notification, which is asynchronous: the tests wait for it, up to DELIVERY_MS); the caller part is kept at most 1 s and only for callers whose billing does not depend on
// a balance; without a live listener every request reads the database as before.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestApp, TEST_PASSWORD, type TestApp } from './helpers/testApp';
import { insertForm, insertForms, insertUser, publishRelease } from './helpers/comparisonFixtures';
import { expectedPublication, type Money } from './helpers/publishedFigures';
import { withDatabase } from './support/global-setup';
import { buildApp } from '../../src/server/app';
import { openPostgres, type Database } from '../../src/server/db/open';
import { CALLER_CACHE_MS, createStatisticsSettings, statisticsSettingsFor } from '../../src/server/services/statisticsSettings';
import { currentYear } from '../../src/domain/constants';

const K = 5;
/** How long a notification may take to reach the listening connection (asynchronous on PostgreSQL). */
const DELIVERY_MS = 5_000;
const delivered = { timeout: DELIVERY_MS, interval: 10 };
const YEAR = currentYear();
type Body = Record<string, any>;

let t: TestApp;
let admin: { authorization: string };
/** Another app instance on the same database: its own connections on PostgreSQL; on PGlite (one process) the same handle. */
let other: { app: FastifyInstance; database: Database; close(): Promise<void> };

async function secondInstance(): Promise<typeof other> {
  if (t.database.kind === 'pglite') {
    const app = await buildApp({ config: t.config, database: t.database });
    await app.ready();
    return { app, database: t.database, close: () => app.close() };
  }
  const postgres = inject('postgresTemplate')!;
  const [{ name }] = await t.database.execute<{ name: string }>('select current_database() as name');
  const database = openPostgres(withDatabase(postgres.adminUrl, name), 5);
  const app = await buildApp({ config: t.config, database });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

beforeAll(async () => {
  t = await startTestApp();
  const adminUser = await t.createUser({ roles: ['admin'] });
  admin = await t.bearer(adminUser.id, ['admin']);
  await insertForms(t.database, 20, (i) => ({ year: YEAR, sector: 'energy', fixedSalary: 110_000 + i * 4000, annualBonus: 8_000 }));
  await publishRelease(t.database);
  other = await secondInstance();
  // The first instance listens (a running server does long before its requests).
  expect(await statisticsSettingsFor(t.database, t.config.privacyThreshold).whenLive(10_000)).toBe(true);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

async function compare(filters: Record<string, unknown>, app = t.app): Promise<Body> {
  const res = await app.inject({ method: 'POST', url: '/api/forms/comparation', headers: admin, payload: { filters } });
  expect(res.statusCode, res.body).toBe(200);
  const { historyId: _saved, ...body } = res.json();
  return body;
}

async function releaseGroup(sector: string): Promise<Array<Money & { record_key: string | number }>> {
  const rows = await t.database.execute<{ fx: number; bn: number; df: number; record_key: string | number }>(
    `select r.fx, r.bn, r.df, r.record_key from release_forms r join statistics_releases s on s.id = r.release_id and s.current
      where r.sector = $1 and r.survey_year = $2`,
    [sector, YEAR],
  );
  return rows.map((r) => ({ fixedSalary: Number(r.fx), annualBonus: Number(r.bn), deferredCompensation: Number(r.df), record_key: r.record_key }));
}

describe('changes made through another instance are seen by the next request of this one', () => {
  it('a cut', async () => {
    const before = await compare({});
    expect((await compare({})).release).toEqual(before.release); // answered from memory now
    await insertForms(t.database, K, (i) => ({ year: YEAR, sector: 'consulting', fixedSalary: 150_000 + i * 1000 }));
    const cut = await other.app.inject({ method: 'POST', url: '/api/admin/releases', headers: admin });
    expect(cut.json().status, cut.body).toBe('cut');
    await expect.poll(async () => (await compare({})).release.id, delivered).toBe(cut.json().release.id);
    expect(cut.json().release.id).not.toBe(before.release.id);
  });

  it('a change of the privacy threshold (made with SQL, as an operator does)', async () => {
    expect(await compare({ sector: 'energy' })).toMatchObject({ status: 'ok' });
    await other.database.execute(`insert into configs (key, value) values ('privacyThreshold', '40') on conflict (key) do update set value = excluded.value`);
    await expect.poll(() => compare({ sector: 'energy' }), delivered).toMatchObject({ status: 'not-enough-data', countLabel: '<40' });
    await other.database.execute(`delete from configs where key = 'privacyThreshold'`);
    await expect.poll(() => compare({ sector: 'energy' }), delivered).toMatchObject({ status: 'ok' });
  });

  it('an erasure: the next answer no longer counts the person', async () => {
    const leaver = await t.createUser();
    await insertForm(t.database, { userId: leaver.id, year: YEAR, sector: 'energy', fixedSalary: 450_000, annualBonus: 90_000 });
    await publishRelease(t.database);
    const secret = t.config.secrets.perturbationSecret;
    const withLeaver = await releaseGroup('energy');
    expect(withLeaver).toHaveLength(21);
    const before = await compare({ sector: 'energy' });
    expect(before.measures).toEqual(expectedPublication(withLeaver, K, secret).measures);
    expect(await compare({ sector: 'energy' })).toEqual(before); // cached

    const session = await t.signIn(leaver.email);
    const deleted = await other.app.inject({
      method: 'DELETE',
      url: '/api/users/currentUser',
      headers: { ...session.headers, cookie: session.refreshCookie },
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const without = await releaseGroup('energy');
    expect(without).toHaveLength(20);
    const expected = expectedPublication(without, K, secret);
    await expect.poll(async () => (await compare({ sector: 'energy' })).measures, delivered).toEqual(expected.measures);
    const after = await compare({ sector: 'energy' });
    expect(after.release.id).toBe(before.release.id);
    expect(after.count).toBe(expected.count);
  });
});

describe('the caller part', () => {
  let clock = 1_000_000;
  let queries = 0;
  const counting = (database: Database): Database => ({
    ...database,
    execute: <T>(text: string, params?: unknown[]) => {
      queries++;
      return database.execute<T>(text, params);
    },
  });
  const settings = () => createStatisticsSettings(counting(t.database), t.config.privacyThreshold, { now: () => clock });
  /** Statements run by `read` (after the cache went live). */
  const roundTrips = async (cache: ReturnType<typeof settings>, userId: string | null) => {
    const before = queries;
    const answer = await cache.read({ userId, requestedYear: undefined });
    return { trips: queries - before, answer };
  };

  it('keeps the release, K and rates: a demo request makes no round trip once live', async () => {
    const cache = settings();
    expect(await cache.whenLive()).toBe(true);
    expect((await roundTrips(cache, null)).trips).toBe(1);
    expect((await roundTrips(cache, null)).trips).toBe(0);
    await cache.close();
  });

  it('keeps admins, the corporate plan and members with a completed form for at most CALLER_CACHE_MS', async () => {
    const cache = settings();
    await cache.whenLive();
    await roundTrips(cache, null);
    const member = await insertUser(t.database);
    await insertForm(t.database, { userId: member, year: YEAR, sector: 'energy', fixedSalary: 123_000 });
    for (const id of [
      await insertUser(t.database, { roles: ['admin'] }),
      await insertUser(t.database, { roles: ['corporate'], premiumType: 'corporate' }),
      member,
    ]) {
      expect((await roundTrips(cache, id)).trips).toBe(1);
      expect((await roundTrips(cache, id)).trips).toBe(0);
      clock += CALLER_CACHE_MS - 1;
      expect((await roundTrips(cache, id)).trips).toBe(0);
      clock += 1;
      expect((await roundTrips(cache, id)).trips).toBe(1);
    }
    await cache.close();
  });

  it('reads credit-billed corporate users and would-be refusals on every request', async () => {
    const cache = settings();
    await cache.whenLive();
    await roundTrips(cache, null);
    const buyer = await insertUser(t.database, { roles: ['corporate'], premiumType: 'basic', credits: 0 });
    expect((await roundTrips(cache, buyer)).answer.caller).toMatchObject({ credits: 0 });
    await t.database.execute('update users set credits = 3 where id = $1', [buyer]);
    const bought = await roundTrips(cache, buyer);
    expect(bought.trips).toBe(1);
    expect(bought.answer.caller).toMatchObject({ credits: 3 });
    expect((await roundTrips(cache, buyer)).trips).toBe(1);

    // FORM_REQUIRED is never answered from memory: a just-completed form counts at once.
    const newcomer = await insertUser(t.database);
    expect((await roundTrips(cache, newcomer)).answer.caller).toMatchObject({ hasCompletedForm: false });
    expect((await roundTrips(cache, newcomer)).trips).toBe(1);
    await insertForm(t.database, { userId: newcomer, year: YEAR, sector: 'energy', fixedSalary: 99_000 });
    const completed = await roundTrips(cache, newcomer);
    expect(completed.trips).toBe(1);
    expect(completed.answer.caller).toMatchObject({ hasCompletedForm: true });
    expect(completed.answer.own?.values.fixedSalary).toBe(99_000);

    // Unknown or disabled callers are not kept either.
    expect((await roundTrips(cache, 'no-such-user')).answer.caller).toBeNull();
    expect((await roundTrips(cache, 'no-such-user')).trips).toBe(1);
    await cache.close();
  });

  it('drops a kept caller as soon as the notification of a change of their completed form, roles or account arrives', async () => {
    const cache = settings();
    await cache.whenLive();
    await roundTrips(cache, null);
    const member = await insertUser(t.database);
    const form = await insertForm(t.database, { userId: member, year: YEAR, sector: 'energy', fixedSalary: 100_000 });
    await roundTrips(cache, member);
    expect((await roundTrips(cache, member)).trips).toBe(0);
    await t.database.execute('update forms set fixed_salary = 140000, revision = revision + 1 where id = $1', [form]);
    await expect.poll(async () => (await roundTrips(cache, member)).answer.own?.values.fixedSalary, delivered).toBe(140_000);
    expect((await roundTrips(cache, member)).trips).toBe(0);
    await t.database.execute('update users set disabled = true where id = $1', [member]);
    await expect.poll(async () => (await roundTrips(cache, member)).answer.caller, delivered).toBeNull();
    await cache.close();
  });

  it('without a live listener, reads everything on every request', async () => {
    const deaf: Database = { ...counting(t.database), listen: () => ({ close: async () => undefined }) };
    const cache = createStatisticsSettings(deaf, t.config.privacyThreshold);
    expect(await cache.whenLive(200)).toBe(false);
    const adminId = await insertUser(t.database, { roles: ['admin'] });
    for (let i = 0; i < 3; i++) expect((await roundTrips(cache, adminId)).trips).toBe(1);
    for (let i = 0; i < 3; i++) expect((await roundTrips(cache, null)).trips).toBe(1);
    await cache.close();
  });

  it('falls back to the database while the listening connection is lost, and keeps again once it is back (PostgreSQL)', async () => {
    if (t.database.kind !== 'postgresql') return;
    const cache = settings();
    await cache.whenLive();
    await roundTrips(cache, null);
    expect((await roundTrips(cache, null)).trips).toBe(0);
    const admin = new (await import('pg')).default.Client({ connectionString: inject('postgresTemplate')!.adminUrl });
    await admin.connect();
    const [{ name }] = await t.database.execute<{ name: string }>('select current_database() as name');
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'listen paybench_statistics'`, [name]);
    await admin.end();
    for (let i = 0; i < 100 && cache.live; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cache.live).toBe(false);
    expect((await roundTrips(cache, null)).trips).toBe(1);
    expect((await roundTrips(cache, null)).trips).toBe(1);
    expect(await cache.whenLive(10_000)).toBe(true);
    await roundTrips(cache, null);
    expect((await roundTrips(cache, null)).trips).toBe(0);
    await cache.close();
  });
});
