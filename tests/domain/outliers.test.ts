// The outlier rules (domain/outliers.ts) against a computation written here from the definitions: quartiles and
// percentiles by linear interpolation between order statistics (Hyndman–Fan type 7), the sample standard
// deviation, strict comparisons at the limits, rules applied per survey year and grouping values only in groups
// of at least 5, and the privacy rule of the impact figures.
import { describe, expect, it } from 'vitest';
import {
  OUTLIER_MIN_GROUP_SIZE,
  flagOutliers,
  normaliseGroupBy,
  outlierImpact,
  sameRules,
  showFigure,
  validateRules,
  type OutlierRow,
  type OutlierRules,
} from '../../src/domain/outliers';

/** Type-7 quantile, written from its definition: x[j] + g·(x[j+1] − x[j]) with h = (n − 1)p, j = ⌊h⌋, g = h − j. */
function q7(values: number[], p: number): number {
  const x = [...values].sort((a, b) => a - b);
  const h = (x.length - 1) * p;
  const j = Math.floor(h);
  return j + 1 < x.length ? x[j] + (h - j) * (x[j + 1] - x[j]) : x[j];
}

function sampleSd(values: number[]): { mean: number; sd: number } {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) * (b - mean), 0) / (values.length - 1);
  return { mean, sd: Math.sqrt(variance) };
}

let seq = 0;
const row = (fx: number, extra: Partial<OutlierRow> = {}): OutlierRow => ({
  formId: `f${++seq}`,
  surveyYear: 2025,
  fields: { sector: 'banking' },
  fx,
  bn: 0,
  df: 0,
  ...extra,
});

const rules = (partial: Partial<OutlierRules>): OutlierRules => ({ measure: 'fixedSalary', method: 'iqr', k: 1.5, groupBy: [], ...partial });

/** A skewed sample with a few extreme values on both sides (deterministic). */
const SAMPLE = [
  40_000, 88_000, 91_500, 95_000, 97_250, 99_000, 101_000, 102_500, 104_000, 106_000, 108_800, 110_000, 113_300, 117_000, 120_000, 124_000, 131_000, 139_000,
  150_000, 162_000, 380_000, 950_000,
];

const flaggedValues = (rows: OutlierRow[], r: OutlierRules) =>
  flagOutliers(rows, r)
    .flatMap((g) => g.flagged.map((f) => f.value))
    .sort((a, b) => a - b);

