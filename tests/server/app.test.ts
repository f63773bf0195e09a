// The spine's server behaviour: contract routing, strict validation, errors, security, docs, SPA fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readContract } from '../../src/server/http/contract';
import { startTestApp, type TestApp } from './helpers/testApp';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createHandlers } from '../../src/server/routes';
import { openTestDatabase } from './support/testDatabase';
import { publishRelease } from './helpers/comparisonFixtures';

const FORM_ID = 'A'.repeat(12) + 'b'.repeat(12);
const validAnswers = { fixedSalary: 95000, annualBonus: 10000, country: 'es' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

function expectErrorShape(body: unknown) {
  expect(body).toEqual(expect.objectContaining({ error: expect.anything() }));
  const { error, errorCode, message, ...rest } = body as Record<string, unknown>;
  expect(rest).toEqual({});
  expect(typeof error === 'string' || (Array.isArray(error) && error.every((e) => typeof e === 'string'))).toBe(true);
  if (errorCode !== undefined) expect(typeof errorCode).toBe('string');
  if (message !== undefined) expect(typeof message).toBe('string');
}

describe('health and system calls', () => {
  it('GET /api/health answers ok and names the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.PAYBENCH_TEST_DB === 'postgres' ? 'postgresql' : 'pglite',
      uptimeSeconds: expect.any(Number),
    });
  });

  it('GET /api/app-config has the premium flag on by default and K = 5', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ premiumEnabled: true, privacyThreshold: 5, analyticsScriptUrl: null, languages: ['es', 'en'] });
    expect(res.json().surveyYears[0]).toBe(2023);
  });

  it('GET /api/app-config publishes the exchange rates of the current statistics release and its date, to anyone', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/app-config' });
    const [existing] = await t.database.execute<{ n: number }>('select count(*)::int as n from statistics_releases where current');
    if (Number(existing.n) === 0) expect(before.json().exchangeRates).toBeNull();
    // Rates as admins enter them (EUR per unit), then a cut fixes them for its release.
    await t.database.execute(`insert into configs (key, value) values ('exchangeRates', $1) on conflict (key) do update set value = excluded.value`, [
      JSON.stringify([
        { currency: 'USD', rateToEur: 0.8, date: '2026-11-02' },
        { currency: 'GBP', rateToEur: 1.25, date: '2026-11-02' },
      ]),
    ]);
    const release = await publishRelease(t.database);
    // A later change of the configured rates does not move the published ones: they are the release's.
    await t.database.execute(`update configs set value = $1 where key = 'exchangeRates'`, [
      JSON.stringify([{ currency: 'USD', rateToEur: 0.5, date: '2026-11-30' }]),
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().exchangeRates).toEqual({ date: release.cutAt.slice(0, 10), base: 'EUR', rates: { GBP: 0.8, USD: 1.25 } });
  });
});

