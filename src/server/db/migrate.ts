// Applies the SQL migrations in ./migrations (written by drizzle-kit) at start. Several app instances may
// start at once against one PostgreSQL: an advisory lock lets one migrate while the others wait.
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import type { Database } from './open';
import { installJobSchema } from './jobSchema';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK = 727_001;

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.orm as never, { migrationsFolder });
    await installJobSchema(database);
    return;
  }
  // The lock is held by one pooled connection's open transaction while the migrator uses others.
  await database.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await migratePg(database.orm as never, { migrationsFolder });
    await installJobSchema(database);
  });
}
