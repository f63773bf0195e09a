// npm run bench:cluster: throughput and p95 of 1 and then 3 app instances on one PostgreSQL under the same
// 32 clients, in one run; a rolling restart of the 3 through a round-robin proxy under that load; and, with
// --restore-forms N, the time to back up and restore a database of N forms (npm run backup / restore's code).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:cluster -- [--seconds 20] [--clients 32]
//     [--seed-forms 3000] [--restore-forms 1000000 [--only-restore]]
// Every database it makes (paybench_bench_cluster_*) is dropped at the end. Figures: docs/operations.md.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { CLUSTER_ENV, call, createDatabase, freePort, instance, load, sleep, startProxy, type Answer, type Instance } from './clusterSupport';
import { DEMO_ACCOUNTS, insertDemoForms } from '../src/server/seed';
import { openPostgres } from '../src/server/db/open';
import { migrateDatabase } from '../src/server/db/migrate';
import { cutRelease } from '../src/server/services/releases';
import { backup, restore } from '../src/server/ops/backup';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const seconds = option('seconds', 20);
const clients = option('clients', 32);
const seedForms = option('seed-forms', 3000);
const restoreForms = option('restore-forms', 0);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('bench:cluster needs DATABASE_URL (a PostgreSQL where it may create and drop databases)');
  process.exit(2);
}

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** The mix of the rolling-restart test: public figures, configuration, the caller, a comparison. */
function mix(base: () => string, authorization: string) {
  const asks: ((n: number) => Promise<Answer>)[] = [
    () => call(base(), 'GET', '/api/app-config'),
    () => call(base(), 'GET', '/api/public-summary'),
    () => call(base(), 'GET', '/api/users/currentUser', { authorization }),
    (n) => call(base(), 'POST', '/api/forms/comparation', { body: { filters: n % 2 ? { sector: 'banking' } : {} }, authorization }),
  ];
  return async (client: number, n: number) => {
    const res = await asks[(client + n) % asks.length](n);
    return { ok: res.status === 200, detail: String(res.status) };
  };
}

async function measure(label: string, targets: Instance[], authorization: string) {
  let next = 0;
  const work = mix(() => targets[next++ % targets.length].url, authorization);
  await load(clients, work, sleep(3_000)); // warm-up, not counted
  const started = performance.now();
  const outcome = await load(clients, work, sleep(seconds * 1000));
  const elapsed = (performance.now() - started) / 1000;
  const row = {
    label,
    requests: outcome.ok + outcome.failed.length,
    failed: outcome.failed.length,
    perSecond: Math.round(outcome.ok / elapsed),
    p50: Math.round(percentile(outcome.latenciesMs, 50)),
    p95: Math.round(percentile(outcome.latenciesMs, 95)),
  };
  console.log(`  ${label}: ${row.perSecond} req/s, p50 ${row.p50} ms, p95 ${row.p95} ms, ${row.failed} failed (load average ${loadavg()[0].toFixed(1)})`);
  return row;
}

