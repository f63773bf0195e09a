// The real effect of the income projection: one evolution request asked as a projection through the typed client —
// the person's own peer group (sector, position level, country of their latest form) with their own totals and the
// same group at the next position level, at one search's price (free for a member with a completed form; 1 credit
// for a corporate user). A saved projection is re-opened by its historyId, free. Without a form of their own the
// person has nothing to project: nothing is asked (403 FORM_REQUIRED, as the server would say).
import { fromPromise } from 'xstate';
import { api, call, type ApiClient, type CallFailure } from '../../src/api/client';
import { normaliseFilters } from '../../src/domain/peerGroupFilters';
import { ownPeerGroup } from '../evolution/actors';
import { dataOf } from '../personalViews/calls';
import type { ProjectionInputs, ProjectionRequest } from './incomeProjectionMachine';

const formRequired = (): CallFailure => ({ ok: false, status: 403, value: null, reason: 'http', body: null, errorCode: 'FORM_REQUIRED', request: null });

export function incomeProjectionActors(client: ApiClient = api) {
  return {
    loadProjectionInputs: fromPromise<ProjectionInputs, ProjectionRequest>(async ({ input, signal }) => {
      if (input.historyId) {
        return dataOf(call(client.POST('/forms/evolution', { body: { filters: {}, projection: true, historyId: input.historyId }, signal })));
      }
      const group = await ownPeerGroup(client, signal);
      if (!group) throw formRequired();
      return dataOf(
        call(client.POST('/forms/evolution', { body: { filters: normaliseFilters(group), projection: true, idempotencyKey: input.idempotencyKey }, signal })),
      );
    }),
  };
}
