import { describe, expect, it } from 'vitest';
import {
  countLabel,
  diffFromMedianPercent,
  effectiveThreshold,
  medianCiRanks,
  percentileCont,
  percentileRank,
  publishStatistic,
  roundMoney,
} from '../../src/domain/statistics';
import { QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM } from '../../src/domain/constants';

describe('statistics rules shared by the server and the web app', () => {
  it('rounds money to the nearest 100', () => {
    expect([roundMoney(123_449), roundMoney(123_450), roundMoney(123_451), roundMoney(49), roundMoney(50), roundMoney(0)]).toEqual([
      123_400, 123_500, 123_500, 0, 100, 0,
    ]);
  });

  it('never lets the privacy threshold fall below 3', () => {
    expect(effectiveThreshold(undefined, 5)).toBe(5);
    expect(effectiveThreshold(8, 5)).toBe(8);
    expect(effectiveThreshold(2, 5)).toBe(3);
    expect(effectiveThreshold('9', 5)).toBe(5);
    expect(countLabel(4, 5)).toBe('<5');
    expect(countLabel(5, 5)).toBe('5');
  });

  it('interpolates percentiles like percentile_cont (R type 7)', () => {
    const values = [1, 2, 3, 4, 10];
    expect(percentileCont(values, 0.5)).toBe(3);
    expect(percentileCont(values, 0.25)).toBe(2);
    expect(percentileCont(values, 0.9)).toBeCloseTo(7.6);
    expect(percentileCont([7], 0.1)).toBe(7);
    expect(percentileCont([10, 20], 0.25)).toBe(12.5);
  });

  it('takes the median interval at ranks n/2 ∓ 1.96·√n/2 (Campbell & Gardner)', () => {
    expect(medianCiRanks(100)).toEqual({ lower: 40, upper: 61 });
    expect(medianCiRanks(25)).toEqual({ lower: 8, upper: 18 });
    expect(medianCiRanks(5)).toEqual({ lower: 1, upper: 5 });
  });

  it('gives a percentile rank by mid-rank, clamped to 1..99, and the difference from the median', () => {
    expect(percentileRank(5, 1, 11)).toBe(50);
    expect(percentileRank(0, 1, 20)).toBe(3);
    expect(percentileRank(0, 1, 500)).toBe(1);
    expect(percentileRank(499, 1, 500)).toBe(99);
    expect(diffFromMedianPercent(110_000, 100_000)).toBe(10);
    expect(diffFromMedianPercent(66_667, 100_000)).toBe(-33.3);
    expect(diffFromMedianPercent(1, 0)).toBeNull();
  });

  it('gives the difference from the median in percent, and none without a median', () => {
    expect(diffFromMedianPercent(137_500, 125_000)).toBeCloseTo(10);
    expect(diffFromMedianPercent(100, null)).toBeNull();
    expect(diffFromMedianPercent(100, 0)).toBeNull();
    expect(diffFromMedianPercent(100, Number.NaN)).toBeNull();
  });

  it('publishes the mean from K, the quartiles from QUARTILE_MINIMUM, p10/p90 and the interval from TAIL_PERCENTILE_MINIMUM', () => {
    const raw = (n: number) => ({
      n,
      mean: 123_456,
      percentiles: [101_049, 110_050, 120_000, 130_000, 140_000],
      medianCi: [115_000, 125_000] as [number, number],
    });
    const none = { mean: null, p10: null, p25: null, p50: null, p75: null, p90: null, medianCi: null };
    expect(QUARTILE_MINIMUM).toBeGreaterThan(5);
    expect(TAIL_PERCENTILE_MINIMUM).toBeGreaterThan(QUARTILE_MINIMUM);
    expect(publishStatistic(raw(4), 5)).toEqual({ n: 4, ...none });
    // From K: the mean only.
    for (const n of [5, QUARTILE_MINIMUM - 1]) expect(publishStatistic(raw(n), 5)).toEqual({ n, ...none, mean: 123_500 });
    // From QUARTILE_MINIMUM: the box, no p10/p90 and no interval.
    for (const n of [QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM - 1]) {
      expect(publishStatistic(raw(n), 5)).toEqual({ n, ...none, mean: 123_500, p25: 110_100, p50: 120_000, p75: 130_000 });
    }
    expect(publishStatistic(raw(TAIL_PERCENTILE_MINIMUM), 5)).toEqual({
      n: TAIL_PERCENTILE_MINIMUM,
      mean: 123_500,
      p10: 101_000,
      p25: 110_100,
      p50: 120_000,
      p75: 130_000,
      p90: 140_000,
      medianCi: { low: 115_000, high: 125_000 },
    });
    // The quartile and tail thresholds follow the published (perturbed) count the answer shows, never the true size,
    // so what a group shows tells nothing about its size beyond that count; the mean still needs K true people.
    expect(publishStatistic(raw(TAIL_PERCENTILE_MINIMUM), 5, 25).n).toBe(25);
    expect(publishStatistic(raw(QUARTILE_MINIMUM - 1), 5, QUARTILE_MINIMUM + 1).p50).toBe(120_000);
    expect(publishStatistic(raw(QUARTILE_MINIMUM + 1), 5, QUARTILE_MINIMUM - 5)).toEqual({ n: QUARTILE_MINIMUM - 5, ...none, mean: 123_500 });
    expect(publishStatistic(raw(TAIL_PERCENTILE_MINIMUM - 2), 5, TAIL_PERCENTILE_MINIMUM)).toEqual({
      n: TAIL_PERCENTILE_MINIMUM,
      mean: 123_500,
      p10: 101_000,
      p25: 110_100,
      p50: 120_000,
      p75: 130_000,
      p90: 140_000,
      medianCi: { low: 115_000, high: 125_000 },
    });
    expect(publishStatistic(raw(TAIL_PERCENTILE_MINIMUM + 2), 5, TAIL_PERCENTILE_MINIMUM - 5)).toEqual({
      n: TAIL_PERCENTILE_MINIMUM - 5,
      ...none,
      mean: 123_500,
      p25: 110_100,
      p50: 120_000,
      p75: 130_000,
    });
    expect(publishStatistic(raw(4), 5, 5)).toEqual({ n: 5, ...none });
    expect(publishStatistic(raw(TAIL_PERCENTILE_MINIMUM), TAIL_PERCENTILE_MINIMUM + 1).mean).toBeNull();
  });
});
