// The CSV download of a comparison result: a short description of the group (year, currency, size and
// filters), an empty line, then one row per measure with every published figure and, when known, the
// person's own value and position. RFC 4180 (comma separated, CRLF, quotes where needed); numbers are
// plain (no grouping, dot decimals) so spreadsheets read them as numbers in any language. Texts come in
// already translated, so this module stays pure.
import { MEASURES, type MeasureName, type Measures, type Positions } from './peerDistribution';

export interface ComparisonCsvText {
  year: string;
  currency: string;
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
  result: { year: number; currency: string; countLabel: string; measures: Measures | null };
  /** The person's position per measure (from the server or estimated); null when there is none. */
  positions: Positions | null;
  /** The filters, translated: [label, value]. */
  filters: Array<[string, string]>;
  text: ComparisonCsvText;
}

/** Excel opens UTF-8 CSV correctly only with a byte order mark. */
export const CSV_BOM = '\ufeff';

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  // A leading = + - @ would make a spreadsheet run the cell as a formula (CSV injection).
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function row(fields: Array<string | number | null | undefined>): string {
  return fields.map(csvField).join(',');
}

export function comparisonCsv({ result, positions, filters, text }: ComparisonCsvInput): string {
  const lines = [
    row([text.year, result.year]),
    row([text.currency, result.currency]),
    row([text.groupSize, result.countLabel]),
    ...filters.map(([label, value]) => row([label, value])),
    '',
    row([
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
      const s = result.measures[measure];
      const p = positions?.[measure] ?? null;
      lines.push(
        row([
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
          p?.ownValue ?? null,
          p?.percentileRank ?? null,
          p?.diffFromMedianPercent ?? null,
        ]),
      );
    }
  }
  return lines.join('\r\n') + '\r\n';
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
