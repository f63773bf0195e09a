// The privacy attack suite's tools: a real app on a real database, people written in bulk (each a verified
// account unless told otherwise, like a real member who confirmed their e-mail), releases cut as the product
// cuts them, the published answers read through the real API, and the attacker's error measured and printed
// against the absolute bars (docs/statistics-and-privacy.md "The attack suite"):
//   protection  the attacker's median error on a person's pay ≥ 15 %, at most 20 % of victims estimated within 5 %;
//   own forms   the same bars for an attacker holding 10 verified forms of its own.
// They replaced earlier bars (median ≥ 25 %, ≤ 5 % within 5 %; 10 % with own forms) when the per-group money
// noise — fresh for every distinct group, so averaged away by asking many groups — gave way to per-person noise
// infusion (src/server/services/infusion.ts): an attacker who isolates one person's value exactly gets that
// person's infused value, 8–32 % off (median ≈ 18 %), however many groups, years or releases it asks.
// Where an attack isolates the total of m ≥ 2 people, what it learns about each of them is measured
// (perPersonErrors): a sum of several people is a group statistic, not a person's pay.
// Attackers here are given more than the product ever publishes (exact group sizes, the target's full
// profile): if they fail with that, they fail without it.
import { expect } from 'vitest';
import { normalCdf } from '../../src/domain/normal';
import { COMPANY_SIZES, COMPANY_TYPES, COUNTRY_CITIES, FUNCTIONAL_AREAS, experienceBand, type CountryCode } from '../../src/domain/questionnaire';
import { SqlParams, conditionSql, type GroupField } from '../../src/server/services/peerGroup';
import { seededRandom } from '../../src/server/db/demoForms';
import { ID_ALPHABET, ID_LENGTH } from '../../src/domain/constants';
import type { Database } from '../../src/server/db/open';
import { cutRelease } from '../../src/server/services/releases';
import { startTestApp, type TestApp } from '../server/helpers/testApp';

export const YEAR = 2025;

/** The suite's fixed perturbation secret: with seeded keys, every run sees the same noise. */
export const ATTACK_SECRET = 'privacy-suite-fixed-secret';

export interface Person {
  city: string;
  sector: string;
  positionLevel?: string;
  companySize?: string;
  companyType?: string;
  functionalArea?: string;
  gender?: string;
  yearsExperience?: number;
  fixedSalary: number;
  annualBonus?: number;
  deferredCompensation?: number;
  /** Default: a verified account of its own. 'unverified': an account that never confirmed its e-mail; 'anonymous': an unclaimed draft completed without an account. */
  owner?: 'verified' | 'unverified' | 'anonymous';
  year?: number;
  /** Another form of an account written before (a person with forms in several years); default: a new account. */
  userId?: string;
}

export const CITY_COUNTRY = new Map<string, CountryCode>(
  Object.entries(COUNTRY_CITIES).flatMap(([country, cities]) => cities.map((city) => [city, country as CountryCode] as [string, CountryCode])),
);
export const CITIES = [...CITY_COUNTRY.keys()];

/**
 * Record keys drawn from a seeded generator (the product draws them from the database's random()): with the fixed
 * perturbation secret of startAttackApp, every run of the suite sees the same noise, so a bar is never passed or
 * failed by luck of the draw.
 */
let recordKeys = seededRandom(20251123);
/** The people's noise keys (users.noise_key, the key of their infusion factors), seeded likewise. */
let noiseKeys = seededRandom(20261127);
/** Form and account ids, seeded too: a form's jitter is drawn from its id, so every run sees the same values. */
let idDraws = seededRandom(20261128);
const seededId = () => Array.from({ length: ID_LENGTH }, () => ID_ALPHABET[Math.floor(idDraws() * ID_ALPHABET.length)]).join('');

/**
 * Starts the draws of record keys, noise keys and ids again, as at the start of a file: the same people written to a
 * second database then get the same ids and keys (engine-parity.test.ts writes one panel to each engine).
 */
