// Prometheus metrics (docs/operations.md "Metrics"). One registry per app: request rate and latency by
// operation (the contract's operationId), errors by status, the PostgreSQL pool, the job queue, the statistics
// cache, the current release, the credits charged and whether Redis answers. Served at GET /metrics only
// when METRICS_TOKEN is set (to that bearer token), or without a token on a port of its own (METRICS_PORT, bound to
// METRICS_HOST = 127.0.0.1).
// Figures that live in the database (queue depth, release age) are read when Prometheus scrapes, never on a timer.
import { createServer, type Server } from 'node:http';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ServerConfig } from '../config';
import type { Database } from '../db/open';
import { opsEvents } from './events';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry. */
    metrics: Registry;
  }
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** `GET /api/forms/:id` → operationId, from the contract's paths (fastify-openapi-glue turns {id} into :id). */
function operationsOf(specification: Record<string, unknown>, prefix: string): Map<string, string> {
  const operations = new Map<string, string>();
  const paths = (specification.paths ?? {}) as Record<string, Record<string, { operationId?: string }>>;
  for (const [route, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operationId = item[method]?.operationId;
      if (operationId) operations.set(`${method.toUpperCase()} ${prefix}${route.replace(/\{([^}]+)\}/g, ':$1')}`, operationId);
    }
  }
  return operations;
}

function sameToken(given: string, expected: string): boolean {
  // Hashed first: equal lengths for timingSafeEqual, and no early exit on the length.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function installMetrics(app: FastifyInstance, options: { config: ServerConfig; database: Database; specification: Record<string, unknown> }) {
  const { config, database } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'paybench_' });
  const operations = operationsOf(options.specification, '/api');

  const requests = new Counter({
    name: 'paybench_http_requests_total',
    help: 'HTTP requests answered, by operation (contract operationId), method and status',
    labelNames: ['operation', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'paybench_http_request_duration_seconds',
    help: 'Time to answer a request, by operation',
    labelNames: ['operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'paybench_http_errors_total',
    help: 'Requests answered with a 4xx or 5xx status, by status',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    const operation = route ? (operations.get(`${request.method} ${route}`) ?? route) : 'unmatched';
    const status = String(reply.statusCode);
    requests.inc({ operation, method: request.method, status });
    duration.observe({ operation }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 400) errors.inc({ status });
  });

  new Gauge({
    name: 'paybench_db_pool_connections',
    help: 'PostgreSQL pool connections of this instance, by state (total, idle, waiting = requests queued for one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'paybench_db_pool_max',
    help: 'Largest PostgreSQL pool of this instance (PG_POOL_MAX)',
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (stats) this.set(stats.max);
    },
  });

  new Gauge({
    name: 'paybench_jobs',
    help: 'Background jobs in the queue (whole database, every instance), by queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await database
        .execute<{ name: string; state: string; n: number }>(`select name, state::text as state, count(*)::int as n from pgboss.job group by 1, 2`)
        .catch(() => []);
      for (const row of rows) this.set({ queue: row.name, state: row.state }, Number(row.n));
    },
  });
  const jobFailures = new Counter({
    name: 'paybench_job_failures_total',
    help: 'Background jobs that failed on this instance (not interruptions), by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });

  const cacheLookups = new Counter({
    name: 'paybench_statistics_cache_lookups_total',
    help: 'Statistics cache lookups of this instance, by result (hit or miss)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  let hits = 0;
  let lookups = 0;
  new Gauge({
    name: 'paybench_statistics_cache_hit_ratio',
    help: 'Share of statistics cache lookups answered from the cache since this instance started',
    registers: [registry],
    collect() {
      this.set(lookups === 0 ? 0 : hits / lookups);
    },
  });

  new Gauge({
    name: 'paybench_release_age_seconds',
    help: 'Seconds since the current statistics release was cut',
    registers: [registry],
    async collect() {
      const [row] = await database
        .execute<{ age: number }>(`select extract(epoch from now() - cut_at)::float8 as age from statistics_releases where current`)
        .catch(() => []);
      if (row) this.set(Number(row.age));
    },
  });
  new Gauge({
    name: 'paybench_release_size_forms',
    help: 'Forms counted in the current statistics release',
    registers: [registry],
    async collect() {
      const [row] = await database.execute<{ size: number }>(`select size from statistics_releases where current`).catch(() => []);
      if (row) this.set(Number(row.size));
    },
  });
  // The shared throttle store (only with REDIS_URL; without it there is nothing to be down).
  if (config.redisUrl) {
    new Gauge({
      name: 'paybench_redis_up',
      help: 'Whether Redis (shared throttle counts) answers: 1 up, 0 down (this instance then counts attempts alone)',
      registers: [registry],
      collect() {
        this.set(app.readiness.redis?.state === 'up' ? 1 : 0);
      },
    });
    new Counter({
      name: 'paybench_redis_errors_total',
      help: 'Redis calls of this instance that failed (timed out, refused, connection lost)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(app.readiness.redis?.failures ?? 0);
      },
    });
  }

  const credits = new Counter({
    name: 'paybench_credits_charged_total',
    help: 'Credits charged for searches by this instance',
    registers: [registry],
  });

  const onCredits = (amount: number) => credits.inc(amount);
  const onCache = (hit: boolean) => {
    lookups++;
    if (hit) hits++;
    cacheLookups.inc({ result: hit ? 'hit' : 'miss' });
  };
  const onJobFailed = (queue: string) => jobFailures.inc({ queue });
  opsEvents.on('creditsCharged', onCredits);
  opsEvents.on('statisticsCache', onCache);
  opsEvents.on('jobFailed', onJobFailed);
  app.addHook('onClose', async () => {
    opsEvents.off('creditsCharged', onCredits);
    opsEvents.off('statisticsCache', onCache);
    opsEvents.off('jobFailed', onJobFailed);
  });

  app.decorate('metrics', registry);
  const token = config.metricsToken;
  if (token) {
    // Outside /api: the API's bearer hook (access tokens) does not apply; the scraper's token is checked here.
    app.get('/metrics', async (request, reply) => {
      const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
      if (!match || !sameToken(match[1], token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'Authentication required', errorCode: 'UNAUTHENTICATED' });
      }
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  }
}

/** METRICS_PORT: the metrics on a port of their own (reachable only where the operator binds it), no token. */
export async function startMetricsServer(app: FastifyInstance, config: ServerConfig): Promise<Server | null> {
  if (config.metricsPort === undefined) return null;
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    app.metrics.metrics().then(
      (text) => response.writeHead(200, { 'content-type': app.metrics.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metricsPort, config.metricsHost, () => resolve());
  });
  return server;
}
