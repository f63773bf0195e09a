// Deterministic generator of realistic demo pay data (docs/architecture.md): a panel of people, each answering the
// survey in one or more years from 2023 to the current year. Pay is log-normal around a median set by
// position level × sector × country × company size, grows yearly, and bonus and deferred pay correlate with
// level and company type. The same seed always gives the same data; the bench uses it at 1,000,000 forms.
import {
  COMPANY_SIZES,
  COMPANY_TYPES,
  COUNTRIES,
  COUNTRY_CITIES,
  EDUCATION_LEVELS,
  FUNCTIONAL_AREAS,
  GENDERS,
  POSITION_LEVELS,
  SECTORS,
  type CountryCode,
  type PositionLevel,
} from '../../domain/questionnaire';
import { LIMITS, surveyYears } from '../../domain/constants';

/** mulberry32: small, fast, good enough for synthetic data, and reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function normal(random: Random): number {
  // Box–Muller; 1 - random() keeps the logarithm finite.
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function pick<T>(random: Random, list: readonly T[], weights?: readonly number[]): T {
  if (!weights) return list[Math.floor(random() * list.length)];
  const total = weights.reduce((a, b) => a + b, 0);
  let roll = random() * total;
  for (let i = 0; i < list.length; i++) {
    roll -= weights[i];
    if (roll < 0) return list[i];
  }
  return list[list.length - 1];
}

/** FNV-1a of a text: the seed of a person's own stream of draws. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Median fixed pay of each position level before the sector, country and size factors. */
export const LEVEL_MEDIAN: Record<PositionLevel, number> = {
  ceo: 310_000,
  'executive-committee': 225_000,
  director: 158_000,
  head: 118_000,
  manager: 96_000,
  'senior-professional': 86_000,
};
const LEVEL_WEIGHT = [4, 8, 22, 26, 24, 16];
const LEVEL_BONUS: Record<PositionLevel, number> = {
  ceo: 0.55,
  'executive-committee': 0.42,
  director: 0.28,
  head: 0.2,
  manager: 0.14,
  'senior-professional': 0.1,
};
const LEVEL_DEFERRED: Record<PositionLevel, number> = {
  ceo: 0.6,
  'executive-committee': 0.4,
  director: 0.18,
  head: 0.08,
  manager: 0.03,
  'senior-professional': 0.02,
};
const COUNTRY_FACTOR: Record<CountryCode, number> = {
  es: 1,
  pt: 0.82,
  fr: 1.18,
  de: 1.28,
  it: 1.04,
  gb: 1.32,
  nl: 1.22,
  us: 1.55,
  mx: 0.9,
  co: 0.76,
  cl: 0.86,
  ar: 0.72,
};
const COUNTRY_WEIGHT = [40, 6, 8, 8, 6, 7, 4, 7, 6, 3, 3, 2];
const SECTOR_FACTOR: Record<string, number> = {
  banking: 1.22,
  insurance: 1.08,
  'asset-management': 1.3,
  consulting: 1.12,
  technology: 1.15,
  telecom: 1.05,
  energy: 1.14,
  industrial: 0.98,
  automotive: 1.0,
  pharma: 1.12,
  healthcare: 0.92,
  retail: 0.9,
  'consumer-goods': 1.02,
  'real-estate': 1.04,
  construction: 0.94,
  'transport-logistics': 0.93,
  media: 0.9,
  legal: 1.1,
  education: 0.8,
  'public-administration': 0.78,
};
const SIZE_FACTOR = [0.82, 0.9, 1, 1.08, 1.16];
/** Yearly growth of pay around which each person's own growth varies. */
const MARKET_GROWTH = 0.032;

/**
 * A person's pay from one answered year to the next, as real pay moves: most people get their own growth plus
 * a spread of a few points (a frozen year, a good one), about one in nine a step of 8–35 % (a promotion or a new
 * job), and about one in thirty-five a cut of 5–20 %. Drawn from a stream of its own per person, so the rest of the
 * panel (profiles, first-year pay, bonus and deferral draws) stays as it was.
 */
function yearlyRaise(random: Random, personalGrowth: number): number {
  const roll = random();
  if (roll < 0.11) return 0.08 + random() * 0.27;
  if (roll < 0.11 + 0.028) return -(0.05 + random() * 0.15);
  return Math.max(-0.02, personalGrowth + normal(random) * 0.03);
}

