// The income projection as the page renders it: the pure projection of src/domain/incomeProjection over the
// machine's inputs (one evolution answer asked as a projection). The person's start is their latest own total
// (nominal); the group's growth comes from the nominal medians; real terms use the average of the rates the
// evolution answer deflated with.
import type { SnapshotFrom } from 'xstate';
import { incomeProjection, type GrowthPoint, type Projection } from '../../src/domain/incomeProjection';
import type { FilterField, PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import type { EvolutionResult } from '../evolution/evolutionMachine';
import type { IncomeProjectionMachine } from './incomeProjectionMachine';
import { requiredPlanOf } from '../personalViews/calls';
import { premiumPathFor } from '../premiumModal/viewModel';

export type IncomeProjectionSnapshot = SnapshotFrom<IncomeProjectionMachine>;

const growthSeries = (series: EvolutionResult['series']): GrowthPoint[] => series.map(({ year, p25, p50, p75 }) => ({ year, p25, p50, p75 }));

export interface ProjectionView {
  currency: string;
  measure: string;
  filters: PeerGroupFilters;
  projection: Projection;
  /** The person's latest total and its year (the start). */
  start: { year: number; value: number };
  /** Years of the group with a median (the growth is measured between the first and the last). */
  yearsWithMedian: number[];
  inflationCountry: string | null;
  release: { sequence: number; cutAt: string } | null;
  /** This projection re-opened a saved one (free). */
  reopened: boolean;
  /** The filters the server dropped from the person's group (in order) to measure its growth. */
  widened: FilterField[];
}

export function projectionView(snapshot: IncomeProjectionSnapshot): ProjectionView | null {
  const { inputs, historyId } = snapshot.context;
  if (!snapshot.hasTag('ready') || !inputs) return null;
  const own = [...(inputs.userSeries ?? [])].sort((a, b) => a.year - b.year).at(-1);
  if (!own) return null;
  const start = { year: own.year, value: own.value };
  const rates = (inputs.inflation?.rates ?? []).map((rate) => rate.rate);
  const projection = incomeProjection({
    start,
    peers: growthSeries(inputs.series),
    nextLevel: inputs.nextLevel ? { level: inputs.nextLevel.positionLevel, series: growthSeries(inputs.nextLevel.series) } : null,
    inflationRates: rates,
  });
  return {
    currency: inputs.currency,
    measure: inputs.measure,
    filters: inputs.filters,
    projection,
    start,
    yearsWithMedian: inputs.series.filter((point) => point.p50 !== null).map((point) => point.year),
    inflationCountry: inputs.inflation?.country ?? null,
    release: inputs.release ? { sequence: inputs.release.sequence, cutAt: inputs.release.cutAt } : null,
    reopened: historyId !== null && inputs.historyId === historyId,
    widened: inputs.widenedSteps ?? [],
  };
}

export type ProjectionPhase = 'waiting' | 'loading' | 'ready' | 'noOwnFigures' | 'premiumRequired' | 'creditGate' | 'failed';

export function projectionPhase(snapshot: IncomeProjectionSnapshot): ProjectionPhase {
  if (snapshot.hasTag('waiting')) return 'waiting';
  if (snapshot.hasTag('ready')) return 'ready';
  if (snapshot.hasTag('creditGate')) return 'creditGate';
  if (snapshot.hasTag('noOwnFigures')) return 'noOwnFigures';
  if (snapshot.hasTag('premiumRequired')) return 'premiumRequired';
  if (snapshot.hasTag('failed')) return 'failed';
  return 'loading';
}

/** Where a plan without the projection goes (403 PREMIUM_REQUIRED): the premium modal, the plan that unlocks it marked; null otherwise. */
export function projectionPremiumPath(snapshot: IncomeProjectionSnapshot): string | null {
  if (!snapshot.hasTag('premiumRequired')) return null;
  return premiumPathFor('incomeProjection', requiredPlanOf(snapshot.context.failure) ?? 'advanced');
}
