// Salary bands of a company's job architecture and where each employee stands against them (docs/pay-transparency.md).
// Pure: the server feeds in the market ranges of each role (services/salaryBands.ts) and the payroll's rows.
import { laddered } from './payRange';
import { csvRow, CSV_BOM } from './csv';

export interface BandInput<K> {
  key: K;
  /** Where the role sits in its ladder: 0 is the lowest level; a higher number a higher level. */
  rank: number;
  /** The ladder the role belongs to (the same functional area and country). */
  ladder: string;
  low: number;
  high: number;
  /** A band the company fixed by hand: kept as it is, and the levels above ladder from its midpoint. */
  fixed?: boolean;
}

export interface LadderedBand<K> {
  key: K;
  low: number;
  high: number;
  midpoint: number;
}

/**
 * Ladders each role's market band within its ladder: every level's midpoint at least `stepPercent` % above the highest
 * midpoint of the level below (raising low and high together, as `laddered` does; roles of the same level do not push
 * each other). Bands fixed by hand are not moved. Answers in the input's order.
 */
export function ladderRoles<K>(inputs: ReadonlyArray<BandInput<K>>, stepPercent: number): Array<LadderedBand<K>> {
  const result = new Map<BandInput<K>, LadderedBand<K>>();
  const ladders = new Map<string, Array<BandInput<K>>>();
  for (const input of inputs) ladders.set(input.ladder, [...(ladders.get(input.ladder) ?? []), input]);
  for (const roles of ladders.values()) {
    const ranks = [...new Set(roles.map((role) => role.rank))].sort((a, b) => a - b);
    let below: number | null = null;
    for (const rank of ranks) {
      let highest: number | null = null;
      for (const role of roles.filter((candidate) => candidate.rank === rank)) {
        const band: { low: number; high: number; midpoint: number } =
          below === null || role.fixed
            ? { low: role.low, high: role.high, midpoint: (role.low + role.high) / 2 }
            : laddered([{ low: below, high: below }, role], stepPercent)[1];
        result.set(role, { key: role.key, ...band });
        highest = highest === null ? band.midpoint : Math.max(highest, band.midpoint);
      }
      below = highest;
    }
  }
  return inputs.map((input) => result.get(input)!);
}

export type BandPosition = 'below' | 'within' | 'above' | 'no-band';

/** Where pay stands against a band (its ends count as within). */
export function bandPosition(pay: number, band: { low: number; high: number } | null): BandPosition {
  if (!band) return 'no-band';
  if (pay < band.low) return 'below';
  if (pay > band.high) return 'above';
  return 'within';
}

/** The annual pay of a full-time year: the pay of `fte` (0 < fte <= 1) ÷ fte, as the report puts part-time staff on equal terms. */
export function fullTimePay(pay: number, fte: number): number {
  if (!(fte > 0 && fte <= 1)) throw new RangeError(`FTE must be in (0, 1], got ${fte}`);
  return pay / fte;
}

/** The median of a list (null when empty). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The gap of two medians as the report gives it: (men − women) ÷ men, in %, one decimal; null when either is missing or men's is 0. */
export function medianGapPercent(men: number | null, women: number | null): number | null {
  if (men === null || women === null || men === 0) return null;
  return Math.round(((men - women) / men) * 1000) / 10;
}

export interface SalaryBandCsvRow {
  name: string;
  positionLevel: string;
  functionalArea: string;
  country: string;
  status: 'ok' | 'not-enough-data' | 'not-computed';
  low: number | null;
  high: number | null;
  midpoint: number | null;
  edited: boolean;
  figures: { p10: number | null; p25: number | null; p50: number | null; p75: number | null; p90: number | null } | null;
  widened: readonly string[];
  year: number | null;
  currency: string;
}

export type SalaryBandCsvText = (key: string) => string;

/** The bands as CSV, headers in the caller's language (`text` reads the salary_bands_csv section). */
export function salaryBandsCsv(rows: readonly SalaryBandCsvRow[], text: SalaryBandCsvText): string {
  const lines = [
    csvRow(
      [
        'role',
        'positionLevel',
        'functionalArea',
        'country',
        'status',
        'low',
        'high',
        'midpoint',
        'edited',
        'p10',
        'p25',
        'p50',
        'p75',
        'p90',
        'widened',
        'year',
        'currency',
      ].map(text),
    ),
    ...rows.map((row) =>
      csvRow([
        row.name,
        row.positionLevel,
        row.functionalArea,
        row.country,
        text(`statuses.${row.status}`),
        row.low,
        row.high,
        row.midpoint,
        text(row.edited ? 'yes' : 'no'),
        row.figures?.p10,
        row.figures?.p25,
        row.figures?.p50,
        row.figures?.p75,
        row.figures?.p90,
        row.widened.join(' '),
        row.year,
        row.currency,
      ]),
    ),
  ];
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}
