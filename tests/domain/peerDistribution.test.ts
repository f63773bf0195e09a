import { describe, expect, it } from 'vitest';
import {
  diffFromMedianPercent,
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
import { COUNT_NOISE, COUNT_ROUNDING_BASE, INFUSION } from '../../src/domain/constants';

const full: Statistic = { n: 40, mean: 131_000, p10: 95_000, p25: 110_000, p50: 125_000, p75: 150_000, p90: 180_000, medianCi: { low: 118_000, high: 133_000 } };
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
  it('difference from the median in percent', () => {
    expect(diffFromMedianPercent(137_500, 125_000)).toBeCloseTo(10);
    expect(diffFromMedianPercent(100, null)).toBeNull();
    expect(diffFromMedianPercent(100, 0)).toBeNull();
  });

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
  it('states how far a person’s secret factor moves their money, from INFUSION, in whole percents', () => {
    const { low, high, typical, jitter } = infusionPercents();
    expect(low).toBe(Math.round((Math.exp(INFUSION.factorMin) - 1) * 100));
    expect(high).toBe(Math.round((Math.exp(INFUSION.factorMax) - 1) * 100));
    expect(jitter).toBe(Math.round((Math.exp(INFUSION.jitter) - 1) * 100));
    expect({ low, high, typical, jitter }).toEqual({ low: 8, high: 32, typical: 18, jitter: 5 });
  });

  it('the typical distance is the median over people of |F − 1| (log F = ±m, m uniform between the bounds)', () => {
    const distances: number[] = [];
    const steps = 20_000;
    for (let i = 0; i < steps; i++) {
      const m = INFUSION.factorMin + ((i + 0.5) / steps) * (INFUSION.factorMax - INFUSION.factorMin);
      distances.push(Math.exp(m) - 1, 1 - Math.exp(-m));
    }
    distances.sort((a, b) => a - b);
    const median = (distances[steps - 1] + distances[steps]) / 2;
    expect(infusionPercents().typical).toBe(Math.round(median * 100));
    // Nobody's factor is within the lower bound of the truth, whichever the direction.
    expect(Math.min(...distances) * 100).toBeGreaterThan(infusionPercents().low - 0.5);
  });
});
