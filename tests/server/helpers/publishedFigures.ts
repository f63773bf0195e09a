// Checks of published figures against the truth computed here in TypeScript, independently of the SQL engine:
// the truth of a group (mean, percentile_cont's linear interpolation, the order statistics of the median's
// interval), how far the infusion can move a group's figure (services/infusion.ts: every value is multiplied by its
// person's factor and its form's jitter, log F + log J of standard deviation √INFUSION_LOG_VARIANCE, unbounded; a
// figure of many people moves by a fraction of that, see moneyBounds), the count's perturbation (±2 then
// rounded to 5, never under K) and the publication thresholds (mean from K, quartiles from a published count of
// QUARTILE_MINIMUM, p10/p90 and the median's interval from TAIL_PERCENTILE_MINIMUM).
// Tests that know the infused values (infusedMoney) check the published figures exactly (expectedPublication).
import { expect } from 'vitest';
import { publishGroup } from '../../../src/server/services/publication';
import { infusionFactors, type InfusedColumn } from '../../../src/server/services/infusion';
import type { RawComparison } from '../../../src/server/services/statistics';
import {
  COUNT_NOISE,
  COUNT_ROUNDING_BASE,
  INFUSION,
  INFUSION_FACTOR_LOG_VARIANCE,
  QUARTILE_MINIMUM,
  TAIL_PERCENTILE_MINIMUM,
} from '../../../src/domain/constants';
import { estimatePosition, type Statistic } from '../../../src/domain/peerDistribution';
import { normalCdf } from '../../../src/domain/normal';

/**
 * The coefficient of variation of one value's multiplier F × J (log F normal, log J uniform ±jitter): a mean of n
 * equal values moves by this / √n, relative to the mean (publication divides it by E[F × J]).
 */
const MULTIPLIER_CV = (() => {
  const c = INFUSION.jitter;
  const jitterMoment = (k: number) => Math.sinh(k * c) / (k * c); // E[J^k]
  return Math.sqrt(Math.exp(INFUSION_FACTOR_LOG_VARIANCE) * (jitterMoment(2) / jitterMoment(1) ** 2) - 1);
})();

/**
 * The infusion's factors are unbounded and the fixtures' noise keys random (a new draw in every run), so the bounds
 * below are statistical: an order statistic of a group's infused values leaves its bounds with probability at most
 * TAIL_PROBABILITY on each side, a mean its bounds by MEAN_STANDARD_DEVIATIONS of its own spread. Checked by
 * simulating the infusion of these tests' groups (and of skewed groups of 22 to 300 with few bonuses and deferrals)
 * through publishGroup, 2000 draws each: no published figure came within 75 % of the edge of its bounds (in log
 * space from the truth), the typical one within 10–30 %.
 */
const TAIL_PROBABILITY = 1e-7;
const MEAN_STANDARD_DEVIATIONS = 5.5;

/** The most publication.ts moves a median (in log space), and so the most it widens the median's interval. */
const DECONVOLUTION_MAX_SHIFT = 0.06;

export const MEASURES = ['fixedSalary', 'annualBonus', 'deferredCompensation', 'totalWithoutDeferral', 'totalWithDeferral'] as const;
export type MeasureName = (typeof MEASURES)[number];

/** Money of one person (EUR). */
export interface Money {
  fixedSalary: number;
  annualBonus?: number | null;
  deferredCompensation?: number | null;
}

export function measureOf(money: Money, measure: MeasureName): number {
  const fixed = Number(money.fixedSalary);
  const bonus = Number(money.annualBonus ?? 0);
  const deferred = Number(money.deferredCompensation ?? 0);
  switch (measure) {
    case 'fixedSalary':
      return fixed;
    case 'annualBonus':
      return bonus;
    case 'deferredCompensation':
      return deferred;
    case 'totalWithoutDeferral':
      return fixed + bonus;
    case 'totalWithDeferral':
      return fixed + bonus + deferred;
  }
}

/** The unperturbed figures of one measure of a group. */
export interface Truth {
  n: number;
  mean: number;
  rms: number;
  /** p10, p25, p50, p75, p90. */
  percentiles: [number, number, number, number, number];
  medianCi: [number, number];
  /** The group's true values, ascending (moneyBounds reads the infusion's reach of each figure from them). */
  values: number[];
}

