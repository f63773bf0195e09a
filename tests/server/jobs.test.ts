// The background job queue on the real app and database: several app instances share one
// database as they would in production. A job's progress is visible to any instance through GET /api/jobs/{id};
// a job runs once however many instances poll; a job interrupted by a shutdown runs again on the next instance
// and its effect happens once; a handler's failure is recorded with a short message and not retried; the
// endpoint is for admins only.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { JobHandler } from '../../src/server/jobs/types';
import { startTestApp, type TestApp } from './helpers/testApp';
import type { Role } from '../../src/server/auth/accessToken';

let t: TestApp;
let admin: { authorization: string };
const instances: FastifyInstance[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const adminUser = await t.createUser({ roles: ['admin'] });
  admin = await t.bearer(adminUser.id, ['admin']);
  await t.database.execute('create table test_job_runs (job_id text not null, instance text not null, at timestamptz not null default now())');
  await t.database.execute('create table test_job_effects (job_id text primary key, value integer not null)');
});
afterEach(async () => {
  await Promise.all(instances.splice(0).map((app) => app.close()));
});
afterAll(async () => t?.close());

/** Another app instance on the same database, with test handlers registered before it starts. */
async function instance(handlers: Record<string, JobHandler<any, unknown>>): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.config, database: t.database });
  for (const [name, handler] of Object.entries(handlers)) app.jobs.register(name, handler);
  await app.ready();
  instances.push(app);
  return app;
}

const getJob = (id: string, headers: Record<string, string> = admin, app = t.app) => app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers });

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met in time: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const runs = async (jobId: string) => t.database.execute<{ instance: string }>('select instance from test_job_runs where job_id = $1', [jobId]);

