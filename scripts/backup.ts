// npm run backup [-- --out FILE]: backs up the database the server uses (DATABASE_URL with pg_dump, else the embedded
// PGlite in DATA_DIR, which must not be running). See docs/operations.md, "Backups and restore". The file is written
// 0600 (folders made for it 0700); pg_dump gets the connection through its environment, never its command line.
import path from 'node:path';
import { backup } from '../src/server/ops/backup';

const args = process.argv.slice(2);
const at = args.indexOf('--out');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const databaseUrl = process.env.DATABASE_URL;
const file = at >= 0 && args[at + 1] ? args[at + 1] : path.join('backups', `paybench-${stamp}.${databaseUrl ? 'dump' : 'tar.gz'}`);
const started = Date.now();
backup(databaseUrl ? { databaseUrl } : { dataDir: path.resolve(process.env.DATA_DIR || './data') }, file).then(
  () => console.log(`backup written to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s`),
  (error: Error) => {
    console.error(`backup failed: ${error.message}`);
    process.exit(1);
  },
);
