import { describe, expect, it } from 'vitest';
import {
  distributionBox,
  distributionRange,
  estimatePosition,
  formatSignedPercent,
  headlineMeasure,
  infusionPercents,
  measuresShown,
  ownFiguresOf,
  smallestGroupPublishedAs,
  statisticDetail,
  type Statistic,
} from '../../src/domain/peerDistribution';
import { COUNT_NOISE, COUNT_ROUNDING_BASE, INFUSION, INFUSION_FACTOR_LOG_VARIANCE } from '../../src/domain/constants';

const full: Statistic = {
  n: 40,
  mean: 131_000,
  p10: 95_000,
  p25: 110_000,
  p50: 125_000,
  p75: 150_000,
  p90: 180_000,
  medianCi: { low: 118_000, high: 133_000 },
};
// A group between QUARTILE_MINIMUM and TAIL_PERCENTILE_MINIMUM: the box, no whiskers (its interval kept here to
// check the chart makes room for it).
const small: Statistic = { n: 15, mean: 120_000, p10: null, p25: 105_000, p50: 118_000, p75: 140_000, p90: null, medianCi: { low: 100_000, high: 145_000 } };
const withheld: Statistic = { n: 3, mean: null, p10: null, p25: null, p50: null, p75: null, p90: null, medianCi: null };

describe('measures with and without deferred compensation', () => {
  it('leads with the total of the switch and shows deferred pay only with it', () => {
    expect(measuresShown(false)).toEqual(['totalWithoutDeferral', 'fixedSalary', 'annualBonus']);
    expect(measuresShown(true)).toEqual(['totalWithDeferral', 'fixedSalary', 'annualBonus', 'deferredCompensation']);
    expect(headlineMeasure(false)).toBe('totalWithoutDeferral');
    expect(headlineMeasure(true)).toBe('totalWithDeferral');
  });
});

describe('distributionBox', () => {
  it('draws the p10–p90 band around the p25–p75 box and the median', () => {
    expect(distributionBox(full)).toEqual({ y: [95_000, 110_000, 125_000, 150_000, 180_000], tails: true, medianCi: { low: 118_000, high: 133_000 } });
  });

  it('closes the whiskers on the box without p10/p90: never a minimum or maximum', () => {
    expect(distributionBox(small)).toEqual({ y: [105_000, 105_000, 118_000, 140_000, 140_000], tails: false, medianCi: small.medianCi });
  });

  it('draws nothing when the group is under the privacy threshold', () => {
    expect(distributionBox(withheld)).toBeNull();
  });

  it('makes room on the axis for the band, the interval and the own value', () => {
    const range = distributionRange(distributionBox(full), 240_000)!;
    expect(range.min).toBeLessThan(95_000);
    expect(range.max).toBeGreaterThan(240_000);
    expect(range.min).toBeGreaterThanOrEqual(0);
    expect(distributionRange(null, 1)).toBeNull();
  });
});

describe('position', () => {
  it('estimates a rank between the published percentiles, clamped 1–99', () => {
    expect(estimatePosition('fixedSalary', full, 125_000)).toEqual({ measure: 'fixedSalary', ownValue: 125_000, percentileRank: 50, diffFromMedianPercent: 0 });
    expect(estimatePosition('fixedSalary', full, 137_500)!.percentileRank).toBe(63);
    expect(estimatePosition('fixedSalary', full, 110_000)!.percentileRank).toBe(25);
    expect(estimatePosition('fixedSalary', full, 50_000)!.percentileRank).toBe(5);
    expect(estimatePosition('fixedSalary', full, 900_000)!.percentileRank).toBe(95);
    expect(estimatePosition('fixedSalary', small, 160_000)!.percentileRank).toBe(88);
    expect(estimatePosition('fixedSalary', withheld, 100_000)).toBeNull();
  });
});

describe('ownFiguresOf', () => {
  it('adds up the totals from the answers; missing bonus or deferral count as 0', () => {
    expect(ownFiguresOf({ fixedSalary: 100_000, annualBonus: 20_000, deferredCompensation: 5_000 })).toEqual({
      fixedSalary: 100_000,
      annualBonus: 20_000,
      deferredCompensation: 5_000,
      totalWithoutDeferral: 120_000,
      totalWithDeferral: 125_000,
    });
    expect(ownFiguresOf({ fixedSalary: 90_000 })!.totalWithDeferral).toBe(90_000);
    expect(ownFiguresOf({})).toBeNull();
  });
});

describe('formatSignedPercent', () => {
  it('signs the difference in each language’s style', () => {
    expect(formatSignedPercent(12.5, 'es-ES')).toBe('+12,5\u00a0%');
    expect(formatSignedPercent(-3, 'en-US')).toBe('-3%');
    expect(formatSignedPercent(0, 'en-US')).toBe('0%');
  });
});

