// The storage of the credit gate: the search that ran out of credits, in this tab's session storage (it
// is about this visit, and another tab must not pick it up). The comparison page starts from it.
import { fromPromise } from 'xstate';
import { normaliseFilters, type PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import type { PendingSearch } from './creditGateMachine';
import type { StartingPoint } from '../comparison/comparisonMachine';

export const PENDING_SEARCH_KEY = 'paybench.pendingSearch';

/** Only the comparison's own page may be returned to (nothing from storage becomes an arbitrary URL). */
const RETURN_PATHS = ['/comparison'];

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The stored search, or null when there is none or it is not one. */
export function readPendingSearch(storage: Storage | undefined = sessionStore()): PendingSearch | null {
  const raw = storage?.getItem(PENDING_SEARCH_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { path?: unknown; filters?: unknown };
    if (typeof value.path !== 'string' || !RETURN_PATHS.includes(value.path)) return null;
    if (typeof value.filters !== 'object' || value.filters === null || Array.isArray(value.filters)) return null;
    return { path: value.path, filters: normaliseFilters(value.filters) };
  } catch {
    return null;
  }
}

export function writePendingSearch(search: PendingSearch, storage: Storage | undefined = sessionStore()): void {
  if (!storage) throw new Error('session storage is not available');
  storage.setItem(PENDING_SEARCH_KEY, JSON.stringify({ path: search.path, filters: normaliseFilters(search.filters) }));
}

export function clearPendingSearch(storage: Storage | undefined = sessionStore()): void {
  storage?.removeItem(PENDING_SEARCH_KEY);
}

/** Reads the stored search and forgets it: the way back leads to it once. */
export function takePendingSearch(storage: Storage | undefined = sessionStore()): PendingSearch | null {
  const search = readPendingSearch(storage);
  clearPendingSearch(storage);
  return search;
}

export function creditGateActors(storage: () => Storage | undefined = sessionStore) {
  return {
    loadPendingSearch: fromPromise<PendingSearch | null>(async () => readPendingSearch(storage())),
    // Written before the promise settles: the page may be left at once (the 402 navigates to /my-account).
    savePendingSearch: fromPromise<void, PendingSearch>(async ({ input }) => writePendingSearch(input, storage())),
    clearPendingSearch: fromPromise<void>(async () => clearPendingSearch(storage())),
  };
}

/**
 * Where /comparison starts: the search that waits for credits (its filters, ready to run), or no
 * filters. It stays stored until it runs (the page discards it then), so a reload leads to it as well.
 */
export function pendingSearchStart(storage: () => Storage | undefined = sessionStore) {
  return fromPromise<StartingPoint>(async () => ({ filters: pendingSearchFilters(storage) }));
}

/** The same start read at once (the page gives it to the comparison as `opensOn`: nothing to load). */
export function pendingSearchFilters(storage: () => Storage | undefined = sessionStore): PeerGroupFilters {
  return readPendingSearch(storage())?.filters ?? {};
}