/** Linear interpolation between the closest ranks (PostgreSQL percentile_cont, Hyndman–Fan type 7). */
export function quantile(sorted: number[], p: number): number {
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

export function truthOf(values: number[]): Truth {
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  // Campbell & Gardner: ranks n/2 ∓ 1.96·√n/2 (+1 for the upper), to the nearest integer, 1-based.
  const lower = Math.max(1, Math.round(n / 2 - (1.96 * Math.sqrt(n)) / 2));
  const upper = Math.min(n, Math.round(1 + n / 2 + (1.96 * Math.sqrt(n)) / 2));
  return {
    n,
    mean: s.reduce((a, b) => a + b, 0) / n,
    rms: Math.sqrt(s.reduce((a, b) => a + b * b, 0) / n),
    percentiles: [0.1, 0.25, 0.5, 0.75, 0.9].map((p) => quantile(s, p)) as Truth['percentiles'],
    medianCi: [s[lower - 1], s[upper - 1]],
    values: s,
  };
}

/** The truth of every measure of a group of people. */
export function groupTruth(group: Money[]): Record<MeasureName, Truth> {
  return Object.fromEntries(MEASURES.map((m) => [m, truthOf(group.map((row) => measureOf(row, m)))])) as Record<MeasureName, Truth>;
}

/** The largest distance of a published count from the true size: the noise, then half the rounding base. */
export const COUNT_TOLERANCE = COUNT_NOISE + COUNT_ROUNDING_BASE / 2;

/** A published count of a group of n ≥ K: within ±2 then rounded to 5 of n, never under K. */
export function expectPublishedCount(count: unknown, n: number, threshold: number, label = ''): void {
  expect(typeof count, `${label} count`).toBe('number');
  const c = count as number;
  expect(c, `${label} count ${c} of ${n}`).toBeGreaterThanOrEqual(threshold);
  expect(Math.abs(c - n), `${label} count ${c} of ${n}`).toBeLessThanOrEqual(COUNT_TOLERANCE);
  expect(c % COUNT_ROUNDING_BASE === 0 || c === threshold, `${label} count ${c} is a multiple of 5 (or K)`).toBe(true);
}

/** A money figure of one measure: the mean, a percentile, or an end of the median's interval. */
export type MoneyFigure = 'mean' | 'p10' | 'p25' | 'p50' | 'p75' | 'p90' | 'medianCi.low' | 'medianCi.high';
const PERCENTILE_FIGURES = ['p10', 'p25', 'p50', 'p75', 'p90'] as const;
const LEVELS = [0.1, 0.25, 0.5, 0.75, 0.9];

const FACTOR_SD = Math.sqrt(INFUSION_FACTOR_LOG_VARIANCE);

/** P(at least m of independent events of these probabilities happen), counting only up to m. */
function atLeast(probabilities: number[], m: number): number {
  let certain = 0;
  const uncertain: number[] = [];
  for (const p of probabilities) {
    if (p >= 1 - 1e-15) certain++;
    else if (p > 1e-15) uncertain.push(p);
  }
  const needed = m - certain;
  if (needed <= 0) return 1;
  if (needed > uncertain.length) return 0;
  // counts[k]: P(exactly k so far) for k < needed, counts[needed]: P(at least needed).
  const counts = new Float64Array(needed + 1);
  counts[0] = 1;
  for (const p of uncertain) {
    counts[needed] += counts[needed - 1] * p;
    for (let k = needed - 1; k > 0; k--) counts[k] = counts[k] * (1 - p) + counts[k - 1] * p;
    counts[0] *= 1 - p;
  }
  return counts[needed];
}

/**
 * The range the j-th smallest (0-based) of the group's infused values stays in but with probability
 * 2 × TAIL_PROBABILITY: each value x is multiplied by F × J, log F normal of variance INFUSION_FACTOR_LOG_VARIANCE,
 * |log J| ≤ jitter (taken at its worst, so the bounds hold). A total is its components each multiplied by their own
 * factors: between the smallest and the largest of them, a spread narrower than one factor's, so its bounds hold too.
 */
function orderStatisticRange(values: number[], j: number): [number, number] {
  const n = values.length;
  const c = INFUSION.jitter;
  // P(infused below y) for each value, at most; the j-th smallest is below y when j + 1 values are.
  const below = (logY: number) => values.map((x) => (x <= 0 ? 1 : normalCdf((logY - Math.log(x) + c) / FACTOR_SD)));
  // P(infused above y) for each value, at most; the j-th smallest is above y when n − j values are.
  const above = (logY: number) => values.map((x) => (x <= 0 ? 0 : 1 - normalCdf((logY - Math.log(x) - c) / FACTOR_SD)));
  const x = values[j];
  if (x <= 0 && atLeast(above(Math.log(1e-6)), n - j) <= TAIL_PROBABILITY) return [0, 0];
  const reach = 12 * FACTOR_SD + c;
  const centre = Math.log(Math.max(x, 1));
  const solve = (tail: (logY: number) => number, increasing: boolean) => {
    // The y where the tail probability crosses TAIL_PROBABILITY (bisection; the tail is monotone in y).
    let low = centre - reach;
    let high = centre + reach;
    for (let step = 0; step < 40; step++) {
      const mid = (low + high) / 2;
      const outside = tail(mid) > TAIL_PROBABILITY;
      if (outside === increasing) high = mid;
      else low = mid;
    }
    return increasing ? low : high;
  };
  const lower = x <= 0 ? 0 : Math.exp(solve((logY) => atLeast(below(logY), j + 1), true));
  const upper = Math.exp(solve((logY) => atLeast(above(logY), n - j), false));
  return [lower, upper];
}

interface FigureRanges {
  /** The published p10…p90, each [low, high]. */
  percentiles: Array<[number, number]>;
  medianCi: [[number, number], [number, number]];
}

const rangesOf = new WeakMap<Truth, FigureRanges>();

/**
 * The ranges the published percentiles and median interval of a group stay in. percentile_cont interpolates
 * between two order statistics, so its range interpolates theirs; the median's interval is two order statistics.
 * Then the deconvolution (publication.ts): the median moves by at most DECONVOLUTION_MAX_SHIFT; another
 * percentile moves towards the median (its distance from it scaled by a ratio between ½ and 1) and with it, so it
 * stays between itself and the halfway point to the median, give or take twice that shift. The floor model's
 * correction has no such bound in the code (only INFUSION_BOUND), but narrows the infused spread the same way in
 * these tests' groups (the simulation above). The median's interval moves with the median, is widened by at most
 * as much again, and never excludes the median.
 */
function figureRanges(truth: Truth): FigureRanges {
  const cached = rangesOf.get(truth);
  if (cached) return cached;
  const { values } = truth;
  const n = values.length;
  const statistics = new Map<number, [number, number]>();
  const order = (j: number) => {
    if (!statistics.has(j)) statistics.set(j, orderStatisticRange(values, j));
    return statistics.get(j)!;
  };
  const raw = LEVELS.map((p): [number, number] => {
    const position = (n - 1) * p;
    const below = Math.floor(position);
    const weight = position - below;
    const [a, b] = [order(below), order(Math.min(n - 1, below + 1))];
    return [a[0] + weight * (b[0] - a[0]), a[1] + weight * (b[1] - a[1])];
  });
  const shift = Math.exp(DECONVOLUTION_MAX_SHIFT);
  const [medianLow, medianHigh] = raw[2];
  const moved = raw.map(([low, high], i): [number, number] =>
    i === 2 ? [low / shift, high * shift] : [Math.min(low, Math.sqrt(low * medianLow)) / shift ** 2, Math.max(high, Math.sqrt(high * medianHigh)) * shift ** 2],
  );
  // Published in order (a monotone rearrangement keeps such bounds).
  const lows = moved.map((r) => r[0]).sort((a, b) => a - b);
  const highs = moved.map((r) => r[1]).sort((a, b) => a - b);
  const percentiles = lows.map((low, i): [number, number] => [low, highs[i]]);
  const lowerRank = Math.max(1, Math.round(n / 2 - (1.96 * Math.sqrt(n)) / 2));
  const upperRank = Math.min(n, Math.round(1 + n / 2 + (1.96 * Math.sqrt(n)) / 2));
  const [ciLow, ciHigh] = [order(lowerRank - 1), order(upperRank - 1)];
  const ranges: FigureRanges = {
    percentiles,
    medianCi: [
      [Math.min(ciLow[0] / shift ** 2, percentiles[2][0]), ciLow[1]],
      [ciHigh[0], Math.max(ciHigh[1] * shift ** 2, percentiles[2][1])],
    ],
  };
  rangesOf.set(truth, ranges);
  return ranges;
}

/** The true value of a figure of a group. */
function truthFigure(truth: Truth, figure: MoneyFigure): number {
  if (figure === 'mean') return truth.mean;
  if (figure === 'medianCi.low') return truth.medianCi[0];
  if (figure === 'medianCi.high') return truth.medianCi[1];
  return truth.percentiles[PERCENTILE_FIGURES.indexOf(figure)];
}

/**
 * The range a published money figure of a group must lie in, then the rounding to 100.
 * - The mean of infused values is Σ xᵢFᵢJᵢ / n, divided by E[F × J]: relative to the truth, its standard deviation
 *   is the multiplier's coefficient of variation × √Σxᵢ² / Σxᵢ (= rms / (mean √n): the whole spread of one person's
 *   factor when one value makes the mean, 1/√n of it when all are equal); MEAN_STANDARD_DEVIATIONS of it, in log
 *   space (a mean made by few values is skewed as their factors are).
 * - The percentiles and the median's interval: figureRanges.
 */
export function moneyBounds(truth: Truth, figure: MoneyFigure): [number, number] {
  let range: [number, number];
  if (figure === 'mean') {
    const reach = truth.mean > 0 ? (MEAN_STANDARD_DEVIATIONS * MULTIPLIER_CV * truth.rms) / (truth.mean * Math.sqrt(truth.n)) : 0;
    range = [truth.mean * Math.exp(-reach), truth.mean * Math.exp(reach)];
  } else if (figure === 'medianCi.low' || figure === 'medianCi.high') {
    range = figureRanges(truth).medianCi[figure === 'medianCi.low' ? 0 : 1];
  } else {
    range = figureRanges(truth).percentiles[PERCENTILE_FIGURES.indexOf(figure)];
  }
  return [range[0] - 50 - 1e-6, range[1] + 50 + 1e-6];
}

/** The widest distance of the published median from the truth (for tests that need one number). */
export function moneyTolerance(truth: Truth): number {
  const [low, high] = moneyBounds(truth, 'p50');
  return Math.max(high - truth.percentiles[2], truth.percentiles[2] - low);
}

function expectMoneyNear(published: number | null, truth: Truth, figure: MoneyFigure, label: string): void {
  expect(published, label).not.toBeNull();
  const p = published as number;
  const [low, high] = moneyBounds(truth, figure);
  expect(p % 100, `${label} rounded to 100`).toBe(0);
  expect(p, `${label} never negative`).toBeGreaterThanOrEqual(0);
  expect(p >= low && p <= high, `${label}: published ${p}, truth ${truthFigure(truth, figure).toFixed(1)}, bounds ${low.toFixed(0)}..${high.toFixed(0)}`).toBe(
    true,
  );
}

/**
 * One published measure against its truth: each money figure within the infusion's bounds (mean from K, quartiles
 * from a published count of QUARTILE_MINIMUM, p10/p90 and the median's interval from TAIL_PERCENTILE_MINIMUM, null
 * below), n the group's published count, and the figures coherent (in order, the median inside its interval).
 */
export function expectPublishedStatistic(published: Statistic, truth: Truth, threshold: number, publishedCount: number, label = ''): void {
  expect(Object.keys(published).sort(), label).toEqual(['mean', 'medianCi', 'n', 'p10', 'p25', 'p50', 'p75', 'p90']);
  expect(published.n, `${label} n`).toBe(publishedCount);
  if (truth.n < threshold) {
    expect(published, label).toMatchObject({ mean: null, p10: null, p25: null, p50: null, p75: null, p90: null, medianCi: null });
    return;
  }
  expectMoneyNear(published.mean, truth, 'mean', `${label} mean`);
  if (publishedCount >= QUARTILE_MINIMUM) {
    expectMoneyNear(published.p25, truth, 'p25', `${label} p25`);
    expectMoneyNear(published.p50, truth, 'p50', `${label} p50`);
    expectMoneyNear(published.p75, truth, 'p75', `${label} p75`);
  } else {
    expect([published.p25, published.p50, published.p75], `${label} quartiles under a count of ${QUARTILE_MINIMUM}`).toEqual([null, null, null]);
  }
  if (publishedCount >= TAIL_PERCENTILE_MINIMUM) {
    expectMoneyNear(published.p10, truth, 'p10', `${label} p10`);
    expectMoneyNear(published.p90, truth, 'p90', `${label} p90`);
    expect(published.medianCi, `${label} medianCi`).not.toBeNull();
    expectMoneyNear(published.medianCi!.low, truth, 'medianCi.low', `${label} medianCi.low`);
    expectMoneyNear(published.medianCi!.high, truth, 'medianCi.high', `${label} medianCi.high`);
    expect(published.medianCi!.low, `${label} interval around the median`).toBeLessThanOrEqual(published.p50!);
    expect(published.medianCi!.high, `${label} interval around the median`).toBeGreaterThanOrEqual(published.p50!);
  } else {
    expect([published.p10, published.p90, published.medianCi], `${label} tails under a count of ${TAIL_PERCENTILE_MINIMUM}`).toEqual([null, null, null]);
  }
  if (published.p25 !== null) {
    const order = [published.p10, published.p25, published.p50, published.p75, published.p90].filter((v): v is number => v !== null);
    expect(order, `${label} percentiles in order`).toEqual([...order].sort((a, b) => a - b));
  }
}

/** Every measure of an answer of status ok against the truth of its group. */
export function expectPublishedGroup(
  body: { status: string; count: number | null; measures: Record<MeasureName, Statistic> | null },
  group: Money[],
  threshold: number,
  label = '',
): void {
  expect(body.status, label).toBe('ok');
  expectPublishedCount(body.count, group.length, threshold, label);
  const truth = groupTruth(group);
  for (const measure of MEASURES) expectPublishedStatistic(body.measures![measure], truth[measure], threshold, body.count!, `${label} ${measure}`);
}

/** The caller's position as the published figures and their own values give it (never a rank from the rows). */
export function expectPositionsFromPublished(position: Record<MeasureName, unknown> | null, measures: Record<MeasureName, Statistic>, own: Money): void {
  expect(position).not.toBeNull();
  for (const measure of MEASURES) {
    expect(position![measure], measure).toEqual(estimatePosition(measure, measures[measure], Math.round(measureOf(own, measure))));
  }
}

/** The cell key of a set of people: the sum of their record keys modulo 2^32. */
export function cellKeyOf(recordKeys: Array<number | string | bigint>): number {
  return Number(recordKeys.reduce<bigint>((sum, key) => sum + BigInt(key), 0n) % 4_294_967_296n);
}

/**
 * What publication must answer for these people, given their infused money (infusedMoney): the truth computed
 * here, with their cell key's count, through the engine's publishGroup (so the published figures are exactly those
 * of these people, not of some other group).
 */
export function expectedPublication(group: Array<Money & { record_key: number | string }>, threshold: number, secret: string) {
  const truth = groupTruth(group);
  const raw: Extract<RawComparison, { status: 'ok' }> = {
    status: 'ok',
    n: group.length,
    cellKey: cellKeyOf(group.map((row) => row.record_key)),
    measures: Object.fromEntries(
      MEASURES.map((m) => [
        m,
        { n: group.length, mean: truth[m].mean, rms: truth[m].rms, percentiles: [...truth[m].percentiles], medianCi: truth[m].medianCi },
      ]),
    ) as Extract<RawComparison, { status: 'ok' }>['measures'],
  };
  return publishGroup(raw, threshold, secret);
}

/**
 * A form's money as a release holds it, computed here with the TypeScript twin of the cut's SQL (infusion.ts): the
 * form's true money (EUR) × its person's factors × its jitter.
 */
/** The TypeScript twin's factors (services/infusion.ts) of a form as a database row holds it. */
export function rowInfusionFactors(
  secret: string,
  noiseKey: string | number,
  formId: string,
  row: {
    survey_year: number | string;
    currency?: string;
    fixed_salary: number | string;
    annual_bonus: number | string | null;
    deferred_compensation: number | string | null;
  },
): Record<InfusedColumn, number> {
  return infusionFactors(
    secret,
    { noiseKey },
    {
      id: formId,
      surveyYear: Number(row.survey_year),
      currency: row.currency ?? 'EUR',
      fixedSalary: Number(row.fixed_salary),
      annualBonus: row.annual_bonus === null ? null : Number(row.annual_bonus),
      deferredCompensation: row.deferred_compensation === null ? null : Number(row.deferred_compensation),
    },
  );
}

export function infusedMoney(
  secret: string,
  row: {
    id: string;
    noise_key: string | number;
    survey_year: number;
    currency?: string;
    fixed_salary: number;
    annual_bonus: number | null;
    deferred_compensation: number | string | null;
  },
): Money {
  const f = rowInfusionFactors(secret, row.noise_key, row.id, row);
  return {
    fixedSalary: Number(row.fixed_salary) * f.fx,
    annualBonus: Number(row.annual_bonus ?? 0) * f.bn,
    deferredCompensation: Number(row.deferred_compensation ?? 0) * f.df,
  };
}