export interface DemoForm {
  personIndex: number;
  surveyYear: number;
  answers: {
    email: string;
    currency: 'EUR';
    country: string;
    city: string;
    birthYear: number;
    gender: string;
    educationLevel: string;
    yearsExperience: number;
    sector: string;
    companySize: string;
    companyType: string;
    functionalArea: string;
    positionLevel: string;
    directReports: number;
    yearsInPosition: number;
    fixedSalary: number;
    annualBonus: number;
    targetBonusPercent: number;
    deferredCompensation: number;
    diffWithoutDeferral: number;
    diffWithDeferral: number;
    privacyConsent: true;
    newsletterOptIn: boolean;
  };
}

export interface DemoPerson {
  index: number;
  email: string;
  forms: DemoForm[];
}

export function personEmail(index: number): string {
  return `panel-${String(index).padStart(7, '0')}@seed.paybench.demo`;
}

/**
 * Generates people until `formCount` forms exist. Each person answers in a run of consecutive years ending
 * at a random year, so later years have the most answers, like a growing survey.
 */
export function* generateDemoPeople(formCount: number, seed = 20230101, now = new Date()): Generator<DemoPerson> {
  const random = seededRandom(seed);
  const years = surveyYears(now);
  let produced = 0;
  let index = 0;
  while (produced < formCount) {
    const person = generatePerson(random, index, years, formCount - produced);
    produced += person.forms.length;
    index++;
    yield person;
  }
}

/**
 * When a panel person's account was created: a day of the year of their first answer, never after `now`. The days
 * follow a fixed low-discrepancy sequence over the person's index (no draw from the random stream, so the panel's
 * answers stay the same), spreading the accounts evenly: the admin dashboard's weekly registrations show a history,
 * not one week holding everybody.
 */
export function registeredAt(person: DemoPerson, now: Date): Date {
  const firstYear = Math.min(...person.forms.map((form) => form.surveyYear));
  const start = Date.UTC(firstYear, 0, 1);
  const end = Math.min(Date.UTC(firstYear + 1, 0, 1), now.getTime());
  if (!(end > start)) return new Date(now);
  const fraction = (person.index * GOLDEN_RATIO_FRACTION) % 1;
  return new Date(start + Math.floor(fraction * (end - start)));
}

const GOLDEN_RATIO_FRACTION = (Math.sqrt(5) - 1) / 2;

/** Where a person works, when it is fixed instead of drawn (the demo member's neighbourhood). */
export interface DemoProfile {
  country: CountryCode;
  city: string;
  sector: string;
  positionLevel: PositionLevel;
}

