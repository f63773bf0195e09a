// The real effects of the insights widgets: the three GET calls of the caller's own profile, in parallel, and one
// ranking asked again widened (its widening link).
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { dataOf } from '../personalViews/calls';
import type { InsightList, Insights, RankingName } from './insightsMachine';

export function insightsActors(client: ApiClient = api) {
  return {
    loadInsights: fromPromise<Insights>(async ({ signal }) => {
      const [betterCities, betterSectors, averageByCountry] = await Promise.all([
        dataOf(call(client.GET('/forms/better-city', { signal }))),
        dataOf(call(client.GET('/forms/better-sectors', { signal }))),
        dataOf(call(client.GET('/forms/average-by-country', { signal }))),
      ]);
      return { betterCities, betterSectors, averageByCountry };
    }),
    widenRanking: fromPromise<InsightList, { ranking: RankingName }>(({ input, signal }) => {
      const widened = { params: { query: { widen: true } }, signal };
      if (input.ranking === 'betterCities') return dataOf(call(client.GET('/forms/better-city', widened)));
      if (input.ranking === 'betterSectors') return dataOf(call(client.GET('/forms/better-sectors', widened)));
      return dataOf(call(client.GET('/forms/average-by-country', widened)));
    }),
  };
}