async function instances() {
  const database = await createDatabase(adminUrl!, 'paybench_bench_cluster');
  const ports = await Promise.all([freePort(), freePort(), freePort()]);
  const env = {
    DATABASE_URL: database.url,
    SEED_FORMS: String(seedForms),
    TRUST_PROXY: '1',
    DRAIN_DELAY_MS: '1000',
    PG_POOL_MAX: '10',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  };
  const nodes = ['a', 'b', 'c'].map((name, i) => instance(name, ports[i], env));
  const rows = [];
  let rolling = { ok: 0, failed: 0, seconds: 0 };
  try {
    console.log(`starting 1 instance on a new database (${seedForms} demo forms)…`);
    nodes[0].start();
    await nodes[0].ready();
    const signIn = await call(nodes[0].url, 'POST', '/api/auth/sign-in', {
      body: { email: DEMO_ACCOUNTS.unlimited, password: CLUSTER_ENV.DEMO_PASSWORD },
      address: '10.9.9.9',
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
    const authorization = `Bearer ${(signIn.body as { accessToken: string }).accessToken}`;
    rows.push(await measure('1 instance', nodes.slice(0, 1), authorization));
    console.log('starting 2 more…');
    nodes[1].start();
    nodes[2].start();
    await Promise.all(nodes.map((node) => node.ready()));
    rows.push(await measure('3 instances', nodes, authorization));

    console.log('rolling restart of the 3 through the proxy under load…');
    const proxy = await startProxy(nodes.map((node) => node.url));
    const started = performance.now();
    const outcome = await load(
      clients,
      mix(() => proxy.url, authorization),
      (async () => {
        await sleep(1_000);
        for (const node of nodes) {
          await node.stop();
          node.start();
          await node.ready();
          await sleep(500);
        }
        await sleep(1_000);
      })(),
    );
    await proxy.close();
    rolling = { ok: outcome.ok, failed: outcome.failed.length, seconds: Math.round((performance.now() - started) / 1000) };
    console.log(`  ${rolling.ok} requests in ${rolling.seconds} s, ${rolling.failed} failed`);
  } finally {
    await Promise.all(nodes.map((node) => node.kill()));
    await database.drop();
  }
  return { rows, rolling };
}

async function restoreTime(forms: number) {
  const source = await createDatabase(adminUrl!, 'paybench_bench_restore');
  const copy = await createDatabase(adminUrl!, 'paybench_bench_restore');
  const folder = mkdtempSync(path.join(tmpdir(), 'paybench-bench-backup-'));
  try {
    const database = openPostgres(source.url, 4);
    await migrateDatabase(database);
    console.log(`loading ${forms.toLocaleString('en')} forms…`);
    await insertDemoForms(database, forms, { seed: 20230101, batchSize: 10_000 });
    await database.execute('vacuum analyze forms');
    await cutRelease(database, { threshold: 5, trigger: 'first', force: true, secret: CLUSTER_ENV.PERTURBATION_SECRET, precompute: false });
    await database.close();
    const file = path.join(folder, 'bench.dump');
    let started = performance.now();
    await backup({ databaseUrl: source.url }, file);
    const backupSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    await restore({ databaseUrl: copy.url }, file, { jobs: 2 });
    const restoreSeconds = (performance.now() - started) / 1000;
    const restored = openPostgres(copy.url, 2);
    const [{ n }] = await restored.execute<{ n: number }>('select count(*)::int as n from forms');
    const [{ size }] = await restored.execute<{ size: number }>('select size from statistics_releases where current');
    await restored.close();
    const row = { forms: n, releaseSize: Number(size), dumpMb: Math.round(statSync(file).size / 1e6), backupSeconds, restoreSeconds };
    console.log(
      `  ${n.toLocaleString('en')} forms: pg_dump ${backupSeconds.toFixed(1)} s (${row.dumpMb} MB), pg_restore --jobs=2 ${restoreSeconds.toFixed(1)} s`,
    );
    return row;
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await source.drop();
    await copy.drop();
  }
}

// --only-restore: the backup/restore measurement alone (it is long; the instances' part can be run separately).
const { rows, rolling } = args.includes('--only-restore') ? { rows: [], rolling: null } : await instances();
const restored = restoreForms > 0 ? await restoreTime(restoreForms) : null;
if (rolling)
  console.log(
    `\n| ${clients} clients, ${seconds} s, PostgreSQL (load average ${loadavg()[0].toFixed(1)} at the end) | req/s | p50 | p95 | failed |\n|---|---|---|---|---|`,
  );
for (const row of rows as { label: string; perSecond: number; p50: number; p95: number; failed: number }[])
  console.log(`| ${row.label} | ${row.perSecond} | ${row.p50} ms | ${row.p95} ms | ${row.failed} |`);
if (rolling)
  console.log(`\nRolling restart of 3 instances under ${clients} clients: ${rolling.ok} requests in ${rolling.seconds} s, ${rolling.failed} failed.`);
if (restored) {
  console.log(
    `Backup and restore of ${restored.forms.toLocaleString('en')} forms (release of ${restored.releaseSize.toLocaleString('en')}): pg_dump ${restored.backupSeconds.toFixed(1)} s (${restored.dumpMb} MB), pg_restore --jobs=2 ${restored.restoreSeconds.toFixed(1)} s.`,
  );
}
process.exit(0);
