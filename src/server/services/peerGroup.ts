// The peer group of a comparison: which forms count (docs/statistics-and-privacy.md) and which of them a filter selects, as SQL
// over the typed columns of `forms`. Every value reaches the database as a parameter; only column names from
// the fixed list below are written into the text.
import type { components } from '../../api/schema';
import {
  COMPANY_SIZES,
  COMPANY_TYPES,
  COUNTRIES,
  COUNTRY_CITIES,
  EXPERIENCE_BANDS,
  FUNCTIONAL_AREAS,
  GENDERS,
  POSITION_LEVELS,
  SECTORS,
  experienceBandRange,
  type ExperienceBand,
} from '../../domain/questionnaire';
import { surveyYears } from '../../domain/constants';
import { badRequest } from '../http/errors';

export type ComparisonFilters = components['schemas']['ComparisonFilters'];

/** The fields that select a group (the survey year partitions the data instead: every answer is for one year). */
export const GROUP_FIELDS = [
  'country',
  'city',
  'sector',
  'companySize',
  'companyType',
  'functionalArea',
  'positionLevel',
  'experienceBand',
  'gender',
] as const;
export type GroupField = (typeof GROUP_FIELDS)[number];

const COLUMNS: Record<Exclude<GroupField, 'experienceBand'>, string> = {
  country: 'country',
  city: 'city',
  sector: 'sector',
  companySize: 'company_size',
  companyType: 'company_type',
  functionalArea: 'functional_area',
  positionLevel: 'position_level',
  gender: 'gender',
};

const ALL_CITIES = new Map<string, string>(
  Object.entries(COUNTRY_CITIES).flatMap(([country, cities]) => cities.map((city) => [city, country] as [string, string])),
);

/** The country of a listed city (undefined for another value). */
export function countryOfCity(city: string): string | undefined {
  return ALL_CITIES.get(city);
}

/** Every value each group field can take, as the questionnaire lists them. */
export const FIELD_OPTIONS: Record<GroupField, readonly string[]> = {
  country: COUNTRIES,
  city: [...ALL_CITIES.keys()],
  sector: SECTORS,
  companySize: COMPANY_SIZES,
  companyType: COMPANY_TYPES,
  functionalArea: FUNCTIONAL_AREAS,
  positionLevel: POSITION_LEVELS,
  experienceBand: EXPERIENCE_BANDS,
  gender: GENDERS,
};

/** The conditions that define a group, in the fixed order of GROUP_FIELDS. */
export type Conditions = Partial<Record<GroupField, string>>;

export interface PeerGroup {
  /** The filters as applied (as sent, with the year resolved), in a stable key order. */
  applied: ComparisonFilters & { year: number };
  year: number;
  /**
   * The conditions the database evaluates. A city belongs to one country, so with a matching city the country
   * is left to the closure (it is implied by the data), which keeps "country + city" and "city" the same group.
   */
  conditions: Conditions;
}

/** Refuses option codes that are not in the questionnaire, naming the field (400 VALIDATION_ERROR). */
export function validateFilters(filters: ComparisonFilters, now = new Date()): void {
  const problems: string[] = [];
  for (const field of GROUP_FIELDS) {
    const value = filters[field];
    if (value !== undefined && !FIELD_OPTIONS[field].includes(value)) problems.push(`body.filters.${field}: is not one of the listed options`);
  }
  if (filters.city && filters.country && ALL_CITIES.get(filters.city) !== filters.country && FIELD_OPTIONS.city.includes(filters.city)) {
    problems.push('body.filters.city: is not a city of body.filters.country');
  }
  if (filters.year !== undefined && !surveyYears(now).includes(filters.year)) problems.push('body.filters.year: is not a survey year');
  if (problems.length > 0) throw badRequest('VALIDATION_ERROR', 'Invalid body', problems);
}

/** The group of validated filters; `year` is the resolved year (the request's, or the latest with data). */
export function peerGroup(filters: ComparisonFilters, year: number): PeerGroup {
  const applied: Record<string, unknown> = {};
  const conditions: Conditions = {};
  for (const field of GROUP_FIELDS) {
    const value = filters[field];
    if (value === undefined) continue;
    applied[field] = value;
    conditions[field] = value;
  }
  if (conditions.city && conditions.country) delete conditions.country;
  applied.year = year;
  return { applied: applied as PeerGroup['applied'], year, conditions };
}

/** A stable text of the conditions, for cache keys. */
export function conditionsKey(conditions: Conditions): string {
  return GROUP_FIELDS.filter((f) => conditions[f] !== undefined)
    .map((f) => `${f}=${conditions[f]}`)
    .join('&');
}

