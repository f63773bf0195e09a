// Job-ad pay ranges on the real app: the range is payRange over exactly the percentiles a comparison of the same
// group publishes (asked here of the comparison endpoint as an admin), the group is widened (city, then company
// size, then sector) when it publishes too little and the answer says so, nothing publishable is free and unsaved,
// a publishable answer costs what a search costs (ledger, 402 when short, one charge per idempotency key), and the
// saved ranges belong to the company: its corporate users list and delete them, nobody else sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForms, publishRelease } from './helpers/comparisonFixtures';
import { payRange, vacancySentence } from '../../src/domain/payRange';

let t: TestApp;
let admin: Record<string, string>;

/** Every form: a director in finance in Spain, at a listed company (gender and experience vary, so neither is constant in a group). */
const director = (i: number) => ({
  positionLevel: 'director',
  functionalArea: 'finance',
  country: 'es',
  gender: i % 2 ? 'male' : 'female',
  yearsExperience: 8 + (i % 15),
});

beforeAll(async () => {
  t = await startTestApp();
  // Banking, 5000+ people: 30 in Madrid and 3 in Barcelona (too few for a group of their own).
  await insertForms(t.database, 30, (i) => ({
    ...director(i),
    sector: 'banking',
    city: 'madrid',
    fixedSalary: 90_000 + i * 3_000,
    annualBonus: 10_000 + i * 500,
  }));
  await insertForms(t.database, 3, (i) => ({ ...director(i), sector: 'banking', city: 'barcelona', fixedSalary: 120_000 + i * 4_000, annualBonus: 15_000 }));
  // Insurance, 5000+ people, Madrid: 15, enough for the quartiles (15), too few for p10 and p90 (20), whatever the
  // count's noise (±2, then rounded to 5: 13..17 is always published as 15).
  await insertForms(t.database, 15, (i) => ({ ...director(i), sector: 'insurance', city: 'madrid', fixedSalary: 100_000 + i * 2_500, annualBonus: 8_000 }));
  await publishRelease(t.database);
  const boss = await t.createUser({ roles: ['admin'] });
  admin = await t.bearer(boss.id, boss.roles);
});
afterAll(async () => t?.close());

const URL = '/api/pay-transparency/job-ad-ranges';

async function corporate(options: { credits?: number; premiumType?: string; companyId?: string } = {}) {
  const user = await t.createUser({ roles: ['corporate'], credits: options.credits ?? 10, premiumType: options.premiumType, companyId: options.companyId });
  return { id: user.id, email: user.email, headers: await t.bearer(user.id, user.roles) };
}

const create = (headers: Record<string, string> | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: URL, headers, payload: payload as object });
const list = (headers: Record<string, string> | undefined, query = '') => t.app.inject({ method: 'GET', url: `${URL}${query}`, headers });
const remove = (headers: Record<string, string> | undefined, id: string) => t.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers });

const BANKING = { positionLevel: 'director', functionalArea: 'finance', sector: 'banking', country: 'es', companySize: '5000-plus' };
const INSURANCE = { ...BANKING, sector: 'insurance' };

/** The comparison's answer for a group, asked as an admin (free, never charged). */
async function comparisonOf(filters: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/forms/comparation', headers: admin, payload: { filters } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function creditsOf(id: string) {
  const [row] = await t.database.execute<{ credits: number }>('select credits from users where id = $1', [id]);
  return Number(row.credits);
}

const ledgerOf = (id: string) =>
  t.database.execute<{ delta: number; balance_after: number; reason: string; reference: string | null }>(
    'select delta, balance_after, reason, reference from credit_ledger where user_id = $1 order by created_at',
    [id],
  );

const savedCount = async (companyId: string) =>
  Number((await t.database.execute<{ n: number }>('select count(*)::int as n from job_ad_ranges where company_id = $1', [companyId]))[0].n);

