// A backup (npm run backup's code: pg_dump on PostgreSQL, PGlite's own data-folder dump on the embedded
// database) restored into a fresh database gives an app that answers the same comparison, the same balances and
// the same releases as the original.
//
// The backup file is 0600 and a folder made for it 0700 whatever the umask, and the PostgreSQL tools get the
// password through their environment, never on their command line (which `ps` shows to every local user).
import { afterAll, describe, expect, inject, it } from 'vitest';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPostgres, wrapPglite, type Database } from '../../src/server/db/open';
import { migrateDatabase } from '../../src/server/db/migrate';
import { createAccessTokens } from '../../src/server/auth/accessToken';
import { backup, pgDumpCommand, pgRestoreCommand, restore, type Target } from '../../src/server/ops/backup';
import { withDatabase } from './support/global-setup';
import { TEST_PERTURBATION_SECRET } from './helpers/testApp';
import { insertForms, insertUser, publishRelease } from './helpers/comparisonFixtures';

const folder = mkdtempSync(path.join(tmpdir(), 'paybench-backup-'));
const dropLater: string[] = [];
const postgres = inject('postgresTemplate');

afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  if (!postgres) return;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  for (const name of dropLater) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** An empty database of this engine: where it is and how to open it. */
async function emptyTarget(): Promise<{ target: Target; open(): Promise<Database> }> {
  if (!postgres) {
    const dataDir = mkdtempSync(path.join(folder, 'data-'));
    return { target: { dataDir }, open: async () => wrapPglite(await PGlite.create(path.join(dataDir, 'pglite'))) };
  }
  const name = `${postgres.template.replace('tpl', 't')}_bk_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  dropLater.push(name);
  const databaseUrl = withDatabase(postgres.adminUrl, name);
  return { target: { databaseUrl }, open: async () => openPostgres(databaseUrl, 4) };
}

const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: folder, WEB_DIR: path.join(folder, 'no-web'), PERTURBATION_SECRET: TEST_PERTURBATION_SECRET });

/** What a person and an admin see: one comparison, the balances of the accounts, the list of releases. */
async function answers(database: Database, callerId: string, adminId: string) {
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    const tokens = createAccessTokens(config.secrets.tokenSecret, config.accessTokenTtlSeconds);
    const caller = { authorization: `Bearer ${await tokens.sign({ userId: callerId, roles: ['member'] })}` };
    const admin = { authorization: `Bearer ${await tokens.sign({ userId: adminId, roles: ['admin'] })}` };
    const comparison = await app.inject({ method: 'POST', url: '/api/forms/comparation', headers: caller, payload: { filters: { sector: 'banking' } } });
    const releases = await app.inject({ method: 'GET', url: '/api/admin/releases', headers: admin });
    expect(comparison.statusCode).toBe(200);
    expect(releases.statusCode).toBe(200);
    const { historyId: _history, ...figures } = comparison.json();
    const balances = await database.execute('select id, credits from users order by id');
    const ledger = await database.execute('select user_id, delta, balance_after from credit_ledger order by id');
    return { figures, releases: releases.json(), balances, ledger };
  } finally {
    await app.close();
  }
}

/** The URL with a password (the local PostgreSQL trusts local connections: any password signs in). */
const PASSWORD = 'never-on-the-command-line';
function withPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.password = PASSWORD;
  return url.toString();
}

/**
 * Puts a pg_dump and a pg_restore first on PATH that write their command line and whether PGPASSWORD reached them to
 * `log`, then run the real tool: what a real run spawns, as `ps` would show it.
 */
function recordPgTools(log: string): () => void {
  const bin = mkdtempSync(path.join(folder, 'bin-'));
  for (const tool of ['pg_dump', 'pg_restore']) {
    const real = execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
    const shim = path.join(bin, tool);
    writeFileSync(
      shim,
      `#!/bin/sh\nprintf '%s argv:' ${tool} >> '${log}'\nfor a in "$@"; do printf ' %s' "$a" >> '${log}'; done\nprintf ' env:%s\\n' "\${PGPASSWORD:+password}" >> '${log}'\nexec '${real}' "$@"\n`,
    );
    chmodSync(shim, 0o755);
  }
  const before = process.env.PATH;
  process.env.PATH = `${bin}:${before}`;
  return () => {
    process.env.PATH = before;
  };
}

/** Runs `work` with the umask at 0 (files as open as a process can make them), where the process allows it. */
async function withOpenUmask<T>(work: () => Promise<T>): Promise<T> {
  let previous: number | undefined;
  try {
    previous = process.umask(0);
  } catch {
    previous = undefined;
  }
  try {
    return await work();
  } finally {
    if (previous !== undefined) process.umask(previous);
  }
}

