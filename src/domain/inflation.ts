// Real terms (docs/statistics-and-privacy.md, evolution): money of an earlier year in money of the base year, with yearly average
// consumer-price inflation. Rates are annual averages in percent, so the price level of year t is that of t − 1
// times (1 + rate_t / 100), and money of year y is worth nominal × Π over t = y+1 … base of (1 + rate_t / 100)
// in base-year money. Pure: the server deflates published figures with it, the web app may project with it.

export interface InflationRate {
  year: number;
  /** The rate's country; absent for the rate of groups spanning several countries (the euro area). */
  country?: string;
  /** Percent, e.g. 2.8. */
  rate: number;
  estimate?: boolean;
}

/** The rates that apply to a group: its country's when it has any, else those without a country. */
export function ratesForCountry(all: readonly InflationRate[], country: string | null): { country: string | null; rates: InflationRate[] } {
  const own = country ? all.filter((r) => r.country === country) : [];
  if (own.length > 0) return { country, rates: [...own].sort((a, b) => a.year - b.year) };
  return { country: null, rates: all.filter((r) => r.country === undefined || r.country === null).sort((a, b) => a.year - b.year) };
}

/** The factor that turns money of `year` into money of `baseYear`; null when a rate it needs is missing. */
export function deflator(rates: readonly InflationRate[], year: number, baseYear: number): number | null {
  let factor = 1;
  for (let t = year + 1; t <= baseYear; t++) {
    const entry = rates.find((r) => r.year === t);
    if (!entry) return null;
    factor *= 1 + entry.rate / 100;
  }
  return factor;
}

/** The server accepts yearly rates in this range (percent): deflation (−10) to very high inflation (Argentina, 2024: 219.9). */
export const INFLATION_RATE_RANGE = { min: -10, max: 300 } as const;
