// Checks of published (perturbed, rounded) figures against the unperturbed truth computed here in TypeScript,
// independently of the SQL engine: the truth of a group (mean, root-mean-square, percentile_cont's linear
// interpolation, the order statistics of the median's interval), the noise bound of perturbation.ts
// (counts: ±2 then rounded to 5, never under K; money: at most moneyNoiseBound(n) × RMS, about 1.5/n, then
// rounded to 100) and the publication thresholds (mean from K, quartiles from QUARTILE_MINIMUM, p10/p90 and the
// median's interval from TAIL_PERCENTILE_MINIMUM).
import { expect } from 'vitest';
import { publishGroup } from '../../../src/server/services/publication';
import type { RawComparison } from '../../../src/server/services/statistics';
import { COUNT_NOISE, COUNT_ROUNDING_BASE, QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM, moneyNoiseBound } from '../../../src/domain/constants';
import { estimatePosition, type Statistic } from '../../../src/domain/peerDistribution';

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

/** The largest distance of a published money figure of n people from the truth: the noise, then the rounding. */
export function moneyTolerance(truth: Truth): number {
  return moneyNoiseBound(truth.n) * truth.rms + 50 + 1e-6;
}

function expectMoneyNear(published: number | null, truth: number, bound: number, label: string): void {
  expect(published, label).not.toBeNull();
  const p = published as number;
  expect(p % 100, `${label} rounded to 100`).toBe(0);
  expect(p, `${label} never negative`).toBeGreaterThanOrEqual(0);
  expect(Math.abs(p - truth), `${label}: published ${p}, truth ${truth.toFixed(1)}, bound ${bound.toFixed(1)}`).toBeLessThanOrEqual(bound);
}

/**
 * One published measure against its truth: each money figure within the noise bound (mean from K, quartiles from
 * QUARTILE_MINIMUM, p10/p90 and the median's interval from TAIL_PERCENTILE_MINIMUM, null below), n the group's published count.
 */
export function expectPublishedStatistic(published: Statistic, truth: Truth, threshold: number, publishedCount: number, label = ''): void {
  expect(Object.keys(published).sort(), label).toEqual(['mean', 'medianCi', 'n', 'p10', 'p25', 'p50', 'p75', 'p90']);
  expect(published.n, `${label} n`).toBe(publishedCount);
  const bound = moneyTolerance(truth);
  if (truth.n < threshold) {
    expect(published, label).toMatchObject({ mean: null, p10: null, p25: null, p50: null, p75: null, p90: null, medianCi: null });
    return;
  }
  expectMoneyNear(published.mean, truth.mean, bound, `${label} mean`);
  const [p10, p25, p50, p75, p90] = truth.percentiles;
  if (truth.n >= QUARTILE_MINIMUM) {
    expectMoneyNear(published.p25, p25, bound, `${label} p25`);
    expectMoneyNear(published.p50, p50, bound, `${label} p50`);
    expectMoneyNear(published.p75, p75, bound, `${label} p75`);
  } else {
    expect([published.p25, published.p50, published.p75], `${label} quartiles under ${QUARTILE_MINIMUM}`).toEqual([null, null, null]);
  }
  if (truth.n >= TAIL_PERCENTILE_MINIMUM) {
    expectMoneyNear(published.p10, p10, bound, `${label} p10`);
    expectMoneyNear(published.p90, p90, bound, `${label} p90`);
    expect(published.medianCi, `${label} medianCi`).not.toBeNull();
    expectMoneyNear(published.medianCi!.low, truth.medianCi[0], bound, `${label} medianCi.low`);
    expectMoneyNear(published.medianCi!.high, truth.medianCi[1], bound, `${label} medianCi.high`);
    expect(published.medianCi!.low, `${label} interval around the median`).toBeLessThanOrEqual(published.p50!);
    expect(published.medianCi!.high, `${label} interval around the median`).toBeGreaterThanOrEqual(published.p50!);
  } else {
    expect([published.p10, published.p90, published.medianCi], `${label} tails under ${TAIL_PERCENTILE_MINIMUM}`).toEqual([null, null, null]);
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
export function expectPositionsFromPublished(
  position: Record<MeasureName, unknown> | null,
  measures: Record<MeasureName, Statistic>,
  own: Money,
): void {
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
 * What publication must answer for these people: the truth computed here, perturbed with their cell key by the
 * engine's publishGroup (so the published figures are exactly those of the truth, not of some other group).
 */
export function expectedPublication(group: Array<Money & { record_key: number | string }>, threshold: number, secret: string) {
  const truth = groupTruth(group);
  const raw: Extract<RawComparison, { status: 'ok' }> = {
    status: 'ok',
    n: group.length,
    cellKey: cellKeyOf(group.map((row) => row.record_key)),
    measures: Object.fromEntries(
      MEASURES.map((m) => [m, { n: group.length, mean: truth[m].mean, rms: truth[m].rms, percentiles: [...truth[m].percentiles], medianCi: truth[m].medianCi }]),
    ) as Extract<RawComparison, { status: 'ok' }>['measures'],
  };
  return publishGroup(raw, threshold, secret);
}
