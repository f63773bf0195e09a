// `npm run bench [-- --forms 1000000 --db pglite|postgres|both --iterations 25 --duration 10 --reuse]`
//
// Speed on top of statistics releases (and the personal views). Loads generated forms (the seed generator,
// db/demoForms.ts) into a fresh embedded PGlite (a temporary data folder) and, with DATABASE_URL, a fresh
// PostgreSQL database (`--reuse`: a kept one, loaded once — `paybench_bench` / <tmp>/paybench-bench-pglite),
// then:
//   1. cuts a release as an admin would (services/releases.ts) and prints the snapshot and the precompute
//      (every year without filters, each single filter value of the latest year) separately;
//   2. starts the real HTTP server on 127.0.0.1 and measures POST /api/forms/comparation cold — the app's
//      in-process cache holds nothing for the request (the release's revision is raised before each request,
//      which changes every cache key exactly as a fresh instance would; the figures stored at the cut stay) —
//      for two precomputed groups (no filter, one sector) and two groups computed on demand by one statement
//      (sector + position level + country, five filters), each beside the same work run directly on the
//      database (the stored figures' lookup, or the statement) so that the HTTP layer's share is visible;
//   3. the same query again (this instance's cache), beside the request's one settings round trip;
//   4. the personal views, cold and again: evolution over all years, the personalised comparison and
//      each insight (by-user-id, for people of the panel), with the machine's load average; at 1,000,000 forms
//      beside the figures measured before they were grouped and precomputed (PERSONAL_BEFORE_1M);
//   5. the throughput of 32 concurrent clients on warm queries (autocannon, in a worker thread).
// Each figure is printed beside its target (PostgreSQL; PGlite: within twice) with PASS or MISS. As the floor,
// the same percentiles computed in this process over typed arrays, with no database and no HTTP.
// Not part of `npm test`; tests/server/bench-smoke.test.ts runs it small.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, openPostgres, type Database } from '../src/server/db/open';
import { migrateDatabase } from '../src/server/db/migrate';
import { insertDemoForms } from '../src/server/seed';
import { generateDemoPeople } from '../src/server/db/demoForms';
import http from 'node:http';
import { cutRelease, aggregateKey, readAggregate } from '../src/server/services/releases';
import { compareGroup } from '../src/server/services/statistics';
import { createSettingsReader, readThreshold, statisticsSettingsFor } from '../src/server/services/statisticsSettings';
import { saveFreeSearch } from '../src/server/services/history';
import { conditionsKey, peerGroup } from '../src/server/services/peerGroup';
import { createAccessTokens } from '../src/server/auth/accessToken';
import { newId } from '../src/server/ids';
import { COMPANY_TYPES, COUNTRIES, EXPERIENCE_BANDS, POSITION_LEVELS, SECTORS, experienceBand } from '../src/domain/questionnaire';
import { medianCiRanks, percentileCont, PERCENTILES } from '../src/domain/statistics';

export type EngineName = 'pglite' | 'postgres';

export interface BenchOptions {
  forms: number;
  engines: EngineName[];
  /** Timed requests per cold scenario. */
  iterations?: number;
  /** Timed requests of the repeated (cached) query. */
  repeats?: number;
  /** Seconds of the throughput run. */
  durationSeconds?: number;
  connections?: number;
  seed?: number;
  databaseUrl?: string;
  /** Keep the PostgreSQL database / PGlite folder afterwards. */
  keep?: boolean;
  /**
   * Reuse a loaded database between runs (`--reuse`): PostgreSQL database `paybench_bench`, PGlite folder
   * `<tmp>/paybench-bench-pglite`. Loaded on the first run (when it holds no forms), kept afterwards; remove it by
   * hand when done (`drop database paybench_bench`, or delete the folder).
   */
  reuse?: boolean;
  log?: (line: string) => void;
}

export interface LatencyResult {
  name: string;
  /** precomputed: the cut stored the group's figures; on demand: one statement computes them. */
  kind: 'precomputed' | 'on demand' | 'cache' | 'floor';
  samples: number;
  p50: number;
  p95: number;
  errors: number;
  /** Answers by status of the comparison (ok, not-enough-data, refused). */
  outcomes: Record<string, number>;
  targetMs: number | null;
  /** The same work run directly on the database, no HTTP (the stored figures' lookup, or the statement). */
  direct?: { p50: number; p95: number };
  /** The same figure measured before the current code (personal views at 1,000,000 forms: PERSONAL_BEFORE_1M). */
  before?: { p50: number; p95: number };
}

export interface ThroughputResult {
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  requests: number;
  errors: number;
  non2xx: number;
  latencyP50: number;
  latencyP99: number;
  target: number;
}

export interface CutResult {
  size: number;
  snapshotSeconds: number;
  precomputeSeconds: number;
  precomputedGroups: number;
  targetSeconds: number;
}

