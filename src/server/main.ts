// Starts Paybench: open the database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), migrate, seed
// demo data into an empty database (not in production unless SEED_DEMO=1), serve the API and the built web
// app, stop cleanly on SIGINT/SIGTERM.
import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { migrateDatabase } from './db/migrate';
import { seedCatalogue, seedDemo } from './seed';
import { buildApp } from './app';
import { startBanner } from './startBanner';
import { startReleaseSchedule } from './services/releases';
import { upgradeInfusion } from './services/infusionUpgrade';
import { readThreshold } from './services/statisticsSettings';
import { queueReleaseAlerts } from './services/releaseAlerts';
import { startMetricsServer } from './ops/metrics';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.pgPoolMax });
  await migrateDatabase(database);

  const seeded = config.seedDemo
    ? await seedDemo(database, { forms: config.seedForms, password: config.demoPassword })
    : { created: false, forms: 0, logins: [] };
  await seedCatalogue(database);
  // People keyed and every kept release infused by this design and secret before anything is served.
  const upgrade = await upgradeInfusion(database, {
    secret: config.secrets.perturbationSecret,
    threshold: await readThreshold(database, config.privacyThreshold),
  });

  const app = await buildApp({ config, database, ownsDatabase: true, initialPhase: 'starting' });
  // Statistics are published from releases: the first is cut at once on a new database, then on schedule.
  const releases = startReleaseSchedule(database, {
    threshold: () => readThreshold(database, config.privacyThreshold),
    secret: config.secrets.perturbationSecret,
    intervalHours: config.releaseIntervalHours,
    checkEveryMs: config.releaseCheckSeconds * 1000,
    log: (message, fields) => app.log.info(fields ?? {}, message),
    onCut: (release) => queueReleaseAlerts(app.jobs, release),
  });
  if (upgrade.upgraded) app.log.info({ rekeyedPeople: upgrade.rekeyedPeople, releases: upgrade.reinfusedReleases }, 'noise infusion upgraded');
  await releases.tick();
  app.addHook('onClose', async () => releases.stop());
  await app.listen({ port: config.port, host: config.host });
  // The first answers every visitor's first pages ask for (home's figures, the questionnaire, the demo
  // comparison without filters) are asked once now, through the app itself, so the first visitor after a start
  // does not wait for cold code paths and caches (~300 ms for the demo comparison). Nothing is published.
  // /api/ready says 503 until the warm-up is done, so a load balancer sends no visitor to a cold instance.
  void warmPublicAnswers(app).finally(() => {
    if (app.readiness.phase === 'starting') app.readiness.phase = 'ready';
  });
  const metricsServer = await startMetricsServer(app, config);

  const url = config.publicUrl;
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  // Printed for the person starting the app, not logged: the logger never carries credentials.
  process.stdout.write(
    startBanner({
      url,
      where,
      seededForms: seeded.created ? seeded.forms : null,
      webBuilt: Boolean(config.webDir),
      demoPassword: config.demoPassword,
      demoPasswordGenerated: config.demoPasswordGenerated,
      logins: seeded.logins,
    }),
  );

  // Rolling restarts: on SIGTERM readiness answers 503 at once while requests are still served for
  // DRAIN_DELAY_MS, long enough for the load balancer's health check to take this instance out; then the app
  // closes: no new connection, requests in flight finish, running jobs are handed back to the queue, the release
  // schedule stops and the pool closes.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.readiness.phase = 'draining';
    app.log.info({ signal, drainDelayMs: config.drainDelayMs }, 'draining');
    const timer = setTimeout(() => process.exit(1), config.drainDelayMs + 20_000);
    timer.unref();
    if (config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

async function warmPublicAnswers(app: Awaited<ReturnType<typeof buildApp>>) {
  const asks = [
    { method: 'GET' as const, url: '/api/public-summary' },
    { method: 'GET' as const, url: '/api/forms/questionnaire' },
    { method: 'POST' as const, url: '/api/forms/demo-comparation', payload: { filters: {} } },
  ];
  for (const ask of asks) {
    const answer = await app.inject(ask).catch(() => null);
    if (answer && answer.statusCode >= 400) app.log.warn({ url: ask.url, status: answer.statusCode }, 'warm-up answer not ok');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