describe('outlier methods', () => {
  it('IQR × k flags the values strictly outside [Q1 − k·IQR, Q3 + k·IQR]', () => {
    for (const k of [0.5, 1, 1.5, 3]) {
      const q1 = q7(SAMPLE, 0.25);
      const q3 = q7(SAMPLE, 0.75);
      const expected = SAMPLE.filter((v) => v < q1 - k * (q3 - q1) || v > q3 + k * (q3 - q1)).sort((a, b) => a - b);
      expect(
        flaggedValues(
          SAMPLE.map((v) => row(v)),
          rules({ k }),
        ),
      ).toEqual(expected);
    }
    // With k = 1.5 the two high values and the low one are flagged.
    expect(
      flaggedValues(
        SAMPLE.map((v) => row(v)),
        rules({ k: 1.5 }),
      ),
    ).toEqual([40_000, 380_000, 950_000]);
  });

  it('z-score flags the values more than k sample standard deviations from the mean', () => {
    for (const k of [1, 2, 3]) {
      const { mean, sd } = sampleSd(SAMPLE);
      const expected = SAMPLE.filter((v) => Math.abs(v - mean) > k * sd).sort((a, b) => a - b);
      expect(
        flaggedValues(
          SAMPLE.map((v) => row(v)),
          rules({ method: 'zscore', k }),
        ),
      ).toEqual(expected);
    }
    expect(
      flaggedValues(
        SAMPLE.map((v) => row(v)),
        rules({ method: 'zscore', k: 3 }),
      ),
    ).toEqual([950_000]);
  });

  it('percentile trim flags below the lower and above the upper percentile; 0 and 100 trim nothing on that side', () => {
    const cases: Array<[number, number]> = [
      [5, 95],
      [10, 90],
      [0, 90],
      [10, 100],
    ];
    for (const [low, high] of cases) {
      const lower = low > 0 ? q7(SAMPLE, low / 100) : -Infinity;
      const upper = high < 100 ? q7(SAMPLE, high / 100) : Infinity;
      const expected = SAMPLE.filter((v) => v < lower || v > upper).sort((a, b) => a - b);
      expect(
        flaggedValues(
          SAMPLE.map((v) => row(v)),
          rules({ method: 'percentile', lowerPercentile: low, upperPercentile: high }),
        ),
      ).toEqual(expected);
    }
  });

  it('measures: totals add bonus and deferred compensation', () => {
    const rows = SAMPLE.map((v, i) => row(100_000, { bn: v - 100_000 > 0 ? v - 100_000 : 0, df: i === 3 ? 5_000_000 : 0 }));
    const totals = rows.map((r) => r.fx + r.bn + r.df);
    const q1 = q7(totals, 0.25);
    const q3 = q7(totals, 0.75);
    const expected = totals.filter((v) => v < q1 - 1.5 * (q3 - q1) || v > q3 + 1.5 * (q3 - q1)).sort((a, b) => a - b);
    expect(flaggedValues(rows, rules({ measure: 'totalWithDeferral' }))).toEqual(expected);
    expect(expected).toContain(5_100_000);
  });

  it('applies the rule within each survey year and grouping value; groups under 5 forms are left alone', () => {
    const banking = SAMPLE.map((v) => row(v, { fields: { sector: 'banking' } }));
    // The same values, doubled, in another sector: in one pool 380,000 would pass; per sector it is flagged.
    const energy = SAMPLE.map((v) => row(v * 2, { fields: { sector: 'energy' } }));
    const lastYear = [100_000, 101_000, 102_000, 5_000_000].map((v) => row(v, { surveyYear: 2024 }));
    const groups = flagOutliers([...banking, ...energy, ...lastYear], rules({ groupBy: ['sector', 'year'] }));
    expect(groups.map((g) => g.key).sort()).toEqual(['2024|banking', '2025|banking', '2025|energy']);
    const small = groups.find((g) => g.year === 2024)!;
    expect(small.rows.length).toBeLessThan(OUTLIER_MIN_GROUP_SIZE);
    expect(small.bounds).toBeNull();
    expect(small.flagged).toEqual([]);
    expect(
      groups
        .find((g) => g.key === '2025|energy')!
        .flagged.map((f) => f.value)
        .sort((a, b) => a - b),
    ).toEqual([80_000, 760_000, 1_900_000]);
    const pooled = flagOutliers([...banking, ...energy], rules({})).flatMap((g) => g.flagged.map((f) => f.value));
    expect(pooled).not.toContain(380_000);
  });

  it('marks the side of each flag', () => {
    const [group] = flagOutliers(
      SAMPLE.map((v) => row(v)),
      rules({}),
    );
    expect(group.flagged.map((f) => [f.value, f.side]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [40_000, 'low'],
      [380_000, 'high'],
      [950_000, 'high'],
    ]);
  });
});

