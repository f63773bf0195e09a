// The real effect of the income projection: two evolution calls through the typed client — the person's own
// peer group (sector, position level, country of their latest form) with their own totals, and the same group at
// the next position level (how the "next level" scenario gets its growth and its level). Both are free for a
// member with a completed form; a member without one gets 403 FORM_REQUIRED.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient, type CallFailure } from '../../src/api/client';
import { nextPositionLevel } from '../../src/domain/incomeProjection';
import { normaliseFilters, type PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import { ownPeerGroup } from '../evolution/actors';
import type { EvolutionResult } from '../evolution/evolutionMachine';
import { dataOf } from '../personalViews/calls';
import type { ProjectionInputs } from './incomeProjectionMachine';

const formRequired = (): CallFailure => ({ ok: false, status: 403, value: null, reason: 'http', body: null, errorCode: 'FORM_REQUIRED', request: null });

export function incomeProjectionActors(client: ApiClient = api) {
  const evolution = (filters: PeerGroupFilters, getUserEvolution: boolean, signal: AbortSignal): Promise<EvolutionResult> =>
    dataOf(call(client.POST('/forms/evolution', { body: { filters: normaliseFilters(filters), getUserEvolution }, signal })));
  return {
    loadProjectionInputs: fromPromise<ProjectionInputs>(async ({ signal }) => {
      const group = await ownPeerGroup(client, signal);
      if (!group) throw formRequired();
      const next = nextPositionLevel(group.positionLevel);
      const [own, nextEvolution] = await Promise.all([
        evolution(group, true, signal),
        next ? evolution({ ...group, positionLevel: next }, false, signal) : Promise.resolve(null),
      ]);
      return { own, nextLevel: next && nextEvolution ? { level: next, evolution: nextEvolution } : null };
    }),
  };
}
