// Browser tests drive the built web app served by the real server on a fresh embedded database, in
// Debian's Chromium (Playwright cannot download its own browsers here).
import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

// The demo accounts' password of the test servers; set here (and seen by the tests through process.env,
// as Playwright loads this file in every worker) so tests can sign in as each demo role.
process.env.DEMO_PASSWORD ??= 'e2e-Quartz-Meadow-5831';

// Each run gets its own folder (the seeded database and a copy per worker), so tests never see an earlier run's
// data. Playwright also loads this file in each worker; only the main process prepares the folder.
const tmpRoot = path.resolve('.tmp');
const isWorker = process.env.TEST_WORKER_INDEX !== undefined;
if (!isWorker) {
  pruneOldRuns();
  process.env.E2E_RUN_DIR ??= path.join(tmpRoot, `e2e-data-${Date.now()}`);
  mkdirSync(process.env.E2E_RUN_DIR, { recursive: true });
}

/** Folders of runs older than an hour go (about 40 MB a server); recent ones may belong to a run in progress. */
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

/**
 * Debian's browser itself, not its /usr/bin/chromium launcher: the launcher adds the flags of /etc/chromium.d
 * (--enable-gpu-rasterization, which without a GPU rasterises every frame through an emulated one, and the system's
 * extensions), which cost the suite CPU on this 2-core machine and test nothing of ours. CHROMIUM_PATH overrides.
 */
function chromiumBinary(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : '/usr/bin/chromium';
}

/** Workers: each has a server and a browser of its own (e2e/fixtures.ts); E2E_WORKERS overrides. */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: 'e2e',
  // Setup seeds the demo database once (and clears the path coverage of the specs that replay machine graph paths in
  // the real UI); teardown prints that coverage.
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  // Tests, not files, are spread over the workers (a11y.spec alone takes minutes); each test brings the demo accounts
  // to the state it needs, and oidc.spec, whose tests build on each other, runs serially.
  fullyParallel: true,
  workers,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // The per-project total and the slowest spec files after the run (e2e/timingReporter.ts), beside the usual report.
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }], ['./e2e/timingReporter.ts']] : [['list'], ['./e2e/timingReporter.ts']],
  // CI shares a 2-core machine with other work: a journey that takes 20 s alone may take 40 s there.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  use: {
    locale: 'es-ES',
    // The journeys run as a visitor who asked the system for less motion (the app honours it: src/web/kernel/theme.ts):
    // no dialog fading in or skeleton pulsing for Chromium to paint frame by frame without a GPU. That cut a spec's
    // browser CPU by a fifth. The accessibility tour (e2e/a11y.spec.ts) keeps the full motion most visitors see.
    reducedMotion: 'reduce',
    // A trace records a screencast and DOM snapshots of every action: on every test it cost the 2-core machine a good
    // part of the suite's CPU. It is taken on a failed test's retry (CI retries once), so a failure still has one.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromiumBinary(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium 15x preloads its address bar's drop-down (a page of its own, in a renderer of its own) in every
        // window, headless too: a context per test made it a good share of the suite's CPU, for a bar no test sees.
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
