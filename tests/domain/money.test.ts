// Money as one decision (docs/money.md, src/domain/money.ts): one table of how each kind of amount is shown in
// each language, converted or not, plus the rates, the grouping of columns and the ticks chosen after conversion.
import { describe, expect, it } from 'vitest';
import {
  conversionBetween,
  formatMoney,
  formatPrice,
  formatRate,
  formatRateDate,
  moneyDisplay,
  publishedExchangeRates,
  roundShown,
  shownStatistic,
  type MoneyKind,
} from '../../src/domain/money';
import type { Language } from '../../src/domain/constants';
import { axisTicks } from '../../src/web/components/paidSearch/chartAxis';

const NBSP = '\u00a0';
/** €1 = $1.087 (the admin's 0.92 EUR per dollar), cut on 2026-11-20. */
const published = publishedExchangeRates({ USD: 0.92, GBP: 1.16 }, '2026-11-20T03:00:00.000Z');

describe('how each kind of amount is shown (the one table)', () => {
  const table: Array<{ language: Language; from: string; kind: MoneyKind; amount: number; shown: string; why: string }> = [
    // English reads euro figures in dollars: converted, then to 100 (no false precision).
    { language: 'en', from: 'EUR', kind: 'statistic', amount: 159_700, shown: '$173,600', why: 'a published median: 159,700 × 1.08696 = 173,587 → 173,600' },
    { language: 'en', from: 'EUR', kind: 'statistic', amount: 85_000, shown: '$92,400', why: 'a published figure, converted' },
    { language: 'en', from: 'EUR', kind: 'own', amount: 85_432, shown: '$92,900', why: "a person's own amount, converted: to 100 as well" },
    { language: 'en', from: 'EUR', kind: 'projection', amount: 262_449, shown: '$285,300', why: 'a projection, converted' },
    { language: 'en', from: 'EUR', kind: 'price', amount: 99, shown: '$108', why: 'a converted price: whole dollars, not $107.61' },
    { language: 'en', from: 'EUR', kind: 'price', amount: 8.25, shown: '$9', why: 'a converted monthly price: whole dollars' },
    { language: 'en', from: 'USD', kind: 'price', amount: 8.25, shown: '$8.25', why: "the catalogue's own price in that currency, as given" },
    // Spanish reads euros as published: figures and projections to 100, own amounts to the euro, digits always grouped.
    { language: 'es', from: 'EUR', kind: 'statistic', amount: 2_300, shown: `2.300${NBSP}€`, why: 'four digits grouped, as 13.800 € is in the same column' },
    { language: 'es', from: 'EUR', kind: 'statistic', amount: 13_800, shown: `13.800${NBSP}€`, why: 'five digits grouped' },
    { language: 'es', from: 'EUR', kind: 'statistic', amount: 85_049, shown: `85.000${NBSP}€`, why: 'a statistic is shown to 100 even unconverted' },
    { language: 'es', from: 'EUR', kind: 'own', amount: 85_432, shown: `85.432${NBSP}€`, why: "a person's own amount in its own currency: to the euro" },
    { language: 'es', from: 'EUR', kind: 'projection', amount: 262_449, shown: `262.400${NBSP}€`, why: 'a projection: to 100, never 262.449 €' },
    { language: 'es', from: 'EUR', kind: 'price', amount: 8.25, shown: `8,25${NBSP}€`, why: "the catalogue's own price: its cents kept" },
    { language: 'es', from: 'EUR', kind: 'price', amount: 1_249, shown: `1.249${NBSP}€`, why: 'a price of four digits, grouped' },
    {
      language: 'es',
      from: 'USD',
      kind: 'statistic',
      amount: 1_087,
      shown: `1.000${NBSP}€`,
      why: 'dollars read in euros by Spanish, converted through the euro',
    },
    // Without a rate the amounts stay in their own currency (never relabelled), still rounded by kind.
    { language: 'en', from: 'CHF', kind: 'statistic', amount: 85_049, shown: `CHF${NBSP}85,000`, why: 'no CHF rate: Swiss francs, to 100' },
  ];
  it.each(table)('$language, $from $kind $amount → $shown ($why)', ({ language, from, kind, amount, shown }) => {
    expect(moneyDisplay(language, from, published).format(amount, kind)).toBe(shown);
  });

  it('rounds by kind and by whether the amount was converted', () => {
    expect([
      roundShown(149, 'statistic', false),
      roundShown(150, 'projection', false),
      roundShown(149.6, 'own', false),
      roundShown(149.6, 'own', true),
    ]).toEqual([100, 200, 150, 100]);
    expect([roundShown(8.25, 'price', false), roundShown(8.97, 'price', true)]).toEqual([8.25, 9]);
    expect(Object.is(roundShown(-40, 'statistic', false), -0)).toBe(false);
  });

  it('a statistic reads the same in every place it is shown: figures, chart data and CSV come from shownStatistic', () => {
    const display = moneyDisplay('en', 'EUR', published);
    const statistic = { n: 40, mean: 160_000, p10: 100_000, p25: 130_000, p50: 159_700, p75: 190_000, p90: 230_000, medianCi: { low: 150_000, high: 170_000 } };
    const shown = shownStatistic(statistic, display);
    expect(shown).toEqual({
      n: 40,
      mean: 173_900,
      p10: 108_700,
      p25: 141_300,
      p50: 173_600,
      p75: 206_500,
      p90: 250_000,
      medianCi: { low: 163_000, high: 184_800 },
    });
    expect(display.formatShown(shown.p50!)).toBe(display.format(statistic.p50));
  });
});

