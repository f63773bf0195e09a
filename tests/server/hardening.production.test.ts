// Production seeds no demo accounts. The real server (src/server/main.ts) is started in its own
// process on an empty database of its own: with NODE_ENV=production it creates no account and no demo data and
// prints no password unless SEED_DEMO=1 asks for them (with the operator's DEMO_PASSWORD, never printed); in
// development (`npm start`) it seeds and prints the demo logins as before. The first administrator comes from
// `npm run create-admin -- --email …`, which reads the password from ADMIN_PASSWORD or standard input and never
// prints it; the administrator then signs in through the real app.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { withDatabase } from './support/global-setup';
import { migratedTarget } from './support/testDatabase';
import { openPostgres, wrapPglite, type Database } from '../../src/server/db/open';
import { DEMO_ACCOUNTS } from '../../src/server/seed';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SECRETS = { TOKEN_SECRET: 'production-test-token-secret-0123456789', PERTURBATION_SECRET: 'production-test-perturbation-secret-0123' };

interface Target {
  /** The environment that points a process at this database. */
  env: Record<string, string>;
  open(): Promise<Database>;
}

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close().catch(() => undefined);
});

/** An empty, unmigrated database of its own: a PGlite folder in a new DATA_DIR, or a new PostgreSQL database. */
async function emptyTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paybench-production-'));
  const postgres = inject('postgresTemplate');
  if (!postgres) {
    return { env: { DATA_DIR: dataDir }, open: async () => track(wrapPglite(await PGlite.create(path.join(dataDir, 'pglite')))) };
  }
  const name = `${postgres.template.replace('tpl', 't')}_prod_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(postgres.adminUrl, name);
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, open: async () => track(openPostgres(url, 2)) };
}

/**
 * What a first start finds once its migrations ran: a migrated database with nothing in it, made from the run's
 * template (tests/server/support/testDatabase.ts), so each start spends its time on what is tested here.
 */
async function migratedEmptyTarget(): Promise<Target> {
  const made = await migratedTarget(mkdtempSync(path.join(tmpdir(), 'paybench-production-')));
  return { env: made.env, open: async () => track(await made.open()) };
}

function track(db: Database): Database {
  opened.push(db);
  return db;
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a command of the repository with only the given environment (not the test worker's). */
function run(args: string[], env: Record<string, string>, options: { until?: string; stdin?: string } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // The server runs until told to stop: once it printed its banner, it is stopped as an operator would.
      if (options.until && stdout.includes(options.until)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
    if (options.stdin !== undefined) child.stdin.end(options.stdin);
    else child.stdin.end();
  });
}

const serverEnv = (target: Target, env: Record<string, string>) => ({
  ...target.env,
  WEB_DIR: path.join(target.env.DATA_DIR, 'no-web'),
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  SEED_FORMS: '20',
  ...env,
});

const startServer = (target: Target, env: Record<string, string>) => run(['src/server/main.ts'], serverEnv(target, env), { until: 'Paybench is running' });

/** Stopped by the test's SIGTERM: its own shutdown (exit 0), or the default action if it came before the handler. */
const stoppedCleanly = (result: Run) => result.code === 0 || result.signal === 'SIGTERM';

async function contents(db: Database) {
  const [row] = await db.execute<{ users: number; demo: number; forms: number; posts: number; configs: number; ledger: number }>(
    `select (select count(*)::int from users) as users,
            (select count(*)::int from users where email = any($1)) as demo,
            (select count(*)::int from forms) as forms,
            (select count(*)::int from news_posts) as posts,
            (select count(*)::int from configs where key in ('minValues', 'exchangeRates')) as configs,
            (select count(*)::int from credit_ledger) as ledger`,
    [Object.values(DEMO_ACCOUNTS)],
  );
  return row;
}

const NOTHING = { users: 0, demo: 0, forms: 0, posts: 0, configs: 0, ledger: 0 };

describe('the first start in production', { timeout: 300_000 }, () => {
  it('creates no demo account and no demo data, prints no password, and says how to create the first admin', async () => {
    const target = await migratedEmptyTarget();
    const started = await startServer(target, { NODE_ENV: 'production', ...SECRETS });
    expect(started.stdout, started.stderr).toContain('Paybench is running');
    expect(stoppedCleanly(started)).toBe(true);
    expect(started.stdout).not.toMatch(/password for all|paybench\.demo|seeded with/i);
    expect(started.stdout).toContain('npm run create-admin -- --email');
    const db = await target.open();
    expect(await contents(db)).toEqual(NOTHING);
    // The payments catalogue is product data, not demo data: it is there.
    const [{ items }] = await db.execute<{ items: number }>('select count(*)::int as items from catalogue_items');
    expect(items).toBeGreaterThan(0);
  });

  it("SEED_DEMO=1 seeds the demo accounts with the operator's DEMO_PASSWORD, which is never printed", async () => {
    const target = await migratedEmptyTarget();
    const password = 'operator-demo-Passphrase-8841';
    const started = await startServer(target, { NODE_ENV: 'production', SEED_DEMO: '1', DEMO_PASSWORD: password, ...SECRETS });
    expect(stoppedCleanly(started), started.stderr).toBe(true);
    expect(started.stdout).not.toContain(password);
    expect(started.stdout).toContain('admin@paybench.demo');
    const c = await contents(await target.open());
    expect(c.demo).toBe(Object.keys(DEMO_ACCOUNTS).length);
    expect(c.forms).toBeGreaterThan(20);
  });

  it('SEED_DEMO=1 without DEMO_PASSWORD refuses to start and creates nothing', async () => {
    const target = await emptyTarget();
    const started = await startServer(target, { NODE_ENV: 'production', SEED_DEMO: '1', ...SECRETS });
    expect(started.code).not.toBe(0);
    expect(started.stderr).toContain('DEMO_PASSWORD must be set with SEED_DEMO=1 in production');
    expect(started.stdout).not.toContain('Paybench is running');
    const db = await target.open();
    const [{ tables }] = await db.execute<{ tables: number }>(`select count(*)::int as tables from information_schema.tables where table_name = 'users'`);
    expect(tables).toBe(0);
  });

  it('in development (npm start) the demo accounts are seeded and printed with their generated password, as before', async () => {
    const target = await migratedEmptyTarget();
    const started = await startServer(target, {});
    expect(stoppedCleanly(started), started.stderr).toBe(true);
    expect(started.stdout).toMatch(/Demo logins \(password for all: demo-[0-9a-f]{12}, kept in DATA_DIR\/secrets\.json\)/);
    for (const email of Object.values(DEMO_ACCOUNTS)) expect(started.stdout).toContain(email);
    expect((await contents(await target.open())).demo).toBe(Object.keys(DEMO_ACCOUNTS).length);
  });
});

describe('npm run create-admin', { timeout: 300_000 }, () => {
  const createAdmin = (target: Target, args: string[], env: Record<string, string> = {}, stdin?: string) =>
    run(['scripts/create-admin.ts', ...args], { ...target.env, ...env }, { stdin });

  it('creates the first administrator from ADMIN_PASSWORD or standard input, never printing it; refuses bad input; promotes an account', async () => {
    const target = await migratedEmptyTarget();
    const password = 'Quiet-Harbour-Lantern-5521';

    // Bad input changes nothing: no address, not an address, a weak password, no password at all.
    const noEmail = await createAdmin(target, []);
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toContain('usage: npm run create-admin -- --email');
    expect((await createAdmin(target, ['--email', 'not-an-address'])).code).toBe(2);
    const weak = await createAdmin(target, ['--email', 'boss@example.com'], { ADMIN_PASSWORD: 'password1234' });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('not acceptable');
    expect((await createAdmin(target, ['--email', 'boss@example.com'], {}, '')).code).toBe(1);
    const db = await target.open();
    expect(await contents(db)).toEqual(NOTHING);
    if (db.kind === 'pglite') await db.close();

    const created = await createAdmin(target, ['--email', 'Boss@Example.com'], { ADMIN_PASSWORD: password });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Administrator boss@example.com created');
    const piped = await createAdmin(target, ['--email=second@example.com'], {}, `${password}-2\n`);
    expect(piped.code, piped.stderr).toBe(0);
    for (const output of [created, piped]) expect(output.stdout + output.stderr).not.toContain(password);

    // Run again: nothing changes.
    const again = await createAdmin(target, ['--email', 'boss@example.com'], { ADMIN_PASSWORD: 'Another-Strong-Passphrase-99' });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already an administrator');

    // An existing member becomes an administrator too, keeping its password and its other role.
    const member = await target.open();
    await member.execute(
      `insert into users (id, email, password_hash, roles, email_verified) values ('membermembermembermember', 'member@example.com', null, '{member}', true)`,
    );
    if (member.kind === 'pglite') await member.close();
    const promoted = await createAdmin(target, ['--email', 'member@example.com']);
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain('member@example.com is now an administrator');

    const after = await target.open();
    const users = await after.execute<{ email: string; roles: string[]; email_verified: boolean; password_hash: string | null }>(
      'select email, roles, email_verified, password_hash from users order by email',
    );
    expect(users.map((u) => [u.email, [...u.roles].sort(), u.email_verified, u.password_hash !== null])).toEqual([
      ['boss@example.com', ['admin'], true, true],
      ['member@example.com', ['admin', 'member'], true, false],
      ['second@example.com', ['admin'], true, true],
    ]);
    expect((await after.execute(`select id from audit_log where action in ('user.create', 'user.roles')`)).length).toBe(3);

    // The administrator signs in through the real app with the password given, and is an admin there.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paybench-production-app-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'no-web'), ...SECRETS });
    const app = await buildApp({ config, database: after });
    try {
      const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'boss@example.com', password } });
      expect(signIn.statusCode, signIn.body).toBe(200);
      expect(signIn.json().user.role).toEqual(['admin']);
      const second = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'second@example.com', password: `${password}-2` } });
      expect(second.statusCode, second.body).toBe(200);
    } finally {
      await app.close();
    }
  });
});