/** Resolves once `open()` says so, or rejects when the job is interrupted. */
async function gate(signal: AbortSignal, open: () => boolean) {
  while (!open()) {
    signal.throwIfAborted();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('progress and result', () => {
  it('shows the stored progress to any instance while the job runs, then the result', async () => {
    let release = false;
    const worker = await instance({
      'test-progress': async (job) => {
        await job.progress({ done: 1, total: 3, phase: 'counting' });
        await gate(job.signal, () => release);
        await job.progress({ done: 2, total: 3, phase: 'counting' });
        await job.progress({ done: 3, total: 3, phase: 'writing' });
        return { counted: (job.data as { n: number }).n };
      },
    });
    const id = await worker.jobs.enqueue('test-progress', { n: 7 });

    // Read through the other instance (t.app runs no handler of this name): the state is the database's.
    const running = await until(
      async () => (await getJob(id)).json(),
      (body) => body.state === 'running' && body.progress?.done === 1,
    );
    expect(running).toMatchObject({
      id,
      name: 'test-progress',
      progress: { done: 1, total: 3, phase: 'counting' },
      result: null,
      error: null,
      completedAt: null,
    });
    expect(running.startedAt).toEqual(expect.any(String));

    release = true;
    await worker.jobs.waitFor(id);
    const res = await getJob(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'completed', progress: { done: 3, total: 3, phase: 'writing' }, result: { counted: 7 }, error: null });
    expect(new Date(res.json().completedAt).getTime()).toBeGreaterThanOrEqual(new Date(res.json().startedAt).getTime());
  });

  it('returns the queued or running job for a singleton key instead of a second one', async () => {
    let release = false;
    const worker = await instance({
      'test-singleton': async (job) => {
        await gate(job.signal, () => release);
        return null;
      },
    });
    const first = await worker.jobs.enqueue('test-singleton', {}, { singletonKey: 'only-one' });
    const second = await t.app.jobs.enqueue('test-singleton', {}, { singletonKey: 'only-one' });
    expect(second).toBe(first);
    release = true;
    await worker.jobs.waitFor(first);
    // Once finished, the key is free again.
    const third = await worker.jobs.enqueue('test-singleton', {}, { singletonKey: 'only-one' });
    expect(third).not.toBe(first);
    await worker.jobs.waitFor(third);
  });
});

describe('several instances', () => {
  it('runs each job once when two instances poll the same database', async () => {
    const handler =
      (name: string): JobHandler<{ n: number }, number> =>
      async (job) => {
        await t.database.execute('insert into test_job_runs (job_id, instance) values ($1, $2)', [job.id, name]);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return job.data.n * 2;
      };
    const a = await instance({ 'test-once': handler('a') });
    const b = await instance({ 'test-once': handler('b') });
    const ids = [];
    for (let n = 0; n < 12; n++) ids.push(await (n % 2 ? a : b).jobs.enqueue('test-once', { n }));
    const done = await Promise.all(ids.map((id) => a.jobs.waitFor(id)));
    expect(done.map((job) => job.state)).toEqual(ids.map(() => 'completed'));
    expect(done.map((job) => job.result)).toEqual(ids.map((_, n) => n * 2));
    for (const id of ids) expect(await runs(id)).toHaveLength(1);
  });

  it('runs a job interrupted by a shutdown again on the next instance, with its effect made once', async () => {
    let releaseFirst = false;
    const handler =
      (name: string, open: () => boolean): JobHandler<{ value: number }, { stored: boolean }> =>
      async (job) => {
        await t.database.execute('insert into test_job_runs (job_id, instance) values ($1, $2)', [job.id, name]);
        await job.progress({ done: 0, total: 1, phase: 'waiting' });
        await gate(job.signal, open);
        // The effect commits at once or not at all, and a second run finds it done (idempotent).
        const stored = await t.database.transaction(async (tx) => {
          const rows = await tx.execute('insert into test_job_effects (job_id, value) values ($1, $2) on conflict do nothing returning job_id', [
            job.id,
            job.data.value,
          ]);
          return rows.length === 1;
        });
        await job.progress({ done: 1, total: 1, phase: 'done' });
        return { stored };
      };
    const first = await instance({ 'test-restart': handler('first', () => releaseFirst) });
    const id = await first.jobs.enqueue('test-restart', { value: 42 });
    await until(
      () => runs(id),
      (rows) => rows.length === 1,
    );

    // The instance shuts down while the handler waits: the handler is interrupted and the job queued again.
    await first.close();
    instances.splice(instances.indexOf(first), 1);
    releaseFirst = true;
    const waiting = (await getJob(id)).json();
    expect(waiting).toMatchObject({ state: 'queued', error: null, result: null, completedAt: null });
    expect(await t.database.execute('select * from test_job_effects where job_id = $1', [id])).toHaveLength(0);

    const second = await instance({ 'test-restart': handler('second', () => true) });
    const finished = await second.jobs.waitFor(id);
    expect(finished).toMatchObject({ state: 'completed', result: { stored: true }, error: null, progress: { done: 1, total: 1, phase: 'done' } });
    expect((await runs(id)).map((row) => row.instance)).toEqual(['first', 'second']);
    expect(await t.database.execute('select value from test_job_effects where job_id = $1', [id])).toEqual([{ value: 42 }]);
  });
});

describe('failure', () => {
  it('records a failed job with a short message and does not run it again', async () => {
    const worker = await instance({
      'test-failure': async (job) => {
        await t.database.execute('insert into test_job_runs (job_id, instance) values ($1, $2)', [job.id, 'only']);
        await job.progress({ done: 2, total: 5 });
        throw new Error('No exchange rate for XYZ\n    at somewhere (file.ts:1:1)');
      },
    });
    const id = await worker.jobs.enqueue('test-failure', {});
    const failed = await worker.jobs.waitFor(id);
    expect(failed).toMatchObject({ state: 'failed', error: 'No exchange rate for XYZ', result: null, progress: { done: 2, total: 5 } });
    expect(failed.completedAt).toEqual(expect.any(String));
    const body = (await getJob(id)).json();
    expect(body.error).toBe('No exchange rate for XYZ');
    expect(JSON.stringify(body)).not.toContain('file.ts');
    // Two polling intervals later it has still run once.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await runs(id)).toHaveLength(1);
    expect((await worker.jobs.get(id))?.state).toBe('failed');
  });
});

describe('GET /api/jobs/{id}', () => {
  const cases: Array<[string, Role[] | null, number]> = [
    ['anonymous', null, 401],
    ['member', ['member'], 403],
    ['corporate', ['corporate'], 403],
    ['admin', ['admin'], 200],
  ];

  let id: string;
  beforeAll(async () => {
    const worker = await instance({ 'test-permission': async () => ({ ok: true }) });
    id = await worker.jobs.enqueue('test-permission', {});
    await worker.jobs.waitFor(id);
  });

  it.each(cases)('answers %s with %s', async (_who, roles, status) => {
    let headers: Record<string, string> = {};
    if (roles) {
      const user = await t.createUser({ roles });
      headers = await t.bearer(user.id, roles);
    }
    const res = await getJob(id, headers);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200) expect(res.json()).toMatchObject({ id, state: 'completed', result: { ok: true } });
    else expect(JSON.stringify(res.json())).not.toContain('"ok"');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await getJob('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const res = await getJob('not-a-job');
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('NOT_FOUND');
  });
});
