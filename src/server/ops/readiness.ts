// Readiness: whether this instance should get traffic from a load balancer. Liveness is /api/health
// (the process and its database answer); readiness adds the instance's phase — starting until main.ts finished
// its warm-up, draining from SIGTERM until it exits — the migrations this build expects, and the notification
// listener that brings configuration changes, release cuts and erasures from other instances.
//
// Redis (REDIS_URL, the shared throttle counts) is reported, not required: without it the instance still
// serves, each instance counting attempts alone (http/rateLimitRedis.ts), so readiness stays 200 and says
// `redis: down` (`off` without REDIS_URL) for the operator and the metrics.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/open';
import { migrationsFolder } from '../db/migrate';
import type { SharedStoreStatus } from '../http/rateLimitRedis';

export type Phase = 'starting' | 'ready' | 'draining';

export interface ReadinessReport {
  ready: boolean;
  phase: Phase;
  checks: { database: boolean; migrations: boolean; listener: boolean };
  /** The shared throttle store: informative only (an instance without it still serves). */
  redis: 'up' | 'down' | 'off';
}

export interface Readiness {
  phase: Phase;
  /** The shared throttle store's state (app.ts sets it with REDIS_URL); the metrics read it too. */
  redis: SharedStoreStatus | null;
  check(): Promise<ReadinessReport>;
}

/** The `when` of the newest migration this build ships (drizzle's journal): the database must have applied it. */
export function expectedMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** How long a readiness check waits for a listener that is (re)connecting before it says not ready. */
const LISTENER_WAIT_MS = 500;

/**
 * Whether the notification listener is up, waiting at most `waitMs` for one that is (re)connecting: the listener
 * of the statistics settings (services/statisticsSettings.ts), given by the app that owns it.
 */
export type ListenerLive = (waitMs: number) => Promise<boolean>;

export function createReadiness(database: Database, listenerLive: ListenerLive, phase: Phase = 'ready'): Readiness {
  const expected = expectedMigration();
  // Migrations only go forward: once the database has this build's, it keeps them.
  let migrated = false;
  const readiness: Readiness = {
    phase,
    redis: null,
    async check() {
      // Asked beside the database (bounded: one PING of at most 200 ms).
      const redis = readiness.redis ? readiness.redis.check() : Promise.resolve('off' as const);
      let reachable = true;
      try {
        await database.execute('select 1');
      } catch {
        reachable = false;
      }
      if (reachable && !migrated) {
        try {
          const [row] = await database.execute<{ latest: number | null }>('select max(created_at)::bigint as latest from drizzle.__drizzle_migrations');
          migrated = Number(row?.latest ?? 0) >= expected;
        } catch {
          migrated = false;
        }
      }
      const listener = reachable && readiness.phase !== 'draining' ? await listenerLive(LISTENER_WAIT_MS) : false;
      const checks = { database: reachable, migrations: reachable && migrated, listener };
      const ready = readiness.phase === 'ready' && checks.database && checks.migrations && checks.listener;
      return { ready, phase: readiness.phase, checks, redis: await redis };
    },
  };
  return readiness;
}
