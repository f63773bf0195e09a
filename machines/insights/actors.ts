// The real effect of the insights widgets: the three GET calls of the caller's own profile, in parallel.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { dataOf } from '../personalViews/calls';
import type { Insights } from './insightsMachine';

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
  };
}
