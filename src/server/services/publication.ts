// From a release's figures to published ones (docs/statistics-and-privacy.md). The release holds infused money
// (infusion.ts), so the figures a group's SQL computes are already protected, person by person: publication
// perturbs the count (cell key method, perturbation.ts), divides means by the infusion's expectation, takes the
// percentiles back from the infused spread to the true one (a deconvolution), then applies
// the publication thresholds — decided on the published count — and the rounding to 100 (domain/statistics.ts).
// No money noise is added per group: the figures of one group are order statistics and means of the same
// infused people, and coherent() keeps them so after the corrections (percentiles in order, the median inside its
// interval, each figure with deferred pay at least the same figure without it).
// The caller's position is derived from the published figures and the caller's own values only (domain
// estimatePosition, interpolating between published percentiles), so probing with one's own values — editing
// one's form, asking again — learns nothing the published figures do not already say.
import { MEASURES, PERCENTILES, publishStatistic, type Measure, type PublishedStatistic } from '../../domain/statistics';
import { INFUSION_BOUND, INFUSION_LOG_VARIANCE, INFUSION_MEAN_FACTOR, LIMITS, TAIL_PERCENTILE_MINIMUM } from '../../domain/constants';
import { fitFloorModel } from './floorModel';
import { estimatePosition, type Positions } from '../../domain/peerDistribution';
import { createCellNoise, perturbCount } from './perturbation';
import type { OwnValues, RawComparison, RawMeasure } from './statistics';

/** The largest correction of the median, in log space (the first-order expansion is not trusted beyond). */
const MAX_MEDIAN_SHIFT = 0.06;
/** The spread is never shrunk below half of the infused one (a group's quartiles are noisy in small groups). */
const MIN_SPREAD_RATIO = 0.5;
/** The median's skew correction is weighted n / (n + this): noisy in small groups, where sampling dominates. */
const MEDIAN_SHIFT_HALF_WEIGHT = 200;
/**
 * Below this many people the corrections are phased in linearly up to full at TAIL_PERCENTILE_MINIMUM (20): in
 * small groups sampling error is several times the infusion's widening, and taking the quartiles back to the true
 * spread moves each of them towards the true pay of the member behind it (the own-position attack,
 * tests/privacy/own-position.test.ts). Continuous in n, so the figures mark no threshold on the true count.
 * From 15 (not 10): the wider factor makes the correction larger, and groups of 11–14 shown as 15 gave the
 * attacker behind the published quartiles 28 % of members within 5 %.
 */
const SMALL_GROUP_START = 15;
/** The floor shapes a group when it cuts more than this share of the fitted log-normal (floorModel.ts). */
const FLOOR_SHAPES_GROUP = 0.01;
/**
 * The measures with the survey's floor: every counted fixed salary is at least LIMITS.fixedSalary.min in EUR (the
 * admin's minimum, minValues.minFixed, is never lower), and so is every total.
 */
const FLOORED = new Set<Measure>(['fixedSalary', 'totalWithoutDeferral', 'totalWithDeferral']);

/**
 * Percentiles of the true values estimated from those of the infused ones (a deconvolution). In log space an
 * infused value is log x + e, with e symmetric and of the known variance σ² = Var(log F + log J) (constants.ts),
 * so the infused distribution is the true one spread out:
 * - the spread: in log space the infused quartiles' spread s_y (IQR / 1.349) is the true one's √(s_x² + σ²), so
 *   every percentile's distance from the median is scaled by √(s_y² − σ²) / s_y (never below one half). For
 *   log-normal pay this takes p10 and p90 back from 5–6 % too wide to the true spread;
 * - the median: on pay that is skewed even in log space, spreading moves the median towards the mean by
 *   −(σ²/2)·f′/f = (σ²/2)·Q″/Q′² (Q the quantile function, from p10, p50 and p90), weighted n / (n + 200) because
 *   the curvature is noisy in small groups, and at most 6 %;
 * - near the survey's floor (fixed salary and the totals, never under LIMITS.fixedSalary.min): the floor model
 *   (floorModel.ts), a log-normal cut at the floor convolved with the infusion and fitted to the five infused
 *   percentiles. p10, p25, p75 and p90 are published halfway between the model's own percentile and the group's
 *   infused one moved by the model's correction (the model alone would lose a group's own shape, the correction
 *   alone keeps all of the infusion's draw-to-draw noise: docs, "Percentiles near the floor"); the median takes the
 *   model's correction where the floor shapes the group (it cuts more than 1 % of the fitted log-normal), the skew
 *   correction elsewhere; at most 6 % either way (the model's own reaches 6 % in the utility panel's groups).
 * In groups of fewer than 20 the corrections are phased in (SMALL_GROUP_START).
 * No correction moves a figure further than the infusion can move a value (INFUSION_BOUND). It reads nothing but
 * the infused figures and public constants (a post-processing: it adds no information about anyone). Left as they
 * are where a percentile is 0 (a bonus or deferral most people lack).
 */