describe('how much a group publishes', () => {
  it('reads the level of detail from the figures: everything, the box without tails, the mean only, nothing', () => {
    expect(statisticDetail(full)).toBe('full');
    expect(statisticDetail(small)).toBe('quartiles');
    expect(statisticDetail({ ...withheld, n: 5, mean: 120_000 })).toBe('mean');
    expect(statisticDetail(withheld)).toBe('none');
  });
});

describe('perturbation bounds of a published count', () => {
  /** Every published count a true size can get, by the server's rule (n ± COUNT_NOISE, rounded, never under K). */
  const publishedAs = (n: number, k: number) =>
    Array.from({ length: 2 * COUNT_NOISE + 1 }, (_, i) => Math.max(k, Math.round((n + i - COUNT_NOISE) / COUNT_ROUNDING_BASE) * COUNT_ROUNDING_BASE));

  it('the smallest true size of a published count is the smallest n the server can publish as it', () => {
    for (const k of [3, 5, 8]) {
      for (let count = k; count <= 300; count++) {
        const sizes = Array.from({ length: 400 }, (_, n) => n).filter((n) => n >= k && publishedAs(n, k).includes(count));
        if (sizes.length === 0) continue;
        expect(smallestGroupPublishedAs(count, k), `count ${count}, K ${k}`).toBe(Math.min(...sizes));
      }
    }
    expect(smallestGroupPublishedAs(35, 5)).toBe(31);
    expect(smallestGroupPublishedAs(5, 5)).toBe(5);
  });
});

describe('the noise infusion as the pages state it', () => {
  // The distribution of the distance |F − 1| of a person's factor from 1, log F ~ N(0, τ²) with
  // τ² = INFUSION_FACTOR_LOG_VARIANCE, by a fine quadrature of the normal density (Simpson's rule), independent of
  // the closed forms infusionPercents uses.
  const tau = Math.sqrt(INFUSION_FACTOR_LOG_VARIANCE);
  const density = (t: number) => Math.exp(-(t * t) / (2 * tau * tau)) / (tau * Math.sqrt(2 * Math.PI));
  const integral = (a: number, b: number, steps = 4000) => {
    const h = (b - a) / steps;
    let sum = density(a) + density(b);
    for (let i = 1; i < steps; i++) sum += (i % 2 === 1 ? 4 : 2) * density(a + i * h);
    return (sum * h) / 3;
  };
  /** P(|F − 1| ≤ x) = P(log(1 − x) ≤ log F ≤ log(1 + x)); below −12 τ the density is nothing. */
  const distanceCdf = (x: number) => integral(x >= 1 ? -12 * tau : Math.max(-12 * tau, Math.log(1 - x)), Math.log(1 + x));
  const distanceQuantile = (p: number) => {
    let low = 0;
    let high = 10;
    for (let i = 0; i < 60; i++) {
      const mid = (low + high) / 2;
      if (distanceCdf(mid) < p) low = mid;
      else high = mid;
    }
    return (low + high) / 2;
  };

  it('the quadrature is a distribution: the whole line has probability 1', () => {
    expect(integral(-12 * tau, 12 * tau)).toBeCloseTo(1, 9);
    expect(distanceCdf(100)).toBeCloseTo(1, 9);
  });

  it('typical is the median over people of |F − 1|, wide the distance one person in ten exceeds, in whole percents', () => {
    const { typical, wide } = infusionPercents();
    expect(Math.abs(typical - 100 * distanceQuantile(0.5))).toBeLessThanOrEqual(0.5 + 1e-6);
    expect(Math.abs(wide - 100 * distanceQuantile(0.9))).toBeLessThanOrEqual(0.5 + 1e-6);
    // Spelled out: half of the people are within typical % of their true pay, nine in ten within wide %.
    expect(distanceCdf(typical / 100 - 0.005)).toBeLessThan(0.5);
    expect(distanceCdf(typical / 100 + 0.005)).toBeGreaterThan(0.5);
    expect(distanceCdf(wide / 100 - 0.005)).toBeLessThan(0.9);
    expect(distanceCdf(wide / 100 + 0.005)).toBeGreaterThan(0.9);
    expect(wide).toBeGreaterThan(typical);
  });

  it('close is the share of people whose factor is within 5 % of 1, and jitter the most a form’s jitter adds', () => {
    const { close, jitter } = infusionPercents();
    expect(Math.abs(close - 100 * distanceCdf(0.05))).toBeLessThanOrEqual(0.5 + 1e-6);
    // No gap at 1: a normal log factor leaves some people close to their true pay (the old design left none).
    expect(close).toBeGreaterThan(0);
    expect(jitter).toBe(Math.round((Math.exp(INFUSION.jitter) - 1) * 100));
  });
});
