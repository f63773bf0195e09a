// The peer group of a comparison: which forms count (docs/statistics-and-privacy.md) and which of them a filter selects, as SQL
// over the typed columns of `forms`. Every SQL condition on a group is written here (the statistics engine asks for
// them). Every value reaches the database as a parameter; only column names from the fixed list below, and the
// experience bands of src/domain, are written into the text.
import type { components } from '../../api/schema';
import {
  COMPANY_SIZES,
  COMPANY_TYPES,
  COUNTRIES,
  COUNTRY_CITIES,
  EXPERIENCE_BAND_TABLE,
  EXPERIENCE_BANDS,
  FUNCTIONAL_AREAS,
  GENDERS,
  POSITION_LEVELS,
  SECTORS,
  experienceBandRange,
  type ExperienceBand,
} from '../../domain/questionnaire';
import { surveyYears } from '../../domain/constants';
import { GROUP_FIELDS, type GroupField } from '../../domain/peerGroupFilters';
import { badRequest } from '../http/errors';

export type ComparisonFilters = components['schemas']['ComparisonFilters'];

export { GROUP_FIELDS, type GroupField };

/** The column of each group field (the experience band is derived from the years). */
const COLUMNS: Record<GroupField, string> = {
  country: 'country',
  city: 'city',
  sector: 'sector',
  companySize: 'company_size',
  companyType: 'company_type',
  functionalArea: 'functional_area',
  positionLevel: 'position_level',
  experienceBand: 'years_experience',
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

/** The fields the conditions name, in the fixed order of GROUP_FIELDS. */
export function explicitFields(conditions: Conditions): GroupField[] {
  return GROUP_FIELDS.filter((f) => conditions[f] !== undefined);
}

/**
 * The fields a group's closure is read over (every field its conditions leave out): without conditions there is
 * nothing to remove, so no closure.
 */
export function closureFields(explicit: readonly GroupField[]): GroupField[] {
  return explicit.length > 0 ? GROUP_FIELDS.filter((f) => !explicit.includes(f)) : [];
}

/** A stable text of the conditions, for cache keys. */
export function conditionsKey(conditions: Conditions): string {
  return explicitFields(conditions)
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

/** The SQL value of a group field of row alias `a` (the experience band is derived from the years, by the bands' table). */
export function fieldSql(field: GroupField, a: string): string {
  if (field !== 'experienceBand') return `${a}.${COLUMNS[field]}`;
  const years = `${a}.${COLUMNS.experienceBand}`;
  const bands = EXPERIENCE_BAND_TABLE.map(([band, , to]) => (to === null ? `else '${band}'` : `when ${years} < ${to} then '${band}'`));
  return `(case when ${years} is null then null ${bands.join(' ')} end)`;
}

/**
 * One explicit condition on row alias `a`. The experience band is a range, so an index on the years serves;
 * a city also states its country (the same rows), so the indexes led by country serve.
 */
export function conditionSql(field: GroupField, value: string, a: string, params: SqlParams): string {
  if (field === 'city' && ALL_CITIES.has(value)) return `${a}.country = ${params.add(ALL_CITIES.get(value))} and ${a}.city = ${params.add(value)}`;
  if (field !== 'experienceBand') return `${a}.${COLUMNS[field]} = ${params.add(value)}`;
  const [low, high] = experienceBandRange(value as ExperienceBand);
  const years = `${a}.${COLUMNS.experienceBand}`;
  return high === null ? `${years} >= ${params.add(low)}` : `${years} >= ${params.add(low)} and ${years} < ${params.add(high)}`;
}

/** The explicit conditions `fields` of a group on row alias `a`, joined; `true` when there are none. */
export function conditionsSql(conditions: Conditions, fields: readonly GroupField[], a: string, params: SqlParams): string {
  const parts = fields.map((f) => conditionSql(f, conditions[f] as string, a, params));
  return parts.length > 0 ? parts.join(' and ') : 'true';
}

/** Every explicit condition of a group as an `and …` clause to add to a WHERE (empty without conditions). */
export function groupConditionsSql(conditions: Conditions, a: string, params: SqlParams): string {
  const explicit = explicitFields(conditions);
  return explicit.length > 0 ? `and ${conditionsSql(conditions, explicit, a, params)}` : '';
}

/** A group field of row alias `a` equal to one value exactly (a value of the group's closure). */
export function fieldEqualsSql(field: GroupField, value: string, a: string, params: SqlParams): string {
  return `${fieldSql(field, a)} = ${params.add(value)}`;
}

/** The name of the column that holds a closure field's shared value (see closureColumnSql). */
export function impliedColumn(field: GroupField): string {
  return `implied_${GROUP_FIELDS.indexOf(field)}`;
}

/**
 * The aggregate over the group's rows (alias `g`) that gives a closure field's value when every member shares it, null
 * otherwise, as impliedColumn(field). Byte order (collate "C") is enough to tell whether a field is constant, and much
 * cheaper than the locale's.
 */
export function closureColumnSql(field: GroupField, g: string): string {
  const v = `${fieldSql(field, g)} collate "C"`;
  return `case when count(${v}) = count(*) and min(${v}) = max(${v}) then min(${v}) end as ${impliedColumn(field)}`;
}

/** Row `b` keeps the closure value read in row `agg` (a field no longer shared by the whole group keeps none). */
export function closureConditionSql(field: GroupField, agg: string, b: string): string {
  const c = `${agg}.${impliedColumn(field)}`;
  return `(${c} is null or ${fieldSql(field, b)} = ${c})`;
}

/**
 * The rows of a family of groups that differ only in `field`: its value is one of `values`. A city also states its
 * country (as conditionSql does), so the indexes led by country serve.
 */
export function familyConditionsSql(field: GroupField, values: readonly string[], a: string, params: SqlParams): string[] {
  const conditions = [`${fieldSql(field, a)} = any(${params.add(values)}::text[])`];
  if (field === 'city') conditions.push(`${a}.country = any(${params.add([...new Set(values.map((city) => countryOfCity(city) ?? ''))])}::text[])`);
  return conditions;
}

/**
 * The columns a family's per-group row carries besides its value `d` (for cities, the city's country as `city_country`),
 * each followed by a comma; read back by familyMemberSql.
 */
export function familyKeyColumnsSql(field: GroupField, g: string): string {
  return field === 'city' ? ` min(${g}.country) as city_country,` : '';
}

/** Row `b` belongs to the group of per-group row `a` (value `a.d`; a city with its country, so the indexes led by country serve). */
export function familyMemberSql(field: GroupField, b: string, a: string): string {
  return `${fieldSql(field, b)} = ${a}.d${field === 'city' ? ` and ${b}.country = ${a}.city_country` : ''}`;
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
export const ALL_FIELD_COLUMNS = GROUP_FIELDS.map((field) => `f.${COLUMNS[field]}`).join(', ');

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
 * The rows of a release's year (money in EUR as fx, bn, df; the record key). `conditions` selects a group inside (so
 * they reach the indexes); `withFields` false leaves out the text columns.
 */
export function releaseRowsSql(scope: ReleaseScope, params: SqlParams, conditions: Conditions = {}, withFields = true): string {
  const release = params.add(scope.releaseId);
  const year = params.add(scope.year);
  return `select ${withFields ? `${ALL_FIELD_COLUMNS}, ` : ''}f.fx, f.bn, f.df, f.record_key
            from release_forms f
           where f.release_id = ${release} and f.survey_year = ${year}
             ${groupConditionsSql(conditions, 'f', params)}`;
}
