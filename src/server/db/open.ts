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
  /**
   * Runs SQL without parameters that may hold several statements (a library's schema script with its own
   * BEGIN … COMMIT) and returns the rows of the last one. PGlite's `query` takes one statement only.
   */
  script<T = Record<string, unknown>>(text: string): Promise<T[]>;
  /**
   * Follows NOTIFY on `channel` (LISTEN). `notify` gets every notification committed by anyone; those committed
   * through this handle arrive before the committing statement returns (PGlite delivers them with the statement's
   * result; on PostgreSQL every pooled connection of this handle listens too, so a writer gets its own notification
   * with its COMMIT). `live(true)` says notifications are being received — once the dedicated listening
   * connection's LISTEN succeeded — and `live(false)` that some may be missed (connection lost; it reconnects and
   * says live(true) again). Nothing is live before the first live(true).
   */
  listen(channel: string, handlers: NotificationHandlers): Listening;
  /** PostgreSQL only: the pool's connections now (for the metrics, ops/metrics.ts); PGlite has one connection and no pool. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export interface NotificationHandlers {
  notify(payload: string): void;
  live(live: boolean): void;
}

export interface Listening {
  close(): Promise<void>;
}

/** A channel name as SQL (letters, digits and underscores only). */
function channelIdentifier(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error('invalid channel name');
  return channel;
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
    orm: drizzlePglite({ client, schema }),
    async execute<T>(text: string, params: unknown[] = []) {
      return (await client.query<T>(text, params)).rows;
    },
    async script<T>(text: string) {
      const results = await client.exec(text);
      return (results.at(-1)?.rows ?? []) as T[];
    },
    transaction<T>(work: (tx: Queryable) => Promise<T>) {
      return client.transaction((tx) => work({ execute: async <R>(text: string, params: unknown[] = []) => (await tx.query<R>(text, params)).rows }));
    },
    listen(channel, handlers) {
      // One process, one connection: notifications come with the result of the statement that committed them.
      let closed = false;
      const unsubscribe = client
        .listen(channelIdentifier(channel), (payload) => {
          if (!closed) handlers.notify(payload);
        })
        .then((stop) => {
          if (!closed) handlers.live(true);
          return stop;
        });
      unsubscribe.catch(() => undefined);
      return {
        async close() {
          if (closed) return;
          closed = true;
          handlers.live(false);
          const stop = await unsubscribe.catch(() => null);
          if (stop && !client.closed) await stop().catch(() => undefined);
        },
      };
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

  // Notifications: every pooled connection listens on the followed channels (a writer then receives its own
  // notification with its COMMIT), and a dedicated connection per listen() call says whether nothing is missed.
  const followed = new Map<string, Set<NotificationHandlers>>();
  const listeningOn = new WeakMap<pg.PoolClient, Set<string>>();
  const guarded = new WeakSet<pg.PoolClient>();
  const deliver = (channel: string, payload: string | undefined) => {
    for (const handlers of followed.get(channel) ?? []) handlers.notify(payload ?? '');
  };
  /** A pooled connection for one statement or transaction, listening on the followed channels first. */
  async function acquire(): Promise<pg.PoolClient> {
    const client = await pool.connect();
    // The pool stops listening to a client's errors while it is checked out, so a connection lost
    // mid-statement (a restart, a network cut) would be an uncaught 'error' that ends the process. The statement's
    // promise carries the error; the pool drops the dead client when it comes back.
    if (!guarded.has(client)) {
      guarded.add(client);
      client.on('error', () => undefined);
    }
    if (followed.size === 0) return client;
    let channels = listeningOn.get(client);
    if (!channels) {
      channels = new Set();
      listeningOn.set(client, channels);
      client.on('notification', (message) => deliver(message.channel, message.payload));
    }
    try {
      for (const channel of followed.keys()) {
        if (channels.has(channel)) continue;
        await client.query(`listen ${channel}`);
        channels.add(channel);
      }
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    return client;
  }
  const listeners = new Set<Listening>();

  function listen(channel: string, handlers: NotificationHandlers): Listening {
    channelIdentifier(channel);
    if (!followed.has(channel)) followed.set(channel, new Set());
    followed.get(channel)!.add(handlers);
    let closed = false;
    let current: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    let delay = 100;
    const lost = (client: pg.Client) => {
      if (current !== client) return;
      current = null;
      handlers.live(false);
      client.end().catch(() => undefined);
      reconnect();
    };
    const reconnect = () => {
      if (closed || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, delay);
      retry.unref();
      delay = Math.min(delay * 2, 5_000);
    };
    const connect = async () => {
      const client = new pg.Client({ connectionString, keepAlive: true, application_name: `listen ${channel}` });
      client.on('error', () => lost(client));
      client.on('end', () => lost(client));
      client.on('notification', (message) => {
        if (message.channel === channel) handlers.notify(message.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`listen ${channel}`);
      } catch {
        client.end().catch(() => undefined);
        reconnect();
        return;
      }
      if (closed) {
        await client.end().catch(() => undefined);
        return;
      }
      current = client;
      delay = 100;
      handlers.live(true);
    };
    // A connection that died without a word (no FIN) must not stay "live": a ping every few seconds.
    const ping = setInterval(() => {
      const client = current;
      if (!client) return;
      const timeout = setTimeout(() => lost(client), 5_000);
      timeout.unref();
      client.query('select 1').then(
        () => clearTimeout(timeout),
        () => lost(client),
      );
    }, 5_000);
    ping.unref();
    void connect();
    const listening: Listening = {
      async close() {
        if (closed) return;
        closed = true;
        listeners.delete(listening);
        clearInterval(ping);
        if (retry) clearTimeout(retry);
        followed.get(channel)?.delete(handlers);
        if (followed.get(channel)?.size === 0) followed.delete(channel);
        handlers.live(false);
        const client = current;
        current = null;
        if (client) await client.end().catch(() => undefined);
      },
    };
    listeners.add(listening);
    return listening;
  }

  return {
    kind: 'postgresql',
    orm: drizzlePg({ client: pool, schema }),
    async execute<T>(text: string, params: unknown[] = []) {
      const client = await acquire();
      let result: pg.QueryResult;
      try {
        result = await client.query(text, params);
      } catch (error) {
        // As pool.query does: a connection whose statement failed is closed, not handed out again.
        client.release(error as Error);
        throw error;
      }
      client.release();
      return result.rows as T[];
    },
    async script<T>(text: string) {
      const client = await acquire();
      let result: pg.QueryResult | pg.QueryResult[];
      try {
        // Without values node-postgres uses the simple protocol, which runs several statements.
        result = await client.query(text);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      client.release();
      const last = (Array.isArray(result) ? result.at(-1) : result) as { rows?: unknown[] } | undefined;
      return (last?.rows ?? []) as T[];
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await acquire();
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
    listen,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolMax }),
    async close() {
      await Promise.all([...listeners].map((listening) => listening.close()));
      await pool.end();
    },
  };
}
