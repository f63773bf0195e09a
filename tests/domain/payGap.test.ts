import { describe, expect, it } from 'vitest';
import { demoPayrollRows } from '../../src/server/db/demoPayroll';
import {
  CATEGORY_MINIMUM_PER_SEX,
  FULL_TIME_HOURS_PER_YEAR,
  GAP_FLAG_PERCENT,
  gapPercent,
  hourlyPay,
  payGapReport,
  publishableReport,
  type PayrollEmployee,
  type PayrollSex,
} from '../../src/domain/payGap';

/** A worker; full-time, in category 'analyst', in Spain unless said otherwise. */
function person(employeeId: string, sex: PayrollSex, basicPay: number, variablePay = 0, extra: { fte?: number; category?: string } = {}): PayrollEmployee {
  return { employeeId, sex, category: extra.category ?? 'analyst', country: 'es', fte: extra.fte ?? 1, basicPay, variablePay };
}

describe('hourly pay and the gap formula', () => {
  it('divides annual pay by the hours of the FTE, and refuses an FTE outside (0, 1]', () => {
    expect(FULL_TIME_HOURS_PER_YEAR).toBe(1720);
    // 17,200 / (1 × 1,720) = 10; 8,600 / (0.5 × 1,720 = 860) = 10
    expect(hourlyPay(17_200, 1)).toBe(10);
    expect(hourlyPay(8_600, 0.5)).toBe(10);
    expect(() => hourlyPay(10_000, 0)).toThrow(RangeError);
    expect(() => hourlyPay(10_000, 1.5)).toThrow(RangeError);
    expect(() => hourlyPay(Number.NaN, 1)).toThrow(RangeError);
  });

  it('is (men − women) / men × 100, null without both sides or with a zero men figure', () => {
    // (100 − 90) / 100 × 100 = 10; (100 − 110) / 100 × 100 = −10
    expect(gapPercent(90, 100)).toBeCloseTo(10, 12);
    expect(gapPercent(110, 100)).toBeCloseTo(-10, 12);
    expect(gapPercent(null, 100)).toBeNull();
    expect(gapPercent(90, null)).toBeNull();
    expect(gapPercent(90, 0)).toBeNull();
    expect([GAP_FLAG_PERCENT, CATEGORY_MINIMUM_PER_SEX]).toEqual([5, 5]);
  });
});

