// The exchange rates an admin maintains (forms/configs/exchange-rates): units of EUR per unit of a currency, each with
// the date it was published. One check for the server (400, nothing stored) and the configs editor (translated
// problems before saving). Stored in configs key `exchangeRates` as the array statisticsSettings.parseRates reads.

export interface ExchangeRateEntry {
  currency: string;
  rateToEur: number;
  /** YYYY-MM-DD */
  date: string;
}

export type ExchangeRateProblemCode =
  'EXCHANGE_RATE_UNKNOWN_CURRENCY' | 'EXCHANGE_RATE_DUPLICATE' | 'EXCHANGE_RATE_NOT_POSITIVE' | 'EXCHANGE_RATE_INVALID_DATE' | 'EXCHANGE_RATE_FUTURE_DATE';

export interface ExchangeRateProblem {
  /** Index of the entry in the list. */
  index: number;
  field: 'currency' | 'rateToEur' | 'date';
  code: ExchangeRateProblemCode;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

let isoCodes: Set<string> | null = null;

/** ISO 4217 codes the runtime knows (Intl), e.g. USD, GBP, CHF. */
export function isIsoCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (!isoCodes) {
    const supported = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
    isoCodes = new Set(supported ? supported('currency') : []);
  }
  // A runtime without the list accepts any well-formed code.
  return isoCodes.size === 0 || isoCodes.has(code);
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Every problem of a list of rates: a code that is not an ISO currency (EUR included: it is the base), a currency
 * listed twice, a rate that is not a positive number, a date that is not a day or lies after `today` (UTC).
 */
export function exchangeRateProblems(entries: readonly ExchangeRateEntry[], now: Date = new Date()): ExchangeRateProblem[] {
  const today = now.toISOString().slice(0, 10);
  const problems: ExchangeRateProblem[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const currency = entry.currency.trim().toUpperCase();
    if (currency === 'EUR' || !isIsoCurrency(currency)) problems.push({ index, field: 'currency', code: 'EXCHANGE_RATE_UNKNOWN_CURRENCY' });
    else if (seen.has(currency)) problems.push({ index, field: 'currency', code: 'EXCHANGE_RATE_DUPLICATE' });
    seen.add(currency);
    if (typeof entry.rateToEur !== 'number' || !Number.isFinite(entry.rateToEur) || entry.rateToEur <= 0) {
      problems.push({ index, field: 'rateToEur', code: 'EXCHANGE_RATE_NOT_POSITIVE' });
    }
    if (!isCalendarDate(entry.date)) problems.push({ index, field: 'date', code: 'EXCHANGE_RATE_INVALID_DATE' });
    else if (entry.date > today) problems.push({ index, field: 'date', code: 'EXCHANGE_RATE_FUTURE_DATE' });
  });
  return problems;
}

/** The list as stored: codes upper-cased, sorted by currency. */
export function normaliseExchangeRates(entries: readonly ExchangeRateEntry[]): ExchangeRateEntry[] {
  return entries
    .map((entry) => ({ currency: entry.currency.trim().toUpperCase(), rateToEur: entry.rateToEur, date: entry.date }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}