/** Collects the parameters of one statement and hands out their placeholders. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The SQL value of a group field of row alias `a` (the experience band is derived from the years). */
export function fieldSql(field: GroupField, a: string): string {
  if (field !== 'experienceBand') return `${a}.${COLUMNS[field]}`;
  return `(case when ${a}.years_experience is null then null
                when ${a}.years_experience < 5 then '0-5' when ${a}.years_experience < 10 then '5-10'
                when ${a}.years_experience < 15 then '10-15' when ${a}.years_experience < 20 then '15-20'
                else '20-plus' end)`;
}

/**
 * One explicit condition on row alias `a`. The experience band is a range, so an index on the years serves;
 * a city also states its country (the same rows), so the indexes led by country serve.
 */
export function conditionSql(field: GroupField, value: string, a: string, params: SqlParams): string {
  if (field === 'city' && ALL_CITIES.has(value)) return `${a}.country = ${params.add(ALL_CITIES.get(value))} and ${a}.city = ${params.add(value)}`;
  if (field !== 'experienceBand') return `${a}.${COLUMNS[field]} = ${params.add(value)}`;
  const [low, high] = experienceBandRange(value as ExperienceBand);
  return high === null
    ? `${a}.years_experience >= ${params.add(low)}`
    : `${a}.years_experience >= ${params.add(low)} and ${a}.years_experience < ${params.add(high)}`;
}

export interface MinValues {
  minFixed: number;
  compTotal: number;
  deferredMax: number;
}

/** What decides which forms count; fixed for a statistics release when it is cut (services/releases.ts). */
export interface CountingSettings {
  minValues: MinValues;
  /** EUR per unit of each other currency; forms in a currency without a rate are not counted. */
  rates: Record<string, number>;
  /** The active outlier pack, whose flagged forms are not counted. */
  activePackId: string | null;
}

/** The text columns of every group field (the experience band comes from years_experience). */
export const ALL_FIELD_COLUMNS = 'f.country, f.city, f.sector, f.company_size, f.company_type, f.functional_area, f.position_level, f.gender, f.years_experience';

/**
 * The counted forms (docs/statistics-and-privacy.md) with their money in EUR (fx fixed, bn bonus, df deferred), as a release is
 * cut from them: completed, belonging to a verified account (e-mail confirmed, not disabled: an unclaimed
 * anonymous form never counts), not excluded by the active outlier pack, passing the minimum values. Statistics
 * never mix currencies: amounts in another currency are converted with the admin-maintained exchange rates
 * (rateToEur); a form in a currency without a rate is not counted.
 */
export function countedFormsSql(settings: CountingSettings, params: SqlParams): string {
  const converted = Object.keys(settings.rates).length > 0;
  const rates = converted ? params.add(JSON.stringify(settings.rates)) : '';
  const money = (column: string) =>
    converted ? `(${column} * (case when f.currency = 'EUR' then 1::float8 else (${rates}::jsonb ->> f.currency)::float8 end))` : `${column}::float8`;
  const fx = money('f.fixed_salary');
  const bn = money('coalesce(f.annual_bonus, 0)');
  const df = money('coalesce(f.deferred_compensation, 0)');
  // The person's noise key and the money as entered feed the infusion of a release's values (infusion.ts).
  return `select f.id as form_id, f.survey_year, ${ALL_FIELD_COLUMNS}, ${fx} as fx, ${bn} as bn, ${df} as df, f.record_key,
                 u.noise_key, f.currency, f.fixed_salary as raw_fx, coalesce(f.annual_bonus, 0) as raw_bn,
                 coalesce(f.deferred_compensation, 0) as raw_df
            from forms f
            join users u on u.id = f.user_id and u.email_verified and not u.disabled
           where f.status = 'completed' and f.fixed_salary is not null
             ${converted ? `and (f.currency = 'EUR' or (${rates}::jsonb ? f.currency))` : `and f.currency = 'EUR'`}
             and ${fx} >= ${params.add(settings.minValues.minFixed)}
             and ${fx} + ${bn} >= ${params.add(settings.minValues.compTotal)}
             and ${df} <= ${params.add(settings.minValues.deferredMax)}
             ${settings.activePackId ? `and not exists (select 1 from outlier_exclusions e where e.pack_id = ${params.add(settings.activePackId)} and e.form_id = f.id)` : ''}`;
}

/** Where a statistic reads from: one survey year of one statistics release. */
export interface ReleaseScope {
  releaseId: string;
  year: number;
}

/**
 * The rows of a release's year (money in EUR as fx, bn, df; the record key). `extra` adds conditions inside (so
 * they reach the indexes); `withFields` false leaves out the text columns.
 */
export function releaseRowsSql(scope: ReleaseScope, params: SqlParams, extra = '', withFields = true): string {
  return `select ${withFields ? `${ALL_FIELD_COLUMNS}, ` : ''}f.fx, f.bn, f.df, f.record_key
            from release_forms f
           where f.release_id = ${params.add(scope.releaseId)} and f.survey_year = ${params.add(scope.year)}
             ${extra}`;
}