describe('payGapReport', () => {
  it('computes the company-wide gaps (a)–(e) on hourly pay', () => {
    const report = payGapReport([
      person('w1', 'woman', 30_000),
      person('w2', 'woman', 40_000, 2_000),
      person('m1', 'man', 40_000, 4_000),
      person('m2', 'man', 50_000),
      person('m3', 'man', 60_000, 6_000),
    ]);
    expect(report.headcount).toEqual({ total: 5, women: 2, men: 3, other: 0 });
    // All full-time, so the hours cancel. Totals: women 30,000 and 42,000 (mean and median 36,000); men 44,000, 50,000
    // and 66,000 (mean 160,000 / 3, median 50,000).
    // Mean: (160,000/3 − 36,000) / (160,000/3) = (160,000 − 108,000) / 160,000 = 32.5 %. Median: (50,000 − 36,000) / 50,000 = 28 %.
    expect(report.meanGap).toBeCloseTo(32.5, 9);
    expect(report.medianGap).toBeCloseTo(28, 9);
    // Variable pay of those receiving some: women [2,000], men [4,000, 6,000] (mean and median 5,000): (5,000 − 2,000) / 5,000 = 60 %.
    expect(report.meanVariableGap).toBeCloseTo(60, 9);
    expect(report.medianVariableGap).toBeCloseTo(60, 9);
    // 1 woman of 2, 2 men of 3.
    expect(report.receivingVariable.women).toBe(0.5);
    expect(report.receivingVariable.men).toBeCloseTo(2 / 3, 12);
  });

  it('leaves the variable gaps empty when nobody receives variable pay, with shares of 0', () => {
    const report = payGapReport([person('w1', 'woman', 30_000), person('m1', 'man', 40_000)]);
    expect(report.meanVariableGap).toBeNull();
    expect(report.medianVariableGap).toBeNull();
    expect(report.receivingVariable).toEqual({ women: 0, men: 0 });
    // (40,000 − 30,000) / 40,000 = 25 %
    expect(report.meanGap).toBeCloseTo(25, 9);
  });

  it('gives no gaps when one sex is absent, with the headcounts still right', () => {
    const report = payGapReport([person('w1', 'woman', 30_000, 1_000), person('w2', 'woman', 50_000), person('o1', 'other', 45_000)]);
    expect(report.headcount).toEqual({ total: 3, women: 2, men: 0, other: 1 });
    expect([report.meanGap, report.medianGap, report.meanVariableGap, report.medianVariableGap]).toEqual([null, null, null, null]);
    expect(report.receivingVariable).toEqual({ women: 0.5, men: null });
    expect(report.categories[0]).toMatchObject({ category: 'analyst', women: 2, men: 0, other: 1, reportable: false, flagged: false });
    expect(report.categories[0].total).toEqual({ mean: null, median: null });
  });

  it('compares part-time staff by the hour: a 0.5 FTE woman earning half a full-time man has no gap', () => {
    const report = payGapReport([person('w1', 'woman', 20_000, 0, { fte: 0.5 }), person('m1', 'man', 40_000)]);
    // 20,000 / (0.5 × 1,720) = 40,000 / 1,720: the same hourly pay, so (m − w) / m = 0.
    expect(report.meanGap).toBeCloseTo(0, 12);
    expect(report.medianGap).toBeCloseTo(0, 12);
  });

  it("counts 'other' in the headcounts and leaves it out of every figure", () => {
    const report = payGapReport([
      person('w1', 'woman', 30_000),
      person('m1', 'man', 40_000),
      person('o1', 'other', 1_000_000, 500_000),
      person('o2', 'other', 10_000, 0, { category: 'support' }),
    ]);
    expect(report.headcount).toEqual({ total: 4, women: 1, men: 1, other: 2 });
    // (40,000 − 30,000) / 40,000 = 25 %, whatever o1 earns.
    expect(report.meanGap).toBeCloseTo(25, 9);
    expect(report.medianGap).toBeCloseTo(25, 9);
    expect(report.meanVariableGap).toBeNull();
    // Only the woman and the man are ranked: bands of floor(k·2/4): [0, 0), [0, 1), [1, 1), [1, 2).
    expect(report.quartiles.map((band) => [band.women, band.men])).toEqual([
      [0, 0],
      [1, 0],
      [0, 0],
      [0, 1],
    ]);
    expect(report.quartiles[0]).toEqual({ quartile: 1, women: 0, men: 0, womenShare: 0, menShare: 0 });
    expect(report.categories.map((category) => [category.category, category.women, category.men, category.other])).toEqual([
      ['analyst', 1, 1, 1],
      ['support', 0, 0, 1],
    ]);
  });

  it('cuts 8 people in quartiles of 2/2/2/2, ranked by hourly pay', () => {
    // Full-time equivalents 10k…80k; the top one is a 0.5 FTE woman earning 40,000 (80,000 a full-time year), who
    // would rank 4th by annual pay.
    const employees = [
      person('e5', 'man', 50_000),
      person('e8', 'woman', 40_000, 0, { fte: 0.5 }),
      person('e1', 'woman', 10_000),
      person('e3', 'man', 30_000),
      person('e7', 'man', 60_000, 10_000),
      person('e2', 'woman', 20_000),
      person('e6', 'man', 60_000),
      person('e4', 'woman', 40_000),
    ];
    // Ranked: e1 W, e2 W | e3 M, e4 W | e5 M, e6 M | e7 M, e8 W
    expect(payGapReport(employees).quartiles).toEqual([
      { quartile: 1, women: 2, men: 0, womenShare: 1, menShare: 0 },
      { quartile: 2, women: 1, men: 1, womenShare: 0.5, menShare: 0.5 },
      { quartile: 3, women: 0, men: 2, womenShare: 0, menShare: 1 },
      { quartile: 4, women: 1, men: 1, womenShare: 0.5, menShare: 0.5 },
    ]);
  });

  it('cuts 10 people in quartiles of 2/3/2/3 (floor(k·10/4) = 0, 2, 5, 7, 10), ties ranked by employeeId', () => {
    const sexes: PayrollSex[] = ['woman', 'woman', 'man', 'woman', 'man', 'woman', 'man', 'man', 'woman', 'man'];
    // Everyone earns the same, given in reverse: only the ids (a01…a10) order them.
    const employees = sexes.map((sex, index) => person(`a${String(index + 1).padStart(2, '0')}`, sex, 50_000)).reverse();
    // a01 W, a02 W | a03 M, a04 W, a05 M | a06 W, a07 M | a08 M, a09 W, a10 M
    const bands = payGapReport(employees).quartiles;
    expect(bands.map((band) => [band.quartile, band.women, band.men])).toEqual([
      [1, 2, 0],
      [2, 1, 2],
      [3, 1, 1],
      [4, 1, 2],
    ]);
    expect(bands[1].womenShare).toBeCloseTo(1 / 3, 12);
    expect(bands[1].menShare).toBeCloseTo(2 / 3, 12);
  });

  it('reports categories sorted by name; a small one is not reportable nor flagged, a −6 % one is flagged', () => {
    const five = [1, 2, 3, 4, 5];
    const employees = [
      // small: 4 women at 50,000 and 5 men at 100,000, a 50 % gap, but fewer than 5 women.
      ...five.slice(0, 4).map((n) => person(`s-w${n}`, 'woman', 50_000, 0, { category: 'small' })),
      ...five.map((n) => person(`s-m${n}`, 'man', 100_000, 0, { category: 'small' })),
      // big: the same basic pay, women with 6,000 of variable pay: (100,000 − 106,000) / 100,000 = −6 %.
      ...five.map((n) => person(`b-w${n}`, 'woman', 100_000, 6_000, { category: 'big' })),
      ...five.map((n) => person(`b-m${n}`, 'man', 100_000, 0, { category: 'big' })),
      // even: everyone 70,000.
      ...five.map((n) => person(`e-w${n}`, 'woman', 70_000, 0, { category: 'even' })),
      ...five.map((n) => person(`e-m${n}`, 'man', 70_000, 0, { category: 'even' })),
    ];
    const report = payGapReport(employees);
    expect(report.categories.map((category) => category.category)).toEqual(['big', 'even', 'small']);
    const [big, even, small] = report.categories;

    expect(small).toMatchObject({ women: 4, men: 5, other: 0, reportable: false, flagged: false });
    // (100,000 − 50,000) / 100,000 = 50 %
    expect(small.total.mean).toBeCloseTo(50, 9);

    expect(big).toMatchObject({ women: 5, men: 5, reportable: true, flagged: true });
    expect(big.total.mean).toBeCloseTo(-6, 9);
    expect(big.total.median).toBeCloseTo(-6, 9);
    expect(big.basic.mean).toBeCloseTo(0, 12);
    // No man receives variable pay: no variable gap.
    expect(big.variable).toEqual({ mean: null, median: null });

    expect(even).toMatchObject({ reportable: true, flagged: false });
    expect(even.total.mean).toBeCloseTo(0, 12);

    // With a minimum of 4, small is reportable and flagged.
    expect(payGapReport(employees, { categoryMinimum: 4 }).categories[2]).toMatchObject({ category: 'small', reportable: true, flagged: true });

    // The published report leaves small out and keeps everything else.
    const published = publishableReport(report);
    expect(published.categories.map((category) => category.category)).toEqual(['big', 'even']);
    expect(published.headcount).toEqual(report.headcount);
    expect(published.meanGap).toBe(report.meanGap);
    expect(report.categories).toHaveLength(3);
  });

  it('flags a gap at exactly 5 % and not one below it', () => {
    const team = (category: string, womenPay: number, menPay = 100_000) => [
      ...[1, 2, 3, 4, 5].map((n) => person(`${category}-w${n}`, 'woman', womenPay, 0, { category })),
      ...[1, 2, 3, 4, 5].map((n) => person(`${category}-m${n}`, 'man', menPay, 0, { category })),
    ];
    // (100,000 − 95,000) / 100,000 = 5 %; (40,000 − 38,000) / 40,000 = 5 % (by the hour, 4.999999999999994 in floating
    // point); (100,000 − 95,100) / 100,000 = 4.9 %
    const [five, fiveByTheHour, belowFive] = payGapReport([...team('a', 95_000), ...team('b', 38_000, 40_000), ...team('c', 95_100)]).categories;
    expect(five.flagged).toBe(true);
    expect(fiveByTheHour.total.mean).toBeCloseTo(5, 9);
    expect(fiveByTheHour.flagged).toBe(true);
    expect(belowFive.flagged).toBe(false);
  });
});

