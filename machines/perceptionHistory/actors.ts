// The real effect of the perception over the years: GET forms/perception-history through the typed client;
// failures reject with the client's CallFailure.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { dataOf } from '../../src/api/callFailure';
import type { PerceptionHistory } from './perceptionHistoryMachine';

export function perceptionHistoryActors(client: ApiClient = api) {
  return {
    loadHistory: fromPromise<PerceptionHistory>(({ signal }) => dataOf(call(client.GET('/forms/perception-history', { signal })))),
  };
}
