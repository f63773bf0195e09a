// From true figures to published ones (DESIGN.md §4; the cell key method of perturbation.ts): the count is
// perturbed and rounded, every money figure gets its own noise drawn from the group's cell key and scaled to how
// far one person can move it, then the publication thresholds and the rounding to 100 of domain/statistics.ts
// apply. The caller's position is derived from the published figures and the caller's own values only
// (domain estimatePosition, interpolating between published percentiles), so probing with one's own values —
// editing one's form, asking again — learns nothing the published figures do not already say.
import { MEASURES, publishStatistic, type Measure, type PublishedStatistic } from '../../domain/statistics';
import { estimatePosition, type Positions } from '../../domain/peerDistribution';
import { createCellNoise, perturbCount, perturbMoney } from './perturbation';
import type { OwnValues, RawComparison, RawMeasure } from './statistics';

const FIGURES = ['p10', 'p25', 'p50', 'p75', 'p90'] as const;

/** One measure with its money perturbed (before the thresholds and rounding). */
function perturbMeasure(raw: RawMeasure, measure: Measure, noise: ReturnType<typeof createCellNoise>): RawMeasure {
  const scale = raw.rms;
  // A figure that is exactly zero stays zero (as statistical offices keep structural zeros): "most have no
  // deferred pay" is a fact about the group, and noise would only invent pay nobody has.
  const move = (value: number, figure: string) => (value === 0 ? 0 : perturbMoney(value, raw.n, scale, noise.moneyNoise(measure, figure)));
  // Each percentile has its own draw; sorting afterwards keeps them in order (a pure post-processing).
  const percentiles = raw.percentiles ? raw.percentiles.map((v, i) => move(v, FIGURES[i])).sort((a, b) => a - b) : null;
  let medianCi: [number, number] | null = raw.medianCi ? [move(raw.medianCi[0], 'ci-low'), move(raw.medianCi[1], 'ci-high')] : null;
  if (medianCi && percentiles) {
    const median = percentiles[2];
    medianCi = [Math.min(medianCi[0], medianCi[1], median), Math.max(medianCi[0], medianCi[1], median)];
  }
  return { ...raw, mean: raw.mean === null ? null : move(raw.mean, 'mean'), percentiles, medianCi };
}

export interface PublishedGroup {
  count: number;
  measures: Record<Measure, PublishedStatistic>;
}

/** The published count of a group of n ≥ K people with this cell key. */
export function publishedCount(n: number, cellKey: number, threshold: number, secret: string): number {
  return perturbCount(n, createCellNoise(secret, cellKey), threshold);
}

/** The published figures of a group that reached K. */
export function publishGroup(raw: Extract<RawComparison, { status: 'ok' }>, threshold: number, secret: string): PublishedGroup {
  const noise = createCellNoise(secret, raw.cellKey);
  const count = perturbCount(raw.n, noise, threshold);
  const measures = {} as Record<Measure, PublishedStatistic>;
  for (const measure of MEASURES) measures[measure] = publishStatistic(perturbMeasure(raw.measures[measure], measure, noise), threshold, count);
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
