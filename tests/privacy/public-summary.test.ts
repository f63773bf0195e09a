// The home page's public figures come from the current release: one more person answering never moves them,
// and a country or sector with fewer than K counted forms is not counted (its first answer is not announced).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIES, addPeople, cut, payGenerator, startAttackApp, type Attacker, type Person } from './support';
import { SECTORS } from '../../src/domain/questionnaire';

let a: Attacker;
beforeAll(async () => {
  a = await startAttackApp();
});
afterAll(async () => a?.t.close());

const summary = async () => (await a.t.app.inject({ method: 'GET', url: '/api/public-summary' })).json();

describe('public summary', () => {
  it('says nothing before the first release, then counts the release only', async () => {
    const gen = payGenerator(1);
    const spain = CITIES.find((c) => c === 'madrid')!;
    await addPeople(
      a.t.database,
      Array.from({ length: 47 }, (): Person => ({ city: spain, sector: SECTORS[0], fixedSalary: gen.pay() })),
    );
    expect(await summary()).toEqual({ completedForms: 0, countries: 0, sectors: 0, latestYear: null, latestYearForms: 0, surveyYears: [] });
    await cut(a.t.database);
    // Four people in a new country and a new sector: under K, neither is counted.
    await addPeople(
      a.t.database,
      Array.from({ length: 4 }, (): Person => ({ city: 'lisboa', sector: SECTORS[1], fixedSalary: gen.pay() })),
    );
    const first = await summary();
    expect(first).toEqual({ completedForms: 40, countries: 1, sectors: 1, latestYear: 2025, latestYearForms: 40, surveyYears: [2025] });
    await cut(a.t.database);
    expect(await summary()).toEqual({ ...first, completedForms: 50, latestYearForms: 50 });
  });
});