describe('the PostgreSQL tools get the connection through their environment', () => {
  const url = 'postgres://paybench:s3cr%40t-pass@db.internal:6543/pay%20bench?sslmode=verify-full&sslrootcert=/etc/ssl/ca.pem&application_name=backup';
  it('pg_dump: no password (nor URL) in its arguments; host, port, user, password, database and TLS settings in env', () => {
    const command = pgDumpCommand(url, '/backups/x.dump');
    expect(command.command).toBe('pg_dump');
    expect(command.args.join(' ')).not.toMatch(/s3cr|pass|postgres:|db\.internal/);
    expect(command.args).toContain('--file=/backups/x.dump');
    expect(command.env).toEqual({
      PGHOST: 'db.internal',
      PGPORT: '6543',
      PGUSER: 'paybench',
      PGPASSWORD: 's3cr@t-pass',
      PGDATABASE: 'pay bench',
      PGSSLMODE: 'verify-full',
      PGSSLROOTCERT: '/etc/ssl/ca.pem',
      PGAPPNAME: 'backup',
    });
  });

  it("pg_restore: only the target database's name in its arguments", () => {
    const command = pgRestoreCommand(url, '/backups/x.dump', 3);
    expect(command.args.join(' ')).not.toMatch(/s3cr|pass|postgres:|db\.internal/);
    expect(command.args).toEqual(expect.arrayContaining(["--dbname=dbname='pay bench'", '--jobs=3', '/backups/x.dump']));
    expect(command.env.PGPASSWORD).toBe('s3cr@t-pass');
    expect(pgRestoreCommand("postgres://u@h/it's", 'f').args).toContain("--dbname=dbname='it\\'s'");
  });

  it("node-postgres' ssl=true is sslmode=require; a parameter libpq does not know is refused", () => {
    expect(pgDumpCommand('postgres://u:p@h/d?ssl=true', 'f').env.PGSSLMODE).toBe('require');
    expect(() => pgDumpCommand('postgres://u:p@h/d?max=20', 'f')).toThrow(/"max" is not supported/);
  });
});

describe(`backup and restore (${postgres ? 'PostgreSQL: pg_dump/pg_restore' : 'PGlite: dumpDataDir/loadDataDir'})`, () => {
  it('a restored backup answers the same comparison, balances and releases', async () => {
    const source = await emptyTarget();
    const database = await source.open();
    await migrateDatabase(database);
    await insertForms(database, 30, (i) => ({ sector: i % 2 ? 'banking' : 'insurance', fixedSalary: 90_000 + i * 2_000 }));
    await publishRelease(database);
    await insertForms(database, 6, (i) => ({ sector: 'banking', fixedSalary: 150_000 + i * 1_000 }));
    await publishRelease(database);
    const callerId = await insertUser(database, { roles: ['member'] });
    const adminId = await insertUser(database, { roles: ['admin'] });
    await insertUser(database, { roles: ['corporate'], credits: 37 });
    await insertForms(database, 1, () => ({ userId: callerId, sector: 'banking', fixedSalary: 120_000 }));
    const before = await answers(database, callerId, adminId);
    expect(before.figures.status).toBe('ok');
    expect(before.releases.items).toHaveLength(2);
    // The embedded database has one process: it is closed for its backup, as the app is stopped for one.
    if (database.kind === 'pglite') await database.close();

    // Into folders the backup makes, with the umask at 0 and a password in the URL (PostgreSQL).
    const file = path.join(folder, 'made', 'for-it', database.kind === 'pglite' ? 'backup.tar.gz' : 'backup.dump');
    const log = path.join(folder, 'pg-tools.log');
    const stopRecording = 'databaseUrl' in source.target ? recordPgTools(log) : () => undefined;
    const copy = await emptyTarget();
    try {
      const target = (t: Target): Target => ('databaseUrl' in t ? { databaseUrl: withPassword(t.databaseUrl) } : t);
      await withOpenUmask(() => backup(target(source.target), file));
      expect(statSync(file).size).toBeGreaterThan(1_000);
      expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
      expect((statSync(path.dirname(file)).mode & 0o777).toString(8)).toBe('700');
      expect((statSync(path.join(folder, 'made')).mode & 0o777).toString(8)).toBe('700');
      await restore(target(copy.target), file);
    } finally {
      stopRecording();
    }
    if ('databaseUrl' in source.target) {
      // What really ran: both tools, the password in their environment and nowhere in their arguments.
      const runs = readFileSync(log, 'utf8').trim().split('\n');
      expect(runs.map((line) => line.split(' ')[0])).toEqual(['pg_dump', 'pg_restore']);
      for (const line of runs) {
        expect(line).not.toContain(PASSWORD);
        expect(line).not.toContain('postgres://');
        expect(line).toMatch(/ env:password$/);
      }
    }
    const restored = await copy.open();
    try {
      // Migrations find nothing to do, and the app answers as the original did.
      await migrateDatabase(restored);
      expect(await answers(restored, callerId, adminId)).toEqual(before);
    } finally {
      await restored.close();
      if (database.kind !== 'pglite') await database.close();
    }
    // Restoring over a database that is not empty is refused (PGlite) or fails without a change (PostgreSQL).
    await expect(restore(copy.target, file)).rejects.toThrow();
    // Two fresh databases migrated, two app builds, a dump and a restore: about 20 s on a quiet machine, more under load.
  }, 120_000);
});
