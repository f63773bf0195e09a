// Cache of computed statistics (docs/architecture.md). A key always contains the data version and every setting the
// figures depend on, so an entry is never stale: a change makes new keys and old entries age out. The store
// is behind a small asynchronous interface so a shared store (Redis, when REDIS_URL is set and several
// instances run) can replace the in-process one without touching the callers; this build ships the
// in-process LRU, which is correct for any number of instances (keys carry the version), only less shared.

import { opsEvents } from '../ops/events';

export interface StatisticsCache {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T): Promise<void>;
}

/** In-process least-recently-used store of at most `maxEntries` entries. */
export function createMemoryCache(maxEntries = 2000): StatisticsCache & { readonly size: number } {
  const entries = new Map<string, unknown>();
  return {
    get size() {
      return entries.size;
    },
    async get<T>(key: string) {
      if (!entries.has(key)) return undefined;
      const value = entries.get(key);
      // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
      entries.delete(key);
      entries.set(key, value);
      return value as T;
    },
    async set<T>(key: string, value: T) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
  };
}

/**
 * The cached value of `key`, computing it at most once at a time in this process: concurrent requests for the
 * same figures wait for the one computation instead of each running the statement.
 */
export function createCachedComputation(cache: StatisticsCache) {
  const inFlight = new Map<string, Promise<unknown>>();
  return async function cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = await cache.get<T>(key);
    opsEvents.emit('statisticsCache', hit !== undefined);
    if (hit !== undefined) return hit;
    const running = inFlight.get(key);
    if (running) return running as Promise<T>;
    const promise = (async () => {
      try {
        const value = await compute();
        await cache.set(key, value);
        return value;
      } finally {
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, promise);
    return promise;
  };
}

export type CachedComputation = ReturnType<typeof createCachedComputation>;
