// Admin-maintained settings live in the configs table (key → JSON value); the environment gives defaults.
import type { Database, Queryable } from '../db/open';

export async function readConfigValue<T>(database: Database, key: string, fallback: T): Promise<T> {
  const rows = await database.execute<{ value: T }>('select value from configs where key = $1', [key]);
  return rows.length > 0 && rows[0].value !== null ? rows[0].value : fallback;
}

/** Several settings at once (key → value; a missing key is absent from the map). */
export async function readConfigValues(db: Queryable, keys: readonly string[]): Promise<Map<string, unknown>> {
  const rows = await db.execute<{ key: string; value: unknown }>('select key, value from configs where key = any($1::text[])', [keys]);
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Sets one setting inside the caller's transaction, the row locked first; returns the value it had (null if none). */
export async function replaceConfigValue(tx: Queryable, key: string, value: unknown): Promise<unknown> {
  const [before] = await tx.execute<{ value: unknown }>('select value from configs where key = $1 for update', [key]);
  await tx.execute(
    `insert into configs (key, value, updated_at) values ($1, $2, now())
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
  return before?.value ?? null;
}
