// Checks of published figures against the truth computed here in TypeScript, independently of the SQL engine:
// the truth of a group (mean, percentile_cont's linear interpolation, the order statistics of the median's
// interval), the infusion's bounds (services/infusion.ts: every person's value is multiplied by a factor within
// INFUSION_LOW..INFUSION_HIGH, so every order statistic and every mean of a group is too), the count's
// perturbation (±2 then rounded to 5, never under K) and the publication thresholds (mean from K, quartiles from a
// published count of QUARTILE_MINIMUM, p10/p90 and the median's interval from TAIL_PERCENTILE_MINIMUM).
// Tests that know the infused values (infusedMoney) check the published figures exactly (expectedPublication).
import { expect } from 'vitest';
import { publishGroup } from '../../../src/server/services/publication';
import { infusionFactors } from '../../../src/server/services/infusion';
import type { RawComparison } from '../../../src/server/services/statistics';
import { COUNT_NOISE, COUNT_ROUNDING_BASE, INFUSION, INFUSION_MEAN_FACTOR, QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM } from '../../../src/domain/constants';
import { estimatePosition, type Statistic } from '../../../src/domain/peerDistribution';

/** The smallest and largest multiplier the infusion applies to one value (person's factor × form's jitter). */
export const INFUSION_LOW = Math.exp(-(INFUSION.factorMax + INFUSION.jitter));
export const INFUSION_HIGH = Math.exp(INFUSION.factorMax + INFUSION.jitter);

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

/**
 * The largest distance of a published money figure from the truth of its group: every person's value is multiplied
 * by at most INFUSION_HIGH and at least INFUSION_LOW, so is every order statistic, every interpolation between two
 * and every mean (a mean is further divided by INFUSION_MEAN_FACTOR); then the rounding to 100.
 */
export function moneyBounds(truth: number, figure: 'mean' | 'percentile'): [number, number] {
  if (figure === 'mean') return [(truth * INFUSION_LOW) / INFUSION_MEAN_FACTOR - 50 - 1e-6, (truth * INFUSION_HIGH) / INFUSION_MEAN_FACTOR + 50 + 1e-6];
  // Percentiles are then deconvolved (publication.ts): the median moved by at most 6 % and its interval widened by as
  // much again; the other percentiles moved towards the median (by the spread's correction or the floor model), by
  // less than twice that in these tests' groups.
  return [truth * INFUSION_LOW * Math.exp(-2 * DECONVOLUTION_MAX_SHIFT) - 50 - 1e-6, truth * INFUSION_HIGH * Math.exp(2 * DECONVOLUTION_MAX_SHIFT) + 50 + 1e-6];
}

/** The most publication.ts moves a median (in log space). */
const DECONVOLUTION_MAX_SHIFT = 0.06;

/** The widest distance of moneyBounds for a group's figure (for tests that need one number). */
export function moneyTolerance(truth: Truth): number {
  return Math.max(...truth.percentiles, truth.mean) * (INFUSION_HIGH - 1) + 50 + 1e-6;
}

function expectMoneyNear(published: number | null, truth: number, figure: 'mean' | 'percentile', label: string): void {
  expect(published, label).not.toBeNull();
  const p = published as number;
  const [low, high] = moneyBounds(truth, figure);
  expect(p % 100, `${label} rounded to 100`).toBe(0);
  expect(p, `${label} never negative`).toBeGreaterThanOrEqual(0);
  expect(p >= low && p <= high, `${label}: published ${p}, truth ${truth.toFixed(1)}, bounds ${low.toFixed(0)}..${high.toFixed(0)}`).toBe(true);
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
  expectMoneyNear(published.mean, truth.mean, 'mean', `${label} mean`);
  const [p10, p25, p50, p75, p90] = truth.percentiles;
  if (publishedCount >= QUARTILE_MINIMUM) {
    expectMoneyNear(published.p25, p25, 'percentile', `${label} p25`);
    expectMoneyNear(published.p50, p50, 'percentile', `${label} p50`);
    expectMoneyNear(published.p75, p75, 'percentile', `${label} p75`);
  } else {
    expect([published.p25, published.p50, published.p75], `${label} quartiles under a count of ${QUARTILE_MINIMUM}`).toEqual([null, null, null]);
  }
  if (publishedCount >= TAIL_PERCENTILE_MINIMUM) {
    expectMoneyNear(published.p10, p10, 'percentile', `${label} p10`);
    expectMoneyNear(published.p90, p90, 'percentile', `${label} p90`);
    expect(published.medianCi, `${label} medianCi`).not.toBeNull();
    expectMoneyNear(published.medianCi!.low, truth.medianCi[0], 'percentile', `${label} medianCi.low`);
    expectMoneyNear(published.medianCi!.high, truth.medianCi[1], 'percentile', `${label} medianCi.high`);
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
      MEASURES.map((m) => [m, { n: group.length, mean: truth[m].mean, rms: truth[m].rms, percentiles: [...truth[m].percentiles], medianCi: truth[m].medianCi }]),
    ) as Extract<RawComparison, { status: 'ok' }>['measures'],
  };
  return publishGroup(raw, threshold, secret);
}

/**
 * A form's money as a release holds it, computed here with the TypeScript twin of the cut's SQL (infusion.ts): the
 * form's true money (EUR) × its person's factors × its jitter.
 */
export function infusedMoney(
  secret: string,
  row: { id: string; noise_key: string | number; currency?: string; fixed_salary: number; annual_bonus: number | null; deferred_compensation: number | string | null },
): Money {
  const f = infusionFactors(secret, { noiseKey: row.noise_key }, {
    id: row.id,
    currency: row.currency ?? 'EUR',
    fixedSalary: Number(row.fixed_salary),
    annualBonus: row.annual_bonus === null ? null : Number(row.annual_bonus),
    deferredCompensation: row.deferred_compensation === null ? null : Number(row.deferred_compensation),
  });
  return {
    fixedSalary: Number(row.fixed_salary) * f.fx,
    annualBonus: Number(row.annual_bonus ?? 0) * f.bn,
    deferredCompensation: Number(row.deferred_compensation ?? 0) * f.df,
  };
}
