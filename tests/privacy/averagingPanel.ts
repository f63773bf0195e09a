// The dense panel of the averaging attacks (averaging.test.ts and raise.test.ts): 4,000 people a year in four cities,
// three sectors, levels, genders and sizes, so every filter combination the attacker asks has dozens of people; and
// the attacker's tools over it (every combination of a person's profile, who matches a group, answers asked once).
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { YEAR, compare, startAttackApp, type Attacker, type Filters, type Person, type Published, type payGenerator } from './support';
import { COMPANY_SIZES, COUNTRY_CITIES, SECTORS, experienceBand } from '../../src/domain/questionnaire';

export const YEARS = [YEAR - 2, YEAR - 1, YEAR];
export const CITY_LIST = [COUNTRY_CITIES.es[0], COUNTRY_CITIES.es[1], COUNTRY_CITIES.fr[0], COUNTRY_CITIES.fr[1]];
export const COUNTRY_OF: Record<string, string> = { [CITY_LIST[0]]: 'es', [CITY_LIST[1]]: 'es', [CITY_LIST[2]]: 'fr', [CITY_LIST[3]]: 'fr' };
const POP_SECTORS = SECTORS.slice(0, 3);
const LEVELS = ['director', 'head', 'manager'] as const;
const GENDERS = ['female', 'male'] as const;
const SIZES = COMPANY_SIZES.slice(1, 4);
/** The other fields the attacker combines (subsets of all four: 16, × {none, country, city}: 48 groups a year). */
const COMBINED = ['sector', 'positionLevel', 'gender', 'companySize'] as const;

/**
 * Victims of the averaging attack: the bars are medians and shares over victims, so enough of them that the luck of
 * who drew which factor cannot decide a bar (the median's standard error over 40 victims is ~2 points).
 */
export const VICTIMS = 40;

/** A person of the dense panel: every combination the attacker asks has dozens of people. */
export function panelPerson(gen: ReturnType<typeof payGenerator>, year: number, extra: Partial<Person> = {}): Person {
  const fixedSalary = gen.pay(150_000, 0.3);
  return gen.person(gen.pick(CITY_LIST), gen.pick(POP_SECTORS), {
    year,
    positionLevel: gen.pick(LEVELS),
    gender: gen.pick(GENDERS),
    companySize: gen.pick(SIZES),
    companyType: 'listed',
    functionalArea: 'finance',
    fixedSalary,
    annualBonus: Math.round(fixedSalary * (0.05 + gen.random() * 0.3)),
    deferredCompensation: gen.random() < 0.3 ? Math.round(fixedSalary * gen.random() * 0.5) : 0,
    ...extra,
  });
}

/** Every filter combination of a person's profile the attacker asks. */
export function combinations(p: Person): Filters[] {
  const places: Filters[] = [{}, { country: COUNTRY_OF[p.city] }, { city: p.city }];
  const values: Record<(typeof COMBINED)[number], string> = {
    sector: p.sector,
    positionLevel: p.positionLevel!,
    gender: p.gender!,
    companySize: p.companySize!,
  };
  const result: Filters[] = [];
  for (const place of places) {
    for (let mask = 0; mask < 1 << COMBINED.length; mask++) {
      const filters: Filters = { ...place };
      COMBINED.forEach((field, bit) => {
        if (mask & (1 << bit)) filters[field] = values[field];
      });
      result.push(filters);
    }
  }
  return result;
}

export function matches(p: Person, year: number, filters: Filters): boolean {
  if ((p.year ?? YEAR) !== year) return false;
  for (const [field, value] of Object.entries(filters)) {
    if (field === 'year') continue;
    const own =
      field === 'country'
        ? COUNTRY_OF[p.city]
        : field === 'experienceBand'
          ? experienceBand(p.yearsExperience ?? 12)
          : (p as unknown as Record<string, unknown>)[field];
    if (own !== value) return false;
  }
  return true;
}

/**
 * Who is in each group the attacker asks, counted as people enter instead of filtering the whole panel per group: a
 * person counts once in each of their own 48 combinations a year, and a victim's combinations are such combinations.
 */
export function groupSizes() {
  const counts = new Map<string, number>();
  const key = (year: number, filters: Filters) => `${year}|${JSON.stringify(filters)}`;
  return {
    add(people: Person[]) {
      for (const p of people) {
        const year = p.year ?? YEAR;
        for (const filters of combinations(p)) counts.set(key(year, filters), (counts.get(key(year, filters)) ?? 0) + 1);
      }
    },
    /** The group's size; the filters must be one of combinations()'s (the same fields in the same order). */
    of: (year: number, filters: Filters) => counts.get(key(year, filters)) ?? 0,
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Answers of one release state, asked once per (year, filters). */
export function answerBook(a: Attacker) {
  const asked = new Map<string, Promise<Published>>();
  return (year: number, filters: Filters) => {
    const key = `${year}|${JSON.stringify(filters)}`;
    let answer = asked.get(key);
    if (!answer) {
      answer = compare(a, { ...filters, year });
      asked.set(key, answer);
    }
    return answer;
  };
}

/**
 * The file's attack app: started before its tests and closed after them, with a fresh admin token before each test
 * (the suites run for minutes, and tokens expire as a real session's do). Filled in by the hooks, so call it at the top.
 */
export function fileAttackApp(): Attacker {
  const a = {} as Attacker;
  beforeAll(async () => {
    Object.assign(a, await startAttackApp());
  });
  beforeEach(async () => {
    const admin = await a.t.createUser({ roles: ['admin'] });
    a.headers = await a.t.bearer(admin.id, ['admin']);
  });
  afterAll(async () => a.t?.close());
  return a;
}