function generatePerson(random: Random, index: number, years: number[], remaining: number, fixed?: DemoProfile, email = personEmail(index)): DemoPerson {
  // The draws happen even for a fixed profile, so the stream of random numbers (and so the panel) stays the same.
  let country = pick(random, COUNTRIES, COUNTRY_WEIGHT);
  let city: string = pick(random, COUNTRY_CITIES[country]);
  let level = pick(random, POSITION_LEVELS, LEVEL_WEIGHT);
  let sector: string = pick(random, SECTORS);
  if (fixed) ({ country, city, positionLevel: level, sector } = fixed);
  const sizeIndex = Math.floor(random() * COMPANY_SIZES.length);
  const companyType = pick(random, COMPANY_TYPES, [22, 38, 20, 8, 12]);
  const functionalArea = level === 'ceo' ? 'general-management' : pick(random, FUNCTIONAL_AREAS);
  const levelIndex = POSITION_LEVELS.indexOf(level);
  const baseExperience = clamp(Math.round(24 - levelIndex * 3 + normal(random) * 5), 1, 45);
  const birthYear = clamp(years[0] - 22 - baseExperience - Math.floor(random() * 4), 1940, 2004);
  const gender = pick(random, GENDERS, [38, 58, 1, 3]);
  const educationLevel = pick(random, EDUCATION_LEVELS, [3, 30, 40, 20, 7]);
  const directReports = level === 'senior-professional' ? Math.floor(random() * 3) : Math.round(Math.exp(4.5 - levelIndex * 0.7 + normal(random) * 0.8));

  const median = LEVEL_MEDIAN[level] * COUNTRY_FACTOR[country] * SECTOR_FACTOR[sector] * SIZE_FACTOR[sizeIndex] * (companyType === 'public-sector' ? 0.8 : 1);
  // The person's place in the market stays with them from year to year; growth varies around the market's.
  const personalFactor = Math.exp(normal(random) * 0.28);
  const personalGrowth = MARKET_GROWTH + normal(random) * 0.015;
  const bonusPropensity = Math.exp(normal(random) * 0.45);
  const deferredEligible = random() < (companyType === 'listed' || companyType === 'startup-pe' ? 0.85 : 0.45);
  const perceptionBias = normal(random) * 9;

  const span = Math.min(remaining, 1 + Math.floor(random() * years.length));
  const lastYearIndex = years.length - 1 - Math.floor(random() * (years.length - span + 1) * random());
  const firstYearIndex = Math.max(0, lastYearIndex - span + 1);

  const forms: DemoForm[] = [];
  const raises = seededRandom(fnv1a(email));
  let pay = median * personalFactor * Math.pow(1 + personalGrowth, firstYearIndex);
  for (let y = firstYearIndex; y <= lastYearIndex; y++) {
    const yearsOn = y - firstYearIndex;
    if (yearsOn > 0) pay *= 1 + yearlyRaise(raises, personalGrowth);
    const fixedSalary = Math.round(clamp(pay, LIMITS.fixedSalary.min, LIMITS.fixedSalary.max) / 100) * 100;
    const targetBonusPercent = Math.round(LEVEL_BONUS[level] * 100 * clamp(bonusPropensity, 0.3, 2.5));
    const bonusPaid = random() < 0.9 ? clamp((targetBonusPercent / 100) * (0.7 + random() * 0.6), 0, 3) : 0;
    const annualBonus = Math.round((fixedSalary * bonusPaid) / 100) * 100;
    const deferredCompensation = deferredEligible ? Math.round((fixedSalary * LEVEL_DEFERRED[level] * Math.exp(normal(random) * 0.5)) / 100) * 100 : 0;
    forms.push({
      personIndex: index,
      surveyYear: years[y],
      answers: {
        email,
        currency: 'EUR',
        country,
        city,
        birthYear,
        gender,
        educationLevel,
        yearsExperience: baseExperience + yearsOn,
        sector,
        companySize: COMPANY_SIZES[sizeIndex],
        companyType,
        functionalArea,
        positionLevel: level,
        directReports,
        yearsInPosition: clamp(Math.round(3 + normal(random) * 2), 0, 30) + yearsOn,
        fixedSalary,
        annualBonus: clamp(annualBonus, LIMITS.annualBonus.min, LIMITS.annualBonus.max),
        targetBonusPercent: clamp(targetBonusPercent, 0, 300),
        deferredCompensation: clamp(deferredCompensation, LIMITS.deferredCompensation.min, LIMITS.deferredCompensation.max),
        diffWithoutDeferral: clamp(Math.round(perceptionBias + normal(random) * 3), -30, 30),
        diffWithDeferral: clamp(Math.round(perceptionBias * 0.8 + normal(random) * 3), -30, 30),
        privacyConsent: true,
        newsletterOptIn: random() < 0.35,
      },
    });
  }
  return { index, email, forms };
}

/**
 * Forms per survey year of the demo member's own group (their country × sector × position level), on top of the
 * generic panel's 2–3 and the member's own: enough that the published count (perturbed, rounded to 5) reaches 20
 * in every year, so the member's personal views show every figure (p10 and p90 need 20) at first sight.
 */
export const NEIGHBOURHOOD_PER_YEAR = { min: 28, max: 34 } as const;

/**
 * Forms per survey year of each ring around that group: the same group without one of its conditions (another
 * level, another sector, another country). The rule against differencing refuses a group whose removal of one
 * condition adds 1 to K−1 people, so a lone group of 30 would be refused wherever the panel leaves its ring at
 * 1–4 people; rings of 10 or more make each removal add at least K.
 */
export const NEIGHBOURHOOD_RING_PER_YEAR = { min: 10, max: 16 } as const;

