// The dashboard's real effect: GET forms/detailed-statistics through the typed client.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { answerOf } from '../resource/answer';
import type { DetailedStatistics, StatsRequest } from './adminStatsMachine';

export function adminStatsActors(client: ApiClient = api) {
  return {
    loadStatistics: fromPromise<DetailedStatistics, StatsRequest>(async ({ input, signal }) =>
      answerOf(await call(client.GET('/forms/detailed-statistics', { params: { query: input.year === null ? {} : { year: input.year } }, signal }))),
    ),
  };
}