export interface EngineResult {
  engine: string;
  forms: number;
  loadSeconds: number;
  vacuumSeconds: number;
  reused: boolean;
  cut: CutResult;
  /** One request's settings round trip (release, threshold, caller, own form), run directly. */
  settingsDirect: { p50: number; p95: number };
  /** Whether the instance's statistics listener was live (settings kept in memory) when measuring. */
  settingsLive: boolean;
  latencies: LatencyResult[];
  /** The personal views (evolution, personalised comparison, insights), cold and cached. */
  personal: LatencyResult[];
  /** The machine's 1-minute load average when the personal views were measured (start, end). */
  personalLoad: [number, number];
  /** What the before figures were measured under (PERSONAL_BEFORE_1M), when printed. */
  personalBeforeLoad?: string;
  throughput: ThroughputResult;
  /** The same warm mix on the public demo comparison (no sign-in, nothing saved), for reference. */
  demoThroughput: { requestsPerSecond: number; non2xx: number; errors: number };
}

export interface BenchResult {
  forms: number;
  engines: EngineResult[];
  floor: LatencyResult[];
}

type Filters = Record<string, string>;

interface Scenario {
  name: string;
  kind: 'precomputed' | 'on demand';
  filters: (i: number) => Filters;
  /** PostgreSQL target p95 in ms (PGlite: twice). */
  targetMs: number;
}

const LEVELS = POSITION_LEVELS;
const MAIN_COUNTRIES = ['es', 'fr', 'de', 'gb', 'us', 'it'];

// Cold p95 ≤ 100 ms unfiltered and ≤ 50 ms filtered; again ≤ 2 ms; ≥ 2,000/s with 32 clients;
// a cut ≤ 60 s. PGlite within twice these.
const SCENARIOS: Scenario[] = [
  { name: 'no filter', kind: 'precomputed', filters: () => ({}), targetMs: 100 },
  { name: 'sector', kind: 'precomputed', filters: (i) => ({ sector: SECTORS[i % SECTORS.length] }), targetMs: 50 },
  {
    name: 'sector + position level + country',
    kind: 'on demand',
    filters: (i) => ({ sector: SECTORS[(i * 7) % SECTORS.length], positionLevel: LEVELS[2 + (i % 4)], country: MAIN_COUNTRIES[i % 3] }),
    targetMs: 50,
  },
  {
    name: 'five filters',
    kind: 'on demand',
    filters: (i) => ({
      country: 'es',
      sector: SECTORS[(i * 3) % SECTORS.length],
      positionLevel: LEVELS[2 + (i % 4)],
      companyType: COMPANY_TYPES[i % 2],
      experienceBand: ['20-plus', '15-20', '10-15'][i % 3],
    }),
    targetMs: 50,
  },
];
const REPEATED: Filters = { sector: 'banking', positionLevel: 'director' };

/** One request of a personal view, for the i-th person of the panel (their form and account). */
interface PersonalScenario {
  name: string;
  method: 'GET' | 'POST';
  path: (person: { formId: string; userId: string }, i: number) => string;
  body?: (i: number) => object;
  /** PostgreSQL target p95 in ms, cold (PGlite: twice); cached: PERSONAL_CACHED_TARGET_MS. */
  targetMs: number;
  /** Where a cold answer's figures come from: stored at the cut (the latest year), or computed (grouped statements). */
  kind: 'precomputed' | 'on demand';
}

// Cold p95 on PostgreSQL ≤ 400 ms for evolution over all years and each insight, ≤ 150 ms for
// the personalised comparison; the same request again ≤ 5 ms.
const PERSONAL_SCENARIOS: PersonalScenario[] = [
  {
    name: 'evolution, sector, all years',
    kind: 'on demand',
    method: 'POST',
    path: () => '/forms/evolution',
    body: (i) => ({ filters: { sector: SECTORS[i % SECTORS.length] } }),
    targetMs: 400,
  },
  {
    name: 'evolution, sector + level, all years',
    kind: 'on demand',
    method: 'POST',
    path: () => '/forms/evolution',
    body: (i) => ({ filters: { sector: SECTORS[(i * 7) % SECTORS.length], positionLevel: LEVELS[2 + (i % 4)] } }),
    targetMs: 400,
  },
  { name: 'personalised comparison', kind: 'precomputed', method: 'GET', path: (p) => `/forms/comparation-individual-by-form-id/${p.formId}`, targetMs: 150 },
  { name: 'better-city (profile)', kind: 'precomputed', method: 'GET', path: (p) => `/forms/better-city-by-user-id/${p.userId}`, targetMs: 400 },
  { name: 'better-sectors (profile)', kind: 'precomputed', method: 'GET', path: (p) => `/forms/better-sectors-by-user-id/${p.userId}`, targetMs: 400 },
  { name: 'average-by-country (profile)', kind: 'precomputed', method: 'GET', path: (p) => `/forms/average-by-country-by-user-id/${p.userId}`, targetMs: 400 },
];