describe('impact figures', () => {
  it('median and p90 before and after, overall and per group, computed from the kept forms', () => {
    const banking = SAMPLE.map((v) => row(v, { fields: { sector: 'banking' } }));
    const energy = SAMPLE.map((v) => row(v * 2, { fields: { sector: 'energy' } }));
    const groups = flagOutliers([...banking, ...energy], rules({ groupBy: ['sector'] }));
    const impact = outlierImpact(groups, 5);
    const flaggedIds = new Set(groups.flatMap((g) => g.flagged.map((f) => f.formId)));
    const all = [...banking, ...energy];
    const kept = all.filter((r) => !flaggedIds.has(r.formId));
    const round = (v: number) => Math.round(v / 100) * 100;
    expect(impact.totalForms).toBe(44);
    expect(impact.flaggedForms).toBe(6);
    const fixed = impact.overall.find((m) => m.measure === 'fixedSalary')!;
    expect(fixed.before).toEqual({
      n: 44,
      median: round(
        q7(
          all.map((r) => r.fx),
          0.5,
        ),
      ),
      p90: round(
        q7(
          all.map((r) => r.fx),
          0.9,
        ),
      ),
      hidden: false,
    });
    expect(fixed.after).toEqual({
      n: 38,
      median: round(
        q7(
          kept.map((r) => r.fx),
          0.5,
        ),
      ),
      p90: round(
        q7(
          kept.map((r) => r.fx),
          0.9,
        ),
      ),
      hidden: false,
    });
    const energyImpact = impact.groups.find((g) => g.values.sector === 'energy')!;
    const energyKept = energy.filter((r) => !flaggedIds.has(r.formId)).map((r) => r.fx);
    expect(energyImpact.flagged).toBe(3);
    // 19 forms after: the median is shown, the p90 (needs 20) is not.
    expect(energyImpact.measures.find((m) => m.measure === 'fixedSalary')!.after).toEqual({
      n: 19,
      median: round(q7(energyKept, 0.5)),
      p90: null,
      hidden: false,
    });
    expect(energyImpact.measures.find((m) => m.measure === 'fixedSalary')!.before.p90).toBe(
      round(
        q7(
          energy.map((r) => r.fx),
          0.9,
        ),
      ),
    );
  });

  it('hides groups under the privacy threshold: no size, no median, no p90', () => {
    const big = SAMPLE.map((v) => row(v, { fields: { sector: 'banking' } }));
    const tiny = [100_000, 110_000, 120_000, 130_000].map((v) => row(v, { fields: { sector: 'legal' } }));
    const impact = outlierImpact(flagOutliers([...big, ...tiny], rules({ groupBy: ['sector'] })), 5);
    const legal = impact.groups.find((g) => g.values.sector === 'legal')!;
    expect(legal).toEqual({ year: 2025, values: { sector: 'legal' }, flagged: 0, hidden: true, ruleSkipped: true, measures: [] });
    expect(showFigure({ n: 4, median: 1, p90: 2 }, 5)).toEqual({ n: null, median: null, p90: null, hidden: true });
    // A group that drops under K after the flags is hidden on that side only.
    const six = [100_000, 100_500, 101_000, 101_500, 102_000, 900_000].map((v) => row(v, { fields: { sector: 'energy' } }));
    const [group] = outlierImpact(flagOutliers(six, rules({ groupBy: ['sector'] })), 6).groups;
    expect(group.flagged).toBe(1);
    expect(group.measures[0].before.hidden).toBe(false);
    expect(group.measures[0].after).toEqual({ n: null, median: null, p90: null, hidden: true });
  });
});

describe('rules', () => {
  it('validates k and the percentiles', () => {
    expect(validateRules({ method: 'iqr', k: 1.5 })).toEqual([]);
    expect(validateRules({ method: 'zscore', k: 0 })).toEqual(['k_range']);
    expect(validateRules({ method: 'percentile', k: 1 })).toEqual(['percentiles_required']);
    expect(validateRules({ method: 'percentile', k: 1, lowerPercentile: 60, upperPercentile: 95 })).toEqual(['percentiles_range']);
    expect(validateRules({ method: 'percentile', k: 1, lowerPercentile: 0, upperPercentile: 100 })).toEqual(['percentiles_trim_nothing']);
    expect(validateRules({ method: 'percentile', k: 1, lowerPercentile: 1, upperPercentile: 99 })).toEqual([]);
  });

  it('compares rules: names, order of the grouping fields, the year and unused parameters do not count', () => {
    expect(normaliseGroupBy(['year', 'sector', 'country', 'sector'])).toEqual(['country', 'sector']);
    expect(sameRules(rules({ groupBy: ['sector', 'country'] }), rules({ groupBy: ['country', 'sector', 'year'] }))).toBe(true);
    expect(sameRules(rules({ k: 1.5 }), rules({ k: 2 }))).toBe(false);
    expect(
      sameRules(
        rules({ method: 'percentile', k: 1, lowerPercentile: 5, upperPercentile: 95 }),
        rules({ method: 'percentile', k: 3, lowerPercentile: 5, upperPercentile: 95 }),
      ),
    ).toBe(true);
    expect(sameRules(rules({ measure: 'fixedSalary' }), rules({ measure: 'annualBonus' }))).toBe(false);
  });
});
