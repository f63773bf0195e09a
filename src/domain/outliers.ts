// Outlier packs (docs/statistics-and-privacy.md): the pure rules that flag extreme answers and the impact figures
// of a calculation. The server reads the counted forms and stores what these functions return; the admin page
// shows it. Every rule applies within a group: the survey year always (salaries of different years are never
// mixed) and the pack's grouping fields.
import { MEASURES, percentileCont, roundMoney, type Measure } from './statistics';
import { TAIL_PERCENTILE_MINIMUM } from './constants';
import { GROUP_FIELDS } from './peerGroupFilters';

export const OUTLIER_METHODS = ['iqr', 'zscore', 'percentile'] as const;
export type OutlierMethod = (typeof OUTLIER_METHODS)[number];

/** The grouping fields a pack may use: the fields that select a group (the survey year is always a grouping: `year` in groupBy is implied). */
export const OUTLIER_GROUP_FIELDS = GROUP_FIELDS;
export type OutlierGroupField = (typeof OUTLIER_GROUP_FIELDS)[number];

/** A rule is applied only in groups of at least this many forms: in fewer, nothing can be called extreme. */
export const OUTLIER_MIN_GROUP_SIZE = 5;

export interface OutlierRules {
  measure: Measure;
  method: OutlierMethod;
  /** Multiplier of iqr (k·IQR beyond the quartiles) and zscore (k standard deviations); unused by percentile. */
  k: number;
  /** percentile: values below this percentile (0–50) are flagged. */
  lowerPercentile?: number | null;
  /** percentile: values above this percentile (50–100) are flagged. */
  upperPercentile?: number | null;
  groupBy: readonly string[];
}

/** One counted form as the calculation reads it: money in EUR, bonus and deferred 0 when not answered. */
export interface OutlierRow {
  formId: string;
  surveyYear: number;
  /** The grouping fields' values (null when not answered). */
  fields: Partial<Record<OutlierGroupField, string | null>>;
  fx: number;
  bn: number;
  df: number;
}

/** A form's figure of a measure. */
export function measureValue(row: Pick<OutlierRow, 'fx' | 'bn' | 'df'>, measure: Measure): number {
  switch (measure) {
    case 'fixedSalary':
      return row.fx;
    case 'annualBonus':
      return row.bn;
    case 'deferredCompensation':
      return row.df;
    case 'totalWithoutDeferral':
      return row.fx + row.bn;
    case 'totalWithDeferral':
      return row.fx + row.bn + row.df;
  }
}

/** The grouping fields of a pack in a fixed order, without `year` (always implied) and duplicates. */
export function normaliseGroupBy(groupBy: readonly string[]): OutlierGroupField[] {
  return OUTLIER_GROUP_FIELDS.filter((field) => groupBy.includes(field));
}

/** Problems of a pack's rules, as translation keys of admin.outliers.errors (empty when valid). */
export function validateRules(rules: Pick<OutlierRules, 'method' | 'k' | 'lowerPercentile' | 'upperPercentile'>): string[] {
  const problems: string[] = [];
  if (rules.method === 'percentile') {
    const { lowerPercentile: low, upperPercentile: high } = rules;
    if (low === undefined || low === null || high === undefined || high === null) problems.push('percentiles_required');
    else if (!(low >= 0 && low < 50 && high > 50 && high <= 100)) problems.push('percentiles_range');
    else if (low === 0 && high === 100) problems.push('percentiles_trim_nothing');
  } else if (!(Number.isFinite(rules.k) && rules.k > 0 && rules.k <= 10)) {
    problems.push('k_range');
  }
  return problems;
}

/** Whether two rule sets flag the same forms (the name and the active flag do not count). */
export function sameRules(a: OutlierRules, b: OutlierRules): boolean {
  const percentile = a.method === 'percentile';
  return (
    a.measure === b.measure &&
    a.method === b.method &&
    (percentile || a.k === b.k) &&
    (!percentile || ((a.lowerPercentile ?? null) === (b.lowerPercentile ?? null) && (a.upperPercentile ?? null) === (b.upperPercentile ?? null))) &&
    normaliseGroupBy(a.groupBy).join(',') === normaliseGroupBy(b.groupBy).join(',')
  );
}

/** The limits outside which a value is flagged, from the group's values of the measure; null when the group is too small. */
export function ruleBounds(
  values: readonly number[],
  rules: Pick<OutlierRules, 'method' | 'k' | 'lowerPercentile' | 'upperPercentile'>,
): { lower: number; upper: number } | null {
  if (values.length < OUTLIER_MIN_GROUP_SIZE) return null;
  const sorted = Float64Array.from(values).sort();
  if (rules.method === 'iqr') {
    const q1 = percentileCont(sorted, 0.25);
    const q3 = percentileCont(sorted, 0.75);
    const spread = q3 - q1;
    return { lower: q1 - rules.k * spread, upper: q3 + rules.k * spread };
  }
  if (rules.method === 'zscore') {
    const n = sorted.length;
    let sum = 0;
    for (const v of sorted) sum += v;
    const mean = sum / n;
    let squares = 0;
    for (const v of sorted) squares += (v - mean) ** 2;
    // The sample standard deviation (n − 1).
    const sd = Math.sqrt(squares / (n - 1));
    return { lower: mean - rules.k * sd, upper: mean + rules.k * sd };
  }
  const low = rules.lowerPercentile ?? 0;
  const high = rules.upperPercentile ?? 100;
  return {
    lower: low > 0 ? percentileCont(sorted, low / 100) : -Infinity,
    upper: high < 100 ? percentileCont(sorted, high / 100) : Infinity,
  };
}

