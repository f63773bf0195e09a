// Pay ranges for job ads (Art. 5 of the Pay Transparency Directive 2023/970: the initial pay or its range is given
// to applicants) and salary bands, from the market's published percentiles (p10, p25, p50, p75, p90). Pure.
import type { Language } from './constants';
import { numberFormat } from './intlFormat';
import { NUMBER_LOCALE } from './language';

export interface PublishedPercentiles {
  p10: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
}

/** Target percentiles, 10 <= from < to <= 90 (e.g. 40–60, 25–75). */
export interface RangePolicy {
  from: number;
  to: number;
}

const PUBLISHED = [
  [10, 'p10'],
  [25, 'p25'],
  [50, 'p50'],
  [75, 'p75'],
  [90, 'p90'],
] as const satisfies ReadonlyArray<readonly [number, keyof PublishedPercentiles]>;

/**
 * The value at percentile q (10..90) by linear interpolation between the published neighbours (10/25/50/75/90);
 * null when a needed neighbour is not published or q is outside 10..90 (nothing is published beyond to interpolate to).
 */
export function percentileAt(p: PublishedPercentiles, q: number): number | null {
  if (!(q >= 10 && q <= 90)) return null;
  const upper = PUBLISHED.findIndex(([at]) => at >= q);
  const [highAt, highKey] = PUBLISHED[upper];
  if (highAt === q) return p[highKey];
  const [lowAt, lowKey] = PUBLISHED[upper - 1];
  const low = p[lowKey];
  const high = p[highKey];
  if (low === null || high === null) return null;
  return low + ((q - lowAt) / (highAt - lowAt)) * (high - low);
}

/**
 * The range for the policy, rounded outward to `roundTo` (default 500): low down, high up. null when not computable
 * (a needed percentile is not published). A policy outside 10 <= from < to <= 90 or a roundTo <= 0 is a RangeError.
 */
export function payRange(p: PublishedPercentiles, policy: RangePolicy, roundTo = 500): { low: number; high: number } | null {
  if (!(policy.from >= 10 && policy.from < policy.to && policy.to <= 90)) throw new RangeError(`Invalid range policy ${policy.from}–${policy.to}`);
  if (!(roundTo > 0)) throw new RangeError(`roundTo must be > 0, got ${roundTo}`);
  const from = percentileAt(p, policy.from);
  const to = percentileAt(p, policy.to);
  if (from === null || to === null) return null;
  const low = Math.floor(from / roundTo) * roundTo;
  const high = Math.ceil(to / roundTo) * roundTo;
  // Percentiles out of order (a data error upstream) would give a range that ends before it starts.
  return low <= high ? { low, high } : null;
}

const SENTENCE: Record<Language, { text: (low: string, high: string, basis: string) => string; basis: Record<'fixed' | 'fixed-bonus', string> }> = {
  es: {
    text: (low, high, basis) => `Retribución bruta anual: entre ${low} y ${high} (${basis}), según experiencia.`,
    basis: { fixed: 'salario fijo', 'fixed-bonus': 'salario fijo más variable' },
  },
  en: {
    text: (low, high, basis) => `Annual gross pay: ${low} to ${high} (${basis}), depending on experience.`,
    basis: { fixed: 'fixed salary', 'fixed-bonus': 'fixed salary plus bonus' },
  },
};

/**
 * The vacancy-notice sentence, e.g. es: "Retribución bruta anual: entre 52.000 € y 61.500 € (salario fijo), según
 * experiencia." en: "Annual gross pay: €52,000 to €61,500 (fixed salary), depending on experience." Whole units, digits
 * always grouped (as src/domain/money.ts shows amounts), in `currency` (any ISO 4217 code, EUR by default).
 */
export function vacancySentence(
  range: { low: number; high: number },
  options: { language: Language; currency?: string; basis: 'fixed' | 'fixed-bonus' },
): string {
  const format = numberFormat(NUMBER_LOCALE[options.language], {
    style: 'currency',
    currency: options.currency ?? 'EUR',
    useGrouping: 'always',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  const sentence = SENTENCE[options.language];
  return sentence.text(format.format(range.low), format.format(range.high), sentence.basis[options.basis]);
}

/**
 * Salary bands for the levels of one role family, given from the lowest level up, each from its own market range.
 * `stepPercent` (>= 0) makes each level's midpoint at least that much above the level below's (after that one's own
 * raise), raising low and high together by the same amount: the bands never go down the ladder, whatever the market
 * figures of a thin level say.
 */
export function laddered(bands: ReadonlyArray<{ low: number; high: number }>, stepPercent: number): Array<{ low: number; high: number; midpoint: number }> {
  if (!(stepPercent >= 0)) throw new RangeError(`stepPercent must be >= 0, got ${stepPercent}`);
  const result: Array<{ low: number; high: number; midpoint: number }> = [];
  for (const band of bands) {
    if (!(band.low <= band.high)) throw new RangeError(`A band ends before it starts: ${band.low}–${band.high}`);
    const midpoint = (band.low + band.high) / 2;
    const below = result.at(-1);
    const floor = below ? below.midpoint * (1 + stepPercent / 100) : midpoint;
    const raise = Math.max(0, floor - midpoint);
    result.push({ low: band.low + raise, high: band.high + raise, midpoint: midpoint + raise });
  }
  return result;
}

/** Compa-ratio: pay ÷ reference (a median or a band's midpoint), null when the reference is missing or 0. */
export function compaRatio(pay: number, reference: number | null): number | null {
  return reference === null || reference === 0 ? null : pay / reference;
}
