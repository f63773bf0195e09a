// The outlier-pack simulator's calls (admin): the five outliers-packs operations and forms/outliers through the
// typed client. Each resolves with its data or rejects with the client's CallFailure (a machine's onError).
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { dataOf, failureOfResult } from '../../src/api/callFailure';
import type { components } from '../../src/api/schema';
import type { ListPage, PageRequest } from '../list/listMachine';

export type OutlierPack = components['schemas']['OutlierPack'];
export type OutlierPackInput = components['schemas']['OutlierPackInput'];
export type OutlierPackResult = components['schemas']['OutlierPackResult'];
export type OutlierImpact = components['schemas']['OutlierImpact'];
export type OutlierForm = components['schemas']['OutlierForm'];

export const OUTLIER_FORMS_PAGE_LIMIT = 20;

export function outlierCalls(client: ApiClient = api) {
  return {
    listPacks: fromPromise<OutlierPack[]>(async ({ signal }) => (await dataOf(call(client.GET('/forms/outliers-packs-global', { signal })))).items),
    savePack: fromPromise<OutlierPack, { id: string | null; pack: OutlierPackInput }>(async ({ input, signal }) =>
      dataOf(call(client.POST('/forms/outliers-packs', { body: input.id ? { id: input.id, pack: input.pack } : { pack: input.pack }, signal }))),
    ),
    deletePack: fromPromise<true, { id: string }>(async ({ input, signal }) => {
      const result = await call(client.DELETE('/forms/outliers-packs/{id}', { params: { path: { id: input.id } }, signal }));
      if (result.ok) return true;
      throw failureOfResult(result);
    }),
    /** Queues the pack's calculation; resolves with the background job's id. */
    startCalculation: fromPromise<string, { packId: string }>(
      async ({ input, signal }) => (await dataOf(call(client.POST('/forms/calculate-outliers-packs', { body: { id: input.packId }, signal })))).jobId,
    ),
    /** The pack's stored result; null when it has none for its current rules (404). */
    loadResult: fromPromise<OutlierPackResult | null, { packId: string }>(async ({ input, signal }) => {
      const result = await call(client.GET('/forms/outliers-pack-result', { params: { query: { id: input.packId } }, signal }));
      if (result.ok && result.data && typeof result.data === 'object') return result.data;
      if (!result.ok && result.status === 404 && result.errorCode === 'OUTLIER_PACK_NOT_CALCULATED') return null;
      throw failureOfResult(result);
    }),
    loadFlaggedForms: fromPromise<ListPage<OutlierForm>, PageRequest>(async ({ input, signal }) =>
      dataOf(call(client.GET('/forms/outliers', { params: { query: { page: input.page, limit: input.limit } }, signal }))),
    ),
  };
}
