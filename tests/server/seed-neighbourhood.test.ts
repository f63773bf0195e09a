// Never an empty first screen: the demo seed keeps the panel's realistic shape (20 sectors ×
// 6 levels × 12 countries leave a Spanish banking director 2–3 peers a year) but gives the demo member a populated
// neighbourhood: their own country × sector × level group has more than 20 counted forms in every survey year, with
// a realistic spread of pay, the same on every seed. Through the API, each of the member's personal views then
// publishes figures at first sight: the evolution without widening, the personalised comparison at its first step,
// and an entry in each insights ranking. The admin's weekly chart of the same seed shows a history of registrations,
// not every account in the week of the seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { publishRelease } from './helpers/comparisonFixtures';
import { DEMO_ACCOUNTS, DEMO_MEMBER_PROFILE, seedDemo } from '../../src/server/seed';
import { DEFAULT_MIN_VALUES } from '../../src/server/services/statisticsSettings';
import { DASHBOARD_WEEKS } from '../../src/server/services/adminDashboard';
import { generateNeighbourhood, NEIGHBOURHOOD_PER_YEAR } from '../../src/server/db/demoForms';
import { surveyYears, TAIL_PERCENTILE_MINIMUM } from '../../src/domain/constants';

/** The seed of the browser tests (playwright.config.ts SEED_FORMS). */
const FORMS = 600;