describe('payGapReport against an independent recomputation', () => {
  // mulberry32: a small seeded generator, so the payroll is the same on every run.
  function random(seed: number): () => number {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const next = random(970);
  const sexes: PayrollSex[] = ['woman', 'man', 'other'];
  const ftes = [1, 1, 1, 0.8, 0.6, 0.5];
  const categories = ['analyst', 'director|finance', 'engineer', 'manager|sales'];
  const randomPayroll: PayrollEmployee[] = Array.from({ length: 300 }, (_, index) => ({
    employeeId: `id-${(index * 7919) % 1000}`,
    sex: next() < 0.05 ? sexes[2] : sexes[Math.floor(next() * 2)],
    category: categories[Math.floor(next() * categories.length)],
    country: 'es',
    fte: ftes[Math.floor(next() * ftes.length)],
    // Whole thousands, so that equal hourly pay (ties) happens.
    basicPay: 20_000 + Math.floor(next() * 100) * 1_000,
    variablePay: next() < 0.4 ? 0 : Math.round(next() * 20_000),
  }));

  /** The figures of one group of workers, computed in one plain pass each. */
  function figures(group: PayrollEmployee[], pick: (worker: PayrollEmployee) => number, onlyPositive: boolean) {
    const values: number[] = [];
    for (const worker of group) {
      const annual = pick(worker);
      if (onlyPositive && !(annual > 0)) continue;
      values.push(annual / (worker.fte * 1720));
    }
    if (values.length === 0) return { mean: null, median: null };
    let sum = 0;
    for (const value of values) sum += value;
    values.sort((a, b) => a - b);
    const half = values.length >> 1;
    const middle = values.length % 2 === 1 ? values[half] : (values[half - 1] + values[half]) / 2;
    return { mean: sum / values.length, median: middle };
  }
  const gap = (w: number | null, m: number | null) => (w === null || m === null || m === 0 ? null : ((m - w) / m) * 100);
  const close = (actual: number | null, expected: number | null) => {
    expect(expected).not.toBeNull();
    expect(Math.abs(actual! - expected!)).toBeLessThan(1e-9);
  };

  describe.each([
    ['a random payroll of 300, with ties', randomPayroll],
    ["the demo company's seeded payroll", demoPayrollRows(2025)],
  ])('%s', (_, payroll: PayrollEmployee[]) => {
    const report = payGapReport(payroll);
    const women = payroll.filter((worker) => worker.sex === 'woman');
    const men = payroll.filter((worker) => worker.sex === 'man');

    it('agrees on the headcounts, means and medians', () => {
      expect(report.headcount.total).toBe(payroll.length);
      expect(report.headcount.women).toBe(women.length);
      expect(report.headcount.men).toBe(men.length);
      expect(report.headcount.other).toBe(payroll.length - women.length - men.length);
      const total = (worker: PayrollEmployee) => worker.basicPay + worker.variablePay;
      const variable = (worker: PayrollEmployee) => worker.variablePay;
      const [wTotal, mTotal] = [figures(women, total, false), figures(men, total, false)];
      const [wVariable, mVariable] = [figures(women, variable, true), figures(men, variable, true)];
      close(report.meanGap, gap(wTotal.mean, mTotal.mean));
      close(report.medianGap, gap(wTotal.median, mTotal.median));
      close(report.meanVariableGap, gap(wVariable.mean, mVariable.mean));
      close(report.medianVariableGap, gap(wVariable.median, mVariable.median));
      close(report.receivingVariable.women, women.filter((worker) => worker.variablePay > 0).length / women.length);

      for (const category of report.categories) {
        const inCategory = (worker: PayrollEmployee) => worker.category === category.category;
        const [w, m] = [women.filter(inCategory), men.filter(inCategory)];
        close(category.basic.mean, gap(figures(w, (worker) => worker.basicPay, false).mean, figures(m, (worker) => worker.basicPay, false).mean));
        close(category.total.median, gap(figures(w, total, false).median, figures(m, total, false).median));
      }
      expect(report.categories.map((category) => category.category).sort()).toEqual([...new Set(payroll.map((worker) => worker.category))].sort());
    });

    it('agrees on the quartile shares', () => {
      const ranked = [...women, ...men]
        .map((worker) => ({ id: worker.employeeId, sex: worker.sex, hourly: (worker.basicPay + worker.variablePay) / (worker.fte * 1720) }))
        .sort((a, b) => (a.hourly !== b.hourly ? a.hourly - b.hourly : a.id < b.id ? -1 : 1));
      const n = ranked.length;
      for (let k = 0; k < 4; k++) {
        let bandWomen = 0;
        let bandSize = 0;
        for (let rank = Math.floor((k * n) / 4); rank < Math.floor(((k + 1) * n) / 4); rank++) {
          bandSize++;
          if (ranked[rank].sex === 'woman') bandWomen++;
        }
        expect(report.quartiles[k].women + report.quartiles[k].men).toBe(bandSize);
        close(report.quartiles[k].womenShare, bandWomen / bandSize);
        close(report.quartiles[k].menShare, (bandSize - bandWomen) / bandSize);
      }
    });
  });
});
