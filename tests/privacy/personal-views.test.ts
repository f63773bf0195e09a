// Attacks on the personal views: how could two of their answers, or an answer and a comparison, be
// combined to isolate fewer than K people? Each view publishes nothing of its own: every figure is the published
// answer of a group the comparison could be asked for (the same release, rules and perturbation), so the attacks
// below are the subtraction attacks (subtraction-and-counts.test.ts) carried out through the new calls, and fail for the same reasons —
// the rule against differencing refuses the narrower group, or what is left over is the infused pay of the people
// in between (each person's values carry their own permanent factor, src/server/services/infusion.ts). Exact group
// sizes are given to the attacker throughout. Where the residual is the total of m ≥ 2 people, the attacker's
// best estimate of each of them is residual / m, measured against each one's own pay (support.ts perPersonErrors).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OWN_FORMS,
  PROTECTION,
  addPeople,
  addPeopleWithAccounts,
  assertProtected,
  compare,
  cut,
  payGenerator,
  perPersonErrors,
  relError,
  startAttackApp,
  trueSize,
  type Attacker,
  type Person,
} from './support';
import { POSITION_LEVELS, SECTORS } from '../../src/domain/questionnaire';
import { QUARTILE_MINIMUM } from '../../src/domain/constants';

const K = 5;

/** The user id behind a form written by addPeople, and a member's bearer for it (on the premium plan: every view). */
async function memberOf(a: Attacker, formId: string) {
  const [row] = await a.t.database.execute<{ user_id: string }>('select user_id from forms where id = $1', [formId]);
  await a.t.database.execute(`update users set premium_type = 'premium' where id = $1`, [row.user_id]);
  return a.t.bearer(row.user_id, ['member']);
}

type Json = Record<string, any>;