describe('the range is the published figures', () => {
  it("is payRange over the percentiles the comparison of the same group publishes, with the group's figures and the notice's sentences", async () => {
    const buyer = await corporate();
    const res = await create(buyer.headers, { role: BANKING, policy: { from: 25, to: 75 }, basis: 'fixed', title: 'Director financiero' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const published = await comparisonOf(BANKING);
    expect(published.status).toBe('ok');
    const statistic = published.measures.fixedSalary;
    const range = payRange(statistic, { from: 25, to: 75 });
    expect(range).not.toBeNull();
    expect(body).toMatchObject({
      id: expect.any(String),
      status: 'ok',
      title: 'Director financiero',
      role: BANKING,
      group: BANKING,
      widened: [],
      basis: 'fixed',
      policy: { from: 25, to: 75 },
      currency: 'EUR',
      range,
      year: published.year,
      createdAt: expect.any(String),
    });
    expect(body.figures).toEqual({
      count: published.count,
      countLabel: published.countLabel,
      p10: statistic.p10,
      p25: statistic.p25,
      p50: statistic.p50,
      p75: statistic.p75,
      p90: statistic.p90,
      medianCi: [statistic.medianCi.low, statistic.medianCi.high],
    });
    expect(body.sentences).toEqual({
      es: vacancySentence(range!, { language: 'es', currency: 'EUR', basis: 'fixed' }),
      en: vacancySentence(range!, { language: 'en', currency: 'EUR', basis: 'fixed' }),
    });
  });

  it('reads fixed salary plus bonus (totalWithoutDeferral) for the fixed-bonus basis, interpolating between published percentiles', async () => {
    const buyer = await corporate();
    const body = (await create(buyer.headers, { role: BANKING, policy: { from: 40, to: 60 }, basis: 'fixed-bonus' })).json();
    const published = await comparisonOf(BANKING);
    expect(body).toMatchObject({
      status: 'ok',
      basis: 'fixed-bonus',
      title: null,
      range: payRange(published.measures.totalWithoutDeferral, { from: 40, to: 60 }),
    });
    expect(body.figures.p50).toBe(published.measures.totalWithoutDeferral.p50);
    expect(body.range.low).toBeGreaterThan((await create(buyer.headers, { role: BANKING, policy: { from: 40, to: 60 }, basis: 'fixed' })).json().range.low);
  });
});

describe('widening', () => {
  it('leaves out the city when the city group is too small, and says so', async () => {
    const buyer = await corporate();
    const role = { ...BANKING, city: 'barcelona' };
    expect((await comparisonOf(role)).status).not.toBe('ok');
    const body = (await create(buyer.headers, { role, policy: { from: 25, to: 75 }, basis: 'fixed' })).json();
    expect(body).toMatchObject({ status: 'ok', role, group: BANKING, widened: ['city'] });
    expect(body.range).toEqual(payRange((await comparisonOf(BANKING)).measures.fixedSalary, { from: 25, to: 75 }));
  });

  it('widens a group that withholds a percentile the policy needs (p10, p90 under 20 people), and not for a policy it publishes', async () => {
    const buyer = await corporate();
    const insurance = (await comparisonOf(INSURANCE)).measures.fixedSalary;
    expect(insurance.p25).not.toBeNull();
    expect(insurance.p10).toBeNull();
    const quartiles = (await create(buyer.headers, { role: INSURANCE, policy: { from: 25, to: 75 }, basis: 'fixed' })).json();
    expect(quartiles).toMatchObject({ status: 'ok', group: INSURANCE, widened: [], range: payRange(insurance, { from: 25, to: 75 }) });
    // 10–90: the insurance group without its size is the same 15 people; without the sector, every director in finance.
    const wide = (await create(buyer.headers, { role: INSURANCE, policy: { from: 10, to: 90 }, basis: 'fixed' })).json();
    const everyone = { positionLevel: 'director', functionalArea: 'finance', country: 'es' };
    expect(wide).toMatchObject({ status: 'ok', group: everyone, widened: ['companySize', 'sector'] });
    expect(wide.range).toEqual(payRange((await comparisonOf(everyone)).measures.fixedSalary, { from: 10, to: 90 }));
  });

  it('answers not-enough-data when even the widest group publishes nothing: 200, free, nothing saved', async () => {
    const buyer = await corporate({ credits: 3 });
    const role = { positionLevel: 'ceo', functionalArea: 'finance', sector: 'banking', country: 'es', city: 'madrid', companySize: '5000-plus' };
    const res = await create(buyer.headers, { role, policy: { from: 25, to: 75 }, basis: 'fixed', title: 'CEO', idempotencyKey: 'nothing-here-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: null,
      status: 'not-enough-data',
      title: 'CEO',
      role,
      group: { positionLevel: 'ceo', functionalArea: 'finance', country: 'es' },
      widened: ['city', 'companySize', 'sector'],
      range: null,
      sentences: null,
      figures: null,
      createdAt: null,
      creditsLeft: 3,
    });
    expect(await creditsOf(buyer.id)).toBe(3);
    expect(await ledgerOf(buyer.id)).toEqual([]);
    expect(await savedCount(buyer.id)).toBe(0);
  });
});

describe('what it costs', () => {
  it('charges one credit for a publishable answer, in the ledger with the saved range', async () => {
    const buyer = await corporate({ credits: 2 });
    const body = (await create(buyer.headers, { role: BANKING, policy: { from: 25, to: 75 }, basis: 'fixed' })).json();
    expect(body).toMatchObject({ status: 'ok', creditsLeft: 1 });
    expect(await creditsOf(buyer.id)).toBe(1);
    expect(await ledgerOf(buyer.id)).toEqual([{ delta: -1, balance_after: 1, reason: 'job-ad-range', reference: body.id }]);
  });

  it('answers 402 INSUFFICIENT_CREDITS with 0 credits, charging and saving nothing', async () => {
    const buyer = await corporate({ credits: 0 });
    const res = await create(buyer.headers, { role: BANKING, policy: { from: 25, to: 75 }, basis: 'fixed' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ errorCode: 'INSUFFICIENT_CREDITS', error: expect.any(String) });
    expect(await ledgerOf(buyer.id)).toEqual([]);
    expect(await savedCount(buyer.id)).toBe(0);
  });

  it('charges an idempotent retry once, answering the same saved range, even once the balance is spent', async () => {
    const buyer = await corporate({ credits: 1 });
    const request = { role: BANKING, policy: { from: 25, to: 75 }, basis: 'fixed', idempotencyKey: 'retry-key-0001' };
    const first = (await create(buyer.headers, request)).json();
    expect(first).toMatchObject({ status: 'ok', creditsLeft: 0 });
    const again = await create(buyer.headers, request);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect(await ledgerOf(buyer.id)).toHaveLength(1);
    expect(await savedCount(buyer.id)).toBe(1);
    // Two at once with a new key: one charge, one range.
    const topped = await corporate({ credits: 5 });
    const concurrent = { ...request, idempotencyKey: 'retry-key-0002' };
    const [a, b] = await Promise.all([create(topped.headers, concurrent), create(topped.headers, concurrent)]);
    expect(a.json().id).toBe(b.json().id);
    expect(await creditsOf(topped.id)).toBe(4);
    expect(await ledgerOf(topped.id)).toHaveLength(1);
  });

  it('costs nothing on the corporate plan (creditsLeft null), and is still saved', async () => {
    const unlimited = await corporate({ credits: 0, premiumType: 'corporate' });
    const body = (await create(unlimited.headers, { role: BANKING, policy: { from: 25, to: 75 }, basis: 'fixed', idempotencyKey: 'unlimited-01' })).json();
    expect(body).toMatchObject({ status: 'ok', creditsLeft: null });
    expect((await create(unlimited.headers, { role: BANKING, policy: { from: 25, to: 75 }, basis: 'fixed', idempotencyKey: 'unlimited-01' })).json().id).toBe(
      body.id,
    );
    expect(await ledgerOf(unlimited.id)).toEqual([]);
    expect(await savedCount(unlimited.id)).toBe(1);
  });
});

describe("the company's saved ranges", () => {
  it('every corporate user of the company lists them, newest first and paged, for free; another company sees none and cannot delete them', async () => {
    const owner = await corporate({ credits: 5 });
    const colleague = await corporate({ credits: 0, companyId: owner.id });
    const stranger = await corporate({ credits: 5 });
    const first = (await create(owner.headers, { role: BANKING, policy: { from: 25, to: 75 }, basis: 'fixed', title: 'Primero' })).json();
    const second = (await create(owner.headers, { role: INSURANCE, policy: { from: 25, to: 75 }, basis: 'fixed', title: 'Segundo' })).json();
    const { creditsLeft: _charged, ...saved } = second;

    const listed = await list(colleague.headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ page: 1, limit: 10, total: 2 });
    expect(listed.json().items.map((r: { id: string }) => r.id)).toEqual([second.id, first.id]);
    expect(listed.json().items[0]).toEqual(saved);
    const paged = (await list(colleague.headers, '?page=2&limit=1')).json();
    expect(paged).toMatchObject({ page: 2, limit: 1, total: 2, items: [{ id: first.id }] });
    expect(await creditsOf(owner.id)).toBe(3);
    expect(await creditsOf(colleague.id)).toBe(0);

    expect((await list(stranger.headers)).json()).toEqual({ items: [], page: 1, limit: 10, total: 0 });
    const foreign = await remove(stranger.headers, first.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ errorCode: 'JOB_AD_RANGE_NOT_FOUND' });

    expect((await remove(colleague.headers, first.id)).statusCode).toBe(204);
    expect((await remove(colleague.headers, first.id)).statusCode).toBe(404);
    expect((await list(owner.headers)).json().items.map((r: { id: string }) => r.id)).toEqual([second.id]);
  });

  it("are in the company's data export, and go with its last corporate account", async () => {
    const owner = await corporate({ credits: 5 });
    const colleague = await corporate({ companyId: owner.id });
    const saved = (await create(owner.headers, { role: BANKING, policy: { from: 25, to: 75 }, basis: 'fixed' })).json();
    const exported = (await t.app.inject({ method: 'GET', url: '/api/users/currentUser/export', headers: colleague.headers })).json();
    const { creditsLeft: _left, ...stored } = saved;
    expect(exported.jobAdRanges).toEqual([stored]);
    const person = await t.createUser({ roles: ['member'] });
    const memberExport = (await t.app.inject({ method: 'GET', url: '/api/users/currentUser/export', headers: await t.bearer(person.id, person.roles) })).json();
    expect(memberExport.jobAdRanges).toBeUndefined();

    const { deleteAccount, findUserById } = await import('../../src/server/services/users');
    await t.database.transaction(async (tx) => deleteAccount(tx, (await findUserById(tx, owner.id))!));
    expect(await savedCount(owner.id)).toBe(1); // the colleague still reads them
    await t.database.transaction(async (tx) => deleteAccount(tx, (await findUserById(tx, colleague.id))!));
    expect(await savedCount(owner.id)).toBe(0);
  });
});