/** The key of a row's group: the survey year and the values of the grouping fields. */
export function groupKeyOf(row: OutlierRow, groupBy: readonly OutlierGroupField[]): string {
  return [String(row.surveyYear), ...groupBy.map((field) => row.fields[field] ?? '')].join('|');
}

export interface FlaggedForm {
  formId: string;
  value: number;
  /** `low` below the lower limit, `high` above the upper one. */
  side: 'low' | 'high';
}

export interface GroupFlags {
  key: string;
  year: number;
  values: Partial<Record<OutlierGroupField, string | null>>;
  rows: OutlierRow[];
  bounds: { lower: number; upper: number } | null;
  flagged: FlaggedForm[];
}

/**
 * Applies the rules group by group. A value strictly outside [lower, upper] is flagged. `onGroup` reports
 * progress (groups done, groups in all).
 */
export function flagOutliers(rows: readonly OutlierRow[], rules: OutlierRules, onGroup?: (done: number, total: number) => void): GroupFlags[] {
  const groupBy = normaliseGroupBy(rules.groupBy);
  const groups = new Map<string, GroupFlags>();
  for (const row of rows) {
    const key = groupKeyOf(row, groupBy);
    let group = groups.get(key);
    if (!group) {
      const values: GroupFlags['values'] = {};
      for (const field of groupBy) values[field] = row.fields[field] ?? null;
      group = { key, year: row.surveyYear, values, rows: [], bounds: null, flagged: [] };
      groups.set(key, group);
    }
    group.rows.push(row);
  }
  const all = [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  all.forEach((group, index) => {
    const values = group.rows.map((row) => measureValue(row, rules.measure));
    group.bounds = ruleBounds(values, rules);
    if (group.bounds) {
      const { lower, upper } = group.bounds;
      group.rows.forEach((row, i) => {
        const value = values[i];
        if (value < lower) group.flagged.push({ formId: row.formId, value, side: 'low' });
        else if (value > upper) group.flagged.push({ formId: row.formId, value, side: 'high' });
      });
    }
    onGroup?.(index + 1, all.length);
  });
  return all;
}

/** Median and p90 of one measure over n forms, before publication rules (raw). */
export interface RawFigure {
  n: number;
  median: number | null;
  p90: number | null;
}

export function rawFigure(values: readonly number[]): RawFigure {
  if (values.length === 0) return { n: 0, median: null, p90: null };
  const sorted = Float64Array.from(values).sort();
  return { n: sorted.length, median: percentileCont(sorted, 0.5), p90: percentileCont(sorted, 0.9) };
}

/**
 * What the impact page may show of a figure (the privacy rule of docs/statistics-and-privacy.md for admin screens too): nothing
 * for fewer than K forms (`hidden`), the median from K, the p90 from TAIL_PERCENTILE_MINIMUM (a high percentile
 * of a small group comes close to its maximum); money rounded to 100 like every published figure.
 */
export interface ShownFigure {
  n: number | null;
  median: number | null;
  p90: number | null;
  hidden: boolean;
}

export function showFigure(raw: RawFigure, threshold: number): ShownFigure {
  if (raw.n < threshold) return { n: null, median: null, p90: null, hidden: true };
  return {
    n: raw.n,
    median: raw.median === null ? null : roundMoney(raw.median),
    p90: raw.p90 !== null && raw.n >= TAIL_PERCENTILE_MINIMUM ? roundMoney(raw.p90) : null,
    hidden: false,
  };
}

export interface MeasureImpact {
  measure: Measure;
  before: ShownFigure;
  after: ShownFigure;
}

export interface GroupImpact {
  year: number;
  values: Partial<Record<OutlierGroupField, string | null>>;
  /** Forms flagged in the group (admins see the flagged forms themselves in the list). */
  flagged: number;
  /** True when the group has fewer than K forms: no size or figure of it is shown. */
  hidden: boolean;
  /** True when the group was too small for the rule (fewer than OUTLIER_MIN_GROUP_SIZE forms). */
  ruleSkipped: boolean;
  measures: MeasureImpact[];
}

export interface OutlierImpact {
  totalForms: number;
  flaggedForms: number;
  threshold: number;
  overall: MeasureImpact[];
  groups: GroupImpact[];
}

function measureImpacts(rows: readonly OutlierRow[], flaggedIds: ReadonlySet<string>, threshold: number): MeasureImpact[] {
  const kept = rows.filter((row) => !flaggedIds.has(row.formId));
  return MEASURES.map((measure) => ({
    measure,
    before: showFigure(rawFigure(rows.map((row) => measureValue(row, measure))), threshold),
    after: showFigure(rawFigure(kept.map((row) => measureValue(row, measure))), threshold),
  }));
}

/** The impact of flagged groups: overall and per group, every measure before and after, under the privacy rule. */
export function outlierImpact(groups: readonly GroupFlags[], threshold: number): OutlierImpact {
  const flaggedIds = new Set(groups.flatMap((group) => group.flagged.map((f) => f.formId)));
  const rows = groups.flatMap((group) => group.rows);
  return {
    totalForms: rows.length,
    flaggedForms: flaggedIds.size,
    threshold,
    overall: measureImpacts(rows, flaggedIds, threshold),
    groups: groups
      .map((group) => {
        const hidden = group.rows.length < threshold;
        return {
          year: group.year,
          values: group.values,
          flagged: group.flagged.length,
          hidden,
          ruleSkipped: group.bounds === null,
          measures: hidden ? [] : measureImpacts(group.rows, flaggedIds, threshold),
        };
      })
      .sort((a, b) => b.flagged - a.flagged || b.year - a.year),
  };
}
