// The evolution as the page renders it: a pure function of the snapshot. Each year keeps its place (a year
// under K is marked, not dropped); the scale switch picks the nominal or the real figures.
import type { SnapshotFrom } from 'xstate';
import { activeFilters, nextWidening, type FilterField, type PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import { hasFigures, type EvolutionMachine, type EvolutionResult, type EvolutionScale } from './evolutionMachine';
import { countViewOf, type CountView } from '../comparison/viewModel';
import { requiredPlanOf } from '../personalViews/calls';
import { premiumPathFor } from '../premiumModal/viewModel';

export type EvolutionSnapshot = SnapshotFrom<EvolutionMachine>;

export type EvolutionPhase = 'preparing' | 'unavailable' | 'editing' | 'searching' | 'result' | 'creditGate' | 'premiumRequired' | 'formRequired' | 'failed';

export function evolutionPhase(snapshot: EvolutionSnapshot): EvolutionPhase {
  if (snapshot.hasTag('loading')) return 'preparing';
  if (snapshot.hasTag('unavailable')) return 'unavailable';
  if (snapshot.hasTag('busy')) return 'searching';
  if (snapshot.hasTag('result')) return 'result';
  if (snapshot.hasTag('creditGate')) return 'creditGate';
  if (snapshot.hasTag('premiumRequired')) return 'premiumRequired';
  if (snapshot.hasTag('formRequired')) return 'formRequired';
  if (snapshot.hasTag('failed')) return 'failed';
  return 'editing';
}

/** Why a year shows no figures (or only nominal ones). */
export type YearNote = 'notEnoughData' | 'tooFewForQuartiles' | 'refused' | 'noInflationData' | null;

export interface EvolutionYearView {
  year: number;
  n: number | null;
  countLabel: string;
  /** In the scale shown; null when not published (or, in real terms, when a rate is missing). */
  p25: number | null;
  p50: number | null;
  p75: number | null;
  note: YearNote;
  /** comparison.reasons.{code} of the note, null without one. */
  reasonKey: string | null;
  /** The person's own figure that year, in the scale shown. */
  own: number | null;
}

export interface EvolutionResultView {
  scale: EvolutionScale;
  currency: string;
  baseYear: number;
  measure: string;
  filters: PeerGroupFilters;
  years: EvolutionYearView[];
  /** The person's own line exists (they have completed forms). */
  hasOwnLine: boolean;
  /** Whose rates deflate the real figures (null: the rates without a country) and whether some are forecasts. */
  inflation: { country: string | null; provisional: boolean } | null;
  release: { sequence: number; cutAt: string } | null;
  creditsLeft: number | null;
  /** The filters changed since this answer. */
  stale: boolean;
  /** The group asked for was too small and was widened: what was asked, and the fields dropped, in order. */
  widened: { from: PeerGroupFilters; dropped: FilterField[] } | null;
  /** No year has figures: the chart and table give way to one sentence (and the widening link when there is one). */
  empty: boolean;
  /** The field the widening link drops (country, then sector; never the level); null without a link. */
  widenField: 'country' | 'sector' | null;
}

function noteOf(point: EvolutionResult['series'][number]): YearNote {
  if (point.status === 'not-enough-data' || point.reasonCode === 'NOT_ENOUGH_DATA') return 'notEnoughData';
  if (point.status === 'refused' || point.reasonCode === 'DIFFERENCING_RISK') return 'refused';
  if (point.reasonCode === 'TOO_FEW_FOR_QUARTILES') return 'tooFewForQuartiles';
  if (point.reasonCode === 'NO_INFLATION_DATA') return 'noInflationData';
  return null;
}

/** The years of an answer in one scale (also what the income projection reads). */
export function evolutionYears(result: EvolutionResult, scale: EvolutionScale): EvolutionYearView[] {
  const own = new Map((result.userSeries ?? []).map((point) => [point.year, point]));
  return result.series.map((point) => {
    const mine = own.get(point.year);
    const real = scale === 'real';
    const note = noteOf(point);
    return {
      year: point.year,
      n: point.n,
      countLabel: point.countLabel,
      p25: real ? point.realP25 : point.p25,
      p50: real ? point.realP50 : point.p50,
      p75: real ? point.realP75 : point.p75,
      note,
      reasonKey: note ? `comparison.reasons.${point.reasonCode ?? (note === 'notEnoughData' ? 'NOT_ENOUGH_DATA' : 'DIFFERENCING_RISK')}` : null,
      own: mine ? (real ? mine.realValue : mine.value) : null,
    };
  });
}

export function evolutionResultView(snapshot: EvolutionSnapshot): EvolutionResultView | null {
  const { result, scale, widenedFrom } = snapshot.context;
  if (!result) return null;
  const filters = result.filters;
  return {
    scale,
    currency: result.currency,
    baseYear: result.baseYear,
    measure: result.measure,
    filters,
    years: evolutionYears(result, scale),
    hasOwnLine: (result.userSeries ?? []).length > 0,
    inflation: result.inflation ? { country: result.inflation.country, provisional: result.inflation.rates.some((rate) => rate.estimate) } : null,
    release: result.release ? { sequence: result.release.sequence, cutAt: result.release.cutAt } : null,
    creditsLeft: result.creditsLeft,
    stale: !snapshot.hasTag('result'),
    widened: widenedFrom ? { from: widenedFrom, dropped: droppedBetween(widenedFrom, filters) } : null,
    empty: !hasFigures(result),
    widenField: snapshot.can({ type: 'evolution.widen' }) ? nextWidening(snapshot.context.filters) : null,
  };
}

/** The widening fields of the group asked for that the group shown no longer has (by the server or the link). */
function droppedBetween(from: PeerGroupFilters, to: PeerGroupFilters): FilterField[] {
  return (['country', 'sector'] as const).filter((field) => from[field] !== undefined && to[field] === undefined);
}

export interface EvolutionPanelView {
  filters: PeerGroupFilters;
  locked: boolean;
  canClear: boolean;
  canSearch: boolean;
  searching: boolean;
  /** The answer asked follows a saved search (free to re-open) until the filters change. */
  followsSaved: boolean;
  /**
   * The live "N people match" line (the latest year), as the comparison's panel shows it; null when no count is
   * known, asked or failed (an evolution opened at once: its table gives each year's count).
   */
  count: CountView | null;
  /** The count failed and may be asked again. */
  canRecount: boolean;
  /** The caller pays per search and has no credit left: the button is disabled and the panel says how to get some. */
  outOfCredits: boolean;
}

export function evolutionPanelView(snapshot: EvolutionSnapshot): EvolutionPanelView {
  const locked = snapshot.hasTag('loading') || snapshot.hasTag('busy') || snapshot.hasTag('unavailable') || snapshot.hasTag('creditGate');
  return {
    filters: snapshot.context.filters,
    locked,
    canClear: !locked && activeFilters(snapshot.context.filters).length > 0,
    canSearch: snapshot.can({ type: 'evolution.search' }),
    searching: snapshot.hasTag('busy'),
    followsSaved: snapshot.context.historyId !== null,
    count:
      snapshot.context.count || snapshot.hasTag('counting') || snapshot.matches({ editing: 'countFailed' })
        ? countViewOf(snapshot.context.count, snapshot.matches({ editing: 'countFailed' }))
        : null,
    canRecount: snapshot.matches({ editing: 'countFailed' }),
    outOfCredits: snapshot.context.credits !== null && snapshot.context.credits <= 0,
  };
}

export interface EvolutionFailureView {
  status: number;
  errorCode: string | null;
  offline: boolean;
  canRetry: boolean;
}

export function evolutionFailureView(snapshot: EvolutionSnapshot): EvolutionFailureView | null {
  const { failure } = snapshot.context;
  const shown = snapshot.hasTag('failed') || snapshot.hasTag('unavailable') || snapshot.hasTag('creditGate') || snapshot.hasTag('formRequired');
  if (!failure || !shown) return null;
  return { status: failure.status, errorCode: failure.errorCode, offline: failure.status === 0, canRetry: snapshot.can({ type: 'evolution.retry' }) };
}

/**
 * Where a plan without the evolution goes (403 PREMIUM_REQUIRED): the premium modal's page with the feature and the
 * plan that unlocks it marked; null in every other state.
 */
export function evolutionPremiumPath(snapshot: EvolutionSnapshot): string | null {
  if (!snapshot.hasTag('premiumRequired')) return null;
  return premiumPathFor('evolution', requiredPlanOf(snapshot.context.failure) ?? 'basic');
}

export interface EvolutionView {
  phase: EvolutionPhase;
  /** The premium modal's path when the plan lacks the evolution; null otherwise. */
  premiumPath: string | null;
  panel: EvolutionPanelView;
  result: EvolutionResultView | null;
  failure: EvolutionFailureView | null;
}

export function evolutionView(snapshot: EvolutionSnapshot): EvolutionView {
  return {
    phase: evolutionPhase(snapshot),
    premiumPath: evolutionPremiumPath(snapshot),
    panel: evolutionPanelView(snapshot),
    result: evolutionResultView(snapshot),
    failure: evolutionFailureView(snapshot),
  };
}