describe('chart ticks are chosen after conversion', () => {
  it('English axis ticks are round in dollars, not euro ticks converted ($109K $217K $326K)', () => {
    const display = moneyDisplay('en', 'EUR', published);
    const low = display.value(100_000);
    const high = display.value(300_000);
    const ticks = axisTicks(low, high, 4, display.formatTick);
    expect([low, high]).toEqual([108_700, 326_100]);
    expect(ticks.labelled.map(display.formatTick)).toEqual(['$100K', '$160K', '$220K', '$280K', '$340K']);
    // Euro ticks converted afterwards read as the issue saw them.
    expect([100_000, 200_000, 300_000].map((eur) => display.formatTick(display.value(eur)))).toEqual(['$108.7K', '$217.4K', '$326.1K']);
    expect(display.formatTick(200_000)).toBe('$200K');
    expect(moneyDisplay('es', 'EUR', published).formatTick(200_000)).toBe(`200${NBSP}mil${NBSP}€`);
  });
});

describe('formatMoney and formatPrice', () => {
  it('whole units in the language, the digits always grouped (columns of es-ES amounts line up)', () => {
    expect(formatMoney(85_000, 'es')).toBe(`85.000${NBSP}€`);
    expect(formatMoney(9_999, 'es')).toBe(`9.999${NBSP}€`);
    expect(formatMoney(6_000_000, 'en')).toBe('$6,000,000');
    expect(formatMoney(1_234_567.5, 'es')).toBe(`1.234.568${NBSP}€`);
    expect(formatMoney(-1_500, 'en')).toBe('-$1,500');
    expect(formatMoney(0, 'en')).toBe('$0');
  });

  it("prints an amount in its own currency when that is not the language's", () => {
    expect(formatMoney(85_000, 'en', 'EUR')).toBe('€85,000');
    expect(formatMoney(85_000, 'es', 'USD')).toBe(`85.000${NBSP}US$`);
  });

  it('a price keeps its cents only when it has some', () => {
    expect([formatPrice(99, 'en', 'EUR'), formatPrice(8.25, 'en', 'EUR'), formatPrice(1_249.5, 'es')]).toEqual(['€99', '€8.25', `1.249,50${NBSP}€`]);
  });
});

describe('one rate and one date per release', () => {
  it('publishes units per euro, dated by the release cut', () => {
    expect(published).toEqual({ date: '2026-11-20', base: 'EUR', rates: { USD: 1.08696, GBP: 0.862069 } });
    expect(publishedExchangeRates({ EUR: 1, XXX: 0 }, '2026-01-02T00:00:00Z').rates).toEqual({});
  });

  it('every conversion of the release carries its rate and its cut date', () => {
    const display = moneyDisplay('en', 'EUR', published);
    expect(display.currency).toBe('USD');
    expect(display.conversion).toEqual({ from: 'EUR', to: 'USD', rate: 1.08696, date: '2026-11-20' });
    expect(conversionBetween('EUR', 'USD', published)).toEqual(display.conversion);
    expect(formatRate(display.conversion!, 'en')).toBe('€1 = $1.0870');
    expect(formatRate(display.conversion!, 'es')).toBe(`1${NBSP}€ = 1,0870${NBSP}US$`);
    expect(formatRateDate(display.conversion!.date, 'en')).toBe('Nov 20, 2026');
  });

  it('Spanish shows euro figures as they are; without a rate nothing is relabelled and the page says so', () => {
    expect(moneyDisplay('es', 'EUR', published)).toMatchObject({ currency: 'EUR', conversion: null, unconverted: false });
    const none = moneyDisplay('en', 'EUR', null);
    expect(none).toMatchObject({ currency: 'EUR', conversion: null, unconverted: true });
    expect(none.format(85_000)).toBe('€85,000');
    expect(moneyDisplay('en', 'CHF', published)).toMatchObject({ currency: 'CHF', unconverted: true });
    expect(conversionBetween('GBP', 'USD', published)!.rate).toBeCloseTo(1.08696 / 0.862069, 9);
  });
});
