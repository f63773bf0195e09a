// The job queue's tables (src/server/jobs/queue.ts runs pg-boss on them), installed with the migrations.
import PgBoss from 'pg-boss';
import type { Database } from './open';

/** The PostgreSQL schema of the job queue's tables. */
export const JOB_SCHEMA = 'pgboss';

/**
 * Creates the queue's tables (pg-boss's own schema script) when they are missing, with the migrations, so a
 * fresh database (and the tests' template) has them before any app starts. pg-boss itself migrates them to a
 * newer version of the library when an app starts, under its advisory lock.
 */
export async function installJobSchema(database: Database): Promise<void> {
  const [installed] = await database.execute<{ name: string | null }>(`select to_regclass('${JOB_SCHEMA}.version')::text as name`);
  if (installed?.name) return;
  await database.script(PgBoss.getConstructionPlans(JOB_SCHEMA));
}
