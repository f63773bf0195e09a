// The questionnaire (docs/questionnaire.md): five steps, their questions and option lists. GET forms/questionnaire
// serves this definition; the web app renders it and the server validates answers against it. Texts are
// translation keys (questionnaire.*), option values are stable codes stored in the forms.
import { LIMITS } from './constants';

export const COUNTRY_CITIES = {
  es: ['madrid', 'barcelona', 'valencia', 'sevilla', 'bilbao', 'malaga', 'zaragoza'],
  pt: ['lisboa', 'porto', 'braga'],
  fr: ['paris', 'lyon', 'marseille', 'toulouse'],
  de: ['berlin', 'munich', 'frankfurt', 'hamburg'],
  it: ['milan', 'rome', 'turin'],
  gb: ['london', 'manchester', 'edinburgh'],
  nl: ['amsterdam', 'rotterdam', 'eindhoven'],
  us: ['new-york', 'miami', 'san-francisco', 'chicago'],
  mx: ['ciudad-de-mexico', 'monterrey', 'guadalajara'],
  co: ['bogota', 'medellin'],
  cl: ['santiago', 'valparaiso'],
  ar: ['buenos-aires', 'cordoba'],
} as const;

export type CountryCode = keyof typeof COUNTRY_CITIES;
export const COUNTRIES = Object.keys(COUNTRY_CITIES) as CountryCode[];

/** The country of a city code of the catalogue above (null for a code it does not hold). */
export function countryOfCity(city: string): CountryCode | null {
  return COUNTRIES.find((country) => (COUNTRY_CITIES[country] as readonly string[]).includes(city)) ?? null;
}

/**
 * The one place a city's name comes from: the translation key of its questionnaire option, whatever country is
 * chosen (rankings across countries, saved searches, admin lists), so no list shows a code like "san-francisco".
 * Null for a code the catalogue does not hold.
 */
export function cityLabelKey(city: string): string | null {
  return countryOfCity(city) ? `questionnaire.options.city.${city}` : null;
}

export const SECTORS = [
  'banking',
  'insurance',
  'asset-management',
  'consulting',
  'technology',
  'telecom',
  'energy',
  'industrial',
  'automotive',
  'pharma',
  'healthcare',
  'retail',
  'consumer-goods',
  'real-estate',
  'construction',
  'transport-logistics',
  'media',
  'legal',
  'education',
  'public-administration',
] as const;

export const COMPANY_SIZES = ['1-49', '50-249', '250-999', '1000-4999', '5000-plus'] as const;
export const COMPANY_TYPES = ['listed', 'private', 'multinational-subsidiary', 'public-sector', 'startup-pe'] as const;
export const FUNCTIONAL_AREAS = [
  'general-management',
  'finance',
  'human-resources',
  'sales',
  'marketing',
  'operations',
  'technology',
  'legal',
  'strategy',
  'supply-chain',
  'risk-compliance',
  'research-development',
] as const;
/** From the top of the organisation down. */
export const POSITION_LEVELS = ['ceo', 'executive-committee', 'director', 'head', 'manager', 'senior-professional'] as const;
export const EDUCATION_LEVELS = ['secondary', 'bachelor', 'master', 'mba', 'phd'] as const;
export const GENDERS = ['female', 'male', 'non-binary', 'prefer-not-to-say'] as const;
/**
 * The experience bands, in order, with the years each covers: from (inclusive) to (exclusive; null: no upper end).
 * The one table of the bands: the band of a number of years, a band's range and the server's SQL all come from it.
 */
export const EXPERIENCE_BAND_TABLE = [
  ['0-5', 0, 5],
  ['5-10', 5, 10],
  ['10-15', 10, 15],
  ['15-20', 15, 20],
  ['20-plus', 20, null],
] as const satisfies ReadonlyArray<readonly [string, number, number | null]>;
export const EXPERIENCE_BANDS: readonly ExperienceBand[] = EXPERIENCE_BAND_TABLE.map(([band]) => band);

export type Sector = (typeof SECTORS)[number];
export type CompanySize = (typeof COMPANY_SIZES)[number];
export type CompanyType = (typeof COMPANY_TYPES)[number];
export type FunctionalArea = (typeof FUNCTIONAL_AREAS)[number];
export type PositionLevel = (typeof POSITION_LEVELS)[number];
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];
export type Gender = (typeof GENDERS)[number];
export type ExperienceBand = (typeof EXPERIENCE_BAND_TABLE)[number][0];

/** The band a number of years of experience falls in (lower bound inclusive). */
export function experienceBand(years: number): ExperienceBand {
  // The last band has no upper end, so every number (NaN included) finds one.
  return EXPERIENCE_BAND_TABLE.find(([, , to]) => to === null || years < to)![0];
}

