// A fresh, migrated database for one test file (or one test): cloned from the run's template of the project's engine
// (PAYBENCH_TEST_DB). openEngineDatabase opens one of the other engine too (engine-parity.test.ts compares them),
// migrating it itself when the run made no template of that engine.
import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { wrapPglite, openPostgres, type Database } from '../../../src/server/db/open';
import { migrateDatabase } from '../../../src/server/db/migrate';
import { withDatabase } from './global-setup';

export type Engine = 'pglite' | 'postgres';

const projectEngine = (): Engine => (process.env.PAYBENCH_TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/** Creates a PostgreSQL database, empty or as a copy of `template`, through the server at `adminUrl`. */
async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
}

export function openTestDatabase(): Promise<Database> {
  return openEngineDatabase(projectEngine());
}

export async function openEngineDatabase(engine: Engine): Promise<Database> {
  if (engine === 'pglite') {
    const template = inject('pgliteTemplate');
    if (template) return wrapPglite(await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) }));
    const database = wrapPglite(await PGlite.create());
    await migrateDatabase(database);
    return database;
  }
  const template = inject('postgresTemplate');
  const adminUrl = template?.adminUrl ?? process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('a PostgreSQL test database needs DATABASE_URL');
  const name = `${template ? template.template.replace('tpl', 't') : `paybench_t_${process.pid}`}_${randomBytes(4).toString('hex')}`;
  await createDatabase(adminUrl, name, template?.template);
  const database = openPostgres(withDatabase(adminUrl, name), 10);
  if (!template) await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`).finally(() => dropper.end());
    },
  };
}

/**
 * A migrated, empty database for a child process (the spawn tests: a server's first start, create-admin, a killed
 * seed): a PGlite data folder `<dataDir>/pglite` made from the run's template, or a PostgreSQL database cloned from
 * it. The child then spends its time on what is tested, not on migrating (3–4 s on PGlite). `env` points a server or
 * script at it; `open` opens it in the test.
 */
export async function migratedTarget(dataDir: string): Promise<{ env: Record<string, string>; url: string | null; open: () => Promise<Database> }> {
  const postgres = inject('postgresTemplate');
  if (!postgres) {
    const folder = path.join(dataDir, 'pglite');
    const made = await PGlite.create(folder, { loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    await made.close();
    return { env: { DATA_DIR: dataDir }, url: null, open: async () => wrapPglite(await PGlite.create(folder)) };
  }
  const name = `${postgres.template.replace('tpl', 't')}_child_${randomBytes(3).toString('hex')}`;
  await createDatabase(postgres.adminUrl, name, postgres.template);
  const url = withDatabase(postgres.adminUrl, name);
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, url, open: async () => openPostgres(url, 2) };
}