/**
 * The personal views at 1,000,000 forms before they were computed by grouped statements and precomputed at the cut
 * (commit 3b6c960: one statement per group, four at a time), measured with this bench on this project's 2-core
 * machine: p50 / p95 ms, cold then again. Printed beside a 1,000,000-form run's figures.
 */
const PERSONAL_BEFORE_1M: Record<EngineName, { load: string; figures: Record<string, [number, number]> }> = {
  postgres: {
    load: 'load average 1–2',
    figures: {
      'evolution, sector, all years': [80.28, 113.94],
      'evolution, sector, all years, again (cache)': [0.55, 1.47],
      'evolution, sector + level, all years': [28.88, 36.42],
      'evolution, sector + level, all years, again (cache)': [0.54, 1.17],
      'personalised comparison': [13.66, 15.92],
      'personalised comparison, again (cache)': [0.93, 1.58],
      'better-city (profile)': [20.55, 26.78],
      'better-city (profile), again (cache)': [0.91, 1.85],
      'better-sectors (profile)': [104.89, 117.22],
      'better-sectors (profile), again (cache)': [1, 3.49],
      'average-by-country (profile)': [46.27, 50.64],
      'average-by-country (profile), again (cache)': [0.86, 5.43],
    },
  },
  pglite: {
    load: 'load average 1.5–2.5',
    figures: {
      'evolution, sector, all years': [154.17, 158.35],
      'evolution, sector, all years, again (cache)': [0.56, 0.75],
      'evolution, sector + level, all years': [67.33, 76.34],
      'evolution, sector + level, all years, again (cache)': [0.55, 0.94],
      'personalised comparison': [7.33, 13.38],
      'personalised comparison, again (cache)': [0.97, 1.3],
      'better-city (profile)': [27.85, 46.95],
      'better-city (profile), again (cache)': [1.24, 1.59],
      'better-sectors (profile)': [101.07, 233.79],
      'better-sectors (profile), again (cache)': [1.11, 1.2],
      'average-by-country (profile)': [62.84, 69.32],
      'average-by-country (profile), again (cache)': [1.06, 1.49],
    },
  },
};
const PERSONAL_CACHED_TARGET_MS = 5;
const REPEATED_TARGET_MS = 2;
const THROUGHPUT_TARGET = 2000;
const CUT_TARGET_SECONDS = 60;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : percentileCont(sorted, p);
}

const loadCores = () => availableParallelism();
const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

// ───────────────────────────── engines ─────────────────────────────

const REUSED_DATABASE = 'paybench_bench';
const REUSED_FOLDER = path.join(tmpdir(), 'paybench-bench-pglite');

