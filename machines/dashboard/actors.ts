// The corporate dashboard's real effect for the resource machine: its most recent saved searches
// (GET forms/user-history, first page) through the typed client; a failure rejects with the CallFailure.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { answerOf } from '../resource/answer';

export type HistoryPage = components['schemas']['HistoryPage'];

/** Saved searches the dashboard shows. */
export const RECENT_SEARCHES = 5;

export function dashboardActors(client: ApiClient = api) {
  return {
    load: fromPromise<HistoryPage>(async ({ signal }) =>
      answerOf(await call(client.GET('/forms/user-history', { params: { query: { page: 1, limit: RECENT_SEARCHES } }, signal }))),
    ),
  };
}
