import { describe, expect, it } from 'vitest';
import { compaRatio, laddered, payRange, percentileAt, vacancySentence, type PublishedPercentiles } from '../../src/domain/payRange';

const published: PublishedPercentiles = { p10: 32_000, p25: 40_000, p50: 50_000, p75: 62_000, p90: 71_000 };

describe('percentileAt', () => {
  it('interpolates linearly between the published neighbours', () => {
    // p40: 40,000 + (40 − 25) / (50 − 25) × (50,000 − 40,000) = 40,000 + 0.6 × 10,000 = 46,000
    expect(percentileAt({ p10: null, p25: 40_000, p50: 50_000, p75: null, p90: null }, 40)).toBeCloseTo(46_000, 6);
    // p80: 62,000 + (80 − 75) / 15 × 9,000 = 65,000
    expect(percentileAt(published, 80)).toBeCloseTo(65_000, 6);
    // p15: 32,000 + 5 / 15 × 8,000 = 34,666.67
    expect(percentileAt(published, 15)).toBeCloseTo(32_000 + 8_000 / 3, 6);
  });

  it('gives a published percentile as it is, needing no neighbour', () => {
    expect(percentileAt(published, 10)).toBe(32_000);
    expect(percentileAt(published, 90)).toBe(71_000);
    expect(percentileAt({ ...published, p25: null, p75: null }, 50)).toBe(50_000);
  });

  it('is null when a needed neighbour is missing or the percentile is outside 10..90', () => {
    expect(percentileAt({ ...published, p25: null }, 30)).toBeNull();
    expect(percentileAt({ ...published, p50: null }, 30)).toBeNull();
    expect(percentileAt({ ...published, p25: null }, 50)).toBe(50_000);
    expect(percentileAt(published, 5)).toBeNull();
    expect(percentileAt(published, 95)).toBeNull();
    expect(percentileAt(published, Number.NaN)).toBeNull();
  });
});

describe('payRange', () => {
  const market: PublishedPercentiles = { p10: null, p25: 40_300, p50: 50_000, p75: 62_100, p90: null };

  it('rounds the ends outward: low down, high up', () => {
    // p40 = 40,300 + 0.6 × 9,700 = 46,120; p60 = 50,000 + 0.4 × 12,100 = 54,840
    expect(payRange(market, { from: 40, to: 60 })).toEqual({ low: 46_000, high: 55_000 });
    expect(payRange(market, { from: 40, to: 60 }, 1_000)).toEqual({ low: 46_000, high: 55_000 });
    expect(payRange(market, { from: 40, to: 60 }, 100)).toEqual({ low: 46_100, high: 54_900 });
    // Published ends need no interpolation: 40,300 → 40,000; 62,100 → 62,500.
    expect(payRange(market, { from: 25, to: 75 })).toEqual({ low: 40_000, high: 62_500 });
  });

  it('is null when a needed percentile is not published', () => {
    expect(payRange({ ...market, p75: null }, { from: 40, to: 60 })).toBeNull();
    expect(payRange(market, { from: 10, to: 50 })).toBeNull();
  });

  it('refuses a policy outside 10 <= from < to <= 90 and a step that is not positive', () => {
    expect(() => payRange(market, { from: 60, to: 40 })).toThrow(RangeError);
    expect(() => payRange(market, { from: 50, to: 50 })).toThrow(RangeError);
    expect(() => payRange(market, { from: 5, to: 50 })).toThrow(RangeError);
    expect(() => payRange(market, { from: 25, to: 95 })).toThrow(RangeError);
    expect(() => payRange(market, { from: 25, to: 75 }, 0)).toThrow(RangeError);
  });
});

describe('vacancySentence', () => {
  const range = { low: 52_000, high: 61_500 };

  it('writes the Spanish sentence (a non-breaking space before €, as es-ES writes it)', () => {
    expect(vacancySentence(range, { language: 'es', currency: 'EUR', basis: 'fixed' })).toBe(
      'Retribución bruta anual: entre 52.000\u00a0€ y 61.500\u00a0€ (salario fijo), según experiencia.',
    );
    // Digits grouped from 1,000 up too, as the app shows money.
    expect(vacancySentence({ low: 9_500, high: 12_000 }, { language: 'es', currency: 'EUR', basis: 'fixed-bonus' })).toBe(
      'Retribución bruta anual: entre 9.500\u00a0€ y 12.000\u00a0€ (salario fijo más variable), según experiencia.',
    );
  });

  it('writes the English sentence, in any currency, euros by default', () => {
    expect(vacancySentence(range, { language: 'en', currency: 'EUR', basis: 'fixed' })).toBe(
      'Annual gross pay: €52,000 to €61,500 (fixed salary), depending on experience.',
    );
    expect(vacancySentence(range, { language: 'en', basis: 'fixed' })).toBe('Annual gross pay: €52,000 to €61,500 (fixed salary), depending on experience.');
    expect(vacancySentence(range, { language: 'en', currency: 'USD', basis: 'fixed-bonus' })).toBe(
      'Annual gross pay: $52,000 to $61,500 (fixed salary plus bonus), depending on experience.',
    );
    expect(vacancySentence(range, { language: 'en', currency: 'GBP', basis: 'fixed' })).toBe(
      'Annual gross pay: £52,000 to £61,500 (fixed salary), depending on experience.',
    );
  });
});

describe('laddered', () => {
  it('raises a level whose midpoint is less than the step above the level below, low and high together', () => {
    const bands = laddered(
      [
        { low: 40_000, high: 50_000 },
        { low: 42_000, high: 48_000 },
        { low: 60_000, high: 70_000 },
      ],
      10,
    );
    // Level 1: midpoint 45,000. Level 2: its own midpoint 45,000 is below 45,000 × 1.10 = 49,500, so +4,500 to both
    // ends: 46,500–52,500. Level 3: its own midpoint 65,000 is above 49,500 × 1.10 = 54,450: unchanged.
    expect(bands[0]).toEqual({ low: 40_000, high: 50_000, midpoint: 45_000 });
    expect(bands[1].low).toBeCloseTo(46_500, 6);
    expect(bands[1].high).toBeCloseTo(52_500, 6);
    expect(bands[1].midpoint).toBeCloseTo(49_500, 6);
    expect(bands[2]).toEqual({ low: 60_000, high: 70_000, midpoint: 65_000 });
  });

  it('with a step of 0 only keeps bands from going down the ladder', () => {
    // Level 2's midpoint 47,500 is below level 1's 55,000: +7,500 to both ends.
    expect(
      laddered(
        [
          { low: 50_000, high: 60_000 },
          { low: 45_000, high: 50_000 },
        ],
        0,
      ),
    ).toEqual([
      { low: 50_000, high: 60_000, midpoint: 55_000 },
      { low: 52_500, high: 57_500, midpoint: 55_000 },
    ]);
    expect(laddered([], 5)).toEqual([]);
  });

  it('refuses a negative step and a band that ends before it starts', () => {
    expect(() => laddered([{ low: 1, high: 2 }], -1)).toThrow(RangeError);
    expect(() => laddered([{ low: 2, high: 1 }], 0)).toThrow(RangeError);
  });
});

describe('compaRatio', () => {
  it('is pay over the reference, null without a reference', () => {
    // 55,000 / 50,000 = 1.1
    expect(compaRatio(55_000, 50_000)).toBeCloseTo(1.1, 12);
    expect(compaRatio(45_000, 50_000)).toBeCloseTo(0.9, 12);
    expect(compaRatio(55_000, null)).toBeNull();
    expect(compaRatio(55_000, 0)).toBeNull();
  });
});
