// Three real app processes on one PostgreSQL database (and the shared Redis when REDIS_URL is set) keep
// every promise one process keeps: credits charged once, shared throttles, sessions valid and revoked everywhere,
// changes made on one instance seen by the others within a second, the scheduled cut and a job made once, a rolling restart
// through a load balancer with no failed request, and an instance killed under load losing nothing acknowledged.
// The instances start at the same moment on an empty database: migrations, seed and first release happen once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openPostgres, type Database } from '../../src/server/db/open';
import { hashPassword } from '../../src/server/auth/passwords';
import { REFRESH_COOKIE } from '../../src/server/auth/sessions';
import { DEMO_ACCOUNTS } from '../../src/server/seed';
import { THROTTLE_RULES } from '../../src/server/http/rateLimit';
import { migrationsFolder } from '../../src/server/db/migrate';
import { newId } from '../../src/server/ids';
import { insertForm, insertForms } from '../server/helpers/comparisonFixtures';
import { bumpDataVersion } from '../../src/server/services/dataVersion';
import {
  CLUSTER_ENV,
  call,
  cookieOf,
  createDatabase,
  freePort,
  instance,
  load,
  sleep,
  startProxy,
  type Answer,
  type Instance,
} from '../../scripts/clusterSupport';

const adminUrl = process.env.DATABASE_URL!;
const redisUrl = process.env.REDIS_URL;
const PASSWORD = 'cluster-user-Password-42!';

let drop: (() => Promise<void>) | undefined;
let db: Database;
let nodes: Instance[] = [];
let passwordHash: string;

/** A client address of its own per test (the instances trust X-Forwarded-For), so no run throttles another. */
const freshAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;

beforeAll(async () => {
  const database = await createDatabase(adminUrl);
  drop = database.drop;
  const ports = await Promise.all([freePort(), freePort(), freePort()]);
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    SEED_FORMS: '100',
    TRUST_PROXY: '1',
    DRAIN_DELAY_MS: '1000',
    RELEASE_CHECK_SECONDS: '1',
    PG_POOL_MAX: '8',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
  nodes = ['a', 'b', 'c'].map((name, i) => instance(name, ports[i], env));
  // The same moment, on an empty database: they race to migrate, seed and cut the first release.
  for (const node of nodes) node.start();
  await Promise.all(nodes.map((node) => node.ready()));
  db = openPostgres(database.url, 4);
  passwordHash = await hashPassword(PASSWORD);
}, 300_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => node.kill()));
  await db?.close();
  await drop?.();
}, 60_000);

async function createUser(roles: string[], credits = 0): Promise<{ id: string; email: string }> {
  const id = newId();
  const email = `cluster-${id.toLowerCase()}@example.com`;
  await db.execute(`insert into users (id, email, password_hash, roles, credits, email_verified, company_id) values ($1, $2, $3, $4, $5, true, $6)`, [
    id,
    email,
    passwordHash,
    roles,
    credits,
    roles.includes('corporate') ? id : null,
  ]);
  return { id, email };
}

interface Session {
  authorization: string;
  cookie: string;
}

async function signIn(node: Instance, email: string, password = PASSWORD): Promise<Session> {
  const res = await call(node.url, 'POST', '/api/auth/sign-in', { body: { email, password }, address: freshAddress() });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { authorization: `Bearer ${res.body.accessToken}`, cookie: cookieOf(res, REFRESH_COOKIE)! };
}

const [a, b, c] = [0, 1, 2].map((i) => () => nodes[i]);

describe('three instances started at once on an empty database', () => {
  it('migrate, seed and cut the first release exactly once', async () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const [migrations] = await db.execute<{ n: number; distinct: number }>(
      'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
    );
    expect(migrations).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
    const demo = await db.execute<{ email: string; n: number }>('select email, count(*)::int as n from users where email = any($1) group by email', [
      Object.values(DEMO_ACCOUNTS),
    ]);
    expect(demo).toHaveLength(Object.values(DEMO_ACCOUNTS).length);
    for (const row of demo) expect(row.n).toBe(1);
    const releases = await db.execute<{ trigger: string }>('select trigger from statistics_releases');
    expect(releases).toEqual([{ trigger: 'first' }]);
  });
});

