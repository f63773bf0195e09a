// Deflation to base-year money (src/domain/inflation.ts), against hand-computed cases.
import { describe, expect, it } from 'vitest';
import { deflator, ratesForCountry, type InflationRate } from '../../src/domain/inflation';

const rates: InflationRate[] = [
  { year: 2023, rate: 5.4 },
  { year: 2024, rate: 2.4 },
  { year: 2025, rate: 2.1 },
  { year: 2026, rate: 1.9, estimate: true },
  { year: 2024, country: 'es', rate: 2.8 },
  { year: 2025, country: 'es', rate: 2.5 },
  { year: 2026, country: 'es', rate: 2.0 },
];

describe('deflator', () => {
  it('is 1 for the base year and the product of (1 + rate) of the later years otherwise', () => {
    const es = ratesForCountry(rates, 'es').rates;
    expect(deflator(es, 2026, 2026)).toBe(1);
    expect(deflator(es, 2025, 2026)).toBeCloseTo(1.02, 12);
    expect(deflator(es, 2024, 2026)).toBeCloseTo(1.02 * 1.025, 12);
    expect(deflator(es, 2023, 2026)).toBeCloseTo(1.02 * 1.025 * 1.028, 12);
    // 100,000 of 2023 is 107,477.4 of 2026 in Spain (1.02 × 1.025 = 1.0455; × 1.028 = 1.074774).
    expect(100_000 * deflator(es, 2023, 2026)!).toBeCloseTo(107_477.4, 1);
  });

  it('is null when a rate it needs is missing (the rate of the year itself is not needed)', () => {
    const es = ratesForCountry(rates, 'es').rates.filter((r) => r.year !== 2025);
    expect(deflator(es, 2024, 2026)).toBeNull();
    expect(deflator(es, 2025, 2026)).toBeCloseTo(1.02, 12);
  });
});

describe('ratesForCountry', () => {
  it("takes a country's own rates, else those without a country", () => {
    expect(ratesForCountry(rates, 'es')).toEqual({ country: 'es', rates: rates.filter((r) => r.country === 'es') });
    expect(ratesForCountry(rates, 'fr')).toEqual({ country: null, rates: rates.filter((r) => r.country === undefined) });
    expect(ratesForCountry(rates, null).rates.map((r) => r.year)).toEqual([2023, 2024, 2025, 2026]);
  });
});
