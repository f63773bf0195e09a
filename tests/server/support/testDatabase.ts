// A fresh, migrated database for one test file (or one test): cloned from the run's template of the project's engine
// (PAYBENCH_TEST_DB). openEngineDatabase opens one of the other engine too (engine-parity.test.ts compares them),
// migrating it itself when the run made no template of that engine.
import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { wrapPglite, openPostgres, type Database } from '../../../src/server/db/open';
import { migrateDatabase } from '../../../src/server/db/migrate';
import { withDatabase } from './global-setup';

export type Engine = 'pglite' | 'postgres';

export const projectEngine = (): Engine => (process.env.PAYBENCH_TEST_DB === 'postgres' ? 'postgres' : 'pglite');

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
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template.template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
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
