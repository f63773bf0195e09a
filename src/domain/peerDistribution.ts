// The figures of a comparison as people read them (docs/statistics-and-privacy.md): which measures a result shows with and
// without deferred compensation, the distribution of one measure as a chart draws it (p10–p90 band,
// p25–p75 box, median, the median's 95 % interval, the person's own value) and a person's position in it.
// Pure; the types mirror the contract's Statistic, Position and ComparisonResult.
import { COUNT_NOISE, COUNT_ROUNDING_BASE, INFUSION, INFUSION_FACTOR_LOG_VARIANCE } from './constants';
import { normalCdf, solveIncreasing } from './normal';
import { numberFormat } from './intlFormat';
import { diffFromMedianPercent, type PublishedStatistic } from './statistics';

export const MEASURES = ['totalWithoutDeferral', 'totalWithDeferral', 'fixedSalary', 'annualBonus', 'deferredCompensation'] as const;
export type MeasureName = (typeof MEASURES)[number];

/**
 * The contract's Statistic (published: computed from infused money, count perturbed, rounded): the mean needs K
 * people, p25/p50/p75 a published count of QUARTILE_MINIMUM, p10/p90 and the median's interval a published count
 * of TAIL_PERCENTILE_MINIMUM; null below. `n` is the published (perturbed, rounded to 5) group size. The same shape as
 * a published statistic of statistics.ts.
 */
export type Statistic = PublishedStatistic;

/** The contract's Position: where one's own figure falls within the group. */
export interface Position {
  measure: MeasureName;
  ownValue: number;
  percentileRank: number;
  diffFromMedianPercent: number;
}

export type Measures = Record<MeasureName, Statistic>;
export type Positions = Record<MeasureName, Position | null>;

/** A person's own figures (the contract's OwnFigures). */
export type OwnFigures = Record<MeasureName, number>;

/**
 * The measures a result shows, the total first. Without deferral: total without deferral, fixed salary,
 * bonus. With deferral: total with deferral, fixed, bonus and the deferred compensation itself.
 */
export function measuresShown(includeDeferred: boolean): MeasureName[] {
  return includeDeferred ? ['totalWithDeferral', 'fixedSalary', 'annualBonus', 'deferredCompensation'] : ['totalWithoutDeferral', 'fixedSalary', 'annualBonus'];
}

export function headlineMeasure(includeDeferred: boolean): MeasureName {
  return includeDeferred ? 'totalWithDeferral' : 'totalWithoutDeferral';
}

/** The totals of a form's answers: fixed + bonus, and fixed + bonus + deferred. Missing answers count 0. */
export function ownFiguresOf(answers: { fixedSalary?: number; annualBonus?: number; deferredCompensation?: number }): OwnFigures | null {
  if (answers.fixedSalary === undefined) return null;
  const fixedSalary = answers.fixedSalary;
  const annualBonus = answers.annualBonus ?? 0;
  const deferredCompensation = answers.deferredCompensation ?? 0;
  return {
    fixedSalary,
    annualBonus,
    deferredCompensation,
    totalWithoutDeferral: fixedSalary + annualBonus,
    totalWithDeferral: fixedSalary + annualBonus + deferredCompensation,
  };
}

/**
 * One measure as a box plot: whiskers at p10 and p90 (the band), the box from p25 to p75 and the median.
 * Under a published count of TAIL_PERCENTILE_MINIMUM p10/p90 are withheld: the whiskers then close on the box
 * (`tails: false`), never on a minimum or maximum. Null when the quartiles themselves are withheld (under a published
 * count of QUARTILE_MINIMUM).
 */
export interface DistributionBox {
  /** [low whisker, q1, median, q3, high whisker] as ApexCharts' boxPlot reads it. */
  y: [number, number, number, number, number];
  /** p10 and p90 are known (TAIL_PERCENTILE_MINIMUM people or more). */
  tails: boolean;
  medianCi: { low: number; high: number } | null;
}

export function distributionBox(statistic: Statistic): DistributionBox | null {
  const { p10, p25, p50, p75, p90 } = statistic;
  if (p25 === null || p50 === null || p75 === null) return null;
  const tails = p10 !== null && p90 !== null;
  return {
    y: [tails ? p10 : p25, p25, p50, p75, tails ? p90 : p75],
    tails,
    medianCi: statistic.medianCi,
  };
}

/**
 * How much of a measure a group publishes (docs/statistics-and-privacy.md): everything (`full`, from TAIL_PERCENTILE_MINIMUM), the
 * box without p10/p90 and the median's interval (`quartiles`, from QUARTILE_MINIMUM), the mean only (`mean`, from
 * K), or nothing. Read from the figures themselves (the server decides the quartiles and the tails on the published
 * count, the mean on whether the group reached K).
 */
export type StatisticDetail = 'full' | 'quartiles' | 'mean' | 'none';