function deconvolved(
  percentiles: number[] | null,
  n: number,
  floor: number | null,
  noiseShare = 1,
): { percentiles: number[] | null; shift: number; margin: number } {
  // The infusion's log variance in this measure: a total of parts with independent factors is spread less (noiseShare).
  const noiseVariance = INFUSION_LOG_VARIANCE * noiseShare;
  // How much of the corrections applies (SMALL_GROUP_START): none, and no model to fit, in groups of 10 or fewer.
  const phase = Math.max(0, Math.min(1, (n - SMALL_GROUP_START) / (TAIL_PERCENTILE_MINIMUM - SMALL_GROUP_START)));
  if (!percentiles || percentiles.length !== 5 || percentiles.some((v) => !(v > 0)) || phase === 0) return { percentiles, shift: 0, margin: 0 };
  const q = percentiles.map(Math.log);
  const spread = (q[3] - q[1]) / 1.349;
  if (!(spread > 1e-9)) return { percentiles, shift: 0, margin: 0 };
  const ratio = Math.sqrt(Math.max(spread * spread - noiseVariance, (MIN_SPREAD_RATIO * spread) ** 2)) / spread;
  // Q′ and Q″ at the median from p10 and p90 (±0.4 around it): the skew of a group that mixes position levels is
  // wider than its quartiles, and the wider stencil is the steadier estimate (quartiles: 93.8 % of n ≥ 200 medians
  // within 6 % in the offline simulation of the utility panel; p10/p90: 95.0 %).
  const skewShift = (low: number, high: number, h: number) => {
    const slope = (q[high] - q[low]) / (2 * h);
    const curvature = (q[high] - 2 * q[2] + q[low]) / (h * h);
    return Math.max(-MAX_MEDIAN_SHIFT, Math.min(MAX_MEDIAN_SHIFT, -(noiseVariance / 2) * (curvature / (slope * slope))));
  };
  const bias = skewShift(0, 4, 0.4);
  // The quartiles' reading of the same shift: where the two disagree, the skew is not what a first-order
  // correction assumes, and the interval carries the larger of the two.
  const uncertainty = Math.max(Math.abs(bias), Math.abs(skewShift(1, 3, 0.25)));
  const bounded = (correction: number) => Math.max(-INFUSION_BOUND, Math.min(INFUSION_BOUND, correction));
  let logs = q.map((v, i) =>
    i === 2 ? v + bias * (n / (n + MEDIAN_SHIFT_HALF_WEIGHT)) : q[2] + bias * (n / (n + MEDIAN_SHIFT_HALF_WEIGHT)) + ratio * (v - q[2]),
  );
  const model = floor !== null && floor > 0 ? fitFloorModel(q, PERCENTILES, Math.log(floor), Math.sqrt(noiseShare)) : null;
  if (model) {
    logs = q.map((v, i) => {
      const correction = model.truePercentiles[i] - model.infusedPercentiles[i];
      if (i === 2) return model.floorShare > FLOOR_SHAPES_GROUP ? v + Math.max(-MAX_MEDIAN_SHIFT, Math.min(MAX_MEDIAN_SHIFT, correction)) : logs[2];
      const corrected = v + bounded(correction);
      return (corrected + Math.max(v - INFUSION_BOUND, Math.min(v + INFUSION_BOUND, model.truePercentiles[i]))) / 2;
    });
  }
  logs = logs.map((v, i) => q[i] + phase * (v - q[i]));
  const shift = logs[2] - q[2];
  // Kept in order (a monotone rearrangement, as for any post-processed quantiles).
  const corrected = logs.map(Math.exp).sort((x, y) => x - y);
  // The median's interval is widened by the estimated bias itself (the larger of its readings, the applied shift
  // among them): the correction is an estimate, and an honest interval carries its uncertainty (none on symmetric
  // pay, up to 6 % on pay skewed even in log space, more at the floor).
  return { percentiles: corrected, shift, margin: Math.max(uncertainty, Math.abs(shift)) };
}

/**
 * One measure's figures as published before thresholds and rounding: the mean divided by the infusion's
 * expectation, the percentiles deconvolved, and the median's interval moved with the median (it is the interval
 * of the infused values' median; the correction takes it to the true values' median) and widened by the
 * correction's own uncertainty.
 */
