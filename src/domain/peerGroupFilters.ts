// The filters of a comparison's peer group (docs/statistics-and-privacy.md): which fields exist, how a change to one of
// them affects the others, and the peer group of a person's own form. Pure; shared by the comparison
// machine, its views and the tests.
import { EXPERIENCE_BANDS, type ExperienceBand } from './questionnaire';

/**
 * The fields that select a group, in the order the server evaluates them (its SQL, cache keys and the field a refusal
 * names follow it). The survey year is not one of them: it partitions the data instead (every answer is for one
 * year). Outlier packs group by the same fields.
 */
export const GROUP_FIELDS = ['country', 'city', 'sector', 'companySize', 'companyType', 'functionalArea', 'positionLevel', 'experienceBand', 'gender'] as const;
export type GroupField = (typeof GROUP_FIELDS)[number];

/** The filter fields of the contract's ComparisonFilters: the year and every group field. */
export type FilterField = 'year' | GroupField;

/** Where the filter panel shows each filter field (a group field without a place here does not compile). */
const PANEL_POSITION: Record<FilterField, number> = {
  year: 0,
  country: 1,
  city: 2,
  sector: 3,
  positionLevel: 4,
  functionalArea: 5,
  companySize: 6,
  companyType: 7,
  experienceBand: 8,
  gender: 9,
};

/** The filter fields in the order the filter panel shows them. */
export const FILTER_FIELDS: readonly FilterField[] = (['year', ...GROUP_FIELDS] satisfies FilterField[]).sort((a, b) => PANEL_POSITION[a] - PANEL_POSITION[b]);

/**
 * ComparisonFilters of the contract: every field optional; option codes are strings, the year a number. The same type
 * as the one generated from openapi.yaml, field for field (tests/domain/peerGroupFilters.test.ts fails to compile
 * when the two part).
 */
export interface PeerGroupFilters {
  country?: string;
  city?: string;
  sector?: string;
  companySize?: string;
  companyType?: string;
  functionalArea?: string;
  positionLevel?: string;
  experienceBand?: ExperienceBand;
  gender?: string;
  year?: number;
}

export type FilterValue = string | number | null;

export function isFilterField(value: unknown): value is FilterField {
  return typeof value === 'string' && (FILTER_FIELDS as readonly string[]).includes(value);
}

function isExperienceBand(value: unknown): value is ExperienceBand {
  return typeof value === 'string' && (EXPERIENCE_BANDS as readonly string[]).includes(value);
}

/**
 * The filters after setting one field. `null` or `''` removes the field. A city belongs to its country:
 * changing or clearing the country drops the city. A value of the wrong kind (a text year, an unknown
 * experience band) removes the field rather than sending the server something it would refuse.
 */
export function withFilter(filters: PeerGroupFilters, field: FilterField, value: FilterValue): PeerGroupFilters {
  const next: PeerGroupFilters = { ...filters };
  const present = value !== null && value !== '';
  if (field === 'year') {
    const year = typeof value === 'number' ? value : Number(value);
    if (present && Number.isInteger(year)) next.year = year;
    else delete next.year;
  } else if (field === 'experienceBand') {
    if (present && isExperienceBand(value)) next.experienceBand = value;
    else delete next.experienceBand;
  } else if (present) {
    next[field] = String(value);
  } else {
    delete next[field];
  }
  if (field === 'country' && next.country !== filters.country) delete next.city;
  return next;
}

/**
 * How a person's own peer group widens when it is too small to publish figures (docs/statistics-and-privacy.md):
 * the country goes first (pay differs more by sector and level than by country within them), then the sector,
 * the position level last (it matters most). The personalised comparison may drop all three; the evolution and
 * the income projection never drop the level. Each wider group is an ordinary filter combination that anyone can
 * ask the comparison for, answered through the same publication path.
 */
export const WIDENING_ORDER = ['country', 'sector', 'positionLevel'] as const;

/** The widening of the evolution and the income projection: the position level stays. */
export const WIDENING_KEEPING_LEVEL = ['country', 'sector'] as const;

export type WideningField = (typeof WIDENING_ORDER)[number];

/** The next field the evolution's widening would drop from these filters (its city goes with the country); null when none is left. */
export function nextWidening(filters: PeerGroupFilters): (typeof WIDENING_KEEPING_LEVEL)[number] | null {
  return WIDENING_KEEPING_LEVEL.find((field) => filters[field] !== undefined || (field === 'country' && filters.city !== undefined)) ?? null;
}

/** The filters without a widening field; dropping the country drops its city too (withFilter). */
export function widened(filters: PeerGroupFilters, field: WideningField): PeerGroupFilters {
  const next = withFilter(filters, field, null);
  if (field === 'country') delete next.city;
  return next;
}

/** Only the fields that are set, in FILTER_FIELDS order (what goes to the server and into a CSV). */
export function normaliseFilters(filters: PeerGroupFilters): PeerGroupFilters {
  let next: PeerGroupFilters = {};
  for (const field of FILTER_FIELDS) {
    const value = filters[field];
    if (value !== undefined && value !== null && value !== '') next = withFilter(next, field, value);
  }
  // A city without its country cannot be checked against the country's list.
  if (next.city && !next.country) delete next.city;
  return next;
}

/** The set fields, in panel order: [['sector', 'banking'], ['year', 2025]]. */
export function activeFilters(filters: PeerGroupFilters): Array<[FilterField, string | number]> {
  const normalised = normaliseFilters(filters);
  return FILTER_FIELDS.flatMap((field) => {
    const value = normalised[field];
    return value === undefined ? [] : [[field, value] as [FilterField, string | number]];
  });
}

export function sameFilters(a: PeerGroupFilters, b: PeerGroupFilters): boolean {
  return JSON.stringify(normaliseFilters(a)) === JSON.stringify(normaliseFilters(b));
}

/** The answers of a form that define a person's peer group. */
export interface PeerGroupAnswers {
  country?: string;
  sector?: string;
  positionLevel?: string;
}

/**
 * The peer group of a person (docs/statistics-and-privacy.md, personalised comparison): their own sector, position level
 * and country, in the survey year of their form. Used to open an admin comparison of someone's form.
 */
export function peerGroupOf(answers: PeerGroupAnswers, surveyYear?: number): PeerGroupFilters {
  return normaliseFilters({
    ...(surveyYear !== undefined ? { year: surveyYear } : {}),
    ...(answers.country ? { country: answers.country } : {}),
    ...(answers.sector ? { sector: answers.sector } : {}),
    ...(answers.positionLevel ? { positionLevel: answers.positionLevel } : {}),
  });
}