export function restartDraws(): void {
  recordKeys = seededRandom(20251123);
  noiseKeys = seededRandom(20261127);
  idDraws = seededRandom(20261128);
}

/** Writes people (accounts and completed forms) in a few statements; returns their form ids. */
export async function addPeople(db: Database, people: Person[]): Promise<string[]> {
  return (await addPeopleWithAccounts(db, people)).map((p) => p.formId);
}

/** As addPeople, with each form's account (null for an anonymous form). */
export async function addPeopleWithAccounts(db: Database, people: Person[]): Promise<Array<{ formId: string; userId: string | null }>> {
  const written: Array<{ formId: string; userId: string | null }> = [];
  for (let start = 0; start < people.length; start += 2000) {
    const chunk = people.slice(start, start + 2000);
    const users = chunk.map((p) =>
      p.owner === 'anonymous'
        ? null
        : p.userId
          ? { id: p.userId, verified: true, existing: true }
          : { id: seededId(), verified: p.owner !== 'unverified', existing: false },
    );
    const withAccount = users.filter((u): u is { id: string; verified: boolean; existing: boolean } => u !== null && !u.existing);
    if (withAccount.length > 0) {
      await db.execute(
        `insert into users (id, email, roles, email_verified, noise_key)
         select id, lower(id) || '@attack.test', '{member}', verified, noise_key from unnest($1::text[], $2::boolean[], $3::bigint[]) as u(id, verified, noise_key)`,
        [withAccount.map((u) => u.id), withAccount.map((u) => u.verified), withAccount.map(() => Math.floor(noiseKeys() * 2 ** 52))],
      );
    }
    const ids = chunk.map(() => seededId());
    written.push(...ids.map((formId, i) => ({ formId, userId: users[i]?.id ?? null })));
    const col = <T>(f: (p: Person, i: number) => T) => chunk.map(f);
    await db.execute(
      `insert into forms (id, user_id, email, survey_year, status, completed_steps, answers, currency, country, city, sector, company_size,
         company_type, functional_area, position_level, gender, years_experience, fixed_salary, annual_bonus, deferred_compensation, completed_at,
         record_key)
       select id, user_id, lower(id) || '@attack.test', survey_year, 'completed', '{0,1,2,3,4}', '{}'::jsonb, 'EUR', country, city, sector,
              company_size, company_type, functional_area, position_level, gender, years_experience, fixed_salary, annual_bonus,
              deferred_compensation, now(), record_key
         from unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
                     $11::text[], $12::int[], $13::int[], $14::int[], $15::bigint[], $16::bigint[])
           as f(id, user_id, survey_year, country, city, sector, company_size, company_type, functional_area, position_level, gender,
                years_experience, fixed_salary, annual_bonus, deferred_compensation, record_key)`,
      [
        ids,
        col((_, i) => users[i]?.id ?? null),
        col((p) => p.year ?? YEAR),
        col((p) => CITY_COUNTRY.get(p.city)!),
        col((p) => p.city),
        col((p) => p.sector),
        col((p) => p.companySize ?? '1000-4999'),
        col((p) => p.companyType ?? 'listed'),
        col((p) => p.functionalArea ?? 'finance'),
        col((p) => p.positionLevel ?? 'director'),
        col((p) => p.gender ?? 'female'),
        col((p) => p.yearsExperience ?? 12),
        col((p) => Math.round(p.fixedSalary)),
        col((p) => Math.round(p.annualBonus ?? 0)),
        col((p) => Math.round(p.deferredCompensation ?? 0)),
        col(() => Math.floor(recordKeys() * 4_294_967_296)),
      ],
    );
  }
  return written;
}

/**
 * Cuts a release as the product does (forced: every test controls what changed). Another `secret` draws every
 * person's factor afresh (the utility test's repeated draws); the app's own secret still keys the counts.
 */
export async function cut(db: Database, secret = ATTACK_SECRET): Promise<void> {
  const outcome = await cutRelease(db, { threshold: 5, secret, trigger: 'admin', force: true, precompute: false });
  if (outcome.status !== 'cut') throw new Error('forced cut refused');
}

