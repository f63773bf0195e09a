// Issue 29: a backup (npm run backup's code: pg_dump on PostgreSQL, PGlite's own data-folder dump on the embedded
// database) restored into a fresh database gives an app that answers the same comparison, the same balances and
// the same releases as the original.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
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
import { backup, restore, type Target } from '../../src/server/ops/backup';
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

describe(`backup and restore (${postgres ? 'PostgreSQL: pg_dump/pg_restore' : 'PGlite: dumpDataDir/loadDataDir'})`, () => {
  it('a restored backup answers the same comparison, balances and releases', async () => {
    const source = await emptyTarget();
    let database = await source.open();
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

    const file = path.join(folder, database.kind === 'pglite' ? 'backup.tar.gz' : 'backup.dump');
    await backup(source.target, file);
    expect(statSync(file).size).toBeGreaterThan(1_000);

    const copy = await emptyTarget();
    await restore(copy.target, file);
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
  });
});
