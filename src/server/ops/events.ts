// What services report for the metrics (ops/metrics.ts) without knowing about Prometheus. Each app's
// metrics subscribe while the app runs; nothing listens otherwise (scripts, tests without metrics).
import { EventEmitter } from 'node:events';

export interface OpsEvents {
  /** Credits a search charged (never a replay). */
  creditsCharged: [amount: number];
  /** A statistics cache lookup: hit or computed. */
  statisticsCache: [hit: boolean];
  /** A background job failed for good (not an interruption). */
  jobFailed: [queue: string];
}

export const opsEvents = new EventEmitter<OpsEvents>();
// One listener per running app's metrics: several apps in one test process are not a leak.
opsEvents.setMaxListeners(0);
