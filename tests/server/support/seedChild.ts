// A first start's seed in its own process, for the kill tests: opens the database given on the command line
// (a PGlite folder, or a PostgreSQL URL), migrates it, seeds it and prints each step as it passes, pausing
// briefly after each so the parent can kill it there. Usage: node --import tsx seedChild.ts <folder|url> <forms>
import { PGlite } from '@electric-sql/pglite';
import { openPostgres, wrapPglite } from '../../../src/server/db/open';
import { migrateDatabase } from '../../../src/server/db/migrate';
import { seedDemo } from '../../../src/server/seed';

const [target, forms] = process.argv.slice(2);
const database = target.startsWith('postgres') ? openPostgres(target, 2) : wrapPglite(await PGlite.create(target));
await migrateDatabase(database);
const say = (line: string) => new Promise<void>((resolve) => process.stdout.write(`${line}\n`, () => resolve()));
let batch = 0;
await seedDemo(database, {
  forms: Number(forms),
  password: 'child-seed-password-123',
  batchSize: 100,
  afterStep: async (step) => {
    await say(`step:${step === 'forms' ? `forms-${++batch}` : step}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  },
});
await say('step:committed');
await new Promise((resolve) => setTimeout(resolve, 150));
await database.close();
await say('step:closed');
