// The insights widgets as the page renders them: each ranking's rows and how many groups were left out.
import type { SnapshotFrom } from 'xstate';
import { WIDENING_KEEPING_LEVEL, type FilterField, type PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import type { InsightList, InsightsMachine, RankingName } from './insightsMachine';

export type InsightsSnapshot = SnapshotFrom<InsightsMachine>;

export type { RankingName };
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
  /** The conditions of the profile dropped by the widening link, in order; null when not widened. */
  widened: FilterField[] | null;
  /** No entry: the card is one sentence, with the widening link when it may be asked. */
  canWiden: boolean;
  /** The condition the widening drops first (country, then sector, never the ranked field nor the level). */
  widenField: 'country' | 'sector' | null;
  /** The widened ranking is being asked. */
  widening: boolean;
}

const RANKED_BY: Record<RankingName, RankingView['rankedBy']> = { betterCities: 'city', betterSectors: 'sector', averageByCountry: 'country' };

function rankingOf(name: RankingName, list: InsightList, snapshot: InsightsSnapshot): RankingView {
  const rankedBy = list.rankedBy ?? RANKED_BY[name];
  const widenField = WIDENING_KEEPING_LEVEL.find((field) => field !== rankedBy && list.filters[field] !== undefined) ?? null;
  const omitted = list.omitted ? list.omitted.notEnoughData + list.omitted.tooFewForMedian + list.omitted.refused : 0;
  return {
    name,
    rankedBy,
    year: list.year,
    currency: list.currency,
    filters: list.filters,
    items: list.items.map((item) => ({
      key: item.key,
      countLabel: item.countLabel ?? String(item.n),
      p50: item.p50,
      p25: item.p25 ?? null,
      p75: item.p75 ?? null,
    })),
    omitted,
    widened: list.widenedSteps ? list.widenedSteps : null,
    canWiden: widenField !== null && snapshot.can({ type: 'insights.widen', ranking: name }),
    widenField,
    widening: snapshot.context.widening === name,
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
    rankings: phase === 'ready' && insights ? RANKINGS.map((name) => rankingOf(name, insights[name], snapshot)) : [],
    canRetry: snapshot.can({ type: 'insights.retry' }),
  };
}
