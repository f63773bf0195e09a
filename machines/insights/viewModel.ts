// The insights widgets as the page renders them: each ranking's rows and how many groups were left out.
import type { SnapshotFrom } from 'xstate';
import type { PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import type { InsightList, InsightsMachine } from './insightsMachine';

export type InsightsSnapshot = SnapshotFrom<InsightsMachine>;

export type RankingName = 'betterCities' | 'betterSectors' | 'averageByCountry';
export const RANKINGS: readonly RankingName[] = ['betterCities', 'betterSectors', 'averageByCountry'];

export interface RankingView {
  name: RankingName;
  /** city | sector | country: which option list labels the keys. */
  rankedBy: 'city' | 'sector' | 'country';
  year: number;
  currency: string;
  filters: PeerGroupFilters;
  items: Array<{ key: string; countLabel: string; p50: number; p25: number | null; p75: number | null }>;
  /** Groups left out for privacy (under K, too few for a median, or refused). */
  omitted: number;
}

const RANKED_BY: Record<RankingName, RankingView['rankedBy']> = { betterCities: 'city', betterSectors: 'sector', averageByCountry: 'country' };

function rankingOf(name: RankingName, list: InsightList): RankingView {
  const omitted = list.omitted ? list.omitted.notEnoughData + list.omitted.tooFewForMedian + list.omitted.refused : 0;
  return {
    name,
    rankedBy: list.rankedBy ?? RANKED_BY[name],
    year: list.year,
    currency: list.currency,
    filters: list.filters as PeerGroupFilters,
    items: list.items.map((item) => ({ key: item.key, countLabel: item.countLabel ?? String(item.n), p50: item.p50, p25: item.p25 ?? null, p75: item.p75 ?? null })),
    omitted,
  };
}

export interface InsightsView {
  phase: 'loading' | 'ready' | 'failed';
  rankings: RankingView[];
  canRetry: boolean;
}

export function insightsView(snapshot: InsightsSnapshot): InsightsView {
  const { insights } = snapshot.context;
  const phase = snapshot.hasTag('ready') ? 'ready' : snapshot.hasTag('failed') ? 'failed' : 'loading';
  return {
    phase,
    rankings: phase === 'ready' && insights ? RANKINGS.map((name) => rankingOf(name, insights[name])) : [],
    canRetry: snapshot.can({ type: 'insights.retry' }),
  };
}