describe('one truth across instances', () => {
  it('50 parallel paid searches spread over the instances with 10 credits charge exactly 10', async () => {
    const user = await createUser(['corporate'], 10);
    const session = await signIn(a(), user.email);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(nodes[i % 3].url, 'POST', '/api/forms/comparation', { body: { filters: {} }, authorization: session.authorization }),
      ),
    );
    const codes = answers.map((res) => res.status);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 402)).toHaveLength(40);
    const [{ credits }] = await db.execute<{ credits: number }>('select credits from users where id = $1', [user.id]);
    expect(credits).toBe(0);
    const [{ n }] = await db.execute<{ n: number }>('select count(*)::int as n from credit_ledger where user_id = $1 and delta = -1', [user.id]);
    expect(n).toBe(10);
  });

  it.runIf(redisUrl)('shares the sign-in throttle and the anonymous-draft limit (Redis)', async () => {
    const address = freshAddress();
    const limit = THROTTLE_RULES.signInPerAddress.limit;
    for (let i = 0; i < limit; i++) {
      // A new unknown e-mail each time: only the per-address rule can stop these.
      const res = await call(nodes[i % 3].url, 'POST', '/api/auth/sign-in', {
        body: { email: `nobody-${i}-${newId()}@example.com`, password: 'wrong-password-123' },
        address,
      });
      expect(res.status).toBe(401);
    }
    // Each instance saw a third of the failures; together they reached the limit, and every instance knows it.
    for (const node of nodes) {
      const res = await call(node.url, 'POST', '/api/auth/sign-in', {
        body: { email: `nobody-${newId()}@example.com`, password: 'wrong-password-123' },
        address,
      });
      expect(res.status).toBe(429);
    }

    const draftsFrom = freshAddress();
    const drafts = THROTTLE_RULES.draftsPerAddress.limit;
    for (let i = 0; i < drafts; i++) {
      const res = await call(nodes[i % 3].url, 'POST', '/api/forms', { body: { fixedSalary: 95_000, country: 'es' }, address: draftsFrom });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    }
    for (const node of nodes) {
      const res = await call(node.url, 'POST', '/api/forms', { body: { fixedSalary: 95_000, country: 'es' }, address: draftsFrom });
      expect(res.status).toBe(429);
    }
  });

  it('a session opened on one instance works on the others; reuse detection and sign-out hold across them', async () => {
    const user = await createUser(['member']);
    const session = await signIn(a(), user.email);
    for (const node of nodes) expect((await call(node.url, 'GET', '/api/users/currentUser', { authorization: session.authorization })).status).toBe(200);

    // Rotated on A; the old refresh token replayed on B after the grace: refused, and the whole family dies on C and A.
    const rotated = await call(a().url, 'POST', '/api/auth/refresh', { cookie: session.cookie, address: freshAddress() });
    expect(rotated.status).toBe(200);
    const rotatedCookie = cookieOf(rotated, REFRESH_COOKIE)!;
    const rotatedAccess = `Bearer ${rotated.body.accessToken}`;
    await db.execute(`update refresh_tokens set rotated_at = rotated_at - interval '1 hour' where user_id = $1 and rotated_at is not null`, [user.id]);
    expect((await call(b().url, 'POST', '/api/auth/refresh', { cookie: session.cookie, address: freshAddress() })).status).toBe(401);
    expect((await call(c().url, 'POST', '/api/auth/refresh', { cookie: rotatedCookie, address: freshAddress() })).status).toBe(401);
    for (const node of nodes) expect((await call(node.url, 'GET', '/api/users/currentUser', { authorization: rotatedAccess })).status).toBe(401);

    // Signed in on B, signed out on C: the access token is refused on A at once.
    const second = await signIn(b(), user.email);
    expect((await call(a().url, 'GET', '/api/users/currentUser', { authorization: second.authorization })).status).toBe(200);
    const out = await call(c().url, 'POST', '/api/auth/sign-out', { cookie: second.cookie, authorization: second.authorization, address: freshAddress() });
    expect(out.status).toBeLessThan(300);
    for (const node of nodes) expect((await call(node.url, 'GET', '/api/users/currentUser', { authorization: second.authorization })).status).toBe(401);
  });

  it('a release cut, an erasure and a configuration change on one instance are seen by the others within 1 s', async () => {
    const admin = await signIn(a(), DEMO_ACCOUNTS.admin, CLUSTER_ENV.DEMO_PASSWORD);
    const viewer = await signIn(a(), DEMO_ACCOUNTS.unlimited, CLUSTER_ENV.DEMO_PASSWORD);
    // 20 more forms of 2025, one by a person who will be erased (a high salary: the year's figures move). The
    // whole year is asked (no condition to remove, so the anti-differencing rule never refuses it).
    const victim = await createUser(['member']);
    await insertForm(db, { year: 2025, sector: 'insurance', userId: victim.id, fixedSalary: 900_000, annualBonus: 300_000 });
    await insertForms(db, 19, (i) => ({ year: 2025, sector: 'insurance', fixedSalary: 80_000 + i * 3_000 }));
    const compare = async (node: Instance) => {
      const res = await call(node.url, 'POST', '/api/forms/comparation', { body: { filters: { year: 2025 } }, authorization: viewer.authorization });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { historyId: _history, creditsLeft: _credits, ...figures } = res.body;
      return JSON.stringify(figures);
    };
    const before = await Promise.all(nodes.map(compare));

    /** Waits until B and C answer what A answers now, and returns how long that took. */
    const seenWithin = async (): Promise<number> => {
      const started = Date.now();
      const expected = await compare(a());
      for (;;) {
        const answers = await Promise.all([compare(b()), compare(c())]);
        if (answers.every((answer) => answer === expected)) return Date.now() - started;
        if (Date.now() - started > 5_000) throw new Error(`not seen within 5 s: ${answers.join(' / ')} vs ${expected}`);
        await sleep(25);
      }
    };

    const cut = await call(a().url, 'POST', '/api/admin/releases', { authorization: admin.authorization });
    expect(cut.status).toBe(200);
    expect(cut.body.status).toBe('cut');
    expect(await seenWithin()).toBeLessThan(1_000);
    const afterCut = await compare(b());
    expect(JSON.parse(afterCut).status, afterCut).toBe('ok');
    expect(afterCut).not.toBe(before[1]);

    const erased = await call(a().url, 'DELETE', `/api/users/${victim.id}`, { authorization: admin.authorization });
    expect(erased.status).toBeLessThan(300);
    expect(await seenWithin()).toBeLessThan(1_000);
    expect(await compare(c())).not.toBe(afterCut);

    const minValues = { minFixed: 81_000 + Math.floor(Math.random() * 1000), compTotal: 80_000, deferredMax: 100_000_000 };
    const changed = await call(a().url, 'PATCH', '/api/forms/configs/min-values', { body: minValues, authorization: admin.authorization });
    expect(changed.status).toBe(200);
    const started = Date.now();
    for (const node of [b(), c()]) {
      for (;;) {
        const configs = await call(node.url, 'GET', '/api/forms/configs', { authorization: admin.authorization });
        expect(configs.status).toBe(200);
        if (configs.body.minValues?.minFixed === minValues.minFixed) break;
        if (Date.now() - started > 5_000) throw new Error('configuration change not seen');
        await sleep(25);
      }
    }
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await seenWithin()).toBeLessThan(1_000);
  });

  it('the scheduled cut is made once by the three instances', async () => {
    await insertForms(db, 6, (i) => ({ year: 2025, country: 'pt', sector: 'banking', fixedSalary: 90_000 + i * 1_000 }));
    await bumpDataVersion(db);
    const [{ latest }] = await db.execute<{ latest: number }>('select max(sequence)::int as latest from statistics_releases');
    // The current release is now older than RELEASE_INTERVAL_HOURS: every instance's next check (each second) finds it due.
    await db.execute(`update statistics_releases set cut_at = cut_at - interval '25 hours' where current`);
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      const [{ n }] = await db.execute<{ n: number }>(`select count(*)::int as n from statistics_releases where sequence > $1`, [latest]);
      if (n > 0) break;
      await sleep(200);
    }
    // Three more checks of each instance: still one.
    await sleep(3_500);
    const made = await db.execute<{ trigger: string }>('select trigger from statistics_releases where sequence > $1', [latest]);
    expect(made).toEqual([{ trigger: 'schedule' }]);
  });
});

