// Endpoints and releases: two endpoints over nested populations, and the same search before and after one
// new form (also with ten forms of the attacker's own to average the noise away). Each difference isolates one
// person (m = 1): what it can give is that person's infused value (src/server/services/infusion.ts), the same in
// every group, year and release, so averaging many groups converges on it and never on the true pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CITIES,
  OWN_FORMS,
  PROTECTION,
  addPeople,
  assertProtected,
  compare,
  cut,
  demo,
  meanFixed,
  payGenerator,
  relError,
  startAttackApp,
  trueSize,
  type Attacker,
  type Person,
  type Published,
} from './support';
import { SECTORS, experienceBand } from '../../src/domain/questionnaire';

let a: Attacker;
beforeAll(async () => {
  a = await startAttackApp();
});
afterAll(async () => a?.t.close());

const gen = payGenerator(9001);

/** A grid of cells; every city and every sector has several populated cells, so removing one condition always adds many people. */
function grid(cities: string[], sectors: string[], size: () => number): Array<{ city: string; sector: string; people: Person[] }> {
  return cities.flatMap((city) => sectors.map((sector) => ({ city, sector, people: Array.from({ length: size() }, () => gen.person(city, sector)) })));
}

describe('attack 1: the same filters on two endpoints over nested populations', () => {
  it('gives the attacker nothing: the demo answers from the very same release and perturbation as the signed-in comparison', async () => {
    const cells = grid(CITIES.slice(0, 10), SECTORS.slice(0, 3), () => 6 + Math.floor(gen.random() * 10));
    // In each cell one real member with their own account is the target; the rest are the same kind of people.
    const targets = cells.map((cell) => cell.people[0]);
    await addPeople(
      a.t.database,
      cells.flatMap((c) => c.people),
    );
    await cut(a.t.database);
    const errors: number[] = [];
    for (const [i, cell] of cells.entries()) {
      const filters = { city: cell.city, sector: cell.sector };
      const signedIn = await compare(a, filters);
      const publicDemo = await demo(a, filters);
      // One population: identical figures, counts and status.
      const { historyId: _saved, creditsLeft: _credits, ...published } = signedIn as Published & { historyId?: string; creditsLeft?: number | null };
      expect(publicDemo).toMatchObject(published);
      const mSigned = meanFixed(signedIn);
      const mDemo = meanFixed(publicDemo);
      const estimate = mSigned === null || mDemo === null ? null : signedIn.count! * mSigned - publicDemo.count! * mDemo;
      errors.push(relError(estimate, targets[i].fixedSalary));
    }
    assertProtected({ attack: 'attack 1, signed-in minus demo (n × mean)', errors }, PROTECTION);
  });
});

describe('attack 2: the same search before and after one new form', () => {
  const sectors = SECTORS.slice(4, 8);
  const cities = CITIES.slice(0, 40);

  it('moves no figure until the next release, and then hides the new person behind their infusion factor', async () => {
    const cells = grid(cities, sectors, () => 5 + Math.floor(gen.random() * 56));
    await addPeople(
      a.t.database,
      cells.flatMap((c) => c.people),
    );
    await cut(a.t.database);
    const before = [];
    for (const cell of cells) before.push(await compare(a, { city: cell.city, sector: cell.sector }));

    const targets = cells.map((cell) => gen.person(cell.city, cell.sector));
    await addPeople(a.t.database, targets);
    // Completed, but counted from the next release only: asking again now gives exactly the same answer.
    for (const [i, cell] of cells.slice(0, 10).entries()) {
      const again = await compare(a, { city: cell.city, sector: cell.sector });
      expect(again.measures).toEqual(before[i].measures);
      expect(again.count).toBe(before[i].count);
    }
    await cut(a.t.database);

    const errors: number[] = [];
    for (const [i, cell] of cells.entries()) {
      const after = await compare(a, { city: cell.city, sector: cell.sector });
      const m0 = meanFixed(before[i]);
      const m1 = meanFixed(after);
      // The attacker is given the exact sizes (n before, n + 1 after), which the product never publishes.
      const n = cell.people.length;
      const estimate = m0 === null || m1 === null ? null : (n + 1) * m1 - n * m0;
      errors.push(relError(estimate, targets[i].fixedSalary));
    }
    assertProtected({ attack: 'attack 2, before/after one new form (n × mean, exact sizes given)', errors }, PROTECTION);
  }, 120_000);

  it('still hides the new person from an attacker with 10 verified forms of its own who averages over every filter that includes them', async () => {
    const ownSectors = SECTORS.slice(8, 11);
    const ownCities = CITIES.slice(25, 37);
    const cells = grid(ownCities, ownSectors, () => 20 + Math.floor(gen.random() * 40));
    const targets = cells.map((cell) => gen.person(cell.city, cell.sector));
    // The attacker's ten forms sit in the target's cell; each shares each of the target's other attributes with
    // probability one half, so filters on those attributes select many different groups around the target.
    const own: Person[][] = cells.map((cell, i) =>
      Array.from({ length: 10 }, () => {
        const t = targets[i];
        const other = gen.person(cell.city, cell.sector, { fixedSalary: 100_000 });
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
    await addPeople(a.t.database, [...cells.flatMap((c) => c.people), ...own.flat()]);
    await cut(a.t.database);

    const FIELDS = ['gender', 'companySize', 'companyType', 'functionalArea', 'experienceBand'] as const;
    const filterSets = (i: number) =>
      Array.from({ length: 1 << FIELDS.length }, (_, mask) => {
        const t = targets[i];
        const f: Record<string, string> = { city: cells[i].city, sector: cells[i].sector };
        FIELDS.forEach((field, bit) => {
          if (mask & (1 << bit)) f[field] = field === 'experienceBand' ? experienceBand(t.yearsExperience!) : (t[field] as string);
        });
        return f;
      });

    const before: Array<Array<{ n: number; mean: number | null }>> = [];
    // Exact group sizes, given to the attacker.
    const sizeOf = (f: Record<string, string>) => trueSize(a.t.database, f);
    for (let i = 0; i < cells.length; i++) {
      const row = [];
      for (const f of filterSets(i)) row.push({ n: await sizeOf(f), mean: meanFixed(await compare(a, f)) });
      before.push(row);
    }
    await addPeople(a.t.database, targets);
    await cut(a.t.database);

    const errors: number[] = [];
    let used = 0;
    for (let i = 0; i < cells.length; i++) {
      const estimates: number[] = [];
      for (const [j, f] of filterSets(i).entries()) {
        const after = meanFixed(await compare(a, f));
        const prior = before[i][j];
        if (after === null || prior.mean === null) continue;
        estimates.push((prior.n + 1) * after - prior.n * prior.mean);
      }
      used += estimates.length;
      errors.push(relError(estimates.length ? estimates.reduce((x, y) => x + y, 0) / estimates.length : null, targets[i].fixedSalary));
    }
    assertProtected(
      {
        attack: 'attack 2 with 10 own forms, averaging every answered filter combination',
        errors,
        note: `${(used / cells.length).toFixed(1)} usable answer pairs per target on average`,
      },
      OWN_FORMS,
    );
  }, 180_000);
});