/** Lower (inclusive) and upper (exclusive, null = open) years of a band, for SQL filters. */
export function experienceBandRange(band: ExperienceBand): [number, number | null] {
  const [, from, to] = EXPERIENCE_BAND_TABLE.find(([name]) => name === band)!;
  return [from, to];
}

export type QuestionType = 'email' | 'select' | 'number' | 'money' | 'percent' | 'boolean' | 'year';

export interface QuestionOption {
  value: string;
  labelKey: string;
}

export interface Question {
  name: string;
  type: QuestionType;
  labelKey: string;
  helpKey?: string;
  required: boolean;
  requiredWhenSignedOut?: boolean;
  min?: number;
  max?: number;
  options?: QuestionOption[];
  dependsOn?: string;
  optionsBy?: Record<string, QuestionOption[]>;
}

export interface QuestionnaireStep {
  index: number;
  key: string;
  questions: Question[];
}

const options = (list: readonly string[], group: string): QuestionOption[] =>
  list.map((value) => ({ value, labelKey: `questionnaire.options.${group}.${value}` }));

const select = (name: string, list: readonly string[], group: string, required = true): Question => ({
  name,
  type: 'select',
  labelKey: `questionnaire.questions.${name}.label`,
  required,
  options: options(list, group),
});

const numeric = (name: string, type: QuestionType, min: number, max: number, required = true, withHelp = false): Question => ({
  name,
  type,
  labelKey: `questionnaire.questions.${name}.label`,
  ...(withHelp ? { helpKey: `questionnaire.questions.${name}.help` } : {}),
  required,
  min,
  max,
});

export const QUESTIONNAIRE_STEPS: QuestionnaireStep[] = [
  {
    index: 0,
    key: 'questionnaire.steps.profile',
    questions: [
      {
        name: 'email',
        type: 'email',
        labelKey: 'questionnaire.questions.email.label',
        helpKey: 'questionnaire.questions.email.help',
        required: false,
        requiredWhenSignedOut: true,
      },
      select('country', COUNTRIES, 'country'),
      {
        name: 'city',
        type: 'select',
        labelKey: 'questionnaire.questions.city.label',
        required: true,
        dependsOn: 'country',
        optionsBy: Object.fromEntries(COUNTRIES.map((country) => [country, options(COUNTRY_CITIES[country], 'city')])),
      },
      numeric('birthYear', 'year', 1930, 2010),
      select('gender', GENDERS, 'gender', false),
      select('educationLevel', EDUCATION_LEVELS, 'educationLevel'),
      numeric('yearsExperience', 'number', 0, 60),
    ],
  },
  {
    index: 1,
    key: 'questionnaire.steps.company',
    questions: [
      select('sector', SECTORS, 'sector'),
      select('companySize', COMPANY_SIZES, 'companySize'),
      select('companyType', COMPANY_TYPES, 'companyType'),
      select('functionalArea', FUNCTIONAL_AREAS, 'functionalArea'),
      select('positionLevel', POSITION_LEVELS, 'positionLevel'),
      numeric('directReports', 'number', 0, 100_000),
      numeric('yearsInPosition', 'number', 0, 60),
    ],
  },
  {
    index: 2,
    key: 'questionnaire.steps.fixedSalary',
    questions: [numeric('fixedSalary', 'money', LIMITS.fixedSalary.min, LIMITS.fixedSalary.max, true, true)],
  },
  {
    index: 3,
    key: 'questionnaire.steps.annualBonus',
    questions: [
      numeric('annualBonus', 'money', LIMITS.annualBonus.min, LIMITS.annualBonus.max, true, true),
      numeric('targetBonusPercent', 'percent', 0, 300, false, true),
    ],
  },
  {
    index: 4,
    key: 'questionnaire.steps.deferred',
    questions: [
      numeric('deferredCompensation', 'money', LIMITS.deferredCompensation.min, LIMITS.deferredCompensation.max, true, true),
      numeric('diffWithoutDeferral', 'percent', LIMITS.diffWithoutDeferral.min, LIMITS.diffWithoutDeferral.max, true, true),
      numeric('diffWithDeferral', 'percent', LIMITS.diffWithDeferral.min, LIMITS.diffWithDeferral.max, true, true),
      { name: 'privacyConsent', type: 'boolean', labelKey: 'questionnaire.questions.privacyConsent.label', required: true },
      { name: 'newsletterOptIn', type: 'boolean', labelKey: 'questionnaire.questions.newsletterOptIn.label', required: false },
    ],
  },
];

export const QUESTIONNAIRE_CURRENCY = 'EUR';
