// Operations on one app: GET /api/ready (200 when ready, 503 while starting or draining) and the Prometheus metrics
// (not served without METRICS_TOKEN, 401 to a wrong token, counters that move with the traffic).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForms, insertUser, publishRelease } from './helpers/comparisonFixtures';

const TOKEN = 'metrics-test-token-0123456789';

/** The value of one series in Prometheus' text format (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([key, value]) => (match[2] ?? '').includes(`${key}="${value}"`));
    if (has) return Number(match[3]);
  }
  return 0;
}

describe('readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 200 with every check passing once the app is ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    // Without REDIS_URL there is no shared throttle store to report (`redis: up|down` with one).
    expect(res.json()).toEqual({ ready: true, phase: 'ready', checks: { database: true, migrations: true, listener: true }, redis: 'off' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while starting and while draining, and liveness stays 200', async () => {
    t.app.readiness.phase = 'starting';
    const starting = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ error: ['phase: starting'], errorCode: 'NOT_READY', message: expect.any(String) });

    t.app.readiness.phase = 'draining';
    const draining = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ errorCode: 'NOT_READY', error: expect.arrayContaining(['phase: draining']) });
    // Draining still serves requests (the load balancer needs time to notice): liveness and the API answer.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/app-config' })).statusCode).toBe(200);
    t.app.readiness.phase = 'ready';
  });

  it("says the migrations are not at this build's version when the database is behind", async () => {
    const other = await startTestApp();
    try {
      await other.database.execute('delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)');
      const res = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ errorCode: 'NOT_READY', error: ['migrations'] });
    } finally {
      await other.close();
    }
  });
});

describe('metrics', () => {
  it('are not served without METRICS_TOKEN', async () => {
    const t = await startTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ METRICS_TOKEN: TOKEN });
      await insertForms(t.database, 20, (i) => ({ fixedSalary: 90_000 + i * 1000 }));
      await publishRelease(t.database);
    });
    afterAll(async () => t?.close());
    const scrape = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      return res.body;
    };

    it('refuse a missing or wrong bearer token with 401', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ errorCode: 'UNAUTHENTICATED' });
    });

    it('count requests by operation and status, errors, credits charged, the cache and the current release', async () => {
      const before = await scrape();
      for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
      await t.app.inject({ method: 'GET', url: '/api/users/me' });
      const id = await insertUser(t.database, { roles: ['corporate'], credits: 5 });
      const headers = await t.bearer(id, ['corporate']);
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/forms/comparation', headers, payload: { filters: {} } });
        expect(res.statusCode).toBe(200);
      }
      const after = await scrape();

      const health = { operation: 'getHealth', method: 'GET', status: '200' };
      expect(sample(after, 'paybench_http_requests_total', health) - sample(before, 'paybench_http_requests_total', health)).toBe(3);
      expect(sample(after, 'paybench_http_request_duration_seconds_count', { operation: 'getHealth' })).toBeGreaterThanOrEqual(3);
      expect(sample(after, 'paybench_http_errors_total', { status: '401' }) - sample(before, 'paybench_http_errors_total', { status: '401' })).toBe(1);
      expect(sample(after, 'paybench_credits_charged_total') - sample(before, 'paybench_credits_charged_total')).toBe(2);
      // The second identical comparison was answered from the cache.
      expect(sample(after, 'paybench_statistics_cache_lookups_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
      expect(sample(after, 'paybench_statistics_cache_hit_ratio')).toBeGreaterThan(0);
      expect(sample(after, 'paybench_release_size_forms')).toBe(20);
      expect(sample(after, 'paybench_release_age_seconds')).toBeGreaterThanOrEqual(0);
      expect(after).toContain('paybench_jobs');
      expect(after).toContain('paybench_job_failures_total');
      if (t.database.kind === 'postgresql') expect(sample(after, 'paybench_db_pool_max')).toBeGreaterThan(0);
    });
  });
});

describe('production start', () => {
  it('names every missing variable at once', async () => {
    const { loadConfig } = await import('../../src/server/config');
    const attempt = () => loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1', STRIPE_SECRET_KEY: 'sk_test_x', DATA_DIR: '/tmp/paybench-config-test' });
    expect(attempt).toThrow(/Production start refused/);
    let message = '';
    try {
      attempt();
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['DEMO_PASSWORD', 'TOKEN_SECRET', 'PERTURBATION_SECRET', 'STRIPE_WEBHOOK_SECRET']) expect(message).toContain(`- ${name} must be`);
  });
});
