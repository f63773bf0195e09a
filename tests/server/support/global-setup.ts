// Runs once per test run and project: migrates one template database, which every test file then clones
// (a fresh PGlite from a dump of the migrated data folder; a PostgreSQL database created from a template),
// so each file starts on a clean, migrated database in well under a second.
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { wrapPglite, openPostgres } from '../../../src/server/db/open';
import { migrateDatabase } from '../../../src/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: { adminUrl: string; template: string } | null;
  }
}

export default async function setup(project: TestProject) {
  // The project's `env` reaches the test workers, not this process: read it from the project's config.
  const kind = (project.config.env?.PAYBENCH_TEST_DB ?? process.env.PAYBENCH_TEST_DB) === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const folder = mkdtempSync(path.join(tmpdir(), 'paybench-template-'));
    const client = await PGlite.create();
    await migrateDatabase(wrapPglite(client));
    const dump = await client.dumpDataDir('none');
    const file = path.join(folder, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await client.close();
    project.provide('pgliteTemplate', file);
    project.provide('postgresTemplate', null);
    return () => rmSync(folder, { recursive: true, force: true });
  }

  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('PAYBENCH_TEST_DB=postgres needs DATABASE_URL');
  const template = `paybench_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = openPostgres(withDatabase(url, template), 4);
  await migrateDatabase(database);
  await database.close();
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', { adminUrl: url, template });
  return async () => {
    // Databases cloned by test files that did not close are dropped with the template's run.
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${template.replace('tpl', 't')}%`]);
    for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
