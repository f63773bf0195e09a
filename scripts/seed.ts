// `npm run seed -- --forms 20000`: adds generated demo forms to the configured database (seeding the demo
// accounts first when the database is empty).
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open';
import { migrateDatabase } from '../src/server/db/migrate';
import { insertDemoForms, seedDemo } from '../src/server/seed';
import { cutRelease } from '../src/server/services/releases';
import { readThreshold } from '../src/server/services/statisticsSettings';

const args = process.argv.slice(2);
const formsArg = args.indexOf('--forms');
const count = formsArg >= 0 ? Number(args[formsArg + 1]) : 20_000;
if (!Number.isInteger(count) || count < 0) {
  console.error('usage: npm run seed -- --forms <count>');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
const seeded = await seedDemo(database, { forms: 0, password: config.demoPassword });
const started = Date.now();
const written = await insertDemoForms(database, count, {
  seed: Date.now() % 100_000,
  onProgress: (n) => process.stdout.write(`\r${n} forms written`),
});
process.stdout.write(`\n${written} forms in ${((Date.now() - started) / 1000).toFixed(1)} s${seeded.created ? ' (demo accounts created)' : ''}\n`);
// The new forms reach the statistics with a release (refused, and said so, when fewer than K forms changed).
const outcome = await cutRelease(database, {
  threshold: await readThreshold(database, config.privacyThreshold),
  secret: config.secrets.perturbationSecret,
  trigger: 'admin',
});
process.stdout.write(
  outcome.status === 'cut'
    ? `statistics release ${outcome.release.sequence} cut: ${outcome.release.size} counted forms (${outcome.release.changedForms} changed)\n`
    : `no release cut: only ${outcome.changedForms} counted forms changed (at least ${outcome.threshold} needed)\n`,
);
await database.close();
