// While PostgreSQL is away, every API call answers 503 DATABASE_UNAVAILABLE with Retry-After (as
// /api/health does), never a 500 with an unhandled-error stack per request, and the log says it once, at warn level.
// The real app runs on a database of its own (cloned from the run's template) through a TCP proxy of this test's
// own (tests/server/helpers/tcpProxy.ts), which the test cuts: the shared PostgreSQL is never stopped. When the proxy
// forwards again, the same calls answer 200. PostgreSQL only (the embedded PGlite cannot go away): skipped on PGlite.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { readContract } from '../../src/server/http/contract';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { openPostgres } from '../../src/server/db/open';
import { databaseConnectionError } from '../../src/server/http/databaseOutage';
import { migratedTarget } from './support/testDatabase';
import { createTcpProxy, type TcpProxy } from './helpers/tcpProxy';
import { startTestApp, type SignedIn, type TestApp } from './helpers/testApp';

const postgres = inject('postgresTemplate');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('what counts as the database being away', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it("connection exceptions, shutdowns and the driver's connection messages; not other database errors", () => {
    expect(databaseConnectionError(coded('57P01', 'terminating connection due to administrator command'))).toBe('database');
    expect(databaseConnectionError(coded('08006'))).toBe('database');
    expect(databaseConnectionError(coded('57P03', 'the database system is starting up'))).toBe('database');
    expect(databaseConnectionError(new Error('Connection terminated unexpectedly'))).toBe('database');
    expect(databaseConnectionError(new Error('timeout exceeded when trying to connect'))).toBe('database');
    // Through drizzle's wrapper, and a connection refused on every address of a host.
    expect(databaseConnectionError(new DrizzleQueryError('select 1', [], new Error('Connection terminated')))).toBe('database');
    expect(databaseConnectionError(Object.assign(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]), { code: 'ECONNREFUSED' }))).toBe('socket');
    expect(databaseConnectionError(coded('ECONNRESET'))).toBe('socket');
    // A bug or a constraint is still a 500 or its own answer.
    expect(databaseConnectionError(coded('23505', 'duplicate key value violates unique constraint'))).toBeNull();
    expect(databaseConnectionError(coded('42P01', 'relation "x" does not exist'))).toBeNull();
    expect(databaseConnectionError(new TypeError('Cannot read properties of undefined'))).toBeNull();
  });

  it('the contract lets every operation answer 503 (the shared ServiceUnavailable answer, with Retry-After)', () => {
    const contract = readContract() as {
      paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, { $ref?: string }> }>>;
      components: { responses: Record<string, { headers?: Record<string, unknown> }> };
    };
    const without = Object.values(contract.paths)
      .flatMap((item) => Object.values(item))
      .filter((operation) => operation.operationId && operation.responses?.['503']?.$ref !== '#/components/responses/ServiceUnavailable')
      .map((operation) => operation.operationId);
    expect(without).toEqual([]);
    expect(contract.components.responses.ServiceUnavailable.headers).toHaveProperty('Retry-After');
  });
});

describe.skipIf(!postgres)('PostgreSQL outage', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let member: SignedIn;
  let databaseName = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paybench-outage-'));

  beforeAll(async () => {
    const target = await migratedTarget(dataDir);
    const direct = new URL(target.url!);
    databaseName = direct.pathname.slice(1);
    proxy = createTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.start();
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    t = await startTestApp({}, { database: openPostgres(proxied.toString(), 5) });
    const user = await t.createUser();
    member = await t.signIn(user.email);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    if (databaseName && postgres) {
      const admin = new pg.Client({ connectionString: postgres.adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`).finally(() => admin.end());
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Public reads, signed-in reads and writes: each needs the database (or its cache). */
  const calls = () =>
    [
      { method: 'GET', url: '/api/users/currentUser?refresh=true', headers: member.headers },
      { method: 'GET', url: '/api/forms/last', headers: member.headers },
      { method: 'GET', url: '/api/news' },
      { method: 'GET', url: '/api/public-summary' },
      { method: 'GET', url: '/api/app-config' },
      { method: 'POST', url: '/api/auth/sign-in', payload: { email: 'nobody@example.com', password: 'not-the-password-1234' } },
      { method: 'POST', url: '/api/forms/comparation', headers: member.headers, payload: { filters: { sector: 'banking' } } },
    ] as const;

  it('answers every call 503 DATABASE_UNAVAILABLE with Retry-After while the database is away, logged once at warn level', async () => {
    const before: number[] = [];
    for (const call of calls()) before.push((await t.app.inject(call)).statusCode);
    expect(before.filter((status) => status >= 500)).toEqual([]);
    const logsBefore = t.logs.length;

    proxy.cut();
    const seen: Array<{ call: string; status: number; errorCode?: string; retryAfter?: string }> = [];
    for (let round = 0; round < 3; round++) {
      for (const call of calls()) {
        const res = await t.app.inject(call);
        seen.push({ call: `${call.method} ${call.url}`, status: res.statusCode, errorCode: res.json().errorCode, retryAfter: res.headers['retry-after'] });
      }
    }
    console.log(`database cut: ${seen.map((s) => `${s.call} ${s.status}`).join('; ')}`);
    // A public answer still served from memory may be a 200; nothing needing the database is anything but a 503.
    for (const answer of seen) {
      if (answer.status === 200 && answer.call.startsWith('GET')) continue;
      expect(answer, answer.call).toMatchObject({ status: 503, errorCode: 'DATABASE_UNAVAILABLE', retryAfter: expect.stringMatching(/^[1-9]\d*$/) });
    }
    expect(seen.filter((answer) => answer.status === 503).length).toBeGreaterThanOrEqual(calls().length * 2);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);

    const lines = t.logs.slice(logsBefore).map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.filter((line) => line.msg === 'unhandled error')).toEqual([]);
    const outageLines = lines.filter((line) => line.msg.startsWith('database unavailable'));
    expect(outageLines.length).toBe(1);
    expect(outageLines[0].level).toBe(40);

    proxy.restore();
    const deadline = Date.now() + 10_000;
    let after: number[] = [];
    do {
      after = [];
      for (const call of calls()) after.push((await t.app.inject(call)).statusCode);
      if (after.every((status, i) => status === before[i])) break;
      await sleep(200);
    } while (Date.now() < deadline);
    console.log(`database back: ${after.join(' ')} (before the cut: ${before.join(' ')})`);
    expect(after).toEqual(before);
  });
});