describe('background jobs across instances', () => {
  it('a job asked for on the three instances at once is queued once and run once', async () => {
    const admin = await signIn(b(), DEMO_ACCOUNTS.admin, CLUSTER_ENV.DEMO_PASSWORD);
    const asked = await Promise.all(
      nodes.map((node) => call(node.url, 'POST', '/api/forms/run-deferred-compensation-script', { authorization: admin.authorization })),
    );
    for (const res of asked) expect(res.status).toBe(202);
    const ids = new Set(asked.map((res) => res.body.jobId));
    expect(ids.size).toBe(1);
    const [jobId] = ids;
    const until = Date.now() + 60_000;
    let state = '';
    while (Date.now() < until) {
      state = (await call(c().url, 'GET', `/api/jobs/${jobId}`, { authorization: admin.authorization })).body.state;
      if (state === 'completed' || state === 'failed') break;
      await sleep(200);
    }
    expect(state).toBe('completed');
    const [{ runs }] = await db.execute<{ runs: number }>(`select count(*)::int as runs from audit_log where action = 'script.deferredCompensation'`);
    expect(runs).toBe(1);
  });
});

describe('rolling restart and a killed instance', () => {
  it('restarting the three instances one after another under 32 clients fails no request', async () => {
    const viewer = await signIn(a(), DEMO_ACCOUNTS.unlimited, CLUSTER_ENV.DEMO_PASSWORD);
    const proxy = await startProxy(nodes.map((node) => node.url));
    try {
      expect(proxy.healthy()).toHaveLength(3);
      const asks: ((n: number) => Promise<Answer>)[] = [
        () => call(proxy.url, 'GET', '/api/app-config'),
        () => call(proxy.url, 'GET', '/api/public-summary'),
        () => call(proxy.url, 'GET', '/api/users/currentUser', { authorization: viewer.authorization }),
        (n) =>
          call(proxy.url, 'POST', '/api/forms/comparation', { body: { filters: n % 2 ? { sector: 'banking' } : {} }, authorization: viewer.authorization }),
      ];
      let restarts: Promise<number[]> | undefined;
      const codes: number[] = [];
      const traffic = load(
        32,
        async (client, n) => {
          const res = await asks[(client + n) % asks.length](n);
          return { ok: res.status === 200, detail: `${res.status} ${JSON.stringify(res.body).slice(0, 120)}` };
        },
        (restarts = (async () => {
          await sleep(1_000);
          for (const node of nodes) {
            codes.push((await node.stop()) ?? -1);
            node.start();
            await node.ready();
            // The proxy's next check puts it back before the next instance goes.
            await sleep(500);
          }
          await sleep(1_000);
          return codes;
        })()),
      );
      const outcome = await traffic;
      expect(await restarts).toEqual([0, 0, 0]);
      expect(outcome.failed).toEqual([]);
      expect(outcome.ok).toBeGreaterThan(100);
      console.info(`rolling restart: ${outcome.ok} requests, ${outcome.failed.length} failed`);
    } finally {
      await proxy.close();
    }
  });

  it('an instance killed with SIGKILL under load: its requests fail, nothing acknowledged is lost, the others serve', async () => {
    const user = await createUser(['corporate'], 100_000);
    const session = await signIn(a(), user.email);
    /** The saved searches of the acknowledged charges (the ledger row's reference). */
    const acknowledged = new Set<string>();
    const failures: { node: string; afterKill: boolean }[] = [];
    let killed = false;
    let afterKillOk = 0;
    let stop = false;
    const client = async (i: number) => {
      for (let n = 0; !stop; n++) {
        const node = nodes[(i + n) % 3];
        const key = `kill-${i}-${n}-${newId()}`;
        const wasKilled = killed;
        try {
          const res = await call(node.url, 'POST', '/api/forms/comparation', {
            body: { filters: {}, idempotencyKey: key },
            authorization: session.authorization,
            timeoutMs: 10_000,
          });
          if (res.status === 200) {
            // Charged and saved (a search that shows no figures is not charged and not saved).
            expect(res.body.historyId).toBeTruthy();
            acknowledged.add(res.body.historyId);
            if (wasKilled) afterKillOk++;
          } else failures.push({ node: node.name, afterKill: wasKilled });
        } catch {
          failures.push({ node: node.name, afterKill: wasKilled });
          // A refused connection answers at once; a real client backs off a moment.
          await sleep(20);
        }
      }
    };
    const clients = Array.from({ length: 12 }, (_, i) => client(i));
    await sleep(1_500);
    await c().kill();
    killed = true;
    await sleep(2_500);
    stop = true;
    await Promise.all(clients);

    // Only requests to the killed instance failed; A and B answered everything, during and after.
    expect(failures.filter((f) => f.node !== 'c')).toEqual([]);
    expect(failures.length).toBeGreaterThan(0);
    expect(afterKillOk).toBeGreaterThan(0);
    // Every acknowledged charge is in the ledger, and the balance is explained by the ledger.
    const ledger = await db.execute<{ key: string }>('select reference as key from credit_ledger where user_id = $1', [user.id]);
    const keys = new Set(ledger.map((row) => row.key));
    for (const key of acknowledged) expect(keys.has(key)).toBe(true);
    const [{ credits }] = await db.execute<{ credits: number }>('select credits from users where id = $1', [user.id]);
    expect(credits).toBe(100_000 - ledger.length);
    for (const node of [a(), b()]) expect((await call(node.url, 'GET', '/api/ready')).status).toBe(200);
  });
});