async function openEngine(
  engine: EngineName,
  options: BenchOptions,
): Promise<{ database: Database; label: string; cleanup: () => Promise<void>; dataDir: string }> {
  const dataDir = options.reuse && engine === 'pglite' ? REUSED_FOLDER : mkdtempSync(path.join(tmpdir(), 'paybench-bench-'));
  if (engine === 'pglite') {
    const database = await openDatabase({ dataDir });
    const [{ server_version: version }] = await database.execute<{ server_version: string }>('show server_version');
    return {
      database,
      dataDir,
      label: `PGlite (PostgreSQL ${version}, embedded)`,
      cleanup: async () => {
        await database.close();
        if (!options.keep && !options.reuse) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = options.databaseUrl;
  if (!url) throw new Error('--db postgres needs DATABASE_URL');
  const name = options.reuse ? REUSED_DATABASE : `paybench_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const [exists] = (await admin.query<Record<string, unknown>>('select 1 from pg_database where datname = $1', [name])).rows;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString(), 20);
  const [{ server_version: version }] = await database.execute<{ server_version: string }>('show server_version');
  return {
    database,
    dataDir,
    label: `PostgreSQL ${version} (database ${name})`,
    cleanup: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (options.keep || options.reuse) return;
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function benchEngine(engine: EngineName, options: BenchOptions): Promise<EngineResult> {
  const log = options.log ?? (() => undefined);
  const { database, label, cleanup, dataDir } = await openEngine(engine, options);
  try {
    await migrateDatabase(database);
    const [{ loaded }] = await database.execute<{ loaded: number }>(`select count(*)::int as loaded from forms`);
    if (loaded > 0 && !options.reuse) throw new Error(`${label} already holds forms`);
    if (loaded > 0 && Math.abs(loaded - options.forms) > options.forms * 0.01) throw new Error(`${label} holds ${loaded} forms, not ${options.forms}`);
    log(loaded > 0 ? `${label}: reusing ${loaded.toLocaleString('en')} loaded forms` : `${label}: loading ${options.forms.toLocaleString('en')} forms…`);
    const loadStarted = performance.now();
    if (loaded === 0) {
      let lastReport = 0;
      await insertDemoForms(database, options.forms, {
        seed: options.seed ?? 20230101,
        batchSize: 10_000,
        onProgress: (written) => {
          if (written - lastReport >= 100_000) {
            lastReport = written;
            log(`  ${written.toLocaleString('en')} forms (${((performance.now() - loadStarted) / 1000).toFixed(0)} s)`);
          }
        },
      });
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    // PostgreSQL's autovacuum would do this after a bulk load; PGlite has no background workers. The visibility
    // map lets the comparison read its covering indexes without visiting the table.
    const vacuumStarted = performance.now();
    await database.execute('vacuum analyze forms');
    await database.execute('analyze');
    const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
    log(`  loaded in ${loadSeconds.toFixed(1)} s, vacuum analyze ${vacuumSeconds.toFixed(1)} s`);

    const secrets = { TOKEN_SECRET: randomBytes(32).toString('base64url'), STRIPE_WEBHOOK_SECRET: 'bench', DEMO_PASSWORD: 'bench-password-1' };
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'no-web'), ...secrets });
    const factor = engine === 'pglite' ? 2 : 1;

    // A release is cut as an admin or the schedule cuts it: the snapshot of the counted forms, then the figures
    // of every year without filters and of each single filter value of the latest year.
    const threshold = await readThreshold(database, config.privacyThreshold);
    log(`  cutting a release…`);
    const outcome = await cutRelease(database, { threshold, secret: config.secrets.perturbationSecret, trigger: 'admin', force: true });
    if (outcome.status !== 'cut') throw new Error('the release was not cut');
    const cut: CutResult = {
      size: outcome.release.size,
      snapshotSeconds: round1(outcome.timings.snapshotMs / 1000),
      precomputeSeconds: round1(outcome.timings.precomputeMs / 1000),
      precomputedGroups: outcome.precomputed,
      targetSeconds: CUT_TARGET_SECONDS * factor,
    };
    log(
      `  release of ${cut.size.toLocaleString('en')} forms: snapshot ${cut.snapshotSeconds} s, precompute ${cut.precomputeSeconds} s (${cut.precomputedGroups} groups)`,
    );
    const release = outcome.release;
    const latestYear = Math.max(...Object.keys(release.years).map(Number));

    const app = await buildApp({ config, database });
    await app.listen({ host: '127.0.0.1', port: 0 });
    // The settings kept in memory need the instance's listening connection (LISTEN paybench_statistics): wait for it,
    // as a running server has it long before its first request; until then every request reads them.
    const settingsLive = await statisticsSettingsFor(database, config.privacyThreshold).whenLive(10_000);
    log(`  statistics settings listener: ${settingsLive ? 'live' : 'NOT live (every request reads the settings)'}`);
    const port = (app.server.address() as AddressInfo).port;
    const base = `http://127.0.0.1:${port}/api`;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // A corporate user on the unlimited plan: searches are free and saved, as in production.
      const userId = newId();
      await database.execute(`insert into users (id, email, roles, credits, premium_type) values ($1, $2, '{corporate}', 0, 'corporate')`, [
        userId,
        `bench-${userId.toLowerCase()}@bench.paybench.demo`,
      ]);
      const tokens = createAccessTokens(config.secrets.tokenSecret, config.accessTokenTtlSeconds);
      const authorization = async () => `Bearer ${await tokens.sign({ userId, roles: ['corporate'] })}`;

      // One keep-alive connection, as a browser keeps one: the figure is the server's answer, not a TCP handshake.
      const post = (filters: Filters, auth: string) => send('POST', '/forms/comparation', { filters }, auth);
      const send = (method: 'GET' | 'POST', apiPath: string, payload: object | undefined, auth: string) =>
        new Promise<{ ms: number; ok: boolean; status: string }>((resolve, reject) => {
          const body = payload === undefined ? '' : JSON.stringify(payload);
          const started = performance.now();
          const req = http.request(
            {
              host: '127.0.0.1',
              port,
              path: `/api${apiPath}`,
              method,
              agent,
              headers: {
                ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
                authorization: auth,
              },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => {
                const ms = performance.now() - started;
                let status = `http ${res.statusCode}`;
                try {
                  const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { status?: string; series?: unknown; items?: unknown };
                  status = answer.status ?? (answer.series ? 'series' : answer.items ? 'ranking' : status);
                } catch {
                  // not JSON: the status code says it
                }
                resolve({ ms, ok: res.statusCode === 200, status });
              });
              res.on('error', reject);
            },
          );
          req.on('error', reject);
          req.end(payload === undefined ? undefined : body);
        });

      // "Cold": this app instance's cache holds nothing for the request. A new revision of the release changes
      // every cache key, exactly as a fresh instance (or erasure) would; the figures stored at the cut stay.
      const emptyCache = () => database.execute('update statistics_releases set revision = revision + 1 where current');

      const readSettings = createSettingsReader(config.privacyThreshold);
      const settingsSamples: number[] = [];
      for (let i = 0; i < iterationsOf(options); i++) {
        const started = performance.now();
        await readSettings(database, { userId, requestedYear: undefined });
        settingsSamples.push(performance.now() - started);
      }

      // The warm signed-in path's only statement: the saved search (history.ts saveFreeSearch).
      const historySamples: number[] = [];
      for (let i = 0; i < iterationsOf(options); i++) {
        const started = performance.now();
        await saveFreeSearch(database, userId, { kind: 'comparison', filters: {} });
        historySamples.push(performance.now() - started);
      }

      const iterations = iterationsOf(options);
      const latencies: LatencyResult[] = [];
      for (const scenario of SCENARIOS) {
        const auth = await authorization();
        // Warm the server and the database's buffers (not timed).
        for (let i = 0; i < 2; i++) {
          await emptyCache();
          await post(scenario.filters(iterations + i), auth);
        }
        const samples: number[] = [];
        const outcomes: Record<string, number> = {};
        let errors = 0;
        for (let i = 0; i < iterations; i++) {
          await emptyCache();
          const result = await post(scenario.filters(i), auth);
          samples.push(result.ms);
          outcomes[result.status] = (outcomes[result.status] ?? 0) + 1;
          if (!result.ok) errors++;
        }
        // The same work straight on the database: the stored figures' lookup, or the comparison statement.
        const direct: number[] = [];
        for (let i = 0; i < iterations; i++) {
          const group = peerGroup(scenario.filters(i), latestYear);
          const started = performance.now();
          if (scenario.kind === 'precomputed') {
            const stored = await readAggregate(database, release.id, aggregateKey(group.year, conditionsKey(group.conditions), threshold));
            if (!stored) throw new Error(`${scenario.name}: not precomputed`);
          } else {
            await compareGroup(database, { releaseId: release.id, year: group.year, conditions: group.conditions, threshold });
          }
          direct.push(performance.now() - started);
        }
        const line: LatencyResult = {
          name: scenario.name,
          kind: scenario.kind,
          samples: samples.length,
          p50: round2(percentile(samples, 0.5)),
          p95: round2(percentile(samples, 0.95)),
          errors,
          outcomes,
          targetMs: scenario.targetMs * factor,
          direct: { p50: round2(percentile(direct, 0.5)), p95: round2(percentile(direct, 0.95)) },
        };
        latencies.push(line);
        log(`  ${line.name} (${line.kind}): p50 ${line.p50} ms, p95 ${line.p95} ms; on the database ${line.direct!.p50} / ${line.direct!.p95} ms`);
      }

      {
        const auth = await authorization();
        await post(REPEATED, auth);
        const samples: number[] = [];
        const outcomes: Record<string, number> = {};
        let errors = 0;
        for (let i = 0; i < (options.repeats ?? 200); i++) {
          const result = await post(REPEATED, auth);
          samples.push(result.ms);
          outcomes[result.status] = (outcomes[result.status] ?? 0) + 1;
          if (!result.ok) errors++;
        }
        latencies.push({
          name: 'same query again (cache)',
          kind: 'cache',
          samples: samples.length,
          p50: round2(percentile(samples, 0.5)),
          p95: round2(percentile(samples, 0.95)),
          errors,
          outcomes,
          targetMs: REPEATED_TARGET_MS * factor,
          direct: { p50: round2(percentile(historySamples, 0.5)), p95: round2(percentile(historySamples, 0.95)) },
        });
      }

      // The personal views, as an admin asks them for people of the panel (free, every variant allowed):
      // cold as above, then the same request again from this instance's cache.
      const personal: LatencyResult[] = [];
      const personalLoadStart = loadavg()[0];
      {
        const adminId = newId();
        await database.execute(`insert into users (id, email, roles) values ($1, $2, '{admin}')`, [
          adminId,
          `bench-admin-${adminId.toLowerCase()}@bench.paybench.demo`,
        ]);
        const adminAuth = `Bearer ${await tokens.sign({ userId: adminId, roles: ['admin'] })}`;
        const panel = (
          await database.execute<{ form_id: string; user_id: string }>(
            `select f.id as form_id, f.user_id from release_forms r join forms f on f.id = r.form_id
              where r.release_id = $1 and r.survey_year = $2 order by r.form_id limit $3`,
            [release.id, latestYear, iterations + 4],
          )
        ).map((row) => ({ formId: row.form_id, userId: row.user_id }));
        const ask = (scenario: PersonalScenario, i: number) => send(scenario.method, scenario.path(panel[i % panel.length], i), scenario.body?.(i), adminAuth);
        for (const scenario of PERSONAL_SCENARIOS) {
          for (let i = 0; i < 2; i++) {
            await emptyCache();
            await ask(scenario, iterations + i);
          }
          for (const cached of [false, true]) {
            const samples: number[] = [];
            const outcomes: Record<string, number> = {};
            let errors = 0;
            if (cached) await ask(scenario, 0);
            const count = cached ? Math.max(iterations, 20) : iterations;
            for (let i = 0; i < count; i++) {
              if (!cached) await emptyCache();
              const result = await ask(scenario, cached ? 0 : i);
              samples.push(result.ms);
              outcomes[result.status] = (outcomes[result.status] ?? 0) + 1;
              if (!result.ok) errors++;
            }
            const line: LatencyResult = {
              name: cached ? `${scenario.name}, again (cache)` : scenario.name,
              kind: cached ? 'cache' : scenario.kind,
              samples: samples.length,
              p50: round2(percentile(samples, 0.5)),
              p95: round2(percentile(samples, 0.95)),
              errors,
              outcomes,
              targetMs: (cached ? PERSONAL_CACHED_TARGET_MS : scenario.targetMs) * factor,
            };
            const before = options.forms === 1_000_000 ? PERSONAL_BEFORE_1M[engine].figures[line.name] : undefined;
            if (before) line.before = { p50: before[0], p95: before[1] };
            personal.push(line);
            log(`  ${line.name}${cached ? '' : ', cold'}: p50 ${line.p50} ms, p95 ${line.p95} ms`);
          }
        }
      }
      const personalLoadEnd = loadavg()[0];

      // Throughput on warm queries: a mix of 30 searches, each asked once before the run.
      const auth = await authorization();
      const mix: Filters[] = [{}, ...SECTORS.map((sector) => ({ sector })), ...Array.from({ length: 9 }, (_, i) => SCENARIOS[2].filters(i))];
      for (const filters of mix) await post(filters, auth);
      const connections = options.connections ?? 32;
      const durationSeconds = options.durationSeconds ?? 10;
      // The load generator runs in a worker thread, so it does not share the server's event loop.
      const run = await autocannon({
        url: `${base}/forms/comparation`,
        workers: 1,
        connections,
        duration: durationSeconds,
        headers: { 'content-type': 'application/json', authorization: auth },
        requests: mix.map((filters) => ({ method: 'POST', body: JSON.stringify({ filters }) })),
      });
      const throughput: ThroughputResult = {
        connections,
        durationSeconds,
        requestsPerSecond: Math.round(run.requests.average),
        requests: run.requests.total,
        errors: run.errors + run.timeouts,
        non2xx: run.non2xx,
        latencyP50: run.latency.p50,
        latencyP99: run.latency.p99,
        target: THROUGHPUT_TARGET / factor,
      };
      log(`  throughput: ${throughput.requestsPerSecond} comparisons/s with ${connections} clients`);
      // For reference: the public demo comparison answers the same cached figures with no bearer to verify and
      // no search to save, so the difference is what signing in and the saved history cost per request.
      const demoRun = await autocannon({
        url: `${base}/forms/demo-comparation`,
        workers: 1,
        connections,
        duration: durationSeconds,
        headers: { 'content-type': 'application/json' },
        requests: mix.map((filters) => ({ method: 'POST', body: JSON.stringify({ filters }) })),
      });
      const demoThroughput = { requestsPerSecond: Math.round(demoRun.requests.average), non2xx: demoRun.non2xx, errors: demoRun.errors + demoRun.timeouts };
      return {
        engine: label,
        forms: options.forms,
        loadSeconds: round1(loadSeconds),
        vacuumSeconds: round1(vacuumSeconds),
        reused: loaded > 0,
        cut,
        settingsDirect: { p50: round2(percentile(settingsSamples, 0.5)), p95: round2(percentile(settingsSamples, 0.95)) },
        settingsLive,
        personal,
        personalLoad: [round2(personalLoadStart), round2(personalLoadEnd)],
        ...(options.forms === 1_000_000 ? { personalBeforeLoad: PERSONAL_BEFORE_1M[engine].load } : {}),
        latencies,
        throughput,
        demoThroughput,
      };
    } finally {
      agent.destroy();
      await app.close();
    }
  } finally {
    await cleanup();
  }
}

