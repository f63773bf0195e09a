// Admin-maintained settings live in the configs table (key → JSON value); the environment gives defaults.
import type { Database } from '../db/open';

export async function readConfigValue<T>(database: Database, key: string, fallback: T): Promise<T> {
  const rows = await database.execute<{ value: T }>('select value from configs where key = $1', [key]);
  return rows.length > 0 && rows[0].value !== null ? rows[0].value : fallback;
}