describe('who may ask, and what is refused', () => {
  it('anonymous callers are 401; members and admins 403, on every operation', async () => {
    const person = await t.createUser({ roles: ['member'] });
    const member = await t.bearer(person.id, person.roles);
    const owner = await corporate();
    const saved = (await create(owner.headers, { role: BANKING, policy: { from: 25, to: 75 }, basis: 'fixed' })).json();
    const request = { role: BANKING, policy: { from: 25, to: 75 }, basis: 'fixed' };
    expect((await create(undefined, request)).statusCode).toBe(401);
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await remove(undefined, saved.id)).statusCode).toBe(401);
    for (const headers of [member, admin]) {
      for (const res of [await create(headers, request), await list(headers), await remove(headers, saved.id)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ errorCode: 'FORBIDDEN' });
      }
    }
    expect(await savedCount(owner.id)).toBe(1);
  });

  it('refuses a bad policy, role or title with 400 VALIDATION_ERROR naming the field, charging nothing', async () => {
    const buyer = await corporate({ credits: 5 });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ policy: { from: 60, to: 40 } }, 'body.policy.to'],
      [{ policy: { from: 50, to: 50 } }, 'body.policy.to'],
      [{ policy: { from: 5, to: 50 } }, 'body.policy.from'],
      [{ policy: { from: 25, to: 95 } }, 'body.policy.to'],
      [{ policy: { from: 25.5, to: 75 } }, 'body.policy.from'],
      [{ basis: 'total' }, 'body.basis'],
      [{ role: { ...BANKING, sector: 'piracy' } }, 'body.role.sector'],
      [{ role: { ...BANKING, city: 'paris' } }, 'body.role.city'],
      [{ role: { positionLevel: 'director', functionalArea: 'finance', country: 'es' } }, 'body.role'],
      [{ title: 'x'.repeat(121) }, 'body.title'],
      [{ idempotencyKey: 'short' }, 'body.idempotencyKey'],
    ];
    for (const [change, field] of cases) {
      const res = await create(buyer.headers, { role: BANKING, policy: { from: 25, to: 75 }, basis: 'fixed', ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_ERROR');
      expect([res.json().error].flat().join(' '), JSON.stringify(change)).toContain(field);
    }
    expect(await creditsOf(buyer.id)).toBe(5);
    expect(await savedCount(buyer.id)).toBe(0);
  });
});
