// The background job queue on pg-boss 10 over our own Database handle, so it runs on the
// embedded PGlite and on PostgreSQL alike (docs/operations.md, "Background jobs"). pg-boss keeps its tables in the `pgboss`
// schema (created and migrated by pg-boss itself when the app starts) and hands each job to exactly one worker
// (`FOR UPDATE SKIP LOCKED`), whichever app instance polls first.
//
// What this module adds to pg-boss:
// - progress, stored (throttled) in the running job's `output` and kept with its result or error;
// - failures: a handler's error fails the job at once with a short message (no retries: our handlers fail for
//   reasons a retry does not fix); an interruption by a shutdown queues the job again (up to INTERRUPTIONS
//   times), and so does a crash once the job's expiry has passed (pg-boss's maintenance);
// - a clean stop: running handlers are told through their AbortSignal, and no query of the queue is left in
//   flight when the database closes;
// - `enqueue` with a singleton key that returns the queued or running job with that key.
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/open';
import { JOB_SCHEMA } from '../db/jobSchema';
import { opsEvents } from '../ops/events';
import type { JobHandler, JobInfo, JobProgress, JobState, Jobs, RegisterOptions } from './types';

export interface JobsService extends Jobs {
  /** Installs or migrates the queue's tables and starts the workers of the registered handlers. */
  start(): Promise<void>;
  /** Interrupts running handlers (they are queued again) and stops polling; the database stays open. */
  stop(): Promise<void>;
}

export interface JobsOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for a job (seconds, ≥ 0.5). A job queued by this instance starts at once. */
  pollingIntervalSeconds?: number;
  /** Minimum time between two progress writes of one job (ms); the last progress is always kept. */
  progressThrottleMs?: number;
  /** How long stop() waits for interrupted handlers to settle (ms). */
  stopGraceMs?: number;
}

const SCHEMA = JOB_SCHEMA;
/** How many times a job interrupted by shutdowns or crashes is run again before it is failed. */
const INTERRUPTIONS = 5;
const INTERRUPTED = 'interrupted';
const ERROR_LENGTH = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Registered {
  handler: JobHandler<unknown, unknown>;
  options: RegisterOptions;
}

interface Running {
  controller: AbortController;
  settled: Promise<unknown>;
}

/** What a job's `output` column holds: progress while it runs, then the result or the error with it. */
interface Output {
  progress?: JobProgress | null;
  result?: unknown;
  message?: string;
}

