// The three editors of /admin/configs as form values (text as typed, so a failed save keeps exactly what the admin
// wrote): their check (the rules the server applies, each problem a translation key) and their conversion to the
// contract's bodies. Pure.
import type { components } from '../../src/api/schema';
import type { EditorProblem } from './configEditorMachine';
import { INFLATION_RATE_RANGE } from '../../src/domain/inflation';
import { COUNTRIES } from '../../src/domain/questionnaire';
import { surveyYears } from '../../src/domain/constants';
import { exchangeRateProblems } from '../../src/domain/exchangeRates';

type Schemas = components['schemas'];
export type MinValues = Schemas['MinValues'];
export type InflationEntry = Schemas['InflationEntry'];
export type ExchangeRate = Schemas['ExchangeRate'];

const ERRORS = 'admin.configs.errors';

/** Bounds of the minimum values (the contract's). */
export const MIN_VALUE_BOUNDS = {
  minFixed: { min: 80_000, max: 6_000_000 },
  compTotal: { min: 80_000, max: 16_000_000 },
  deferredMax: { min: 0, max: 100_000_000 },
} as const;

/** A whole amount as typed: digits with optional spaces, dots or commas between thousands. */
export function parseWhole(text: string): number | null {
  const compact = text.trim().replace(/[\s.,_]/g, '');
  return /^\d{1,12}$/.test(compact) ? Number(compact) : null;
}

/** A decimal as typed: a dot or a comma as decimal separator, an optional sign. */
export function parseDecimal(text: string): number | null {
  const compact = text.trim().replace(/\s/g, '').replace(',', '.').replace('−', '-');
  if (!/^-?\d+(\.\d+)?$/.test(compact)) return null;
  const value = Number(compact);
  return Number.isFinite(value) ? value : null;
}

// ─────────── minimum values ───────────
export interface MinValuesForm {
  minFixed: string;
  compTotal: string;
  deferredMax: string;
}

export const minValuesForm = (v: MinValues): MinValuesForm => ({
  minFixed: String(v.minFixed),
  compTotal: String(v.compTotal),
  deferredMax: String(v.deferredMax),
});

export function minValuesProblems(form: MinValuesForm): EditorProblem[] {
  const problems: EditorProblem[] = [];
  for (const field of ['minFixed', 'compTotal', 'deferredMax'] as const) {
    const value = parseWhole(form[field]);
    const { min, max } = MIN_VALUE_BOUNDS[field];
    if (value === null) problems.push({ field, messageKey: `${ERRORS}.not_whole` });
    else if (value < min || value > max) problems.push({ field, messageKey: `${ERRORS}.out_of_range`, values: { min, max } });
  }
  return problems;
}

export function minValuesBody(form: MinValuesForm): MinValues {
  return { minFixed: parseWhole(form.minFixed) ?? 0, compTotal: parseWhole(form.compTotal) ?? 0, deferredMax: parseWhole(form.deferredMax) ?? 0 };
}

// ─────────── inflation data ───────────
export interface InflationRow {
  year: string;
  /** '' for the rate of groups spanning several countries (the euro area). */
  country: string;
  rate: string;
  estimate: boolean;
}

export const inflationForm = (entries: InflationEntry[]): InflationRow[] =>
  entries.map((e) => ({ year: String(e.year), country: e.country ?? '', rate: String(e.rate), estimate: e.estimate ?? false }));

export function inflationProblems(rows: InflationRow[], now = new Date()): EditorProblem[] {
  const years = surveyYears(now);
  const problems: EditorProblem[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const year = parseWhole(row.year);
    if (year === null || !years.includes(year))
      problems.push({ field: 'year', index, messageKey: `${ERRORS}.not_survey_year`, values: { first: years[0], last: years.at(-1)! } });
    if (row.country !== '' && !(COUNTRIES as readonly string[]).includes(row.country))
      problems.push({ field: 'country', index, messageKey: `${ERRORS}.unknown_country` });
    const rate = parseDecimal(row.rate);
    if (rate === null) problems.push({ field: 'rate', index, messageKey: `${ERRORS}.not_number` });
    else if (rate < INFLATION_RATE_RANGE.min || rate > INFLATION_RATE_RANGE.max) {
      problems.push({ field: 'rate', index, messageKey: `${ERRORS}.out_of_range`, values: { min: INFLATION_RATE_RANGE.min, max: INFLATION_RATE_RANGE.max } });
    }
    const key = `${row.year.trim()}|${row.country}`;
    if (seen.has(key)) problems.push({ field: 'year', index, messageKey: `${ERRORS}.INFLATION_DUPLICATE_ENTRY` });
    seen.add(key);
  });
  return problems;
}

export function inflationBody(rows: InflationRow[]): { inflationData: InflationEntry[] } {
  return {
    inflationData: rows.map((row) => ({
      year: parseWhole(row.year) ?? 0,
      rate: parseDecimal(row.rate) ?? 0,
      ...(row.country ? { country: row.country } : {}),
      ...(row.estimate ? { estimate: true } : {}),
    })),
  };
}

// ─────────── exchange rates ───────────
export interface ExchangeRateRow {
  currency: string;
  rateToEur: string;
  date: string;
}

export const exchangeRatesForm = (rates: ExchangeRate[]): ExchangeRateRow[] =>
  rates.map((r) => ({ currency: r.currency, rateToEur: String(r.rateToEur), date: r.date }));

export function exchangeRatesProblems(rows: ExchangeRateRow[], now = new Date()): EditorProblem[] {
  const entries = rows.map((row) => ({ currency: row.currency, rateToEur: parseDecimal(row.rateToEur) ?? Number.NaN, date: row.date.trim() }));
  return exchangeRateProblems(entries, now).map((p) => ({ field: p.field, index: p.index, messageKey: `${ERRORS}.${p.code}` }));
}

export function exchangeRatesBody(rows: ExchangeRateRow[]): { exchangeRates: ExchangeRate[] } {
  return {
    exchangeRates: rows.map((row) => ({ currency: row.currency.trim().toUpperCase(), rateToEur: parseDecimal(row.rateToEur) ?? 0, date: row.date.trim() })),
  };
}
