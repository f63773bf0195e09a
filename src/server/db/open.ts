// One database interface over the two engines: embedded PGlite (a data folder, nothing to install) and a
// real PostgreSQL through node-postgres (DATABASE_URL). The same SQL and the same migrations serve both.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import * as schema from './schema';

export type DatabaseKind = 'pglite' | 'postgresql';

/** Runs parameterised SQL ($1, $2, …) and returns the rows. */
export interface Queryable {
  execute<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database extends Queryable {
  kind: DatabaseKind;
  /** Typed queries for simple reads and writes; statistics and money changes use SQL through execute. */
  orm: Orm;
  /**
   * Runs `work` in one transaction (rolled back if it throws). Inside, use only `tx`: on PGlite, which has a
   * single connection, a query on the outer handle would wait for the transaction to end.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
}

export async function openDatabase({ databaseUrl, dataDir, poolMax = 20 }: OpenOptions): Promise<Database> {
  if (databaseUrl) return openPostgres(databaseUrl, poolMax);
  const folder = path.join(dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  return wrapPglite(await PGlite.create(folder));
}

export function wrapPglite(client: PGlite): Database {
  return {
    kind: 'pglite',
    orm: drizzlePglite({ client, schema }) as unknown as Orm,
    async execute<T>(text: string, params: unknown[] = []) {
      return (await client.query<T>(text, params)).rows;
    },
    transaction<T>(work: (tx: Queryable) => Promise<T>) {
      return client.transaction((tx) =>
        work({ execute: async <R>(text: string, params: unknown[] = []) => (await tx.query<R>(text, params)).rows }),
      );
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

// count(*) and other bigints arrive as text by default; they are counts and ids here, far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function openPostgres(connectionString: string, poolMax = 20): Database {
  const pool = new pg.Pool({ connectionString, max: poolMax });
  // An idle client that errors (e.g. the server restarted) must not crash the process.
  pool.on('error', () => undefined);
  return {
    kind: 'postgresql',
    orm: drizzlePg({ client: pool, schema }) as unknown as Orm,
    async execute<T>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as T[];
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({ execute: async <R>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as R[] });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