export interface Attacker {
  t: TestApp;
  headers: { authorization: string };
}

/** An app with an admin caller (admins compare for free: the attacker's cost is not what is tested here). */
export async function startAttackApp(database?: Database): Promise<Attacker> {
  const t = await startTestApp({ LOG_LEVEL: 'silent', PERTURBATION_SECRET: ATTACK_SECRET }, { database });
  const admin = await t.createUser({ roles: ['admin'] });
  return { t, headers: await t.bearer(admin.id, ['admin']) };
}

export type Filters = Record<string, string | number>;

export interface Published {
  status: 'ok' | 'not-enough-data' | 'refused';
  count: number | null;
  measures: Record<
    string,
    {
      n: number;
      mean: number | null;
      p10: number | null;
      p25: number | null;
      p50: number | null;
      p75: number | null;
      p90: number | null;
      medianCi: { low: number; high: number } | null;
    }
  > | null;
  position: Record<string, { percentileRank: number; diffFromMedianPercent: number; ownValue: number } | null> | null;
}

export async function compare(a: Attacker, filters: Filters, headers = a.headers): Promise<Published> {
  const res = await a.t.app.inject({ method: 'POST', url: '/api/forms/comparation', headers, payload: { filters: { year: YEAR, ...filters } } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function demo(a: Attacker, filters: Filters): Promise<Published> {
  const res = await a.t.app.inject({ method: 'POST', url: '/api/forms/demo-comparation', payload: { filters: { year: YEAR, ...filters } } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function count(a: Attacker, filters: Filters): Promise<number | null> {
  const res = await a.t.app.inject({ method: 'POST', url: '/api/forms/count-results', headers: a.headers, payload: { filters: { year: YEAR, ...filters } } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().count;
}

/** The published mean fixed salary, or null when the answer gives none. */
export const meanFixed = (p: Published): number | null => (p.status === 'ok' ? (p.measures?.fixedSalary.mean ?? null) : null);

/** The true size of a group of the current release (given to the attacker, which the product never does). */
export async function trueSize(db: Database, filters: Partial<Record<GroupField, string>>): Promise<number> {
  const params = new SqlParams();
  const conditions = Object.entries(filters).map(([field, value]) => conditionSql(field as GroupField, value, 'f', params));
  const [row] = await db.execute<{ n: number }>(
    `select count(*)::int as n from release_forms f
      where f.release_id = (select id from statistics_releases where current) and f.survey_year = ${params.add(YEAR)}
        and ${conditions.join(' and ') || 'true'}`,
    params.values,
  );
  return Number(row.n);
}

/** Log-normal pay around `median` (σ as a share), and people with random attributes, from a seeded generator. */
export function payGenerator(seed: number) {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const pay = (median = 150_000, sigma = 0.3) => Math.max(80_000, Math.round(median * Math.exp(sigma * normal())));
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  return {
    random,
    pay,
    pick,
    /** Someone in a cell (city × sector) with random attributes; `extra` overrides any of them. */
    person: (city: string, sector: string, extra: Partial<Person> = {}): Person => ({
      city,
      sector,
      fixedSalary: extra.fixedSalary ?? pay(),
      gender: pick(['female', 'male']),
      companySize: pick(COMPANY_SIZES),
      companyType: pick(COMPANY_TYPES),
      functionalArea: pick(FUNCTIONAL_AREAS),
      yearsExperience: 3 + Math.floor(random() * 25),
      ...extra,
    }),
  };
}

export interface AttackReport {
  attack: string;
  /** Relative errors |estimate − hidden| / hidden; Infinity where the attacker got no estimate at all. */
  errors: number[];
  note?: string;
}

export function summarise(errors: number[]) {
  const sorted = [...errors].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    trials: errors.length,
    median: at(0.5),
    p10: at(0.1),
    p90: at(0.9),
    within5: errors.filter((e) => e <= 0.05).length / errors.length,
    noEstimate: errors.filter((e) => !Number.isFinite(e)).length / errors.length,
  };
}

const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)} %` : 'none');

/** Prints the distribution of the attacker's error (CI output shows it) and asserts the bar. */
export function assertProtected(report: AttackReport, bar: { median: number; within5?: number }) {
  const s = summarise(report.errors);
  const line =
    `[privacy] ${report.attack}: ${s.trials} trials; attacker's error median ${pct(s.median)}, p10 ${pct(s.p10)}, p90 ${pct(s.p90)}; ` +
    `within 5 %: ${(s.within5 * 100).toFixed(1)} %; no estimate at all: ${(s.noEstimate * 100).toFixed(1)} %` +
    ` (bar: median ≥ ${pct(bar.median)}${bar.within5 !== undefined ? `, within 5 % ≤ ${pct(bar.within5)}` : ''})${report.note ? ` — ${report.note}` : ''}`;
  console.log(line);
  expect(s.trials).toBeGreaterThan(0);
  expect(s.median, line).toBeGreaterThanOrEqual(bar.median);
  if (bar.within5 !== undefined) expect(s.within5, line).toBeLessThanOrEqual(bar.within5);
}

/**
 * The promise (docs/statistics-and-privacy.md "The promise") is stated against the baseline every benchmark gives away: the group's median taken as the
 * person's pay. The suite's synthetic panels draw pay log-normally around their group's median with spread
 * PANEL_SIGMA (payGenerator), so that baseline is known in closed form: median error 20.0 %, within 5 % for 13.2 %
 * of people. The bars: the attacker's median error ≥ 0.7 × the baseline's (14.0 %), its share within 5 % ≤ the larger
 * of 1.3 × the baseline's and the baseline's + 10 points (23.2 %). (The absolute bars, 15 % and 20 %, still run on every attack; the
 * two-peaked factor that met them lost to the attacker who knows the method, tests/privacy/informed-attacker.test.ts.)
 */
export const PANEL_SIGMA = 0.3;
export const PANEL_BASELINE = (() => {
  const within = (d: number) => normalCdf(Math.log(1 + d) / PANEL_SIGMA) - normalCdf(Math.log(1 - d) / PANEL_SIGMA);
  let low = 0;
  let high = 1;
  for (let i = 0; i < 50; i++) {
    const mid = (low + high) / 2;
    if (within(mid) < 0.5) low = mid;
    else high = mid;
  }
  return { median: (low + high) / 2, within5: within(0.05) };
})();
export const PROTECTION = { median: 0.7 * PANEL_BASELINE.median, within5: Math.max(1.3 * PANEL_BASELINE.within5, PANEL_BASELINE.within5 + 0.1) };
export const OWN_FORMS = PROTECTION;

/** Relative error, Infinity when there is no estimate. */
export const relError = (estimate: number | null, hidden: number) =>
  estimate === null || !Number.isFinite(estimate) ? Infinity : Math.abs(estimate - hidden) / Math.abs(hidden);

/**
 * The attacker's errors on m hidden people whose total it isolated (a residual of m ≥ 1 people): its best
 * estimate of each person's pay is residual / m, measured against each person's own pay (one error per hidden
 * person; Infinity for each when there is no residual). With m = 1 it is that person's pay itself. A total of
 * several people is a group statistic, not a person's pay (K people's mean is published by design): what counts
 * is what it tells about each of them.
 */
export function perPersonErrors(residual: number | null, hidden: number[]): number[] {
  return hidden.map((pay) => relError(residual === null ? null : residual / hidden.length, pay));
}

/** Each filter field's value for a person of the suite (as the comparison's filters read it). */
export const FIELD_OF: Record<string, (p: Person) => string> = {
  sector: (p) => p.sector,
  country: (p) => CITY_COUNTRY.get(p.city)!,
  city: (p) => p.city,
  positionLevel: (p) => p.positionLevel!,
  companySize: (p) => p.companySize!,
  companyType: (p) => p.companyType!,
  functionalArea: (p) => p.functionalArea!,
  gender: (p) => p.gender!,
  experienceBand: (p) => experienceBand(p.yearsExperience!),
};
