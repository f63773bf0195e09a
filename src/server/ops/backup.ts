// Backups of either engine (docs/operations.md "Backups and restore"). PostgreSQL: pg_dump's custom
// format, restored with pg_restore into an empty database (point-in-time recovery is PostgreSQL's own WAL
// archiving, documented beside). The embedded PGlite: its own data-folder dump (a gzipped tarball of the data
// directory, `dumpDataDir`), restored with `loadDataDir` into an empty folder. PGlite has one process: stop the app
// before a backup or a restore of the embedded database.
//
// A backup holds every account's data. Its file is written 0600 and any folder made for it 0700, whatever
// the umask; the PostgreSQL tools get the connection (password included) through their environment (PGHOST, PGPORT,
// PGUSER, PGPASSWORD, PGDATABASE, PGSSLMODE, …), never on their command line, which any local user can read (ps).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, fchmodSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

export type Target = { databaseUrl: string } | { dataDir: string };

/** A PostgreSQL client tool's invocation: what `ps` shows (command and args) and what it does not (env). */
export interface PgCommand {
  command: string;
  args: string[];
  /** The libpq variables of the connection, added to the inherited environment. */
  env: Record<string, string>;
}

/** libpq's environment variable of each connection parameter a DATABASE_URL may carry in its query. */
const LIBPQ_ENV: Record<string, string> = {
  host: 'PGHOST',
  hostaddr: 'PGHOSTADDR',
  port: 'PGPORT',
  dbname: 'PGDATABASE',
  user: 'PGUSER',
  password: 'PGPASSWORD',
  passfile: 'PGPASSFILE',
  service: 'PGSERVICE',
  options: 'PGOPTIONS',
  application_name: 'PGAPPNAME',
  sslmode: 'PGSSLMODE',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
  sslrootcert: 'PGSSLROOTCERT',
  sslcrl: 'PGSSLCRL',
  sslnegotiation: 'PGSSLNEGOTIATION',
  requiressl: 'PGREQUIRESSL',
  channel_binding: 'PGCHANNELBINDING',
  gssencmode: 'PGGSSENCMODE',
  connect_timeout: 'PGCONNECT_TIMEOUT',
  target_session_attrs: 'PGTARGETSESSIONATTRS',
  load_balance_hosts: 'PGLOADBALANCEHOSTS',
};

/**
 * The libpq environment of a `postgres://user:password@host:port/db?sslmode=…` URL (percent-decoded). node-postgres'
 * own `ssl=true` becomes `sslmode=require` (`ssl=false`: `disable`). A parameter libpq has no variable for is refused:
 * dropping it silently could connect differently from the app.
 */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new Error('DATABASE_URL must be a postgres:// URL');
  const env: Record<string, string> = {};
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname.replace(/^\[(.*)\]$/, '$1'));
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  for (const [name, value] of url.searchParams) {
    if (name === 'ssl') {
      if (!url.searchParams.has('sslmode')) env.PGSSLMODE = value === 'false' || value === '0' ? 'disable' : 'require';
      continue;
    }
    const variable = LIBPQ_ENV[name];
    if (!variable) throw new Error(`DATABASE_URL parameter "${name}" is not supported by backup and restore`);
    env[variable] = value;
  }
  return env;
}

/** A database name as a libpq connection string (`-d` of pg_restore names the target; no secret in it). */
function conninfoDatabase(name: string): string {
  return `dbname='${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** pg_dump of `databaseUrl` into `file` (custom format). The connection goes in `env`, never in `args`. */
export function pgDumpCommand(databaseUrl: string, file: string): PgCommand {
  return {
    command: 'pg_dump',
    args: ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`],
    env: libpqEnvironment(databaseUrl),
  };
}

/** pg_restore of `file` into the (empty) database of `databaseUrl`. Only the database's name is in `args`. */
export function pgRestoreCommand(databaseUrl: string, file: string, jobs = 2): PgCommand {
  const env = libpqEnvironment(databaseUrl);
  // Without --dbname pg_restore prints SQL instead of restoring; the name alone (the rest comes from env).
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', `--jobs=${jobs}`, `--dbname=${conninfoDatabase(env.PGDATABASE ?? env.PGUSER ?? '')}`, file];
  return { command: 'pg_restore', args, env };
}

/**
 * Creates the folders of `file` that are missing with mode 0700, and `file` itself (emptied) with mode 0600 — both set
 * with chmod, so the umask cannot widen or narrow them. Folders that already exist keep their mode.
 */
export function createPrivateFile(file: string): void {
  const folder = path.dirname(path.resolve(file));
  const firstCreated = mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (firstCreated) {
    // Every folder from the first one created down to the file's own.
    const created: string[] = [];
    for (let at = folder; ; at = path.dirname(at)) {
      created.push(at);
      if (at === firstCreated || at === path.dirname(at)) break;
    }
    for (const made of created.reverse()) chmodSync(made, 0o700);
  }
  const fd = openSync(file, 'w', 0o600);
  try {
    fchmodSync(fd, 0o600);
  } finally {
    closeSync(fd);
  }
}

function run({ command, args, env }: PgCommand): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env: { ...process.env, ...env } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${command} could not run (${error.message}): install the PostgreSQL client tools`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`))));
  });
}

const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/** Writes a backup of `target` to `file` (created with its folder). */
export async function backup(target: Target, file: string): Promise<void> {
  if ('databaseUrl' in target) {
    const command = pgDumpCommand(target.databaseUrl, file);
    // The file exists (empty, 0600) before pg_dump opens it: pg_dump truncates it and keeps its mode.
    createPrivateFile(file);
    try {
      // Custom format: compressed, and pg_restore can restore it in parallel (--jobs) and selectively.
      await run(command);
    } catch (error) {
      rmSync(file, { force: true });
      throw error;
    }
    chmodSync(file, 0o600);
    return;
  }
  const folder = pgliteFolder(target.dataDir);
  if (!existsSync(path.join(folder, 'PG_VERSION'))) throw new Error(`no embedded database in ${folder}`);
  const client = await PGlite.create(folder);
  try {
    const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    createPrivateFile(file);
    const fd = openSync(file, 'w');
    try {
      writeSync(fd, dump);
    } finally {
      closeSync(fd);
    }
  } finally {
    await client.close();
  }
}

/** Restores `file` into `target`, which must be empty (a new PostgreSQL database, or a DATA_DIR without a database). */
export async function restore(target: Target, file: string, options: { jobs?: number } = {}): Promise<void> {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  if ('databaseUrl' in target) {
    await run(pgRestoreCommand(target.databaseUrl, file, options.jobs ?? 2));
    return;
  }
  const folder = pgliteFolder(target.dataDir);
  if (existsSync(folder) && readdirSync(folder).length > 0) throw new Error(`${folder} is not empty: restore into a new DATA_DIR`);
  mkdirSync(folder, { recursive: true });
  const client = await PGlite.create({ dataDir: folder, loadDataDir: new Blob([readFileSync(file)]) });
  await client.close();
}
