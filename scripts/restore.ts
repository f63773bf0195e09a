// npm run restore -- FILE: restores a backup of npm run backup into an empty database: the one at DATABASE_URL
// (create it first: createdb paybench_restored), else a DATA_DIR without a database. Stop the servers first, and
// point them at the restored database afterwards. See docs/operations.md, "Backups and restore". pg_restore gets the
// connection (password included) through its environment, never its command line.
import path from 'node:path';
import { restore } from '../src/server/ops/backup';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run restore -- FILE');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL;
const started = Date.now();
restore(databaseUrl ? { databaseUrl } : { dataDir: path.resolve(process.env.DATA_DIR || './data') }, file, {
  jobs: Number(process.env.RESTORE_JOBS || 2),
}).then(
  () => console.log(`restored ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s`),
  (error: Error) => {
    console.error(`restore failed: ${error.message}`);
    process.exit(1);
  },
);
