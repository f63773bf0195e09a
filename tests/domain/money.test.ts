import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/domain/money';

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