const iterationsOf = (options: BenchOptions) => options.iterations ?? 25;

// ───────────────────────────── the floor: typed arrays in this process ─────────────────────────────

interface Columns {
  n: number;
  year: Int16Array;
  country: Int8Array;
  sector: Int8Array;
  level: Int8Array;
  companyType: Int8Array;
  band: Int8Array;
  fixed: Float64Array;
  bonus: Float64Array;
  deferred: Float64Array;
}

function generateColumns(forms: number, seed: number): Columns {
  const c: Columns = {
    n: 0,
    year: new Int16Array(forms),
    country: new Int8Array(forms),
    sector: new Int8Array(forms),
    level: new Int8Array(forms),
    companyType: new Int8Array(forms),
    band: new Int8Array(forms),
    fixed: new Float64Array(forms),
    bonus: new Float64Array(forms),
    deferred: new Float64Array(forms),
  };
  const index = (list: readonly string[], value: string) => list.indexOf(value);
  for (const person of generateDemoPeople(forms, seed)) {
    for (const form of person.forms) {
      const a = form.answers;
      const i = c.n++;
      c.year[i] = form.surveyYear;
      c.country[i] = index(COUNTRIES, a.country);
      c.sector[i] = index(SECTORS, a.sector);
      c.level[i] = index(LEVELS, a.positionLevel);
      c.companyType[i] = index(COMPANY_TYPES, a.companyType);
      c.band[i] = index(EXPERIENCE_BANDS, experienceBand(a.yearsExperience));
      c.fixed[i] = a.fixedSalary;
      c.bonus[i] = a.annualBonus;
      c.deferred[i] = a.deferredCompensation;
    }
  }
  return c;
}

