import { describe, expect, it } from 'vitest';
import { comparisonCsv, comparisonCsvFileName, comparisonCsvText, type ComparisonCsvText, type CsvTranslate } from '../../src/domain/comparisonCsv';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import type { Measures, Statistic } from '../../src/domain/peerDistribution';
import { moneyDisplay, publishedExchangeRates } from '../../src/domain/money';

/** €1 = $1.25, cut on 2026-11-20. */
const published = publishedExchangeRates({ USD: 0.8 }, '2026-11-20T03:00:00Z');

const stat = (p50: number): Statistic => ({
  n: 12,
  mean: p50 + 1_000,
  p10: p50 - 20_000,
  p25: p50 - 10_000,
  p50,
  p75: p50 + 10_000,
  p90: p50 + 20_000,
  medianCi: { low: p50 - 5_000, high: p50 + 5_000 },
});
const measures: Measures = {
  totalWithoutDeferral: stat(150_000),
  totalWithDeferral: stat(160_000),
  fixedSalary: stat(120_000),
  annualBonus: { n: 12, mean: 30_000, p10: null, p25: 20_000, p50: 30_000, p75: 40_000, p90: null, medianCi: null },
  deferredCompensation: stat(10_000),
};

const text: ComparisonCsvText = {
  year: 'Year',
  currency: 'Currency',
  exchangeRate: 'Exchange rate (USD per 1 EUR)',
  exchangeRateDate: 'Exchange rate date',
  groupSize: 'People',
  measure: 'Measure',
  n: 'n',
  mean: 'Mean',
  p10: 'P10',
  p25: 'P25',
  p50: 'Median',
  p75: 'P75',
  p90: 'P90',
  medianCiLow: 'Median 95% CI low',
  medianCiHigh: 'Median 95% CI high',
  ownValue: 'Your value',
  percentileRank: 'Your percentile',
  diffFromMedianPercent: 'Difference from the median (%)',
  measures: {
    totalWithoutDeferral: 'Total without deferral',
    totalWithDeferral: 'Total with deferral',
    fixedSalary: 'Fixed salary',
    annualBonus: 'Bonus',
    deferredCompensation: 'Deferred',
  },
};

describe('comparisonCsv', () => {
  it('describes the group, then one row per measure with every published figure and the own position', () => {
    const csv = comparisonCsv({
      result: { year: 2025, countLabel: '12', measures },
      positions: {
        totalWithoutDeferral: { measure: 'totalWithoutDeferral', ownValue: 165_000, percentileRank: 70, diffFromMedianPercent: 10 },
        totalWithDeferral: null,
        fixedSalary: null,
        annualBonus: null,
        deferredCompensation: null,
      },
      filters: [
        { field: 'sector', label: 'Sector', value: 'Banca, seguros' },
        { field: 'country', label: 'Country', value: 'Spain' },
      ],
      text,
      money: moneyDisplay('es', 'EUR', published),
    });
    expect(csv.split('\r\n')).toEqual([
      'Year,2025',
      'Currency,EUR',
      'People,12',
      'Sector,"Banca, seguros"',
      'Country,Spain',
      '',
      'Measure,n,Mean,P10,P25,Median,P75,P90,Median 95% CI low,Median 95% CI high,Your value,Your percentile,Difference from the median (%)',
      'Total without deferral,12,151000,130000,140000,150000,160000,170000,145000,155000,165000,70,10',
      'Total with deferral,12,161000,140000,150000,160000,170000,180000,155000,165000,,,',
      'Fixed salary,12,121000,100000,110000,120000,130000,140000,115000,125000,,,',
      'Bonus,12,30000,,20000,30000,40000,,,,,,',
      'Deferred,12,11000,-10000,0,10000,20000,30000,5000,15000,,,',
      '',
    ]);
  });

  it('in English holds the figures as the screen shows them: in dollars, to 100, naming the rate and its date', () => {
    const csv = comparisonCsv({
      result: { year: 2025, countLabel: '12', measures },
      positions: {
        totalWithoutDeferral: { measure: 'totalWithoutDeferral', ownValue: 165_432, percentileRank: 70, diffFromMedianPercent: 10 },
        totalWithDeferral: null,
        fixedSalary: null,
        annualBonus: null,
        deferredCompensation: null,
      },
      filters: [],
      text,
      money: moneyDisplay('en', 'EUR', published),
    });
    const lines = csv.split('\r\n');
    expect(lines.slice(0, 5)).toEqual(['Year,2025', 'Currency,USD', 'Exchange rate (USD per 1 EUR),1.25', 'Exchange rate date,2026-11-20', 'People,12']);
    // 150,000 € × 1.25 = 187,500 $; the own 165,432 € → 206,790 $ → 206,800 $.
    expect(lines[7]).toBe('Total without deferral,12,188800,162500,175000,187500,200000,212500,181300,193800,206800,70,10');
    expect(lines[10]).toBe('Bonus,12,37500,,25000,37500,50000,,,,,,');
  });

  it('writes only the description when figures are withheld', () => {
    const csv = comparisonCsv({
      result: { year: 2024, countLabel: '<5', measures: null },
      positions: null,
      filters: [],
      text,
      money: moneyDisplay('es', 'EUR', published),
    });
    expect(csv.trim().split('\r\n')).toHaveLength(5);
    expect(csv).toContain('People,<5');
  });
});

/** The locale file's text of a key, its {{values}} put in (what i18next does for these plain texts). */
const translateFrom =
  (texts: unknown): CsvTranslate =>
  (key, values = {}) => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
    if (typeof text !== 'string') throw new Error(`no text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  };

describe('comparisonCsv in the locales’ words', () => {
  for (const [language, texts] of [
    ['es', es],
    ['en', en],
  ] as const) {
    it(`names every row of the description and every column once (${language}), the year filtered on included`, () => {
      const t = translateFrom(texts);
      const csv = comparisonCsv({
        result: { year: 2025, countLabel: '12', measures },
        positions: null,
        filters: (['year', 'sector', 'country'] as const).map((field) => ({ field, label: t(`comparison.filters.fields.${field}`), value: field })),
        text: comparisonCsvText(t, { from: 'EUR', to: 'USD' }),
        money: moneyDisplay(language, 'EUR', published),
      });
      const lines = csv.split('\r\n');
      const blank = lines.indexOf('');
      const rowLabels = lines.slice(0, blank).map((line) => line.split(',')[0]);
      const header = lines[blank + 1].split(',');
      expect(new Set(rowLabels).size, rowLabels.join(' | ')).toBe(rowLabels.length);
      expect(new Set(header).size, header.join(' | ')).toBe(header.length);
      // The survey year is said once, with its value.
      expect(lines.filter((line) => line.endsWith(',2025'))).toHaveLength(1);
      expect(rowLabels).toContain(t('comparison.filters.fields.sector'));
    });
  }
});

describe('comparisonCsvFileName', () => {
  it('names the file after the year and the filters, safely', () => {
    expect(comparisonCsvFileName(2025, ['es', 'banking', 2025])).toBe('paybench-comparison-2025-es-banking.csv');
    expect(comparisonCsvFileName(2024, ['Ciudad de México', '20-plus'])).toBe('paybench-comparison-2024-ciudad-de-m-xico-20-plus.csv');
  });
});