export function statisticDetail(statistic: Statistic): StatisticDetail {
  if (statistic.p25 !== null && statistic.p50 !== null && statistic.p75 !== null) {
    return statistic.p10 !== null && statistic.p90 !== null ? 'full' : 'quartiles';
  }
  return statistic.mean !== null ? 'mean' : 'none';
}

/**
 * The smallest true group size a published count can stand for: a published count is n ± COUNT_NOISE rounded to
 * a multiple of COUNT_ROUNDING_BASE and never under K, so 35 may be 31 to 39 people.
 */
export function smallestGroupPublishedAs(count: number, threshold: number): number {
  return Math.max(threshold, Math.ceil(count - COUNT_ROUNDING_BASE / 2) - COUNT_NOISE);
}

/**
 * The noise infusion's figures as the pages state them, in whole percents of the true value (server:
 * services/infusion.ts): a person's secret factor F (log F normal with variance INFUSION_FACTOR_LOG_VARIANCE) moves
 * each of their money values by |F − 1|: `typical` is the median of that distance over people, `wide` the distance
 * one person in ten exceeds, `close` the share of people whose factor is within 5 % of 1; `jitter` is the most a
 * form's own jitter adds on top (e^jitter − 1).
 */
export function infusionPercents(): { typical: number; wide: number; close: number; jitter: number } {
  const tau = Math.sqrt(INFUSION_FACTOR_LOG_VARIANCE);
  // P(|F − 1| ≤ x) = P(log(1 − x) ≤ log F ≤ log(1 + x)).
  const distanceCdf = (x: number) => normalCdf(Math.log(1 + x) / tau) - (x >= 1 ? 0 : normalCdf(Math.log(1 - x) / tau));
  const percent = (x: number) => Math.round(x * 100);
  return {
    typical: percent(solveIncreasing(distanceCdf, 0.5, 0, 1)),
    wide: percent(solveIncreasing(distanceCdf, 0.9, 0, 5)),
    close: percent(distanceCdf(0.05)),
    jitter: percent(Math.exp(INFUSION.jitter) - 1),
  };
}

/**
 * The range a chart's value axis needs to show the band, the median interval and the own value, with a
 * little room on both sides; null when there is nothing to draw.
 */
export function distributionRange(box: DistributionBox | null, ownValue: number | null): { min: number; max: number } | null {
  if (!box) return null;
  const values = [...box.y, ...(box.medianCi ? [box.medianCi.low, box.medianCi.high] : []), ...(ownValue !== null ? [ownValue] : [])];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = Math.max((high - low) * 0.08, Math.abs(high) * 0.02, 1);
  return { min: Math.max(0, Math.floor(low - pad)), max: Math.ceil(high + pad) };
}

/**
 * Where a value falls in the group from the published percentiles only (linear between p10, p25, p50, p75,
 * p90; clamped 1–99). The server gives the caller's own position this way (from the published figures, never
 * from the raw data); the web app uses it for an admin looking at someone else's form. Null when the median is
 * withheld.
 */
export function estimatePosition(measure: MeasureName, statistic: Statistic, ownValue: number): Position | null {
  const knots: Array<[number, number]> = [];
  for (const [percentile, value] of [
    [10, statistic.p10],
    [25, statistic.p25],
    [50, statistic.p50],
    [75, statistic.p75],
    [90, statistic.p90],
  ] as const) {
    if (value !== null) knots.push([percentile, value]);
  }
  const diff = diffFromMedianPercent(ownValue, statistic.p50);
  if (diff === null || knots.length === 0) return null;

  let rank: number;
  const first = knots[0];
  const last = knots[knots.length - 1];
  if (ownValue <= first[1]) rank = ownValue < first[1] ? first[0] / 2 : first[0];
  else if (ownValue >= last[1]) rank = ownValue > last[1] ? (last[0] + 100) / 2 : last[0];
  else {
    rank = last[0];
    for (let i = 1; i < knots.length; i++) {
      const [pLow, vLow] = knots[i - 1];
      const [pHigh, vHigh] = knots[i];
      if (ownValue <= vHigh) {
        rank = vHigh === vLow ? pHigh : pLow + ((ownValue - vLow) / (vHigh - vLow)) * (pHigh - pLow);
        break;
      }
    }
  }
  return {
    measure,
    ownValue,
    percentileRank: Math.min(99, Math.max(1, Math.round(rank))),
    diffFromMedianPercent: diff,
  };
}

/** A signed percentage for text in the locale's style: "+12,5 %" (es-ES), "+12.5%" (en-US). */
export function formatSignedPercent(value: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1, minimumFractionDigits: 0, signDisplay: 'exceptZero' }).format(value / 100);
}

/** An unsigned percentage in the locale's style: "12,5 %" (es-ES), "12.5%" (en-US). */
export function formatPercent(value: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1, minimumFractionDigits: 0 }).format(value / 100);
}
