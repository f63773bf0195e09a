// The pay-gap indicators of the EU Pay Transparency Directive (2023/970), Art. 9(1)(a)–(g), over a company's
// payroll. Every figure is of hourly pay, so part-time staff compare with full-time staff on equal terms. Pure:
// the server computes the report from an uploaded payroll, the views round what they show.

/** 'other': neither woman nor man, or did not say. Counted in the headcounts, outside the women/men figures. */
export type PayrollSex = 'woman' | 'man' | 'other';

export interface PayrollEmployee {
  employeeId: string;
  sex: PayrollSex;
  /** Category of workers: a role name, or `${positionLevel}|${functionalArea}`. */
  category: string;
  country: string;
  /** Full-time equivalent, 0 < fte <= 1. */
  fte: number;
  /** Annual, >= 0. */
  basicPay: number;
  /** Annual, >= 0. */
  variablePay: number;
}

/** Hourly pay = annual pay ÷ (fte × this). The gaps are ratios, so the constant cancels out of them. */
export const FULL_TIME_HOURS_PER_YEAR = 1720;
/** Art. 10: a gap of at least this, in either direction, calls for a joint pay assessment unless justified. */
export const GAP_FLAG_PERCENT = 5;
/** Below this many women or men, a category is left out of the published report (the company still sees it). */
export const CATEGORY_MINIMUM_PER_SEX = 5;

/** Annual pay of a worker of full-time equivalent `fte`, per hour worked. */
export function hourlyPay(annual: number, fte: number): number {
  // A zero or missing FTE would turn every figure of the report into Infinity or NaN without a sign.
  if (!(fte > 0 && fte <= 1)) throw new RangeError(`FTE must be in (0, 1], got ${fte}`);
  if (!Number.isFinite(annual)) throw new RangeError(`Annual pay must be a finite number, got ${annual}`);
  return annual / (fte * FULL_TIME_HOURS_PER_YEAR);
}

/** (men − women) / men × 100, null when either side is empty or the men's figure is 0. */
export function gapPercent(women: number | null, men: number | null): number | null {
  if (women === null || men === null || men === 0) return null;
  return ((men - women) / men) * 100;
}

/** Percents. */
export interface GapPair {
  mean: number | null;
  median: number | null;
}

export interface CategoryGap {
  category: string;
  women: number;
  men: number;
  other: number;
  basic: GapPair;
  /** Of those with some variable pay, as the company-wide variable gaps. */
  variable: GapPair;
  total: GapPair;
  /** women >= minimum && men >= minimum. */
  reportable: boolean;
  /** reportable && |total.mean| >= GAP_FLAG_PERCENT (Art. 10 reads the gap in either direction). */
  flagged: boolean;
}

export interface QuartileBand {
  /** 1 is the lowest-paid band. */
  quartile: 1 | 2 | 3 | 4;
  women: number;
  men: number;
  /** Shares 0..1 of the band's women + men (both 0 for an empty band, which only fewer than 4 people leave). */
  womenShare: number;
  menShare: number;
}

export interface PayGapReport {
  headcount: { total: number; women: number; men: number; other: number };
  /** (a) On hourly total pay (basic + variable). */
  meanGap: number | null;
  /** (b) On hourly variable pay of those who receive some (> 0), like the UK bonus gap. */
  meanVariableGap: number | null;
  /** (c) */
  medianGap: number | null;
  /** (d) */
  medianVariableGap: number | null;
  /** (e) Share 0..1 of each sex with variable pay > 0, null when there is no one of that sex. */
  receivingVariable: { women: number | null; men: number | null };
  /**
   * (f) Women and men ranked by hourly total pay (ties by employeeId, so the bands do not depend on the input order),
   * cut in 4 bands as equal as possible: band k (0-based) holds ranks [floor(k·n/4), floor((k+1)·n/4)).
   */
  quartiles: QuartileBand[];
  /** (g) Sorted by category name. */
  categories: CategoryGap[];
}

/** Hourly figures of one worker. */
interface Hourly {
  employeeId: string;
  sex: PayrollSex;
  basic: number;
  variable: number;
  total: number;
}