/** The same figures as the SQL engine (percentiles, mean, interval) for one group, in memory. */
function floorQuery(c: Columns, year: number, filters: Filters): number {
  const want = {
    country: filters.country ? index(COUNTRIES, filters.country) : -1,
    sector: filters.sector ? index(SECTORS, filters.sector) : -1,
    level: filters.positionLevel ? index(LEVELS, filters.positionLevel) : -1,
    companyType: filters.companyType ? index(COMPANY_TYPES, filters.companyType) : -1,
    band: filters.experienceBand ? index(EXPERIENCE_BANDS, filters.experienceBand) : -1,
  };
  const picked = new Int32Array(c.n);
  let n = 0;
  for (let i = 0; i < c.n; i++) {
    if (c.year[i] !== year) continue;
    if (want.country >= 0 && c.country[i] !== want.country) continue;
    if (want.sector >= 0 && c.sector[i] !== want.sector) continue;
    if (want.level >= 0 && c.level[i] !== want.level) continue;
    if (want.companyType >= 0 && c.companyType[i] !== want.companyType) continue;
    if (want.band >= 0 && c.band[i] !== want.band) continue;
    picked[n++] = i;
  }
  let checksum = 0;
  const values = new Float64Array(n);
  for (let m = 0; m < 5; m++) {
    let sum = 0;
    for (let j = 0; j < n; j++) {
      const i = picked[j];
      const v =
        m === 0 ? c.fixed[i] : m === 1 ? c.bonus[i] : m === 2 ? c.deferred[i] : m === 3 ? c.fixed[i] + c.bonus[i] : c.fixed[i] + c.bonus[i] + c.deferred[i];
      values[j] = v;
      sum += v;
    }
    values.sort();
    if (n > 0) {
      const ranks = medianCiRanks(n);
      checksum += sum / n + values[ranks.lower - 1] + values[ranks.upper - 1];
      for (const p of PERCENTILES) checksum += percentileCont(values, p);
    }
  }
  return checksum;
}