export function createJobs({ database, log, pollingIntervalSeconds = 1, progressThrottleMs = 250, stopGraceMs = 5_000 }: JobsOptions): JobsService {
  // The queue's queries go through our handle; stop() waits for those in flight, and none start after it.
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const executeSql = async (text: string, values?: unknown[]): Promise<{ rows: unknown[] }> => {
    if (closed) return { rows: [] };
    // PGlite's query takes one statement; pg-boss sends its schema scripts (several statements, no values) whole.
    const run = values && values.length > 0 ? database.execute(text, values) : database.script(text);
    inFlight.add(run);
    try {
      return { rows: await run };
    } finally {
      inFlight.delete(run);
    }
  };

  const boss = new PgBoss({
    db: { executeSql },
    schema: SCHEMA,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 60,
    pollingIntervalSeconds,
    retryLimit: INTERRUPTIONS,
    retryDelay: 0,
    // Finished jobs stay readable (GET /api/jobs/{id}) for a week, then pg-boss deletes them.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on('error', (error: Error) => log.warn({ err: error }, 'job queue error'));

  const registered = new Map<string, Registered>();
  const queues = new Map<string, Promise<void>>();
  const workers = new Map<string, string>();
  const running = new Map<string, Running>();
  let starting: Promise<void> | null = null;
  let stopping: Promise<void> | null = null;

  // Creating a queue creates a partition of pg-boss's job table: two at once on one database can deadlock
  // (PostgreSQL 40P01). This process creates them one after another, and retries the rare deadlock with
  // another instance starting at the same moment.
  let queueChain: Promise<unknown> = Promise.resolve();
  async function createQueue(name: string): Promise<void> {
    const expireInSeconds = registered.get(name)?.options.expireInSeconds ?? 15 * 60;
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name, { name, retryLimit: INTERRUPTIONS, retryDelay: 0, expireInSeconds });
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  function ensureQueue(name: string): Promise<void> {
    let ready = queues.get(name);
    if (!ready) {
      ready = queueChain.then(() => createQueue(name));
      queueChain = ready.catch(() => undefined);
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  }

  async function startWorker(name: string) {
    await ensureQueue(name);
    if (stopping || workers.has(name)) return;
    const id = await boss.work<unknown>(name, { batchSize: 1 }, async ([job]) => run(name, job.id, job.data));
    workers.set(name, id);
  }

  async function run(name: string, id: string, data: unknown): Promise<Output> {
    const { handler } = registered.get(name)!;
    const controller = new AbortController();
    let latest: JobProgress | null = null;
    let lastWrite = 0;
    const progress = async (next: JobProgress) => {
      latest = { ...next };
      const now = Date.now();
      if (now - lastWrite < progressThrottleMs && next.done < next.total) return;
      lastWrite = now;
      await executeSql(`update ${SCHEMA}.job set output = $3::jsonb where name = $1 and id = $2 and state = 'active'`, [
        name,
        id,
        JSON.stringify({ progress: latest }),
      ]);
    };
    const settled = handler({ id, data, signal: controller.signal, progress });
    running.set(id, { controller, settled: settled.catch(() => undefined) });
    try {
      const result = await settled;
      return { result: result ?? null, progress: latest };
    } catch (error) {
      if (controller.signal.aborted) {
        log.info({ job: id, name }, 'job interrupted by shutdown; it will run again');
        // A plain object: pg-boss stores it as the output as it is (an Error would be stored with its stack).
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        throw { message: INTERRUPTED, progress: latest } satisfies Output;
      }
      log.warn({ err: error, job: id, name }, 'job failed');
      opsEvents.emit('jobFailed', name);
      // Failed for good: pg-boss retries while retry_count < retry_limit.
      await executeSql(`update ${SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2`, [name, id]);
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- a plain object, as above
      throw { message: shortError(error), progress: latest } satisfies Output;
    } finally {
      running.delete(id);
    }
  }

  function start(): Promise<void> {
    starting ??= (async () => {
      await boss.start();
      await Promise.all([...registered.keys()].map((name) => startWorker(name)));
    })();
    return starting;
  }

  async function get(id: string): Promise<JobInfo | null> {
    if (!UUID.test(id)) return null;
    await start();
    const rows = await database.execute<{
      id: string;
      name: string;
      state: string;
      output: Output | null;
      created_on: Date | string;
      started_on: Date | string | null;
      completed_on: Date | string | null;
    }>(
      `select id, name, state::text as state, output, created_on, started_on, completed_on from ${SCHEMA}.job where id = $1
       union all
       select id, name, state::text, output, created_on, started_on, completed_on from ${SCHEMA}.archive where id = $1
       limit 1`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    const state = STATES[row.state] ?? 'queued';
    const output = row.output ?? {};
    return {
      id: row.id,
      name: row.name,
      state,
      progress: output.progress ?? null,
      result: state === 'completed' ? (output.result ?? null) : null,
      error: state === 'failed' ? (output.message ?? 'failed') : null,
      createdAt: iso(row.created_on)!,
      // A job queued again after an interruption has not started its next run yet.
      startedAt: state === 'queued' ? null : iso(row.started_on),
      completedAt: iso(row.completed_on),
    };
  }

  return {
    register(name, handler, options = {}) {
      if (registered.has(name)) throw new Error(`job handler ${name} is already registered`);
      registered.set(name, { handler: handler as JobHandler<unknown, unknown>, options });
      if (starting && !stopping) void starting.then(() => startWorker(name)).catch((error) => log.error({ err: error }, 'job worker did not start'));
    },

    async enqueue(name, data, options = {}) {
      if (stopping) throw new Error('the job queue is stopped');
      await start();
      await ensureQueue(name);
      let id: string | null;
      if (options.singletonKey) {
        const key = options.singletonKey;
        id = await database.transaction(async (tx) => {
          // One enqueue per key at a time (across instances): the check and the insert cannot interleave.
          await tx.execute('select pg_advisory_xact_lock(hashtext($1))', [`job:${name}:${key}`]);
          const existing = await tx.execute<{ id: string }>(
            `select id from ${SCHEMA}.job where name = $1 and singleton_key = $2 and state < 'completed' order by created_on limit 1`,
            [name, key],
          );
          if (existing[0]) return existing[0].id;
          return boss.send(name, data as object, { singletonKey: key, db: within(tx) });
        });
      } else {
        id = await boss.send(name, data as object);
      }
      if (!id) throw new Error(`job ${name} was not queued`);
      // A worker of this instance picks it up now rather than at its next poll.
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
      return id;
    },

    get,

    async waitFor(id, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const info = await get(id);
        if (!info) throw new Error(`job ${id} does not exist`);
        if (info.state === 'completed' || info.state === 'failed' || info.state === 'cancelled') return info;
        if (Date.now() > until) throw new Error(`job ${id} did not finish within ${timeoutMs} ms (${info.state})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },

    start,

    stop() {
      stopping ??= (async () => {
        if (starting) await starting.catch(() => undefined);
        // Running handlers stop at their next safe point; their jobs go back to the queue (run() above).
        for (const { controller } of running.values()) controller.abort();
        const settled = Promise.all([...running.values()].map((job) => job.settled));
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([settled, new Promise((resolve) => (timer = setTimeout(resolve, stopGraceMs)))]);
        clearTimeout(timer);
        // A handler that ignored its signal is failed by pg-boss ("shut down while active") and retried.
        if (starting) await boss.stop({ graceful: true, wait: true, close: false, timeout: 1_000 }).catch(() => undefined);
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
        closed = true;
      })();
      return stopping;
    },
  };
}

const STATES: Record<string, JobState> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  completed: 'completed',
  cancelled: 'cancelled',
  failed: 'failed',
};

/** pg-boss's database option over a transaction of ours (an insert that must commit with other writes). */
function within(tx: Queryable) {
  return { executeSql: async (text: string, values: unknown[] = []) => ({ rows: await tx.execute(text, values) }) };
}

function shortError(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'failed';
  return (message.split('\n')[0] || 'failed').slice(0, ERROR_LENGTH);
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