function unbiased(raw: RawMeasure, floor: number | null, noiseShare = 1): RawMeasure {
  const { percentiles, shift, margin } = deconvolved(raw.percentiles, raw.n, floor, noiseShare);
  const medianCi: [number, number] | null = raw.medianCi ? [raw.medianCi[0] * Math.exp(shift - margin), raw.medianCi[1] * Math.exp(shift + margin)] : null;
  return { ...raw, mean: raw.mean === null ? null : raw.mean / INFUSION_MEAN_FACTOR, percentiles, medianCi };
}

/**
 * Figures that contradict each other are never shown: each percentile and the mean of the total with deferral are
 * at least those of the total without it, which are at least the fixed salary's (true person by person, so for
 * every order statistic and mean; the per-measure corrections could otherwise cross them), and the median stays
 * inside its interval.
 */
function coherent(measures: Record<Measure, RawMeasure>): Record<Measure, RawMeasure> {
  const result = { ...measures };
  const atLeast = (upper: Measure, lower: Measure) => {
    const u = result[upper];
    const l = result[lower];
    const percentiles = u.percentiles && l.percentiles ? u.percentiles.map((v, i) => Math.max(v, l.percentiles![i])) : u.percentiles;
    const mean = u.mean !== null && l.mean !== null ? Math.max(u.mean, l.mean) : u.mean;
    result[upper] = { ...u, percentiles, mean };
  };
  atLeast('totalWithoutDeferral', 'fixedSalary');
  atLeast('totalWithDeferral', 'totalWithoutDeferral');
  for (const measure of MEASURES) {
    const m = result[measure];
    if (m.medianCi && m.percentiles) {
      const median = m.percentiles[2];
      result[measure] = { ...m, medianCi: [Math.min(m.medianCi[0], median), Math.max(m.medianCi[1], median)] };
    }
  }
  return result;
}

export interface PublishedGroup {
  count: number;
  measures: Record<Measure, PublishedStatistic>;
}

/**
 * Each part (fixed, bonus, deferred) carries its own independent factor, so a total's infusion is the
 * weighted mix of its parts' and narrower in log space: Var ≈ Σ wᵢ² × Var(log F), wᵢ the part's share of the total
 * (from the group's means). The deconvolution takes each measure back by its own infusion, not the part's.
 */
function noiseShares(measures: Record<Measure, RawMeasure>): Record<Measure, number> {
  const fx = Math.max(measures.fixedSalary.mean ?? 0, 0);
  const bn = Math.max(measures.annualBonus.mean ?? 0, 0);
  const df = Math.max(measures.deferredCompensation.mean ?? 0, 0);
  const share = (parts: number[]) => {
    const total = parts.reduce((s, x) => s + x, 0);
    return total > 0 ? parts.reduce((s, x) => s + (x / total) ** 2, 0) : 1;
  };
  return {
    fixedSalary: 1,
    annualBonus: 1,
    deferredCompensation: 1,
    totalWithoutDeferral: share([fx, bn]),
    totalWithDeferral: share([fx, bn, df]),
  };
}

/** The published count of a group of n ≥ K people with this cell key. */
export function publishedCount(n: number, cellKey: number, threshold: number, secret: string): number {
  return perturbCount(n, createCellNoise(secret, cellKey), threshold);
}

/** The published figures of a group that reached K. */
export function publishGroup(raw: Extract<RawComparison, { status: 'ok' }>, threshold: number, secret: string): PublishedGroup {
  const count = publishedCount(raw.n, raw.cellKey, threshold, secret);
  const corrected = {} as Record<Measure, RawMeasure>;
  const shares = noiseShares(raw.measures);
  for (const measure of MEASURES) corrected[measure] = unbiased(raw.measures[measure], FLOORED.has(measure) ? LIMITS.fixedSalary.min : null, shares[measure]);
  const consistent = coherent(corrected);
  const measures = {} as Record<Measure, PublishedStatistic>;
  for (const measure of MEASURES) measures[measure] = publishStatistic(consistent[measure], threshold, count);
  return { count, measures };
}

/** The caller's position in each measure, from the published figures only (null where the median is withheld). */
export function positionsFromPublished(measures: Record<Measure, PublishedStatistic>, own: OwnValues): Positions {
  const values: Record<Measure, number> = {
    fixedSalary: own.fixedSalary,
    annualBonus: own.annualBonus,
    deferredCompensation: own.deferredCompensation,
    totalWithoutDeferral: own.fixedSalary + own.annualBonus,
    totalWithDeferral: own.fixedSalary + own.annualBonus + own.deferredCompensation,
  };
  const result = {} as Positions;
  for (const measure of MEASURES) result[measure] = estimatePosition(measure, measures[measure], Math.round(values[measure]));
  return result;
}
