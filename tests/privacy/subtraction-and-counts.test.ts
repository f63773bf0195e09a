// Subtraction and counts: a group minus its answered sub-groups (the "tracker": every answer allowed on its
// own, their difference one to four people), and head-counts under K from two published counts. The tracker's
// residual is the total of the m people left over: the attacker's best estimate of each of them is residual / m,
// and its error is measured against each one's own pay (support.ts perPersonErrors; m = 1: that person's pay).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CITIES,
  CITY_COUNTRY,
  PROTECTION,
  addPeople,
  assertProtected,
  compare,
  count,
  cut,
  meanFixed,
  payGenerator,
  perPersonErrors,
  relError,
  startAttackApp,
  type Attacker,
} from './support';
import { COUNTRY_CITIES, SECTORS } from '../../src/domain/questionnaire';

let a: Attacker;
beforeAll(async () => {
  a = await startAttackApp();
});
afterAll(async () => a?.t.close());

const gen = payGenerator(3003);

describe('attack 3: a group minus its answered sub-groups', () => {
  it('leaves the one to four people outside the sub-groups hidden (by gender)', async () => {
    const cities = CITIES.slice(0, 40);
    const sectors = SECTORS.slice(0, 4);
    const cells = cities.flatMap((city) =>
      sectors.map((sector) => {
        const women = Array.from({ length: 5 + Math.floor(gen.random() * 26) }, () => gen.person(city, sector, { gender: 'female' }));
        const men = Array.from({ length: 5 + Math.floor(gen.random() * 26) }, () => gen.person(city, sector, { gender: 'male' }));
        const others = Array.from({ length: 1 + Math.floor(gen.random() * 4) }, () =>
          gen.person(city, sector, { gender: gen.pick(['non-binary', 'prefer-not-to-say']) }),
        );
        return { city, sector, women, men, others };
      }),
    );
    await addPeople(
      a.t.database,
      cells.flatMap((c) => [...c.women, ...c.men, ...c.others]),
    );
    await cut(a.t.database);

    const errors: number[] = [];
    for (const c of cells) {
      const base = { city: c.city, sector: c.sector };
      const [all, women, men] = [await compare(a, base), await compare(a, { ...base, gender: 'female' }), await compare(a, { ...base, gender: 'male' })];
      const [mAll, mWomen, mMen] = [meanFixed(all), meanFixed(women), meanFixed(men)];
      const n = c.women.length + c.men.length + c.others.length;
      // Exact sizes given to the attacker; the residual is the others' total pay, and each of the m others is
      // estimated at residual / m (one error per hidden person, against that person's own pay).
      const residual = mAll === null || mWomen === null || mMen === null ? null : n * mAll - c.women.length * mWomen - c.men.length * mMen;
      errors.push(
        ...perPersonErrors(
          residual,
          c.others.map((p) => p.fixedSalary),
        ),
      );
    }
    assertProtected(
      { attack: 'attack 3, group minus its gender sub-groups (1–4 people left, exact sizes given; residual / m per hidden person)', errors },
      PROTECTION,
    );
  }, 120_000);
});

describe('attack 5: head-counts under K from two published counts', () => {
  it('two counts never subtract to an exact small head-count (count-results and refused comparisons)', async () => {
    // In each trial one sector of one country: a big city with many people, and one to four people elsewhere.
    const countries = Object.keys(COUNTRY_CITIES).filter((c) => COUNTRY_CITIES[c as keyof typeof COUNTRY_CITIES].length >= 2);
    const trials = countries.flatMap((country) =>
      SECTORS.slice(4, 16).map((sector) => {
        const [big, small] = COUNTRY_CITIES[country as keyof typeof COUNTRY_CITIES];
        return {
          country,
          big,
          sector,
          main: Array.from({ length: 10 + Math.floor(gen.random() * 90) }, () => gen.person(big, sector)),
          outside: Array.from({ length: 1 + Math.floor(gen.random() * 4) }, () => gen.person(small, sector)),
        };
      }),
    );
    // Other sectors of the small cities are populated, so a small city is not itself a giveaway.
    const filler = countries.flatMap((country) =>
      COUNTRY_CITIES[country as keyof typeof COUNTRY_CITIES].flatMap((city) => Array.from({ length: 8 }, () => gen.person(city, SECTORS[19]))),
    );
    await addPeople(a.t.database, [...trials.flatMap((t) => [...t.main, ...t.outside]), ...filler]);
    await cut(a.t.database);

    const errors: number[] = [];
    for (const trial of trials) {
      expect(CITY_COUNTRY.get(trial.big)).toBe(trial.country);
      const country = await count(a, { country: trial.country, sector: trial.sector });
      const city = await count(a, { city: trial.big, sector: trial.sector });
      // A refused comparison states a count too: it is the same published count, never the exact one.
      const refusal = await compare(a, { country: trial.country, sector: trial.sector, city: trial.big });
      if (refusal.status === 'refused') expect(refusal.count).toBe(city);
      for (const published of [country, city]) expect(published! % 5).toBe(0);
      errors.push(relError(country === null || city === null ? null : country - city, trial.outside.length));
    }
    assertProtected({ attack: 'attack 5, country count minus city count (1–4 people outside the city)', errors }, PROTECTION);
  }, 120_000);
});
