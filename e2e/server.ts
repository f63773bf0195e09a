// The browser suite's app servers: the real server (src/server/main.ts) in its own process, on a port and a database
// of its own. Global setup seeds one database once (e2e/global-setup.ts); each Playwright worker then serves a copy of
// it (e2e/fixtures.ts), so workers run in parallel without seeing each other's changes, and no worker pays for the
// seed again. The database is the embedded one (a data folder, copied), or with E2E_DATABASE_URL a PostgreSQL
// database (copied with CREATE DATABASE … TEMPLATE): CI sets it to its own database's server, where the servers of
// the suite spend a good part less CPU than on the embedded engine (the API tests run on both engines either way).
// The OIDC and second-factor specs start further servers with their own settings through it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createDatabase, onDatabaseServer } from '../scripts/clusterSupport';

/** The first port of the suite: worker servers take the next ones, the specs' extra servers a range above. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/** The folder of this run (playwright.config.ts makes it and sets E2E_RUN_DIR for the workers). */
export function runDir(): string {
  const dir = process.env.E2E_RUN_DIR;
  if (!dir) throw new Error('E2E_RUN_DIR is not set: run the browser tests through playwright.config.ts');
  return dir;
}

/** The seeded database every worker copies (made once by global setup). */
export const templateDataDir = () => path.join(runDir(), 'template');

/** The suite's PostgreSQL databases are named paybench_e2e_<run's start in ms>_<name> (short: names stop at 63 bytes). */
const DATABASE_PREFIX = 'paybench_e2e_';

/**
 * A PostgreSQL database of the suite (`template`, `worker_N`) on E2E_DATABASE_URL's server, named after this run so
 * runs never share one; made by createDatabase (scripts/clusterSupport.ts), a worker's as a copy of the template.
 * Null on the embedded database (no E2E_DATABASE_URL).
 */
export async function suiteDatabase(name: string, template: string | null = null): Promise<{ url: string; drop(): Promise<void> } | null> {
  const server = process.env.E2E_DATABASE_URL;
  if (!server) return null;
  return createDatabase(server, DATABASE_PREFIX, { name: suiteDatabaseName(name), ...(template ? { template: suiteDatabaseName(template) } : {}) });
}

function suiteDatabaseName(name: string): string {
  const startedAt = /(\d+)$/.exec(path.basename(runDir()))?.[1] ?? '0';
  return `${DATABASE_PREFIX}${startedAt}_${name.replace(/\W/g, '_').toLowerCase()}`;
}

/** Drops the copies runs older than an hour left behind (a run killed before its teardown); recent ones may be in use. */
export async function pruneOldDatabases(): Promise<void> {
  const server = process.env.E2E_DATABASE_URL;
  if (!server) return;
  await onDatabaseServer(server, async (client) => {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [DATABASE_PREFIX]);
    const hourAgo = Date.now() - 60 * 60 * 1000;
    for (const { datname } of rows) {
      const startedAt = Number(/^(\d+)_/.exec(datname.slice(DATABASE_PREFIX.length))?.[1]);
      if (startedAt && startedAt < hourAgo) await client.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}

/** The settings of the suite's servers (the quick start's embedded database, or a PostgreSQL copy; seeded with the demo data). */
export function suiteServerEnv(origin: string, dataDir: string, databaseUrl: string | null = null): Record<string, string> {
  return {
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    // The embedded database in DATA_DIR, as the README's quick start runs, unless the suite runs on PostgreSQL.
    DATABASE_URL: databaseUrl ?? '',
    // Counters stay in the process: CI's REDIS_URL is for the cluster suite, and on a shared Redis one server's
    // sign-ins would count against another's (same demo addresses, one limit).
    REDIS_URL: process.env.E2E_REDIS_URL ?? '',
    REDIS_KEY_PREFIX: `paybench-e2e-${new URL(origin).port}:`,
    SEED_FORMS: '600',
    // The suite registers some 40 accounts from one address within the hour (the default limit is 20).
    REGISTER_LIMIT_PER_HOUR: '200',
    // The analytics script the consent tests expect: same origin (allowed by the content security policy),
    // intercepted with page.route() — it is outside our system, nothing serves it.
    ANALYTICS_SCRIPT_URL: `${origin}/e2e-analytics/script.js`,
  };
}

export interface AppServer {
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts the server on 127.0.0.1:port with the test run's environment plus `env`, and resolves once /api/ready says
 * it serves (the first start's seed, release and warm-up done).
 */
export async function startAppServer(port: number, env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<AppServer> {
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      DRAIN_DELAY_MS: '0',
      DEMO_PASSWORD: process.env.DEMO_PASSWORD ?? '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A worker that ends without its teardown (a crash) must not leave its server holding the port.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const deadline = Date.now() + (options.timeoutMs ?? 150_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app server on port ${port} exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${origin}/api/ready`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the app server on port ${port} was not ready in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
