// What the admin pages of users and forms read, on the real app and database: one
// user's ledger with the adjustment notes and their saved searches, and the forms list's filters (year,
// status, country, sector, owner, e-mail) with the owner's address on every item.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { COMPLETE_ANSWERS, insertForm, insertUser, type TestUser } from './helpers/formFixtures';
import { currentYear } from '../../src/domain/constants';
import { newId } from '../../src/server/ids';

let t: TestApp;
let admin: TestUser;
const YEAR = currentYear();

beforeAll(async () => {
  t = await startTestApp();
  admin = await insertUser(t, ['admin']);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });

describe("a user's ledger and searches (admin)", () => {
  it('lists the credit movements newest first, with the reason the admin gave', async () => {
    const corporate = await insertUser(t, ['corporate']);
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/users/${corporate.id}`, headers: admin.headers, payload });
    expect((await patch({ creditsDelta: 10, reason: 'Welcome pack' })).statusCode).toBe(200);
    expect((await patch({ creditsDelta: -4, reason: 'Duplicate grant' })).statusCode).toBe(200);
    // Never below zero: refused, and no movement written.
    expect((await patch({ creditsDelta: -7, reason: 'Too much' })).statusCode).toBe(409);

    const res = await get(`/api/users/${corporate.id}/credit-ledger?limit=5`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      page: 1,
      limit: 5,
      total: 2,
      items: [
        { delta: -4, balanceAfter: 6, reason: 'admin-adjustment', note: 'Duplicate grant' },
        { delta: 10, balanceAfter: 10, reason: 'admin-adjustment', note: 'Welcome pack' },
      ],
    });
    // The person's own view of the same ledger carries no note.
    const own = await t.app.inject({ method: 'GET', url: '/api/users/currentUser/credit-ledger', headers: corporate.headers });
    expect(own.json().items[0]).not.toHaveProperty('note');
  });

  it('keeps internal references of other movements out of the note', async () => {
    const corporate = await insertUser(t, ['corporate']);
    await t.database.execute(
      `insert into credit_ledger (id, user_id, delta, balance_after, reason, idempotency_key, reference) values ($1, $2, -1, 0, 'comparison', $1, 'search-ref')`,
      [newId(), corporate.id],
    );
    const res = await get(`/api/users/${corporate.id}/credit-ledger`);
    expect(res.json().items).toEqual([expect.objectContaining({ reason: 'comparison', note: null })]);
  });

  it("lists the user's saved searches newest first, paged", async () => {
    const member = await insertUser(t, ['member']);
    for (const [i, sector] of ['banking', 'energy', 'retail'].entries()) {
      await t.database.execute(
        `insert into search_history (id, user_id, kind, filters, credits_charged, created_at) values ($1, $2, 'comparison', $3, 0, now() - ($4 || ' minutes')::interval)`,
        [newId(), member.id, JSON.stringify({ sector }), String(10 - i)],
      );
    }
    const first = await get(`/api/users/${member.id}/history?limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(first.json().items.map((entry: { filters: { sector: string } }) => entry.filters.sector)).toEqual(['retail', 'energy']);
    const second = await get(`/api/users/${member.id}/history?limit=2&page=2`);
    expect(second.json().items.map((entry: { filters: { sector: string } }) => entry.filters.sector)).toEqual(['banking']);
  });

  it('answers 404 for an account that does not exist', async () => {
    expect((await get(`/api/users/${newId()}/credit-ledger`)).statusCode).toBe(404);
    expect((await get(`/api/users/${newId()}/history`)).statusCode).toBe(404);
  });
});

describe('the forms list filters (admin)', () => {
  it('filters by country, sector, year, status and owner, and names the owner', async () => {
    const owner = await insertUser(t, ['member'], { email: `owner-${newId(6).toLowerCase()}@example.com` });
    const ptBanking = await insertForm(t, {
      userId: owner.id,
      surveyYear: YEAR,
      email: owner.email,
      answers: { ...COMPLETE_ANSWERS, country: 'pt', city: 'lisboa' },
    });
    const ptEnergyOld = await insertForm(t, {
      userId: owner.id,
      surveyYear: YEAR - 1,
      email: owner.email,
      answers: { ...COMPLETE_ANSWERS, country: 'pt', city: 'porto', sector: 'energy' },
    });
    const anonymousAddress = `anon-${newId(6).toLowerCase()}@example.com`;
    const draft = await insertForm(t, {
      userId: null,
      surveyYear: YEAR,
      status: 'in-progress',
      email: anonymousAddress,
      answers: { email: anonymousAddress, country: 'pt' },
    });

    const ids = async (query: string) => ((await get(`/api/forms?limit=100&${query}`)).json().items as { id: string }[]).map((form) => form.id);
    expect((await ids(`userId=${owner.id}`)).sort()).toEqual([ptBanking, ptEnergyOld].sort());
    expect(await ids(`userId=${owner.id}&sector=energy`)).toEqual([ptEnergyOld]);
    expect(await ids(`userId=${owner.id}&year=${YEAR}`)).toEqual([ptBanking]);
    expect(await ids(`country=pt&status=in-progress&query=${encodeURIComponent(anonymousAddress)}`)).toEqual([draft]);
    expect(await ids(`country=es&userId=${owner.id}`)).toEqual([]);

    const listed = (await get(`/api/forms?query=${encodeURIComponent(owner.email)}&limit=100`)).json();
    expect(listed.total).toBe(2);
    expect(listed.items.every((form: { ownerEmail: string }) => form.ownerEmail === owner.email)).toBe(true);
    const anonymous = (await get(`/api/forms?query=${encodeURIComponent(anonymousAddress)}`)).json();
    expect(anonymous.items).toEqual([expect.objectContaining({ id: draft, userId: null, ownerEmail: anonymousAddress })]);
  });

  it('refuses a filter value that is not an option code', async () => {
    const res = await get('/api/forms?country=ES%20');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('VALIDATION_ERROR');
  });
});
