// What each plan includes, on the real server: every kind of account (members on each plan, a corporate user with
// credits, an admin) × every view that exists, granted or refused 403 PREMIUM_REQUIRED naming the cheapest plan
// that unlocks it, exactly as src/domain/entitlements.ts says; the premium flag switched off sells nothing; give to
// get asks for this survey year's questionnaire; re-opening a saved search follows the same rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForm, insertForms, insertUser, publishRelease } from './helpers/comparisonFixtures';
import { featureAccess, lowestPlanFor, MEMBER_PLANS, planFeatures, type Feature } from '../../src/domain/entitlements';
import type { Role } from '../../src/server/auth/accessToken';
import { seedCatalogue } from '../../src/server/seed';
import es from '../../locales/es.json';
import en from '../../locales/en.json';

let t: TestApp;
type Account = (typeof MEMBER_PLANS)[number] | 'corporate' | 'admin';
const ACCOUNTS: readonly Account[] = [...MEMBER_PLANS, 'corporate', 'admin'];
const people = {} as Record<Account, { id: string; roles: Role[]; premiumType: string; headers: Record<string, string> }>;

async function person(roles: Role[], premiumType: string, credits = 0) {
  const id = await insertUser(t.database, { roles, premiumType, credits });
  return { id, roles, premiumType, headers: await t.bearer(id, roles) };
}

beforeAll(async () => {
  t = await startTestApp();
  await seedCatalogue(t.database);
  await insertForms(t.database, 30, (i) => ({ fixedSalary: 100_000 + i * 4_000 }));
  await insertForms(t.database, 30, (i) => ({ year: 2024, fixedSalary: 95_000 + i * 4_000 }));
  for (const plan of MEMBER_PLANS) {
    people[plan] = await person(['member'], plan);
    await insertForm(t.database, { userId: people[plan].id, fixedSalary: 150_000 });
  }
  people.corporate = await person(['corporate'], 'free', 1_000);
  people.admin = await person(['admin'], 'free');
  // Everyone has answered this year's questionnaire, so only the plan tells the answers apart.
  for (const account of ['corporate', 'admin'] as const) await insertForm(t.database, { userId: people[account].id, fixedSalary: 150_000 });
  await publishRelease(t.database);
});
afterAll(async () => t?.close());

interface View {
  name: string;
  feature: Feature;
  method: 'GET' | 'POST';
  url: (self: string) => string;
  payload?: object;
  /** About the caller's own figures by their id (the by-user-id variants). */
  ownOnly?: boolean;
}

const VIEWS: View[] = [
  { name: 'compare', feature: 'comparison', method: 'POST', url: () => '/api/forms/comparation', payload: { filters: { sector: 'banking' } } },
  { name: 'compareIndividual', feature: 'personalComparison', method: 'POST', url: () => '/api/forms/comparation-individual', payload: {} },
  {
    name: 'compareIndividualByUserId',
    feature: 'personalComparison',
    method: 'GET',
    url: (self) => `/api/forms/comparation-individual-by-user-id/${self}`,
    ownOnly: true,
  },
  { name: 'getEvolution', feature: 'evolution', method: 'POST', url: () => '/api/forms/evolution', payload: { filters: { sector: 'banking' } } },
  {
    name: 'getEvolution (projection)',
    feature: 'incomeProjection',
    method: 'POST',
    url: () => '/api/forms/evolution',
    payload: { filters: { sector: 'banking', positionLevel: 'director' }, projection: true },
  },
  { name: 'getBetterCity', feature: 'insights', method: 'GET', url: () => '/api/forms/better-city' },
  { name: 'getBetterSectors', feature: 'insights', method: 'GET', url: () => '/api/forms/better-sectors' },
  { name: 'getAverageByCountry', feature: 'insights', method: 'GET', url: () => '/api/forms/average-by-country' },
  { name: 'getBetterCityByUserId', feature: 'insights', method: 'GET', url: (self) => `/api/forms/better-city-by-user-id/${self}`, ownOnly: true },
  { name: 'getBetterSectorsByUserId', feature: 'insights', method: 'GET', url: (self) => `/api/forms/better-sectors-by-user-id/${self}`, ownOnly: true },
  { name: 'getAverageByCountryByUserId', feature: 'insights', method: 'GET', url: (self) => `/api/forms/average-by-country-by-user-id/${self}`, ownOnly: true },
];