describe("the demo member's neighbourhood", () => {
  let t: TestApp;
  let memberHeaders: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    await seedDemo(t.database, { forms: FORMS, password: 'seed-neighbourhood-password-1' });
    await publishRelease(t.database);
    // The demo member on the premium plan (the free one shares the profile): every personal view is theirs to open.
    const [member] = await t.database.execute<{ id: string }>('select id from users where email = $1', [DEMO_ACCOUNTS.premium]);
    memberHeaders = await t.bearer(member.id, ['member']);
    // Hashing the demo password, seeding and cutting a release take a while on a busy machine.
  }, 180_000);
  afterAll(async () => t?.close());

  it('has more than 20 counted forms in every survey year, with a realistic spread of pay', async () => {
    // Counted as a release counts them: completed, of a verified account, above the minimum values.
    const rows = await t.database.execute<{ year: number; n: number; low: number; high: number }>(
      `select f.survey_year as year, count(*)::int as n,
              percentile_cont(0.1) within group (order by f.fixed_salary)::float8 as low,
              percentile_cont(0.9) within group (order by f.fixed_salary)::float8 as high
         from forms f join users u on u.id = f.user_id and u.email_verified and not u.disabled
        where f.status = 'completed' and f.country = $1 and f.sector = $2 and f.position_level = $3
          and f.fixed_salary >= $4 and f.fixed_salary + coalesce(f.annual_bonus, 0) >= $5
        group by f.survey_year order by f.survey_year`,
      [DEMO_MEMBER_PROFILE.country, DEMO_MEMBER_PROFILE.sector, DEMO_MEMBER_PROFILE.positionLevel, DEFAULT_MIN_VALUES.minFixed, DEFAULT_MIN_VALUES.compTotal],
    );
    expect(rows.map((r) => r.year)).toEqual(surveyYears());
    for (const row of rows) {
      expect(row.n, `${row.year}`).toBeGreaterThan(20);
      // Well above the bar, yet a neighbourhood, not a crowd (the panel's own share plus the member).
      expect(row.n, `${row.year}`).toBeLessThanOrEqual(NEIGHBOURHOOD_PER_YEAR.max + 10);
      // Log-normal pay as the panel's: p90 / p10 of a director's fixed pay around 1.6–3, never a copy of one value.
      expect(row.high / row.low, `${row.year}`).toBeGreaterThan(1.4);
      expect(row.high / row.low, `${row.year}`).toBeLessThan(3.5);
    }
    // The panel's realistic shape stays: the neighbourhood is a few hundred forms beside the generated panel.
    const [seeded] = await t.database.execute<{ n: number }>(`select count(*)::int as n from forms where email like 'neighbour-%'`);
    expect(seeded.n).toBeGreaterThan(0);
    expect(seeded.n).toBeLessThan(400);
  });

  it('is the same on every seed (deterministic), and another seed gives other people', () => {
    const strip = (people: ReturnType<typeof generateNeighbourhood>) =>
      people.map((p) => p.forms.map((f) => [f.surveyYear, f.answers.city, f.answers.fixedSalary, f.answers.annualBonus]));
    expect(strip(generateNeighbourhood(DEMO_MEMBER_PROFILE))).toEqual(strip(generateNeighbourhood(DEMO_MEMBER_PROFILE)));
    expect(strip(generateNeighbourhood(DEMO_MEMBER_PROFILE, 7))).not.toEqual(strip(generateNeighbourhood(DEMO_MEMBER_PROFILE)));
    // The member's group and its rings: each neighbour differs from the member in at most one of the three.
    for (const person of generateNeighbourhood(DEMO_MEMBER_PROFILE)) {
      for (const form of person.forms) {
        const { country, sector, positionLevel } = form.answers;
        const differs = [country !== 'es', sector !== 'banking', positionLevel !== 'director'].filter(Boolean);
        expect(differs.length).toBeLessThanOrEqual(1);
      }
    }
  });

  it("publishes figures in every one of the member's first screens, without widening", async () => {
    const evolution = (
      await t.app.inject({
        method: 'POST',
        url: '/api/forms/evolution',
        headers: memberHeaders,
        payload: { filters: { country: 'es', sector: 'banking', positionLevel: 'director' }, widen: true, getUserEvolution: true },
      })
    ).json();
    expect(evolution).toMatchObject({ filters: { country: 'es', sector: 'banking', positionLevel: 'director' }, widenedSteps: [] });
    for (const point of evolution.series) {
      // The published count (perturbed, rounded to 5) reaches the bar of every figure (p10/p90 need 20).
      expect(point.n, `${point.year}`).toBeGreaterThanOrEqual(TAIL_PERCENTILE_MINIMUM);
      expect(point.p50, `${point.year}`).not.toBeNull();
      expect(point.p25, `${point.year}`).not.toBeNull();
    }
    const personal = (await t.app.inject({ method: 'POST', url: '/api/forms/comparation-individual', headers: memberHeaders, payload: {} })).json();
    expect(personal).toMatchObject({ status: 'ok', widenedSteps: [], filters: { country: 'es', sector: 'banking', positionLevel: 'director' } });
    expect(personal.measures.totalWithDeferral.p10).not.toBeNull();
    for (const url of ['better-city', 'better-sectors', 'average-by-country']) {
      const ranking = (await t.app.inject({ method: 'GET', url: `/api/forms/${url}`, headers: memberHeaders })).json();
      expect(ranking.items.length, url).toBeGreaterThan(0);
    }
  });

  it("dates the panel's accounts across the past weeks: the admin dashboard's weekly registrations show a history", async () => {
    const [admin] = await t.database.execute<{ id: string }>('select id from users where email = $1', [DEMO_ACCOUNTS.admin]);
    const res = await t.app.inject({ method: 'GET', url: '/api/forms/detailed-statistics', headers: await t.bearer(admin.id, ['admin']) });
    expect(res.statusCode, res.body).toBe(200);
    const { weekly } = res.json<{ weekly: Array<{ weekStart: string; registrations: number }> }>();
    const total = weekly.reduce((sum, week) => sum + week.registrations, 0);
    const busiest = Math.max(...weekly.map((week) => week.registrations));
    // Half the weeks or more have registrations, and none holds most of them (before, all but none were in the seed's
    // week). The share of weeks varies with the date: the window's registrations are this year's first answers, spread
    // from 1 January to now, so they thin out as the year goes on (19 of 26 weeks on 2 December).
    expect(weekly.filter((week) => week.registrations > 0).length).toBeGreaterThanOrEqual(DASHBOARD_WEEKS / 2);
    expect(busiest).toBeLessThan(total / 4);
    // Every account is dated no later than now, and each panel account within the year of its first answer.
    const late = await t.database.execute<{ n: number }>(
      `select count(*)::int as n from users u
        where u.created_at > now()
           or (u.email like 'panel-%' and extract(year from u.created_at at time zone 'UTC') <> (select min(f.survey_year) from forms f where f.user_id = u.id))`,
    );
    expect(late[0].n).toBe(0);
  });
});
