// The CSV download of a comparison result: a short description of the group (year, currency, the exchange
// rate and its date when the figures were converted, size and filters), an empty line, then one row per
// measure with every published figure and, when known, the person's own value and position. Money is as on
// the screen (src/domain/money.ts): in the currency shown, converted with the release's rate, to 100. The lines are written by src/domain/csv.ts; numbers are
// plain (no grouping, dot decimals) so spreadsheets read them as numbers in any language. Texts come in
// translated (comparisonCsvText reads them through the caller's translate function), so this module stays pure.
// Every label of the file names one thing: the survey year is its own row, so a year filter does not repeat it.
import { MEASURES, type MeasureName, type Measures, type Positions } from './peerDistribution';
import { shownStatistic, type MoneyDisplay } from './money';
import { csvRow } from './csv';
import type { FilterField } from './peerGroupFilters';

export interface ComparisonCsvText {
  year: string;
  currency: string;
  /** Label of the rate's row, naming both currencies: "Exchange rate (USD per 1 EUR)". Used only when converted. */
  exchangeRate: string;
  exchangeRateDate: string;
  groupSize: string;
  measure: string;
  n: string;
  mean: string;
  p10: string;
  p25: string;
  p50: string;
  p75: string;
  p90: string;
  medianCiLow: string;
  medianCiHigh: string;
  ownValue: string;
  percentileRank: string;
  diffFromMedianPercent: string;
  measures: Record<MeasureName, string>;
}

export interface ComparisonCsvInput {
  result: { year: number; countLabel: string; measures: Measures | null };
  /** The person's position per measure (from the server or estimated); null when there is none. */
  positions: Positions | null;
  /** The filters, translated (the year's left out: the survey year has its own row). */
  filters: Array<{ field: FilterField; label: string; value: string }>;
  text: ComparisonCsvText;
  /** How the screen shows the result's money: the CSV holds the same figures in the same currency. */
  money: Pick<MoneyDisplay, 'currency' | 'conversion' | 'value'>;
}

export function comparisonCsv({ result, positions, filters, text, money }: ComparisonCsvInput): string {
  const { conversion } = money;
  const lines = [
    csvRow([text.year, result.year]),
    csvRow([text.currency, money.currency]),
    ...(conversion ? [csvRow([text.exchangeRate, conversion.rate]), csvRow([text.exchangeRateDate, conversion.date])] : []),
    csvRow([text.groupSize, result.countLabel]),
    ...filters.filter(({ field }) => field !== 'year').map(({ label, value }) => csvRow([label, value])),
    '',
    csvRow([
      text.measure,
      text.n,
      text.mean,
      text.p10,
      text.p25,
      text.p50,
      text.p75,
      text.p90,
      text.medianCiLow,
      text.medianCiHigh,
      text.ownValue,
      text.percentileRank,
      text.diffFromMedianPercent,
    ]),
  ];
  if (result.measures) {
    for (const measure of MEASURES) {
      const s = shownStatistic(result.measures[measure], money);
      const p = positions?.[measure] ?? null;
      lines.push(
        csvRow([
          text.measures[measure],
          s.n,
          s.mean,
          s.p10,
          s.p25,
          s.p50,
          s.p75,
          s.p90,
          s.medianCi?.low ?? null,
          s.medianCi?.high ?? null,
          p ? money.value(p.ownValue, 'own') : null,
          p?.percentileRank ?? null,
          p?.diffFromMedianPercent ?? null,
        ]),
      );
    }
  }
  return lines.join('\r\n') + '\r\n';
}

/** A translate function (i18next's `t`): a key and its values to the reader's text. */
export type CsvTranslate = (key: string, values?: Record<string, string | number>) => string;

/** The file's labels in the reader's language (comparison.csv.*), the rate's row naming both currencies when converted. */
export function comparisonCsvText(t: CsvTranslate, conversion: { from: string; to: string } | null): ComparisonCsvText {
  return {
    year: t('comparison.csv.year'),
    currency: t('comparison.csv.currency'),
    exchangeRate: conversion ? t('comparison.csv.exchange_rate', { from: conversion.from, to: conversion.to }) : '',
    exchangeRateDate: t('comparison.csv.exchange_rate_date'),
    groupSize: t('comparison.csv.group_size'),
    measure: t('comparison.csv.measure'),
    n: t('comparison.csv.n'),
    mean: t('comparison.csv.mean'),
    p10: 'P10',
    p25: 'P25',
    p50: t('comparison.csv.median'),
    p75: 'P75',
    p90: 'P90',
    medianCiLow: t('comparison.csv.median_ci_low'),
    medianCiHigh: t('comparison.csv.median_ci_high'),
    ownValue: t('comparison.csv.own_value'),
    percentileRank: t('comparison.csv.percentile_rank'),
    diffFromMedianPercent: t('comparison.csv.diff_from_median'),
    measures: Object.fromEntries(MEASURES.map((m) => [m, t(`comparison.measures.${m}`)])) as Record<MeasureName, string>,
  };
}

/** A file name for the download: paybench-comparison-2025-banking-es.csv (letters, digits and dashes). */
export function comparisonCsvFileName(year: number, filterValues: ReadonlyArray<string | number>): string {
  const parts = ['paybench-comparison', String(year), ...filterValues.filter((v) => v !== year).map(String)];
  return `${parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120)}.csv`;
}