// Code-unit order, not localeCompare: the same payroll gives the same report on every machine.
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Median; of an even count, the mean of the two middle values. */
function median(values: readonly number[]): number | null {
  const n = values.length;
  if (n === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(n / 2);
  return n % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Mean and median gaps of one measure between the women and the men given. */
function gapPair(women: readonly Hourly[], men: readonly Hourly[], measure: (worker: Hourly) => number): GapPair {
  const w = women.map(measure);
  const m = men.map(measure);
  return { mean: gapPercent(mean(w), mean(m)), median: gapPercent(median(w), median(m)) };
}

const receivesVariable = (worker: Hourly) => worker.variable > 0;

function quartileBands(women: readonly Hourly[], men: readonly Hourly[]): QuartileBand[] {
  const ranked = [...women, ...men].sort((a, b) => a.total - b.total || byText(a.employeeId, b.employeeId));
  const n = ranked.length;
  return ([1, 2, 3, 4] as const).map((quartile) => {
    const band = ranked.slice(Math.floor(((quartile - 1) * n) / 4), Math.floor((quartile * n) / 4));
    const bandWomen = band.filter((worker) => worker.sex === 'woman').length;
    const bandMen = band.length - bandWomen;
    return {
      quartile,
      women: bandWomen,
      men: bandMen,
      womenShare: band.length === 0 ? 0 : bandWomen / band.length,
      menShare: band.length === 0 ? 0 : bandMen / band.length,
    };
  });
}

// Dividing by the hours leaves errors of ~1e-14: a gap of exactly 5 % (men 40,000, women 38,000) comes out
// 4.999999999999994, and must still be flagged.
const FLAG_TOLERANCE = 1e-9;

function categoryGap(category: string, workers: readonly Hourly[], minimum: number): CategoryGap {
  const women = workers.filter((worker) => worker.sex === 'woman');
  const men = workers.filter((worker) => worker.sex === 'man');
  const total = gapPair(women, men, (worker) => worker.total);
  const reportable = women.length >= minimum && men.length >= minimum;
  return {
    category,
    women: women.length,
    men: men.length,
    other: workers.length - women.length - men.length,
    basic: gapPair(women, men, (worker) => worker.basic),
    variable: gapPair(women.filter(receivesVariable), men.filter(receivesVariable), (worker) => worker.variable),
    total,
    reportable,
    flagged: reportable && total.mean !== null && Math.abs(total.mean) >= GAP_FLAG_PERCENT - FLAG_TOLERANCE,
  };
}

/** The Art. 9 indicators of a payroll. `categoryMinimum` (default CATEGORY_MINIMUM_PER_SEX) decides `reportable`. */
export function payGapReport(employees: readonly PayrollEmployee[], options: { categoryMinimum?: number } = {}): PayGapReport {
  const minimum = options.categoryMinimum ?? CATEGORY_MINIMUM_PER_SEX;
  const hourly: Hourly[] = employees.map((employee) => {
    const basic = hourlyPay(employee.basicPay, employee.fte);
    const variable = hourlyPay(employee.variablePay, employee.fte);
    return { employeeId: employee.employeeId, sex: employee.sex, basic, variable, total: basic + variable };
  });
  const women = hourly.filter((worker) => worker.sex === 'woman');
  const men = hourly.filter((worker) => worker.sex === 'man');
  const womenReceiving = women.filter(receivesVariable);
  const menReceiving = men.filter(receivesVariable);
  const total = gapPair(women, men, (worker) => worker.total);
  const variable = gapPair(womenReceiving, menReceiving, (worker) => worker.variable);

  const byCategory = new Map<string, Hourly[]>();
  employees.forEach((employee, index) => {
    const workers = byCategory.get(employee.category);
    if (workers) workers.push(hourly[index]);
    else byCategory.set(employee.category, [hourly[index]]);
  });

  return {
    headcount: { total: hourly.length, women: women.length, men: men.length, other: hourly.length - women.length - men.length },
    meanGap: total.mean,
    meanVariableGap: variable.mean,
    medianGap: total.median,
    medianVariableGap: variable.median,
    receivingVariable: {
      women: women.length === 0 ? null : womenReceiving.length / women.length,
      men: men.length === 0 ? null : menReceiving.length / men.length,
    },
    quartiles: quartileBands(women, men),
    categories: [...byCategory.keys()].sort(byText).map((category) => categoryGap(category, byCategory.get(category)!, minimum)),
  };
}

/** The report as published: only the reportable categories (the company sees the others too, with a warning). */
export function publishableReport(report: PayGapReport): PayGapReport {
  return { ...report, categories: report.categories.filter((category) => category.reportable) };
}