/**
 * Forms per survey year in the member's own city and elsewhere: in the group, its city's median needs 15 people and
 * the rest of the country at least K (the city's group without its city); each Spanish ring needs K in the city.
 */
const HOME_CITY = { group: { home: 18, away: 8 }, ring: { home: 6, away: 0 } } as const;

interface Ring {
  min: number;
  max: number;
  /** Forms per year needed in the member's city and in the country's other cities (a Spanish ring's). */
  city: { home: number; away: number } | null;
  /** The person's profile (the city is set afterwards, from the years they answer). */
  draw(random: Random): DemoProfile;
}

/**
 * The people around a demo account (deterministic, from `seed`), with the panel's pay model and runs of
 * consecutive years: its own group (country × sector × level) and three rings — the same sector and country at
 * other levels, the same level and country in other sectors, the same sector and level in other countries — so that
 * the account's own group, its city's and each wider one are published rather than refused. People are drawn
 * until every survey year has each part's minimum (and the home city's), leaving out those who would push a year
 * past its maximum.
 */
export function generateNeighbourhood(profile: DemoProfile, seed = 20240607, now = new Date()): DemoPerson[] {
  const random = seededRandom(seed);
  const years = surveyYears(now);
  const { min, max } = NEIGHBOURHOOD_RING_PER_YEAR;
  const others = COUNTRIES.filter((country) => country !== profile.country);
  const rings: Ring[] = [
    { ...NEIGHBOURHOOD_PER_YEAR, city: HOME_CITY.group, draw: () => ({ ...profile }) },
    {
      min,
      max,
      city: HOME_CITY.ring,
      draw: (r) => ({
        ...profile,
        positionLevel: pick(
          r,
          POSITION_LEVELS.filter((level) => level !== profile.positionLevel),
        ),
      }),
    },
    {
      min,
      max,
      city: HOME_CITY.ring,
      draw: (r) => ({
        ...profile,
        sector: pick(
          r,
          SECTORS.filter((sector) => sector !== profile.sector),
        ),
      }),
    },
    {
      min,
      max,
      city: null,
      draw: (r) => {
        const country = pick(
          r,
          others,
          others.map((c) => COUNTRY_WEIGHT[COUNTRIES.indexOf(c)]),
        );
        return { ...profile, country, city: pick(r, COUNTRY_CITIES[country]) };
      },
    },
  ];
  const awayCities = COUNTRY_CITIES[profile.country].filter((city) => city !== profile.city);
  const people: DemoPerson[] = [];
  for (const ring of rings) {
    const count = (least: number) => new Map(years.map((year) => [year, least]));
    // What each year still needs: forms, forms in the member's city, forms in the country's other cities.
    const needed = { total: count(ring.min), home: count(ring.city?.home ?? 0), away: count(ring.city?.away ?? 0) };
    const short = (need: Map<number, number>) => [...need.values()].some((n) => n > 0);
    const room = new Map(years.map((year) => [year, ring.max]));
    for (let draws = 0; (short(needed.total) || short(needed.home) || short(needed.away)) && draws < 10_000; draws++) {
      const index = people.length;
      const email = `neighbour-${profile.country}-${profile.sector}-${profile.positionLevel}-${String(index).padStart(4, '0')}@seed.paybench.demo`;
      const person = generatePerson(random, index, years, years.length, ring.draw(random), email);
      if (person.forms.some((form) => room.get(form.surveyYear)! <= 0)) continue;
      if (ring.city) {
        // Where they work, from the years they answer: the city that one of those years still needs, else either.
        const needs = (need: Map<number, number>) => person.forms.some((form) => need.get(form.surveyYear)! > 0);
        const home = needs(needed.home) ? true : needs(needed.away) ? false : random() < 0.6;
        const city = home ? profile.city : pick(random, awayCities);
        for (const form of person.forms) form.answers.city = city;
        for (const form of person.forms) (home ? needed.home : needed.away).set(form.surveyYear, (home ? needed.home : needed.away).get(form.surveyYear)! - 1);
      }
      for (const form of person.forms) {
        room.set(form.surveyYear, room.get(form.surveyYear)! - 1);
        needed.total.set(form.surveyYear, needed.total.get(form.surveyYear)! - 1);
      }
      people.push(person);
    }
  }
  return people;
}
