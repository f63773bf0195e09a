// Backups of either engine (issue 29; docs/operations.md "Backups and restore"). PostgreSQL: pg_dump's custom
// format, restored with pg_restore into an empty database (point-in-time recovery is PostgreSQL's own WAL
// archiving, documented beside). The embedded PGlite: its own data-folder dump (a gzipped tarball of the data
// directory, `dumpDataDir`), restored with `loadDataDir` into an empty folder. PGlite has one process: stop the app
// before a backup or a restore of the embedded database.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

export type Target = { databaseUrl: string } | { dataDir: string };

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${command} could not run (${error.message}): install the PostgreSQL client tools`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`))));
  });
}

const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/** Writes a backup of `target` to `file` (created with its folder). */
export async function backup(target: Target, file: string): Promise<void> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if ('databaseUrl' in target) {
    // Custom format: compressed, and pg_restore can restore it in parallel (--jobs) and selectively.
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${target.databaseUrl}`]);
    return;
  }
  const folder = pgliteFolder(target.dataDir);
  if (!existsSync(path.join(folder, 'PG_VERSION'))) throw new Error(`no embedded database in ${folder}`);
  const client = await PGlite.create(folder);
  try {
    const dump = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await client.close();
  }
}

/** Restores `file` into `target`, which must be empty (a new PostgreSQL database, or a DATA_DIR without a database). */
export async function restore(target: Target, file: string, options: { jobs?: number } = {}): Promise<void> {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  if ('databaseUrl' in target) {
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--jobs=${options.jobs ?? 2}`, `--dbname=${target.databaseUrl}`, file]);
    return;
  }
  const folder = pgliteFolder(target.dataDir);
  if (existsSync(folder) && readdirSync(folder).length > 0) throw new Error(`${folder} is not empty: restore into a new DATA_DIR`);
  mkdirSync(folder, { recursive: true });
  const client = await PGlite.create({ dataDir: folder, loadDataDir: new Blob([readFileSync(file)]) });
  await client.close();
}
