// Browser tests drive the built web app served by the real server on a fresh embedded database, in
// Debian's Chromium (Playwright cannot download its own browsers here).
import { defineConfig, devices } from '@playwright/test';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// The demo accounts' password of the test server; set here (and seen by the tests through process.env,
// as Playwright loads this file in every worker) so tests can sign in as each demo role.
process.env.DEMO_PASSWORD ??= 'e2e-Quartz-Meadow-5831';
// The analytics script the consent tests expect: same origin (allowed by the content security policy),
// intercepted with page.route() — it is outside our system, nothing serves it.
export const E2E_ANALYTICS_SCRIPT_URL = `${baseURL}/e2e-analytics/script.js`;

// Each run gets its own database folder, so tests never see an earlier run's data. Playwright also loads
// this file in each worker; only the main process starts the server, so only it prepares the folder.
const tmpRoot = path.resolve('.tmp');
const isWorker = process.env.TEST_WORKER_INDEX !== undefined;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(tmpRoot, `e2e-data-${Date.now()}`);
if (!isWorker) {
  pruneOldRuns();
  mkdirSync(dataDir, { recursive: true });
  process.env.E2E_DATA_DIR = dataDir;
}

/** Folders of runs older than an hour go (about 40 MB each); recent ones may belong to a run in progress. */
function pruneOldRuns(): void {
  let names: string[] = [];
  try {
    names = readdirSync(tmpRoot);
  } catch {
    return; // no .tmp yet
  }
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of names) {
    const startedAt = Number(/^e2e-data-(\d+)$/.exec(name)?.[1]);
    if (startedAt && startedAt < hourAgo) rmSync(path.join(tmpRoot, name), { recursive: true, force: true });
  }
}

export default defineConfig({
  testDir: 'e2e',
  // Path coverage of the specs that replay machine graph paths in the real UI: cleared, then printed.
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // CI shares a 2-core machine with other work: a journey that takes 20 s alone may take 40 s there.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'es-ES',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      // The origin e-mailed and payment-return links use: the one the browser opens (the sandbox's return page
      // must share the tab's origin for the cross-tab message and the session cookie).
      PUBLIC_URL: baseURL,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The browser tests run on the embedded database, as the README's quick start does; CI's DATABASE_URL
      // is for the API tests (set E2E_DATABASE_URL to run the browser tests on PostgreSQL).
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      // Likewise its counters stay in the process: CI's REDIS_URL is for the cluster suite, and on a shared Redis
      // this server's sign-ins would count against the OIDC spec's server (same demo addresses, one limit).
      REDIS_URL: process.env.E2E_REDIS_URL ?? '',
      REDIS_KEY_PREFIX: `paybench-e2e-${port}:`,
      SEED_FORMS: '600',
      // The suite registers some 40 accounts from one address within the hour (the default limit is 20).
      REGISTER_LIMIT_PER_HOUR: '200',
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: process.env.DEMO_PASSWORD,
      ANALYTICS_SCRIPT_URL: E2E_ANALYTICS_SCRIPT_URL,
    },
  },
});