describe('strict request validation (no coercion, no stripping)', () => {
  // Fastify would turn each of these into a number by default; money must never be guessed.
  const wrongTypes: Array<[string, unknown]> = [
    ['a numeric string', '95000'],
    ['an array', [95000]],
    ['a boolean', true],
    ['null', null],
  ];
  for (const [label, value] of wrongTypes) {
    it(`refuses ${label} where a number belongs, naming the field`, async () => {
      const res = await t.app.inject({ method: 'PUT', url: `/api/forms/${FORM_ID}`, payload: { ...validAnswers, fixedSalary: value } });
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
      expect(res.json().errorCode).toBe('VALIDATION_ERROR');
      expect(res.json().error.join(' ')).toContain('body.fixedSalary');
    });
  }

  it('refuses an unknown property, naming it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/forms', payload: { ...validAnswers, salaryGuess: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('body.salaryGuess: unknown property');
  });

  it('refuses values outside the questionnaire limits', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/forms', payload: { fixedSalary: 79999, annualBonus: -1 } });
    expect(res.statusCode).toBe(400);
    const lines: string[] = res.json().error;
    expect(lines.some((l) => l.startsWith('body.fixedSalary'))).toBe(true);
    expect(lines.some((l) => l.startsWith('body.annualBonus'))).toBe(true);
  });

  it('lets a valid body through to the operation', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/forms/${FORM_ID}`, payload: validAnswers });
    expect(res.statusCode).not.toBe(400);
  });

  it('refuses a malformed path id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/forms/short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.join(' ')).toContain('params.id');
  });

  it('coerces query text to numbers but still refuses non-numbers', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/news?page=2&limit=5' });
    expect(ok.statusCode).not.toBe(400);
    const bad = await t.app.inject({ method: 'GET', url: '/api/news?page=two' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.join(' ')).toContain('querystring.page');
  });

  it('answers malformed JSON with the error schema', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: { 'content-type': 'application/json' },
      payload: '{"fixedSalary": ',
    });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json());
  });

  it('refuses a body over the size limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(t.config.bodyLimitBytes + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expectErrorShape(res.json());
  });
});

describe('authentication at the edge', () => {
  it('a bearer-only call without a token is 401 with the error schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/currentUser' });
    expect(res.statusCode).toBe(401);
    expectErrorShape(res.json());
  });

  it('an invalid token is 401 even on an optional-auth call', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/forms/${FORM_ID}`, headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('INVALID_TOKEN');
  });

  it('a valid token reaches the operation', async () => {
    // The token must name an existing account: permissions are decided on the stored user.
    const user = await t.createUser();
    const res = await t.app.inject({ method: 'GET', url: '/api/users/currentUser', headers: await t.bearer(user.id, ['member']) });
    expect(res.statusCode).not.toBe(401);
  });
});

describe('contract coverage of the server', () => {
  const spec = readContract() as { paths: Record<string, Record<string, { operationId?: string }>> };
  const specOperations = Object.values(spec.paths).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([, op]) => op.operationId as string),
  );

  it('has exactly one handler per operation of openapi.yaml', () => {
    const handlers = createHandlers({ jobs: { register: () => undefined } } as never);
    expect(Object.keys(handlers).sort()).toEqual([...specOperations].sort());
  });

  it('no operation answers 501: every handler is a real one', () => {
    const handlers = createHandlers({ jobs: { register: () => undefined } } as never);
    const placeholders = Object.entries(handlers)
      .filter(([, handler]) => handler.toString().includes('501'))
      .map(([id]) => id);
    expect(placeholders).toEqual([]);
  });

  it('an unknown API path is 404 with the error schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expectErrorShape(res.json());
  });
});

describe('headers, docs and logs', () => {
  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('serves interactive API docs and the contract itself', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json().openapi).toMatch(/^3\.1/);
    expect(Object.keys(json.json().paths)).toContain('/forms/comparation');
  });

  it('never writes tokens or e-mail addresses to the log', async () => {
    const { authorization } = await t.bearer('U'.repeat(24), ['admin']);
    await t.app.inject({ method: 'GET', url: '/api/forms/last-by-user-email/ana.perez@example.com?x=1', headers: { authorization } });
    const written = t.logs.join('');
    // The e-mail path parameter is logged by its name (http/logging.ts), never its value.
    expect(written).toContain('/api/forms/last-by-user-email/:email');
    expect(written).not.toContain('ana.perez@example.com');
    expect(written).not.toContain(authorization.slice(7));
  });
});

describe('serving the built web app', () => {
  it('serves index.html for app routes (SPA fallback) and JSON 404 under /api', async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'paybench-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Paybench</title>');
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const database = await openTestDatabase();
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: webDir, WEB_DIR: webDir }), database });
    try {
      const page = await app.inject({ method: 'GET', url: '/comparison/abc' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Paybench</title>');
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(api.json().errorCode).toBe('NOT_FOUND');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
