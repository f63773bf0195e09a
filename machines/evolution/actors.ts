// The real effects of the evolution: where it starts (the person's own peer group from their latest form, or a
// saved search found in the history), the comparison's live count and POST forms/evolution, through the typed client.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient, type CallFailure } from '../../src/api/client';
import { normaliseFilters, peerGroupOf, type PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import { dataOf, failureOfResult } from '../personalViews/calls';
import type { EvolutionRequest, EvolutionResult, EvolutionStart } from './evolutionMachine';
import { signedInComparisonActors } from '../comparison/actors';

/** The peer group of the caller's latest form without its year (sector, position level, country); none without a form. */
export async function ownPeerGroup(client: ApiClient, signal?: AbortSignal): Promise<PeerGroupFilters | null> {
  const result = await call(client.GET('/forms/last', { signal }));
  if (result.ok && result.data) {
    const { year: _year, ...filters } = peerGroupOf(result.data.answers);
    return filters;
  }
  if (!result.ok && result.status === 404) return null;
  throw failureOfResult(result);
}

/**
 * A new evolution starts from the caller's own peer group (everyone without a form), which the first search may
 * widen until it has figures (never an empty first screen).
 */
export function ownGroupStart(searchAtOnce: boolean, client: ApiClient = api) {
  return fromPromise<EvolutionStart>(async ({ signal }) => {
    const own = await ownPeerGroup(client, signal);
    return { filters: own ?? {}, searchAtOnce, widen: own !== null };
  });
}

const HISTORY_PAGE_LIMIT = 100;
const HISTORY_MAX_PAGES = 50;

function notFound(): CallFailure {
  return { ok: false, status: 404, value: null, reason: 'http', body: null, errorCode: 'NOT_FOUND', request: null };
}

/**
 * Follows a saved search (an evolution re-opened, or — on the corporate dashboard — a saved comparison, whose
 * filters the evolution follows for free). The entry is looked up in the history for its filters.
 */
export function savedSearchStart(historyId: string, client: ApiClient = api) {
  return fromPromise<EvolutionStart>(async ({ signal }) => {
    for (let page = 1; page <= HISTORY_MAX_PAGES; page++) {
      const history = await dataOf(call(client.GET('/forms/user-history', { params: { query: { page, limit: HISTORY_PAGE_LIMIT } }, signal })));
      const entry = history.items.find((item) => item.id === historyId);
      if (entry) {
        if (entry.kind !== 'evolution' && entry.kind !== 'comparison') throw notFound();
        const { year: _year, ...filters } = normaliseFilters(entry.filters);
        return { filters, historyId, searchAtOnce: true };
      }
      if (page * history.limit >= history.total || history.items.length === 0) break;
    }
    throw notFound();
  });
}

export interface EvolutionOptions {
  /** Add the caller's own totals per year. */
  getUserEvolution: boolean;
  /** Asked by the corporate dashboard. */
  isDashboard: boolean;
}

export function evolutionActors(options: EvolutionOptions, client: ApiClient = api) {
  return {
    // The comparison's live count (free): the same filters, the latest year.
    countResults: signedInComparisonActors(client).countResults,
    runEvolution: fromPromise<EvolutionResult, EvolutionRequest>(({ input, signal }) =>
      dataOf(
        call(
          client.POST('/forms/evolution', {
            body: {
              filters: normaliseFilters(input.filters),
              getUserEvolution: options.getUserEvolution,
              isDashboard: options.isDashboard,
              ...(input.widen ? { widen: true } : {}),
              ...(input.historyId ? { historyId: input.historyId } : { idempotencyKey: input.idempotencyKey }),
            },
            signal,
          }),
        ),
      ),
    ),
  };
}
