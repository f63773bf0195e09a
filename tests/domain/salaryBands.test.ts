import { describe, expect, it } from 'vitest';
import { bandPosition, fullTimePay, ladderRoles, median, medianGapPercent, salaryBandsCsv } from '../../src/domain/salaryBands';

describe('ladderRoles', () => {
  it('lifts each level to at least the step above the highest midpoint of the level below, per ladder', () => {
    const bands = ladderRoles(
      [
        { key: 'director', rank: 2, ladder: 'finance|es', low: 80_000, high: 100_000 },
        { key: 'analyst', rank: 0, ladder: 'finance|es', low: 40_000, high: 60_000 },
        { key: 'manager-a', rank: 1, ladder: 'finance|es', low: 52_000, high: 60_000 },
        { key: 'manager-b', rank: 1, ladder: 'finance|es', low: 70_000, high: 80_000 },
        { key: 'other', rank: 1, ladder: 'it|es', low: 10_000, high: 20_000 },
      ],
      10,
    );
    expect(bands).toEqual([
      // Below: the managers' highest midpoint, 75,000; 10 % above is 82,500 (raised from 90,000: already above).
      { key: 'director', low: 80_000, high: 100_000, midpoint: 90_000 },
      { key: 'analyst', low: 40_000, high: 60_000, midpoint: 50_000 },
      // 56,000 is above 55,000 (50,000 × 1.1): unchanged; the other manager is far above.
      { key: 'manager-a', low: 52_000, high: 60_000, midpoint: 56_000 },
      { key: 'manager-b', low: 70_000, high: 80_000, midpoint: 75_000 },
      { key: 'other', low: 10_000, high: 20_000, midpoint: 15_000 },
    ]);
  });

  it('raises a thin level and keeps a band fixed by hand', () => {
    const [low, high] = ladderRoles(
      [
        { key: 'low', rank: 0, ladder: 'a', low: 60_000, high: 80_000 },
        { key: 'high', rank: 1, ladder: 'a', low: 50_000, high: 70_000 },
      ],
      10,
    );
    expect(low.midpoint).toBe(70_000);
    expect(high).toEqual({ key: 'high', low: 67_000, high: 87_000, midpoint: 77_000 });
    const [, fixed] = ladderRoles(
      [
        { key: 'low', rank: 0, ladder: 'a', low: 60_000, high: 80_000 },
        { key: 'high', rank: 1, ladder: 'a', low: 50_000, high: 70_000, fixed: true },
      ],
      10,
    );
    expect(fixed).toEqual({ key: 'high', low: 50_000, high: 70_000, midpoint: 60_000 });
  });
});

describe('standing helpers', () => {
  it('places pay against a band, ends inclusive', () => {
    expect(bandPosition(9, { low: 10, high: 20 })).toBe('below');
    expect(bandPosition(10, { low: 10, high: 20 })).toBe('within');
    expect(bandPosition(20, { low: 10, high: 20 })).toBe('within');
    expect(bandPosition(21, { low: 10, high: 20 })).toBe('above');
    expect(bandPosition(21, null)).toBe('no-band');
  });

  it('puts part-time pay on a full-time year and refuses an impossible FTE', () => {
    expect(fullTimePay(20_000, 0.5)).toBe(40_000);
    expect(() => fullTimePay(20_000, 0)).toThrow(RangeError);
  });

  it('takes medians and their gap as the report does', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(medianGapPercent(50_000, 45_000)).toBe(10);
    expect(medianGapPercent(null, 45_000)).toBeNull();
    expect(medianGapPercent(0, 45_000)).toBeNull();
  });
});

describe('salaryBandsCsv', () => {
  it('writes translated headers and escapes formulas', () => {
    const csv = salaryBandsCsv(
      [
        {
          name: '=cmd',
          positionLevel: 'head',
          functionalArea: 'finance',
          country: 'es',
          status: 'ok',
          low: 1,
          high: 3,
          midpoint: 2,
          edited: true,
          figures: { p10: 1, p25: 2, p50: 3, p75: 4, p90: 5 },
          widened: ['city', 'sector'],
          year: 2026,
          currency: 'EUR',
        },
      ],
      (key) => key.toUpperCase(),
    );
    expect(csv.split('\r\n')).toEqual([
      '\ufeffROLE,POSITIONLEVEL,FUNCTIONALAREA,COUNTRY,STATUS,LOW,HIGH,MIDPOINT,EDITED,P10,P25,P50,P75,P90,WIDENED,YEAR,CURRENCY',
      "'=cmd,head,finance,es,STATUSES.OK,1,3,2,YES,1,2,3,4,5,city sector,2026,EUR",
      '',
    ]);
  });
});
