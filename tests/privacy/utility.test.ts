// The other side of the perturbation (issue 9): figures must stay useful. In 95 % of groups the published
// median and mean are within 1 % of the true ones for n ≥ 200, and within 5 % for n ≥ 50. A realistic panel
// (pay by position level × sector × country, log-normal), every single filter value and every pair of a
// sector, a country or a level with another field; truth computed here in TypeScript from the values written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIES, CITY_COUNTRY, addPeople, compare, cut, payGenerator, startAttackApp, type Attacker, type Person } from './support';
import { COMPANY_SIZES, COMPANY_TYPES, FUNCTIONAL_AREAS, GENDERS, POSITION_LEVELS, SECTORS, experienceBand } from '../../src/domain/questionnaire';
import { LEVEL_MEDIAN } from '../../src/server/db/demoForms';
import { percentileCont } from '../../src/domain/statistics';

let a: Attacker;
beforeAll(async () => {
  a = await startAttackApp();
});
afterAll(async () => a?.t.close());



describe('utility: what perturbation costs an honest user', () => {
  it('publishes medians and means within 1 % of the truth (n ≥ 200) and 5 % (n ≥ 50) in at least 95 % of groups', async () => {
    const gen = payGenerator(7007);
    const sectorFactor = Object.fromEntries(SECTORS.map((s) => [s, 0.85 + gen.random() * 0.35]));
    const cities = CITIES.slice(0, 16);
    const people: Person[] = Array.from({ length: 12_000 }, () => {
      const level = gen.pick(POSITION_LEVELS);
      const sector = gen.pick(SECTORS.slice(0, 10));
      const fixedSalary = gen.pay(LEVEL_MEDIAN[level] * sectorFactor[sector], 0.3);
      return {
        city: gen.pick(cities),
        sector,
        positionLevel: level,
        companySize: gen.pick(COMPANY_SIZES),
        companyType: gen.pick(COMPANY_TYPES),
        functionalArea: gen.pick(FUNCTIONAL_AREAS.slice(0, 6)),
        gender: gen.pick(GENDERS.slice(0, 2)),
        yearsExperience: 2 + Math.floor(gen.random() * 28),
        fixedSalary,
        annualBonus: Math.round(fixedSalary * gen.random() * 0.3),
      };
    });
    await addPeople(a.t.database, people);
    await cut(a.t.database);

    const fieldOf: Record<string, (p: Person) => string> = {
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
    const values = (field: string) => [...new Set(people.map(fieldOf[field]))];
    const groups: Array<Record<string, string>> = [{}];
    for (const field of Object.keys(fieldOf)) for (const v of values(field)) groups.push({ [field]: v });
    for (const first of ['sector', 'country', 'positionLevel']) {
      for (const second of Object.keys(fieldOf)) {
        if (second === first || (first === 'country' && second === 'city')) continue;
        for (const v1 of values(first)) for (const v2 of values(second)) groups.push({ [first]: v1, [second]: v2 });
      }
    }

    const errors = { large: [] as number[], medium: [] as number[] };
    const BANDS = [50, 100, 200, 500, 1000, Infinity];
    const byBand = new Map<number, number[]>(BANDS.slice(0, -1).map((b) => [b, []]));
    const rows: string[] = [];
    for (const filters of groups) {
      const members = people.filter((p) => Object.entries(filters).every(([field, v]) => fieldOf[field](p) === v));
      const n = members.length;
      if (n < 50) continue;
      const answer = await compare(a, filters);
      if (answer.status !== 'ok') continue;
      for (const [measure, value] of [
        ['fixedSalary', (p: Person) => p.fixedSalary],
        ['totalWithoutDeferral', (p: Person) => p.fixedSalary + (p.annualBonus ?? 0)],
      ] as const) {
        const sorted = members.map(value).sort((x, y) => x - y);
        const trueMean = sorted.reduce((s, x) => s + x, 0) / n;
        const trueMedian = percentileCont(sorted, 0.5);
        const published = answer.measures![measure];
        for (const [got, truth] of [
          [published.mean!, trueMean],
          [published.p50!, trueMedian],
        ]) {
          const error = Math.abs(got - truth) / truth;
          (n >= 200 ? errors.large : errors.medium).push(error);
          byBand.get(BANDS.filter((b) => b <= n).pop()!)!.push(error);
          if (n >= 200) errors.medium.push(error);
        }
      }
    }
    const share = (list: number[], bound: number) => list.filter((e) => e <= bound).length / list.length;
    const p95 = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(0.95 * (list.length - 1))];
    rows.push(
      `[utility] n ≥ 200: ${errors.large.length} figures (mean and median of fixed and total pay), within 1 %: ${(share(errors.large, 0.01) * 100).toFixed(1)} %, 95th percentile of the error ${(p95(errors.large) * 100).toFixed(2)} %`,
      `[utility] n ≥ 50: ${errors.medium.length} figures, within 5 %: ${(share(errors.medium, 0.05) * 100).toFixed(1)} %, 95th percentile of the error ${(p95(errors.medium) * 100).toFixed(2)} %`,
    );
    for (const [i, low] of BANDS.slice(0, -1).entries()) {
      const list = byBand.get(low)!;
      if (list.length === 0) continue;
      const sorted = [...list].sort((x, y) => x - y);
      rows.push(
        `[utility] n ${low}–${BANDS[i + 1] === Infinity ? '…' : BANDS[i + 1] - 1}: ${list.length} figures, error median ${(sorted[Math.floor(list.length / 2)] * 100).toFixed(2)} %, ` +
          `95th percentile ${(p95(list) * 100).toFixed(2)} %, largest ${(sorted[sorted.length - 1] * 100).toFixed(2)} %`,
      );
    }
    console.log(rows.join('\n'));
    expect(errors.large.length).toBeGreaterThan(100);
    expect(errors.medium.length).toBeGreaterThan(errors.large.length);
    expect(share(errors.large, 0.01)).toBeGreaterThanOrEqual(0.95);
    expect(share(errors.medium, 0.05)).toBeGreaterThanOrEqual(0.95);
  }, 300_000);
});
