// A fresh, migrated database for one test file (or one test): cloned from the run's template.
import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { wrapPglite, openPostgres, type Database } from '../../../src/server/db/open';
import { withDatabase } from './global-setup';

export async function openTestDatabase(): Promise<Database> {
  const postgres = inject('postgresTemplate');
  if (!postgres) {
    const dump = readFileSync(inject('pgliteTemplate'));
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
    return wrapPglite(client);
  }
  const name = `${postgres.template.replace('tpl', 't')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${postgres.template}`);
  } finally {
    await admin.end();
  }
  const database = openPostgres(withDatabase(postgres.adminUrl, name), 10);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: postgres.adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`).finally(() => dropper.end());
    },
  };
}
