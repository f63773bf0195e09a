import { describe, expect, it } from 'vitest';
import { formatMoney, formatRate, formatRateDate, moneyDisplay, publishedExchangeRates } from '../../src/domain/money';

const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('Spanish: es-ES with euro, whole units', () => {
    expect(formatMoney(85_000, 'es')).toBe(`85.000${NBSP}€`);
    expect(formatMoney(6_000_000, 'es')).toBe(`6.000.000${NBSP}€`);
  });

  it('English: en-US with dollar, whole units', () => {
    expect(formatMoney(85_000, 'en')).toBe('$85,000');
    expect(formatMoney(6_000_000, 'en')).toBe('$6,000,000');
  });

  it('rounds to whole units', () => {
    expect(formatMoney(1_234_567.5, 'es')).toBe(`1.234.568${NBSP}€`);
    expect(formatMoney(99.49, 'en')).toBe('$99');
    expect(formatMoney(0, 'en')).toBe('$0');
  });

  it('follows each locale: Spanish groups numbers only from five digits', () => {
    expect(formatMoney(9_999, 'es')).toBe(`9999${NBSP}€`);
    expect(formatMoney(9_999, 'en')).toBe('$9,999');
  });

  it('shows negative amounts', () => {
    expect(formatMoney(-1_500, 'en')).toBe('-$1,500');
    expect(formatMoney(-15_000, 'es')).toBe(`-15.000${NBSP}€`);
  });

  it("prints an amount in its own currency when that is not the language's", () => {
    expect(formatMoney(85_000, 'en', 'EUR')).toBe('€85,000');
    expect(formatMoney(85_000, 'es', 'USD')).toBe(`85.000${NBSP}US$`);
  });
});

describe('exchange rates and converted money (docs/money.md)', () => {
  const published = publishedExchangeRates({ USD: 0.92, GBP: 1.16 }, '2026-11-20T03:00:00.000Z');

  it('publishes units per euro, dated by the release cut', () => {
    expect(published).toEqual({ date: '2026-11-20', base: 'EUR', rates: { USD: 1.08696, GBP: 0.862069 } });
    expect(publishedExchangeRates({ EUR: 1, XXX: 0 }, '2026-01-02T00:00:00Z').rates).toEqual({});
  });

  it('English shows euro figures in dollars with the rate; never a euro figure with a dollar sign', () => {
    const display = moneyDisplay('en', 'EUR', published);
    expect(display.currency).toBe('USD');
    expect(display.conversion).toEqual({ from: 'EUR', to: 'USD', rate: 1.08696, date: '2026-11-20' });
    expect(display.format(85_000)).toBe('$92,392');
    expect(formatRate(display.conversion!, 'en')).toBe('€1 = $1.0870');
    expect(formatRateDate(display.conversion!.date, 'en')).toBe('Nov 20, 2026');
  });

  it('Spanish shows euro figures as they are', () => {
    const display = moneyDisplay('es', 'EUR', published);
    expect(display).toMatchObject({ currency: 'EUR', conversion: null, unconverted: false });
    expect(display.format(85_000)).toBe(`85.000${NBSP}€`);
  });

  it('converts between two non-euro currencies through the euro, and to euros', () => {
    expect(moneyDisplay('en', 'GBP', published).format(100)).toBe(`$${Math.round((100 * 1.08696) / 0.862069)}`);
    expect(moneyDisplay('es', 'USD', published).format(1_087)).toBe(`1000${NBSP}€`);
  });

  it('without a rate the amounts stay in their own currency and say so', () => {
    const display = moneyDisplay('en', 'EUR', null);
    expect(display).toMatchObject({ currency: 'EUR', conversion: null, unconverted: true });
    expect(display.format(85_000)).toBe('€85,000');
    expect(moneyDisplay('en', 'CHF', published)).toMatchObject({ currency: 'CHF', unconverted: true });
  });
});