function index(list: readonly string[], value: string): number {
  return list.indexOf(value);
}

function benchFloor(options: BenchOptions): LatencyResult[] {
  const c = generateColumns(options.forms, options.seed ?? 20230101);
  let year = 0;
  for (let i = 0; i < c.n; i++) year = Math.max(year, c.year[i]);
  const iterations = iterationsOf(options);
  return SCENARIOS.map((scenario) => {
    const samples: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const started = performance.now();
      floorQuery(c, year, scenario.filters(i));
      samples.push(performance.now() - started);
    }
    return {
      name: scenario.name,
      kind: 'floor',
      samples: iterations,
      p50: round1(percentile(samples, 0.5)),
      p95: round1(percentile(samples, 0.95)),
      errors: 0,
      outcomes: {},
      targetMs: null,
    };
  });
}

// ───────────────────────────── report ─────────────────────────────

export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const engines: EngineResult[] = [];
  for (const engine of options.engines) engines.push(await benchEngine(engine, options));
  const floor = benchFloor(options);
  return { forms: options.forms, engines, floor };
}

export function formatReport(result: BenchResult): string {
  const lines: string[] = [];
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  for (const engine of result.engines) {
    lines.push('');
    lines.push(
      `${engine.engine}: ${engine.forms.toLocaleString('en')} forms, ` +
        (engine.reused ? 'loaded before (--reuse)' : `loaded in ${engine.loadSeconds} s`) +
        ` (+ vacuum analyze ${engine.vacuumSeconds} s)`,
    );
    const c = engine.cut;
    const cutSeconds = round1(c.snapshotSeconds + c.precomputeSeconds);
    lines.push(
      `  cut a release of ${c.size.toLocaleString('en')} counted forms: snapshot ${c.snapshotSeconds} s + precompute ${c.precomputeSeconds} s ` +
        `(${c.precomputedGroups} groups) = ${cutSeconds} s   target ≤${c.targetSeconds} s  ${mark(cutSeconds <= c.targetSeconds)}`,
    );
    lines.push(
      `  ${'POST /api/forms/comparation'.padEnd(42)}${'figures'.padEnd(13)}${pad('p50 ms', 8)}${pad('p95 ms', 8)}${pad('target', 8)}` +
        `${pad('db p50', 8)}${pad('db p95', 8)}${pad('errors', 7)}  verdict  answers`,
    );
    for (const l of engine.latencies) {
      const target = l.targetMs === null ? '' : `≤${l.targetMs}`;
      const verdict = l.targetMs === null ? '' : mark(l.p95 <= l.targetMs && l.errors === 0);
      const answers = Object.entries(l.outcomes)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      const name = l.kind === 'cache' ? l.name : `${l.name}, cold`;
      lines.push(
        `  ${name.padEnd(42)}${l.kind.padEnd(13)}${pad(l.p50, 8)}${pad(l.p95, 8)}${pad(target, 8)}` +
          `${pad(l.direct?.p50 ?? '', 8)}${pad(l.direct?.p95 ?? '', 8)}${pad(l.errors, 7)}  ${verdict.padEnd(7)}  ${answers}`,
      );
    }
    lines.push(
      `  db: the same work run directly on the database, no HTTP: the stored figures' lookup (precomputed), the comparison` +
        ` statement (on demand); for the cached query, the saved search it would write (a repeat of the same free search within 5 minutes writes none; the settings come from memory).`,
    );
    lines.push(
      `  settings: kept in memory (listener ${engine.settingsLive ? 'live' : 'NOT live'}); read in full on a change, one round trip: ` +
        `p50 ${engine.settingsDirect.p50} / p95 ${engine.settingsDirect.p95} ms on the database.`,
    );
    lines.push(
      `  ${'personal views, as an admin'.padEnd(42)}${'figures'.padEnd(13)}${pad('p50 ms', 8)}${pad('p95 ms', 8)}${pad('target', 8)}` +
        `${pad('before p50', 12)}${pad('p95', 8)}${pad('errors', 7)}  verdict  answers`,
    );
    for (const l of engine.personal) {
      const verdict = l.targetMs === null ? '' : mark(l.p95 <= l.targetMs && l.errors === 0);
      const answers = Object.entries(l.outcomes)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      const name = l.kind === 'cache' ? l.name.replace(', again (cache)', ', again') : `${l.name}, cold`;
      lines.push(
        `  ${name.padEnd(42)}${l.kind.padEnd(13)}${pad(l.p50, 8)}${pad(l.p95, 8)}${pad(l.targetMs === null ? '' : `≤${l.targetMs}`, 8)}` +
          `${pad(l.before?.p50 ?? '', 12)}${pad(l.before?.p95 ?? '', 8)}${pad(l.errors, 7)}  ${verdict.padEnd(7)}  ${answers}`,
      );
    }
    lines.push(
      `  personal views measured at load average ${engine.personalLoad[0]} → ${engine.personalLoad[1]} (1 min, ${loadCores()} cores)` +
        (engine.personalBeforeLoad
          ? `; before: the same views at 1,000,000 forms with one statement per group (commit 3b6c960, ${engine.personalBeforeLoad})`
          : ''),
    );
    const t = engine.throughput;
    lines.push(
      `  throughput, ${t.connections} clients, ${t.durationSeconds} s (warm): ${t.requestsPerSecond} comparisons/s   target ≥${t.target}  ` +
        `${mark(t.requestsPerSecond >= t.target && t.errors === 0 && t.non2xx === 0)}   (${t.requests} requests, latency p50 ${t.latencyP50} ms / ` +
        `p99 ${t.latencyP99} ms, errors ${t.errors}, non-2xx ${t.non2xx})`,
    );
    const d = engine.demoThroughput;
    lines.push(
      `  for reference, the same mix on POST /api/forms/demo-comparation (no bearer, no saved search): ${d.requestsPerSecond}/s ` +
        `(errors ${d.errors}, non-2xx ${d.non2xx})`,
    );
  }
  lines.push('');
  lines.push(`Floor: the same figures in this process over typed arrays (no database, no HTTP, no privacy rules), ${result.forms.toLocaleString('en')} forms`);
  for (const l of result.floor) lines.push(`  ${l.name.padEnd(42)}${''.padEnd(13)}${pad(l.p50, 8)}${pad(l.p95, 8)}`);
  return lines.join('\n');
}

function parseArgs(argv: string[]): BenchOptions {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const int = (flag: string, fallback: number) => {
    const raw = value(flag);
    if (raw === undefined) return fallback;
    const n = Number(raw.replace(/[_,]/g, ''));
    if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} must be a positive integer`);
    return n;
  };
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const db = value('--db') ?? (databaseUrl ? 'both' : 'pglite');
  if (!['pglite', 'postgres', 'both'].includes(db)) throw new Error('--db must be pglite, postgres or both');
  const engines: EngineName[] = db === 'both' ? ['pglite', 'postgres'] : [db as EngineName];
  if (engines.includes('postgres') && !databaseUrl) throw new Error('PostgreSQL needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  return {
    forms: int('--forms', 1_000_000),
    engines,
    iterations: int('--iterations', 25),
    repeats: int('--repeats', 200),
    durationSeconds: int('--duration', 10),
    connections: int('--connections', 32),
    seed: int('--seed', 20230101),
    databaseUrl,
    keep: argv.includes('--keep'),
    reuse: argv.includes('--reuse'),
    log: (line) => console.log(line),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const options = parseArgs(process.argv.slice(2));
    const result = await runBench(options);
    console.log(formatReport(result));
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
