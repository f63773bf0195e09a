// The income projection (docs/statistics-and-privacy.md): the person's latest total grown for five years at the yearly
// growth of their peer group. Pure: the page's machine gathers the inputs (the evolution of the person's peer
// group and of the next position level's peers, with the inflation rates the server used) and this computes.
//
// Assumptions, as the page explains them:
// - growth g = the peer group's median yearly growth: the compound annual growth (CAGR) of the published median
//   between the first and the last survey year with a median (years under K or without quartiles are skipped);
// - the band: centred on g, as wide on each side as the farther of the CAGRs of the group's p25 and p75 is from g
//   (the low and high growth seen in the group both fall inside it, and the projection is its central line: the
//   quartiles' growth alone could both lie above, or below, the median's, leaving the line on an edge);
// - with fewer than two years with a median, g = the average yearly inflation of the rates (a notice says so),
//   and the band collapses to it;
// - real terms: the nominal projection deflated by that average inflation, in money of the starting year;
// - next position level: the person keeps their place relative to the median (own ÷ own group's median) but at
//   the next level's latest median, and grows at the next level's median growth.
import { POSITION_LEVELS, type PositionLevel } from './questionnaire';

/** How many years ahead the projection goes. */
export const PROJECTION_YEARS = 5;

/** One year of a peer group's published evolution (nominal figures; null when not published). */
export interface GrowthPoint {
  year: number;
  p25: number | null;
  p50: number | null;
  p75: number | null;
}

export interface GrowthEstimate {
  /** Yearly growth as a fraction (0.03 = 3 %). */
  median: number;
  low: number;
  high: number;
  /** Where the rates come from: the group's medians, or average inflation (fewer than two years with a median). */
  source: 'peers' | 'inflation';
  /** The first and last year the growth was measured between (null with inflation). */
  fromYear: number | null;
  toYear: number | null;
}

/** Compound annual growth between two values `years` apart; null when it cannot be computed. */
export function cagr(first: number, last: number, years: number): number | null {
  if (!(first > 0) || !(last > 0) || !(years > 0)) return null;
  return (last / first) ** (1 / years) - 1;
}

/** The mean of yearly inflation rates (percent) as a fraction; 0 without rates. */
export function averageInflation(ratesPercent: readonly number[]): number {
  if (ratesPercent.length === 0) return 0;
  return ratesPercent.reduce((sum, rate) => sum + rate, 0) / ratesPercent.length / 100;
}

/** The group's yearly growth from its published medians, or average inflation when fewer than two years have one. */
export function peerGrowth(series: readonly GrowthPoint[], ratesPercent: readonly number[]): GrowthEstimate {
  const usable = series.filter((p) => p.p50 !== null && p.p50 > 0).sort((a, b) => a.year - b.year);
  const first = usable[0];
  const last = usable.at(-1);
  if (first && last && last.year > first.year) {
    const span = last.year - first.year;
    const median = cagr(first.p50!, last.p50!, span)!;
    const quartile = (pick: (p: GrowthPoint) => number | null) => {
      const a = pick(first);
      const b = pick(last);
      return a !== null && b !== null ? cagr(a, b, span) : null;
    };
    const g25 = quartile((p) => p.p25) ?? median;
    const g75 = quartile((p) => p.p75) ?? median;
    const spread = Math.max(Math.abs(g25 - median), Math.abs(g75 - median));
    return { median, low: median - spread, high: median + spread, source: 'peers', fromYear: first.year, toYear: last.year };
  }
  const inflation = averageInflation(ratesPercent);
  return { median: inflation, low: inflation, high: inflation, source: 'inflation', fromYear: null, toYear: null };
}

/** `start × (1 + g)^t` for t = 0 … years, rounded to whole units (shown to 100: MoneyKind `projection` in money.ts). */
export function project(start: number, growth: number, years: number = PROJECTION_YEARS): number[] {
  return Array.from({ length: years + 1 }, (_, t) => Math.round(start * (1 + growth) ** t));
}

/** A nominal path in money of its first year: value_t / (1 + inflation)^t. */
export function inRealTerms(nominal: readonly number[], inflation: number): number[] {
  return nominal.map((value, t) => Math.round(value / (1 + inflation) ** t));
}

/** The position level above `level` (ceo has none). */
export function nextPositionLevel(level: string | null | undefined): PositionLevel | null {
  const index = POSITION_LEVELS.indexOf(level as PositionLevel);
  return index > 0 ? POSITION_LEVELS[index - 1] : null;
}

/** The latest published median of a series (the level a group's pay has reached). */
export function latestMedian(series: readonly GrowthPoint[]): { year: number; p50: number } | null {
  const usable = series.filter((p) => p.p50 !== null && p.p50 > 0).sort((a, b) => a.year - b.year);
  const last = usable.at(-1);
  return last ? { year: last.year, p50: last.p50! } : null;
}

export interface ProjectionInput {
  /** The person's latest total (nominal) and its year. */
  start: { year: number; value: number };
  /** The peer group's evolution. */
  peers: readonly GrowthPoint[];
  /** The next position level's peers (same sector and country), when there is a next level. */
  nextLevel?: { level: string; series: readonly GrowthPoint[] } | null;
  /** Yearly inflation rates (percent) of the group's country, as the evolution answer gave them. */
  inflationRates: readonly number[];
  years?: number;
}

export interface ProjectionScenario {
  growth: GrowthEstimate;
  /** Years start.year … start.year + years. */
  years: number[];
  nominal: number[];
  low: number[];
  high: number[];
  /** The nominal path in money of the starting year. */
  real: number[];
}

export interface Projection {
  current: ProjectionScenario;
  /** The same projection at the next position level; null at the top level or without a median there. */
  nextLevel: (ProjectionScenario & { level: string; startValue: number }) | null;
  /** The average yearly inflation used for real terms (fraction). */
  inflation: number;
}

function scenario(startYear: number, start: number, growth: GrowthEstimate, inflation: number, years: number): ProjectionScenario {
  const nominal = project(start, growth.median, years);
  return {
    growth,
    years: nominal.map((_, t) => startYear + t),
    nominal,
    low: project(start, growth.low, years),
    high: project(start, growth.high, years),
    real: inRealTerms(nominal, inflation),
  };
}

export function incomeProjection(input: ProjectionInput): Projection {
  const years = input.years ?? PROJECTION_YEARS;
  const inflation = averageInflation(input.inflationRates);
  const current = scenario(input.start.year, input.start.value, peerGrowth(input.peers, input.inflationRates), inflation, years);
  let nextLevel: Projection['nextLevel'] = null;
  const ownMedian = latestMedian(input.peers);
  const nextMedian = input.nextLevel ? latestMedian(input.nextLevel.series) : null;
  if (input.nextLevel && ownMedian && nextMedian) {
    const startValue = Math.round(input.start.value * (nextMedian.p50 / ownMedian.p50));
    const growth = peerGrowth(input.nextLevel.series, input.inflationRates);
    nextLevel = { ...scenario(input.start.year, startValue, growth, inflation, years), level: input.nextLevel.level, startValue };
  }
  return { current, nextLevel, inflation };
}
