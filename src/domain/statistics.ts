// The statistics rules (docs/statistics-and-privacy.md) that both sides share: which figures may be published for a group of
// n people, how money figures are rounded, how the caller's position is expressed, and the definitions the
// SQL engine implements (percentiles by linear interpolation like percentile_cont, the order-statistic
// confidence interval of the median, the mid-rank percentile rank). The server computes the raw figures in
// SQL; these functions turn them into what is shown, and the tests use the reference definitions to check
// the SQL against an independent computation.
import { PRIVACY_THRESHOLD_FLOOR, QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM } from './constants';

export const MEASURES = ['fixedSalary', 'annualBonus', 'deferredCompensation', 'totalWithoutDeferral', 'totalWithDeferral'] as const;
export type Measure = (typeof MEASURES)[number];

/** The published percentiles, in this order (p10, p25, p50, p75, p90). */
export const PERCENTILES = [0.1, 0.25, 0.5, 0.75, 0.9] as const;

/** Why a comparison gives no figures; the web app shows the translation comparison.reasons.{code}. */
export const COMPARISON_REASONS = {
  /** The group has fewer people than the privacy threshold. */
  notEnoughData: 'NOT_ENOUGH_DATA',
  /** Another allowed search differs from this one by fewer than K people, so subtracting would expose them. */
  differencingRisk: 'DIFFERENCING_RISK',
} as const;
export type ComparisonReason = (typeof COMPARISON_REASONS)[keyof typeof COMPARISON_REASONS];

/** Published money figures are rounded to the nearest 100 (halves away from zero). */
export function roundMoney(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value) / 100) * 100;
  return rounded === 0 ? 0 : rounded;
}

/** The effective privacy threshold: the configured value, never below the floor of 3. */
export function effectiveThreshold(configured: unknown, fallback: number): number {
  const value = typeof configured === 'number' && Number.isInteger(configured) ? configured : fallback;
  return Math.max(PRIVACY_THRESHOLD_FLOOR, value);
}

/** The group size as shown: the number from K people up, "<K" below. */
export function countLabel(count: number, threshold: number): string {
  return count >= threshold ? String(count) : `<${threshold}`;
}

/** Value at fraction p of sorted values, interpolating linearly between order statistics (= percentile_cont). */
export function percentileCont(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = p * (n - 1);
  const low = Math.floor(h);
  const high = Math.min(low + 1, n - 1);
  return sorted[low] + (h - low) * (sorted[high] - sorted[low]);
}

/**
 * 1-based ranks of the order statistics bounding the 95 % confidence interval of the median
 * (distribution-free, normal approximation to the binomial: Campbell & Gardner): lower rank
 * n/2 − 1.96·√n/2, upper rank 1 + n/2 + 1.96·√n/2, each rounded to the nearest integer and kept within 1..n.
 */
export function medianCiRanks(n: number): { lower: number; upper: number } {
  const half = 0.98 * Math.sqrt(n);
  return {
    lower: Math.max(1, Math.floor(n / 2 - half + 0.5)),
    upper: Math.min(n, Math.floor(1 + n / 2 + half + 0.5)),
  };
}

/**
 * Percentile rank of a value within a group (mid-rank definition): the share of the group below it plus half
 * the share equal to it, in percent, rounded and clamped to 1..99 (never 0 or 100: nobody is shown as the
 * minimum or maximum of a group).
 */
export function percentileRank(below: number, equal: number, n: number): number {
  const rank = Math.round((100 * (below + equal / 2)) / n);
  return Math.min(99, Math.max(1, rank));
}

/** (own − median) / median in percent, one decimal; null when the median is missing (null, not a number) or 0. */
export function diffFromMedianPercent(own: number, median: number | null): number | null {
  if (median === null || !Number.isFinite(median) || median === 0) return null;
  const percent = ((own - median) / median) * 100;
  return Math.round(percent * 10) / 10;
}

export interface RawStatistic {
  n: number;
  mean: number | null;
  /** p10, p25, p50, p75, p90 (unrounded). */
  percentiles: number[] | null;
  /** The lower and upper order statistics of the median's confidence interval. */
  medianCi: [number, number] | null;
}

export interface PublishedStatistic {
  n: number;
  mean: number | null;
  p10: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
  medianCi: { low: number; high: number } | null;
}

/**
 * What may be shown of one measure of a group whose published (perturbed) count is `publishedCount`: the mean
 * when the group reached K (its true size decides only that), p25, p50 and p75 from a published count of
 * QUARTILE_MINIMUM, p10, p90 and the median's interval from TAIL_PERCENTILE_MINIMUM — decided on the count the
 * answer shows, so the figures shown never tell the true size beyond that count; money rounded to 100; never a
 * minimum or maximum. The figures in `raw` are computed from infused values (server: services/infusion.ts).
 */
export function publishStatistic(raw: RawStatistic, threshold: number, publishedCount: number = raw.n): PublishedStatistic {
  const core = raw.n >= threshold;
  const quartiles = core && publishedCount >= QUARTILE_MINIMUM;
  const tails = core && publishedCount >= TAIL_PERCENTILE_MINIMUM;
  const pc = raw.percentiles;
  const money = (value: number | null | undefined, allowed: boolean) =>
    allowed && value !== null && value !== undefined && Number.isFinite(value) ? roundMoney(value) : null;
  return {
    n: publishedCount,
    mean: money(raw.mean, core),
    p10: money(pc?.[0], tails),
    p25: money(pc?.[1], quartiles),
    p50: money(pc?.[2], quartiles),
    p75: money(pc?.[3], quartiles),
    p90: money(pc?.[4], tails),
    medianCi: tails && raw.medianCi ? { low: roundMoney(raw.medianCi[0]), high: roundMoney(raw.medianCi[1]) } : null,
  };
}