/** The outcome a view gives an account: the status and, when refused for the plan, the plan named. */
async function outcome(view: View, account: Account, self = people[account].id) {
  const who = people[account];
  const res = await t.app.inject({ method: view.method, url: view.url(self), headers: who.headers, ...(view.payload ? { payload: view.payload } : {}) });
  const body = res.json<{ errorCode?: string; requiredPlan?: string }>();
  return res.statusCode === 403 ? { status: 403, errorCode: body.errorCode, requiredPlan: body.requiredPlan } : { status: res.statusCode };
}

describe('every plan × every view (premium flag on, the default)', () => {
  it.each(VIEWS)('$name', async (view) => {
    for (const account of ACCOUNTS) {
      const seen = await outcome(view, account);
      const access = featureAccess(people[account], view.feature, true);
      if (access.kind === 'granted') expect(seen, `${view.name} as ${account}`).toEqual({ status: 200 });
      else expect(seen, `${view.name} as ${account}`).toEqual({ status: 403, errorCode: 'PREMIUM_REQUIRED', requiredPlan: lowestPlanFor(view.feature) });
    }
  });

  it('grants each member plan exactly the views the table gives it', async () => {
    const granted = async (plan: (typeof MEMBER_PLANS)[number]) => {
      const features = new Set<Feature>();
      for (const view of VIEWS) if ((await outcome(view, plan)).status === 200) features.add(view.feature);
      return [...features].sort();
    };
    expect(await granted('free')).toEqual(['comparison', 'personalComparison']);
    expect(await granted('basic')).toEqual(['comparison', 'evolution', 'personalComparison']);
    expect(await granted('advanced')).toEqual(['comparison', 'evolution', 'incomeProjection', 'insights', 'personalComparison']);
    expect(await granted('premium')).toEqual(['comparison', 'evolution', 'incomeProjection', 'insights', 'personalComparison']);
  });

  it('re-opening a saved evolution follows the plan of now: refused once the plan no longer includes it', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/forms/evolution',
      headers: people.basic.headers,
      payload: { filters: { sector: 'banking' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const historyId = saved.json<{ historyId: string }>().historyId;
    expect(historyId).toEqual(expect.any(String));
    await t.database.execute(`update users set premium_type = 'free' where id = $1`, [people.basic.id]);
    try {
      const reopened = await t.app.inject({ method: 'POST', url: '/api/forms/evolution', headers: people.basic.headers, payload: { filters: {}, historyId } });
      expect(reopened.statusCode).toBe(403);
      expect(reopened.json()).toMatchObject({ errorCode: 'PREMIUM_REQUIRED', requiredPlan: 'basic' });
    } finally {
      await t.database.execute(`update users set premium_type = 'basic' where id = $1`, [people.basic.id]);
    }
  });

  it('charges corporate users as before: one credit per new evolution', async () => {
    const before = (await t.database.execute<{ credits: number }>('select credits from users where id = $1', [people.corporate.id]))[0].credits;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/evolution',
      headers: people.corporate.headers,
      payload: { filters: { sector: 'banking' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ creditsLeft: number }>().creditsLeft).toBe(Number(before) - 1);
  });
});

describe('give to get and the flag', () => {
  it("refuses a member whose only completed form is of an earlier survey year (403 FORM_REQUIRED), on every plan's views", async () => {
    const last = await person(['member'], 'premium');
    await insertForm(t.database, { userId: last.id, year: 2024, fixedSalary: 150_000 });
    for (const view of VIEWS.filter((each) => !each.ownOnly)) {
      const res = await t.app.inject({
        method: view.method,
        url: view.url(last.id),
        headers: last.headers,
        ...(view.payload ? { payload: view.payload } : {}),
      });
      expect(res.statusCode, view.name).toBe(403);
      expect(res.json<{ errorCode: string }>().errorCode, view.name).toBe('FORM_REQUIRED');
    }
  });

  it('a free member without any form meets the plan first (PREMIUM_REQUIRED), and the free comparison asks for the form', async () => {
    const formless = await person(['member'], 'free');
    const evolution = await t.app.inject({ method: 'POST', url: '/api/forms/evolution', headers: formless.headers, payload: { filters: {} } });
    expect(evolution.json()).toMatchObject({ errorCode: 'PREMIUM_REQUIRED', requiredPlan: 'basic' });
    const compare = await t.app.inject({ method: 'POST', url: '/api/forms/comparation', headers: formless.headers, payload: { filters: {} } });
    expect(compare.json()).toMatchObject({ errorCode: 'FORM_REQUIRED' });
  });

  it('with the flag switched off (configs premiumEnabled false) nothing is sold: a free member sees every view', async () => {
    await t.database.execute(`insert into configs (key, value) values ('premiumEnabled', 'false') on conflict (key) do update set value = excluded.value`);
    try {
      const config = await t.app.inject({ method: 'GET', url: '/api/app-config' });
      expect(config.json()).toMatchObject({ premiumEnabled: false });
      for (const view of VIEWS) expect(await outcome(view, 'free'), view.name).toEqual({ status: 200 });
    } finally {
      await t.database.execute(`delete from configs where key = 'premiumEnabled'`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/app-config' })).json()).toMatchObject({ premiumEnabled: true });
  });
});

describe('the subscription cards list exactly what each plan includes', () => {
  type Card = { id: string; plan: string; price: number | null; content: Array<{ title: string; subtitle: string[] }> };
  const cards = async (lang: 'es' | 'en'): Promise<Card[]> =>
    (await t.app.inject({ method: 'GET', url: `/api/payments/catalogue?lang=${lang}` })).json<{ subscriptionCards: Card[] }>().subscriptionCards;
  const LOCALES = { es, en };

  it.each(['es', 'en'] as const)('in %s, every yearly and 3-month card of a member plan', async (lang) => {
    const served = (await cards(lang)).filter((card) => card.plan !== 'corporate');
    expect(served.map((card) => card.id).sort()).toEqual([
      'advanced-quarter',
      'advanced-year',
      'basic-quarter',
      'basic-year',
      'premium-quarter',
      'premium-year',
    ]);
    for (const card of served) {
      const plan = card.plan as (typeof MEMBER_PLANS)[number];
      const expected = planFeatures(plan).map((feature) => LOCALES[lang].entitlements.features[feature].title);
      expect(
        card.content.flatMap((item) => item.subtitle),
        card.id,
      ).toEqual(expected);
    }
  });

  it('a card stored with the lines of before lists the generated ones; its price an admin set stays', async () => {
    const before = {
      es: { name: 'Básico · anual', content: [{ title: 'Básico', subtitle: ['Comparativa personalizada', 'Su cuestionario de cada año'] }] },
      en: { name: 'Basic · yearly', content: [{ title: 'Basic', subtitle: ['Personalised comparison', 'Your questionnaire every year'] }] },
    };
    await t.database.execute(`update catalogue_items set texts = $1, price = 89 where id = 'basic-year'`, [JSON.stringify(before)]);
    await seedCatalogue(t.database);
    const basic = (await cards('en')).find((card) => card.id === 'basic-year')!;
    expect(basic.price).toBe(89);
    expect(basic.content).toEqual([{ title: 'Basic', subtitle: planFeatures('basic').map((feature) => en.entitlements.features[feature].title) }]);
  });
});