async function call(a: Attacker, method: 'GET' | 'POST', url: string, headers: { authorization: string }, payload?: object): Promise<Json> {
  const res = await a.t.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Sum of the published mean × the exact size, or null when the answer has no mean. */
const total = (mean: number | null | undefined, n: number) => (typeof mean === 'number' ? mean * n : null);

describe('personalised comparison: two widening levels differenced', () => {
  let a: Attacker;
  beforeAll(async () => {
    a = await startAttackApp();
  });
  afterAll(async () => a?.t.close());
  const gen = payGenerator(14001);

  it("one member's group minus a narrower member's group leaves the few people between them hidden", async () => {
    // Per trial, a sector × level: 15–40 people in Spain (Madrid), and in Portugal (Lisbon) 1–4 people plus the
    // attacker. The Spanish member's cascade stops at Spain (a median); the attacker's widens to all countries.
    const trials = Array.from({ length: 40 }, (_, i) => {
      const sector = SECTORS[i % 20];
      const positionLevel = POSITION_LEVELS[Math.floor(i / 20)];
      const person = (city: string) => gen.person(city, sector, { positionLevel });
      return {
        sector,
        positionLevel,
        spain: Array.from({ length: 15 + Math.floor(gen.random() * 26) }, () => person('madrid')),
        hidden: Array.from({ length: 1 + Math.floor(gen.random() * 4) }, () => person('lisboa')),
        attacker: person('lisboa'),
      };
    });
    const ids = await addPeople(
      a.t.database,
      trials.flatMap((t) => [...t.spain, ...t.hidden, t.attacker]),
    );
    await cut(a.t.database);

    const errors: number[] = [];
    let offset = 0;
    for (const trial of trials) {
      const spainMember = await memberOf(a, ids[offset]);
      const attacker = await memberOf(a, ids[offset + trial.spain.length + trial.hidden.length]);
      offset += trial.spain.length + trial.hidden.length + 1;
      const wide = await call(a, 'POST', 'forms/comparation-individual', attacker, {});
      const narrow = await call(a, 'POST', 'forms/comparation-individual', spainMember, {});
      // No step of either cascade states a figure of fewer than K people.
      for (const step of [...wide.steps, ...narrow.steps]) {
        const size = await trueSize(a.t.database, Object.fromEntries(Object.entries(step.filters).filter(([k]) => k !== 'year')));
        if (size < K) expect(step).toMatchObject({ status: 'not-enough-data', count: null });
        else expect(step.count).toBeGreaterThanOrEqual(K);
      }
      const nWide = trial.spain.length + trial.hidden.length + 1;
      const usedNarrow = narrow.filters.country === 'es';
      const residual =
        usedNarrow && wide.filters.country === undefined
          ? (() => {
              const all = total(wide.measures?.fixedSalary.mean, nWide);
              const spain = total(narrow.measures?.fixedSalary.mean, trial.spain.length);
              return all === null || spain === null ? null : all - spain - trial.attacker.fixedSalary;
            })()
          : null;
      // The residual is the hidden people's total: residual / m for each of them, against each one's own pay.
      errors.push(
        ...perPersonErrors(
          residual,
          trial.hidden.map((p) => p.fixedSalary),
        ),
      );
    }
    assertProtected(
      { attack: 'personalised comparison, all countries minus Spain (1–4 people in Portugal besides the attacker; residual / m per hidden person)', errors },
      PROTECTION,
    );
  }, 300_000);
});

describe('evolution: years differenced against each other and against the comparison', () => {
  let a: Attacker;
  beforeAll(async () => {
    a = await startAttackApp();
  });
  afterAll(async () => a?.t.close());
  const gen = payGenerator(14002);

  it('a group that gained one person between two years does not give away that person’s pay', async () => {
    // The same people (the same accounts, so the same infusion factors) with the same pay in 2024 and 2025, and one
    // newcomer in 2025: the strongest case for the attacker, as only the forms' jitter differs between the years.
    const trials = Array.from({ length: 40 }, (_, i) => {
      const sector = SECTORS[i % 20];
      const positionLevel = POSITION_LEVELS[2 + Math.floor(i / 20)];
      const stayers = Array.from({ length: 5 + Math.floor(gen.random() * 30) }, () => gen.person('paris', sector, { positionLevel }));
      return { sector, positionLevel, stayers, newcomer: gen.person('paris', sector, { positionLevel, year: 2025 }) };
    });
    const stayers2024 = await addPeopleWithAccounts(
      a.t.database,
      trials.flatMap((t) => t.stayers.map((p) => ({ ...p, year: 2024 }))),
    );
    let stayer = 0;
    await addPeople(
      a.t.database,
      trials.flatMap((t) => [...t.stayers.map((p) => ({ ...p, year: 2025, userId: stayers2024[stayer++].userId! })), t.newcomer]),
    );
    const member: Person = gen.person('paris', SECTORS[0], { positionLevel: 'ceo' });
    const [memberForm] = await addPeople(a.t.database, [member]);
    await cut(a.t.database);
    const headers = await memberOf(a, memberForm);

    const errors: number[] = [];
    for (const trial of trials) {
      const filters = { city: 'paris', sector: trial.sector, positionLevel: trial.positionLevel };
      const evolution = await call(a, 'POST', 'forms/evolution', headers, { filters, years: [2024, 2025] });
      const [y24, y25] = [await compare(a, { ...filters, year: 2024 }), await compare(a, { ...filters, year: 2025 })];
      // The evolution publishes each year exactly as the comparison of that year: nothing new to combine.
      for (const [point, comparison] of [
        [evolution.series[0], y24],
        [evolution.series[1], y25],
      ] as const) {
        expect(point.n).toBe(comparison.count);
        expect(point.p50).toBe(comparison.measures?.totalWithDeferral.p50 ?? null);
        if (comparison.count === null) expect(point).toMatchObject({ status: 'not-enough-data', p50: null });
      }
      const before = total(y24.measures?.fixedSalary.mean, trial.stayers.length);
      const after = total(y25.measures?.fixedSalary.mean, trial.stayers.length + 1);
      errors.push(relError(before === null || after === null ? null : after - before, trial.newcomer.fixedSalary));
    }
    assertProtected({ attack: 'evolution, 2025 minus 2024 of a group that gained one person (same pay otherwise)', errors }, PROTECTION);
  }, 300_000);

  it("the person's own line beside a group of K: the others' pay stays uncertain", async () => {
    // Groups of exactly K in 2025 with the attacker in them: n × mean minus one's own pay is the other four's.
    const trials = Array.from({ length: 40 }, (_, i) => ({
      sector: SECTORS[i % 20],
      positionLevel: POSITION_LEVELS[4 + Math.floor(i / 20)],
    })).map((t) => ({
      ...t,
      others: Array.from({ length: K - 1 }, () => gen.person('lyon', t.sector, { positionLevel: t.positionLevel })),
      attacker: gen.person('lyon', t.sector, { positionLevel: t.positionLevel }),
    }));
    const ids = await addPeople(
      a.t.database,
      trials.flatMap((t) => [...t.others, t.attacker]),
    );
    await cut(a.t.database);
    const errors: number[] = [];
    for (const [i, trial] of trials.entries()) {
      const headers = await memberOf(a, ids[i * K + K - 1]);
      const filters = { city: 'lyon', sector: trial.sector, positionLevel: trial.positionLevel };
      const evolution = await call(a, 'POST', 'forms/evolution', headers, { filters, years: [2025], getUserEvolution: true, measure: 'fixedSalary' });
      const own = evolution.userSeries.find((p: { year: number }) => p.year === 2025)?.value ?? 0;
      expect(own).toBe(Math.round(trial.attacker.fixedSalary));
      // Under a published count of 15 the year has no quartiles (a group of K is always published as 5); the mean
      // comes from the comparison of the same group.
      if (evolution.series[0].n < QUARTILE_MINIMUM) expect(evolution.series[0]).toMatchObject({ p50: null });
      else expect(evolution.series[0].p50).not.toBeNull();
      const comparison = await compare(a, { ...filters, year: 2025 }, headers);
      expect(comparison.count).toBe(evolution.series[0].n);
      const sum = total(comparison.measures?.fixedSalary.mean, K);
      // The residual is the other four's total: residual / 4 for each of them, against each one's own pay.
      errors.push(
        ...perPersonErrors(
          sum === null ? null : sum - own,
          trial.others.map((p) => p.fixedSalary),
        ),
      );
    }
    assertProtected({ attack: 'own line + a group of K: (n × mean − own pay) / 4 per other member', errors }, OWN_FORMS);
  }, 300_000);
});

describe('insights: a ranking combined with a comparison', () => {
  let a: Attacker;
  beforeAll(async () => {
    a = await startAttackApp();
  });
  afterAll(async () => a?.t.close());
  const gen = payGenerator(14003);

  it('the country minus every published city leaves the omitted city’s few people hidden', async () => {
    // Per trial, a sector × level in Spain: Madrid and Barcelona 8–30 each, Valencia 1–4 (omitted from the ranking);
    // and 6 people in Portugal, so the country's comparison is not itself refused.
    const trials = Array.from({ length: 40 }, (_, i) => {
      const sector = SECTORS[i % 20];
      const positionLevel = POSITION_LEVELS[Math.floor(i / 20)];
      const people = (city: string, count: number) => Array.from({ length: count }, () => gen.person(city, sector, { positionLevel }));
      return {
        sector,
        positionLevel,
        madrid: people('madrid', 8 + Math.floor(gen.random() * 23)),
        barcelona: people('barcelona', 8 + Math.floor(gen.random() * 23)),
        valencia: people('valencia', 1 + Math.floor(gen.random() * 4)),
        portugal: people('porto', 6),
      };
    });
    const ids = await addPeople(
      a.t.database,
      trials.flatMap((t) => [...t.madrid, ...t.barcelona, ...t.valencia, ...t.portugal]),
    );
    await cut(a.t.database);

    const errors: number[] = [];
    let offset = 0;
    for (const trial of trials) {
      // The attacker is one of the Madrid people (a member with that profile).
      const headers = await memberOf(a, ids[offset]);
      offset += trial.madrid.length + trial.barcelona.length + trial.valencia.length + trial.portugal.length;
      const ranking = await call(a, 'GET', 'forms/better-city', headers);
      expect(ranking.filters).toMatchObject({ sector: trial.sector, positionLevel: trial.positionLevel });
      // No entry of fewer than K people; Valencia is never listed.
      for (const item of ranking.items) {
        expect(await trueSize(a.t.database, { city: item.key, sector: trial.sector, positionLevel: trial.positionLevel })).toBeGreaterThanOrEqual(K);
        expect(item.n).toBeGreaterThanOrEqual(K);
      }
      expect(ranking.items.map((i: { key: string }) => i.key)).not.toContain('valencia');
      const country = await compare(a, { country: 'es', sector: trial.sector, positionLevel: trial.positionLevel }, headers);
      const sizes: Record<string, number> = { madrid: trial.madrid.length, barcelona: trial.barcelona.length };
      const listed = ranking.items.filter((i: { key: string }) => i.key in sizes);
      // The ranking gives means too: the attacker subtracts every listed city from the country.
      const spain = total(country.measures?.totalWithDeferral.mean, trial.madrid.length + trial.barcelona.length + trial.valencia.length);
      const residual =
        spain === null || listed.length < 2 || listed.some((i: { mean: number | null }) => i.mean === null)
          ? null
          : spain - listed.reduce((s: number, i: { key: string; mean: number }) => s + i.mean * sizes[i.key], 0);
      // The residual is the omitted city's total: residual / m for each of its people, against each one's own pay.
      errors.push(
        ...perPersonErrors(
          residual,
          trial.valencia.map((p) => p.fixedSalary),
        ),
      );
    }
    assertProtected({ attack: 'insights, Spain minus its ranked cities (1–4 people in the omitted city; residual / m per hidden person)', errors }, PROTECTION);
  }, 300_000);
});
