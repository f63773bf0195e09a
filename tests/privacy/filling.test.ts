// Filling attack: filling a small group with one's own forms around one real person, so that the group is
// published and its figures are that person's pay. Anonymous (unclaimed) forms and forms of accounts that never
// confirmed their e-mail do not count at all; an attacker with ten verified accounts of its own who enumerates
// every filter combination around the target and averages what it gets still misses by the absolute bars (support.ts PROTECTION).
// Quartiles are published from a shown count of 15, decided on the count and not the true n: the target and ten
// forms of the attacker's (11 people) can be shown as 15, and then the published median can be the target's own
// value — its infused value (src/server/services/infusion.ts), which is all any figure holds of a person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CITIES,
  OWN_FORMS,
  PROTECTION,
  addPeople,
  assertProtected,
  compare,
  cut,
  meanFixed,
  payGenerator,
  relError,
  startAttackApp,
  type Attacker,
  type Person,
} from './support';
import { SECTORS, experienceBand } from '../../src/domain/questionnaire';
import { QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM } from '../../src/domain/constants';

let a: Attacker;
beforeAll(async () => {
  a = await startAttackApp();
});
afterAll(async () => a?.t.close());

const gen = payGenerator(8008);

/**
 * Targets alone in their cell (city × sector); the other cells of their city and sector are populated, as in a
 * real panel, so the attacker's groups are never refused for being next to an empty one.
 */
async function targetsAlone(cities: string[], sectors: string[]) {
  const cells = cities.flatMap((city) => sectors.map((sector) => ({ city, sector })));
  const targets = cells.map((c) => gen.person(c.city, c.sector));
  // Background: the target's city and sector are full of other people, in other cells.
  const background = cities.flatMap((city) => Array.from({ length: 12 }, () => gen.person(city, SECTORS[19])));
  const sectorBackground = sectors.flatMap((sector) => Array.from({ length: 12 }, () => gen.person(CITIES[39], sector)));
  await addPeople(a.t.database, [...targets, ...background, ...sectorBackground]);
  return { cells, targets };
}

describe('attack 8: filling a small group with forms of one’s own', () => {
  it('anonymous and unverified forms never count: the target stays alone and nothing is published', async () => {
    const { cells, targets } = await targetsAlone(CITIES.slice(0, 20), SECTORS.slice(0, 3));
    // Four forms with extreme values around each target: two anonymous drafts, two accounts that never confirmed.
    const fillers = cells.flatMap((c) =>
      [80_000, 81_000, 5_000_000, 5_100_000].map((fixedSalary, i) => ({
        ...gen.person(c.city, c.sector, { fixedSalary }),
        owner: i % 2 === 0 ? ('anonymous' as const) : ('unverified' as const),
      })),
    );
    await addPeople(a.t.database, fillers);
    await cut(a.t.database);
    const errors: number[] = [];
    for (const [i, c] of cells.entries()) {
      const answer = await compare(a, { city: c.city, sector: c.sector });
      expect(answer.status).toBe('not-enough-data');
      errors.push(relError(answer.measures?.fixedSalary.p50 ?? null, targets[i].fixedSalary));
    }
    assertProtected({ attack: 'attack 8, four anonymous/unverified forms around one person (published median)', errors }, PROTECTION);
  });

  it('an attacker with 10 verified forms of its own, enumerating every filter combination around the target, stays off by the bars', async () => {
    const { cells, targets } = await targetsAlone(CITIES.slice(20, 39), SECTORS.slice(3, 6));
    const FIELDS = ['gender', 'companySize', 'companyType', 'functionalArea', 'experienceBand'] as const;
    // Ten forms of the attacker's own in each target's cell, at a pay it knows; each shares each of the target's
    // other attributes with probability one half.
    const own = cells.map((c, i) =>
      Array.from({ length: 10 }, () => {
        const t = targets[i];
        const other = gen.person(c.city, c.sector, { fixedSalary: 120_000 });
        return {
          ...other,
          gender: gen.random() < 0.5 ? t.gender : other.gender,
          companySize: gen.random() < 0.5 ? t.companySize : other.companySize,
          companyType: gen.random() < 0.5 ? t.companyType : other.companyType,
          functionalArea: gen.random() < 0.5 ? t.functionalArea : other.functionalArea,
          yearsExperience: gen.random() < 0.5 ? t.yearsExperience : other.yearsExperience,
        };
      }),
    );
    await addPeople(a.t.database, own.flat());
    await cut(a.t.database);

    const matches = (p: Person, t: Person, mask: number) =>
      FIELDS.every(
        (field, bit) =>
          !(mask & (1 << bit)) ||
          (field === 'experienceBand' ? experienceBand(p.yearsExperience!) === experienceBand(t.yearsExperience!) : p[field] === t[field]),
      );
    const errors: number[] = [];
    const medianErrors: number[] = [];
    let answered = 0;
    let withMedian = 0;
    for (const [i, c] of cells.entries()) {
      const t = targets[i];
      const estimates: number[] = [];
      const medians: number[] = [];
      for (let mask = 0; mask < 1 << FIELDS.length; mask++) {
        const filters: Record<string, string> = { city: c.city, sector: c.sector };
        FIELDS.forEach((field, bit) => {
          if (mask & (1 << bit)) filters[field] = field === 'experienceBand' ? experienceBand(t.yearsExperience!) : (t[field] as string);
        });
        const answer = await compare(a, filters);
        const mean = meanFixed(answer);
        if (mean === null) continue;
        // The group is the target and the attacker's own matching forms: n × mean minus what the attacker put in.
        const mine = own[i].filter((p) => matches(p, t, mask));
        estimates.push((mine.length + 1) * mean - mine.reduce((sum, p) => sum + p.fixedSalary, 0));
        // What is published follows the count the answer shows (never the true n, at most 11 here): quartiles
        // from 15, p10, p90 and the median's interval from 20.
        const shown = answer.count!;
        const published = answer.measures!.fixedSalary;
        expect(published.n).toBe(shown);
        for (const figure of [published.p25, published.p50, published.p75]) expect(figure !== null).toBe(shown >= QUARTILE_MINIMUM);
        for (const figure of [published.p10, published.p90, published.medianCi]) expect(figure !== null).toBe(shown >= TAIL_PERCENTILE_MINIMUM);
        // A published median of the target and a few of the attacker's forms: the attacker takes it for the target's pay.
        if (published.p50 !== null) medians.push(published.p50);
      }
      answered += estimates.length;
      if (medians.length) withMedian++;
      const fromMeans = estimates.length ? estimates.reduce((x, y) => x + y, 0) / estimates.length : null;
      errors.push(relError(fromMeans, t.fixedSalary));
      // The attacker's other choice: the median of the published medians around the target where there is one, its
      // averaged means elsewhere.
      const sortedMedians = [...medians].sort((x, y) => x - y);
      medianErrors.push(relError(medians.length ? sortedMedians[Math.floor(sortedMedians.length / 2)] : fromMeans, t.fixedSalary));
    }
    assertProtected(
      {
        attack: 'attack 8 with 10 verified own forms, averaging every answered filter combination',
        errors,
        note: `${(answered / cells.length).toFixed(1)} answered groups per target on average`,
      },
      OWN_FORMS,
    );
    assertProtected(
      {
        attack: 'attack 8 with 10 verified own forms, the published median where a group around the target shows one (else the averaged means)',
        errors: medianErrors,
        note: `${withMedian} of ${cells.length} targets in a group shown with a median`,
      },
      OWN_FORMS,
    );
  }, 180_000);
});
