// Who may call each personal view, checked on the server: every variant × every kind of caller —
// anonymous, the member whose figures they are (owner), another member with a form of their own, a corporate
// user without one, an admin. The members are on the premium plan, so what is tested is who may see whose figures;
// what each plan includes is tested in entitlements.test.ts. Figures are tested in personal-views.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForm, insertForms, publishRelease } from './helpers/comparisonFixtures';

let t: TestApp;
type Caller = 'anonymous' | 'owner' | 'other' | 'corporate' | 'admin';
const headers = {} as Record<Caller, Record<string, string>>;
let owner: { id: string; email: string; formId: string; draftId: string };

beforeAll(async () => {
  t = await startTestApp();
  await insertForms(t.database, 20, (i) => ({ fixedSalary: 100_000 + i * 5_000 }));
  const made = {
    owner: await t.createUser({ roles: ['member'], premiumType: 'premium' }),
    other: await t.createUser({ roles: ['member'], premiumType: 'premium' }),
    corporate: await t.createUser({ roles: ['corporate'], credits: 100 }),
    admin: await t.createUser({ roles: ['admin'] }),
  };
  const formId = await insertForm(t.database, { userId: made.owner.id, fixedSalary: 130_000 });
  const draftId = await insertForm(t.database, { userId: made.owner.id, year: 2024, status: 'in-progress', fixedSalary: 120_000 });
  await insertForm(t.database, { userId: made.other.id, fixedSalary: 125_000 });
  await publishRelease(t.database);
  owner = { id: made.owner.id, email: made.owner.email, formId, draftId };
  headers.anonymous = {};
  for (const role of ['owner', 'other', 'corporate', 'admin'] as const) headers[role] = await t.bearer(made[role].id, made[role].roles);
});
afterAll(async () => t?.close());

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  url: () => string;
  payload?: () => object;
  expected: Record<Caller, number>;
}

const ownerOnly = { anonymous: 401, owner: 200, other: 403, corporate: 403, admin: 200 };
const anySignedIn = { anonymous: 401, owner: 200, other: 200, corporate: 200, admin: 200 };
const adminOnly = { anonymous: 401, owner: 403, other: 403, corporate: 403, admin: 200 };

const calls: Call[] = [
  {
    name: "compareIndividual of the owner's form",
    method: 'POST',
    url: () => '/api/forms/comparation-individual',
    payload: () => ({ formId: owner.formId }),
    expected: ownerOnly,
  },
  // Without formId: the caller's own latest form; a caller without one is told to fill the questionnaire.
  {
    name: "compareIndividual of one's own form",
    method: 'POST',
    url: () => '/api/forms/comparation-individual',
    payload: () => ({}),
    expected: { anonymous: 401, owner: 200, other: 200, corporate: 403, admin: 403 },
  },
  { name: 'compareIndividualByFormId', method: 'GET', url: () => `/api/forms/comparation-individual-by-form-id/${owner.formId}`, expected: ownerOnly },
  {
    name: 'compareIndividualByUserEmail',
    method: 'GET',
    url: () => `/api/forms/comparation-individual-by-user-email/${encodeURIComponent(owner.email)}`,
    expected: ownerOnly,
  },
  { name: 'compareIndividualByUserId', method: 'GET', url: () => `/api/forms/comparation-individual-by-user-id/${owner.id}`, expected: ownerOnly },
  { name: 'getBetterCityByUserId', method: 'GET', url: () => `/api/forms/better-city-by-user-id/${owner.id}`, expected: ownerOnly },
  { name: 'getBetterSectorsByUserId', method: 'GET', url: () => `/api/forms/better-sectors-by-user-id/${owner.id}`, expected: ownerOnly },
  { name: 'getAverageByCountryByUserId', method: 'GET', url: () => `/api/forms/average-by-country-by-user-id/${owner.id}`, expected: ownerOnly },
  { name: 'getBetterCity', method: 'GET', url: () => '/api/forms/better-city', expected: anySignedIn },
  { name: 'getBetterSectors', method: 'GET', url: () => '/api/forms/better-sectors', expected: anySignedIn },
  { name: 'getAverageByCountry', method: 'GET', url: () => '/api/forms/average-by-country', expected: anySignedIn },
  { name: 'getEvolution', method: 'POST', url: () => '/api/forms/evolution', payload: () => ({ filters: { sector: 'banking' } }), expected: anySignedIn },
  { name: 'getInflationData', method: 'GET', url: () => '/api/forms/configs/inflation-data', expected: adminOnly },
  {
    name: 'updateInflationData',
    method: 'PATCH',
    url: () => '/api/forms/configs/inflation-data',
    payload: () => ({
      inflationData: [
        { year: 2025, rate: 2.1 },
        { year: 2026, rate: 1.9, estimate: true },
      ],
    }),
    expected: adminOnly,
  },
];

describe('permissions of every personal view × caller', () => {
  it.each(calls)('$name', async (call) => {
    const seen: Record<string, number> = {};
    for (const caller of ['anonymous', 'owner', 'other', 'corporate', 'admin'] as const) {
      const res = await t.app.inject({ method: call.method, url: call.url(), headers: headers[caller], ...(call.payload ? { payload: call.payload() } : {}) });
      seen[caller] = res.statusCode;
      if (res.statusCode >= 400) expect(res.json(), `${call.name} as ${caller}`).toMatchObject({ errorCode: expect.any(String) });
    }
    expect(seen).toEqual(call.expected);
  });

  it('tells apart an unknown form or user (404, admins), a form not completed (409) and a person without a form (404)', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/forms/comparation-individual-by-form-id/AAAAAAAAAAAAAAAAAAAAAAAA', headers: headers.admin });
    expect(unknown.statusCode).toBe(404);
    const draft = await t.app.inject({ method: 'GET', url: `/api/forms/comparation-individual-by-form-id/${owner.draftId}`, headers: headers.owner });
    expect(draft.statusCode).toBe(409);
    expect(draft.json().errorCode).toBe('FORM_NOT_COMPLETED');
    const nobody = await t.app.inject({ method: 'GET', url: '/api/forms/comparation-individual-by-user-email/nobody%40example.com', headers: headers.admin });
    expect(nobody.statusCode).toBe(404);
    // A member asking about an address that is not theirs learns nothing of whether it exists.
    const probe = await t.app.inject({ method: 'GET', url: '/api/forms/comparation-individual-by-user-email/nobody%40example.com', headers: headers.other });
    expect(probe.statusCode).toBe(403);
    const formless = await t.createUser({ roles: ['member'], premiumType: 'premium' });
    const self = await t.app.inject({
      method: 'GET',
      url: `/api/forms/comparation-individual-by-user-id/${formless.id}`,
      headers: await t.bearer(formless.id, ['member']),
    });
    expect(self.statusCode).toBe(404);
    expect(self.json().errorCode).toBe('NO_COMPLETED_FORM');
    for (const url of ['/api/forms/better-city', '/api/forms/better-sectors', '/api/forms/average-by-country']) {
      const res = await t.app.inject({ method: 'GET', url, headers: await t.bearer(formless.id, ['member']) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().errorCode).toBe('FORM_REQUIRED');
    }
    const evolution = await t.app.inject({
      method: 'POST',
      url: '/api/forms/evolution',
      headers: await t.bearer(formless.id, ['member']),
      payload: { filters: {} },
    });
    expect(evolution.json()).toMatchObject({ errorCode: 'FORM_REQUIRED' });
  });
});
