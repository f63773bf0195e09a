// The income projection as the page renders it: the pure projection of src/domain/incomeProjection over the
// machine's inputs. The person's start is their latest own total (nominal); the group's growth comes from the
// nominal medians; real terms use the average of the rates the evolution answer deflated with.
import type { SnapshotFrom } from 'xstate';
import { incomeProjection, type GrowthPoint, type Projection } from '../../src/domain/incomeProjection';
import type { PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import type { EvolutionResult } from '../evolution/evolutionMachine';
import type { IncomeProjectionMachine } from './incomeProjectionMachine';

export type IncomeProjectionSnapshot = SnapshotFrom<IncomeProjectionMachine>;

const growthSeries = (result: EvolutionResult): GrowthPoint[] => result.series.map(({ year, p25, p50, p75 }) => ({ year, p25, p50, p75 }));

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
}

export function projectionView(snapshot: IncomeProjectionSnapshot): ProjectionView | null {
  const { inputs } = snapshot.context;
  if (!snapshot.hasTag('ready') || !inputs) return null;
  const own = [...(inputs.own.userSeries ?? [])].sort((a, b) => a.year - b.year).at(-1);
  if (!own) return null;
  const start = { year: own.year, value: own.value };
  const rates = (inputs.own.inflation?.rates ?? []).map((rate) => rate.rate);
  const projection = incomeProjection({
    start,
    peers: growthSeries(inputs.own),
    nextLevel: inputs.nextLevel ? { level: inputs.nextLevel.level, series: growthSeries(inputs.nextLevel.evolution) } : null,
    inflationRates: rates,
  });
  return {
    currency: inputs.own.currency,
    measure: inputs.own.measure,
    filters: inputs.own.filters as PeerGroupFilters,
    projection,
    start,
    yearsWithMedian: inputs.own.series.filter((point) => point.p50 !== null).map((point) => point.year),
    inflationCountry: inputs.own.inflation?.country ?? null,
    release: inputs.own.release ? { sequence: inputs.own.release.sequence, cutAt: inputs.own.release.cutAt } : null,
  };
}

export function projectionPhase(snapshot: IncomeProjectionSnapshot): 'loading' | 'ready' | 'noOwnFigures' | 'failed' {
  if (snapshot.hasTag('ready')) return 'ready';
  if (snapshot.hasTag('noOwnFigures')) return 'noOwnFigures';
  if (snapshot.hasTag('failed')) return 'failed';
  return 'loading';
}
