// The real effects of the search history: GET forms/user-history and DELETE forms/user-history/{id}
// through the typed client; failures reject with the client's CallFailure.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient, type CallFailure } from '../../src/api/client';
import type { HistoryPage, HistoryPageRequest } from './searchHistoryMachine';

export function searchHistoryActors(client: ApiClient = api) {
  return {
    loadHistory: fromPromise<HistoryPage, HistoryPageRequest>(async ({ input, signal }) => {
      const result = await call(client.GET('/forms/user-history', { params: { query: { page: input.page, limit: input.limit } }, signal }));
      if (result.ok && result.data) return result.data;
      throw (
        result.ok ? { ok: false, status: result.status, value: null, reason: 'http', body: null, errorCode: null, request: result.request } : result
      ) satisfies CallFailure;
    }),
    deleteEntry: fromPromise<true, { id: string }>(async ({ input, signal }) => {
      const result = await call(client.DELETE('/forms/user-history/{id}', { params: { path: { id: input.id } }, signal }));
      if (result.ok) return true;
      throw result;
    }),
  };
}
