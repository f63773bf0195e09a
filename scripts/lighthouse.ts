// `npm run build && npm run lighthouse`: Lighthouse (mobile profile: emulated phone, simulated slow 4G and
// CPU slowdown) on the pages listed below, served by the real server from dist/web on a fresh embedded
// database, in Debian's Chromium. Prints performance, accessibility, best practices, SEO and CLS per page
// and exits 1 when a page misses a target. Builds nothing: run `npm run build` first.
//
// Environment: PORT (3300), CHROME_PATH (/usr/bin/chromium), DEMO_PASSWORD (the demo accounts' password of
// the server started here), LIGHTHOUSE_PAGES (comma-separated subset of the page names below),
// LIGHTHOUSE_REPORT_DIR (writes each page's JSON report there).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { DEMO_ACCOUNTS } from '../src/server/seed';

const port = Number(process.env.PORT ?? 3300);
const origin = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const demoPassword = process.env.DEMO_PASSWORD ?? 'lighthouse-Quartz-Meadow-5831';

/** The targets (scores 0–100; docs/performance.md "The web app"). */
export const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95, cls: 0.05 } as const;
type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';
const CATEGORIES: Category[] = ['performance', 'accessibility', 'best-practices', 'seo'];

interface PageToMeasure {
  name: string;
  path: string;
  signedIn?: boolean;
}
const PAGES: PageToMeasure[] = [
  { name: 'home', path: '/home' },
  { name: 'steps', path: '/steps' },
  { name: 'steps-3', path: '/steps/3' },
  { name: 'demo-comparison', path: '/demo-comparison' },
  { name: 'comparison', path: '/comparison', signedIn: true },
];

export interface PageScores {
  name: string;
  scores: Record<Category, number>;
  cls: number;
  failedAudits: Record<Category, string[]>;
}

/** The targets a page misses, as readable lines (empty when it meets all). */
export function missedTargets(page: PageScores): string[] {
  const missed = CATEGORIES.filter((category) => page.scores[category] < TARGETS[category]).map(
    (category) => `${category} ${page.scores[category]} < ${TARGETS[category]}`,
  );
  if (!(page.cls <= TARGETS.cls)) missed.push(`CLS ${page.cls.toFixed(3)} > ${TARGETS.cls}`);
  return missed;
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_FORMS: '600',
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: demoPassword,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the server did not answer /api/health within 3 minutes');
}

/** Signs in as the demo member through the sign-in page, as a person would. */
async function signInAsMember(page: Page): Promise<void> {
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle0' });
  await page.locator('[data-testid="login-email"]').fill(DEMO_ACCOUNTS.member);
  await page.locator('[data-testid="login-password"]').fill(demoPassword);
  // Submitted with Enter, as a keyboard user does: on the phone's screen the cookie bar can cover the button.
  await page.keyboard.press('Enter');
  // The app moves on within the page (history), so there is no navigation to wait for: the signed-in landing is.
  await page.waitForFunction(() => location.pathname !== '/login', { timeout: 30_000 });
  await page.waitForSelector('[data-testid="account-menu"]', { timeout: 30_000 });
}

/** One Lighthouse run in a new tab (the browser's cookies, so a session, carry over); tried twice. */
async function measure(browser: Browser, target: PageToMeasure, reportDir?: string): Promise<PageScores> {
  try {
    return await measureOnce(browser, target, reportDir);
  } catch (error) {
    console.log(`  ${(error as Error).message}; trying again`);
    return measureOnce(browser, target, reportDir);
  }
}

async function measureOnce(browser: Browser, target: PageToMeasure, reportDir?: string): Promise<PageScores> {
  const page = await browser.newPage();
  try {
    return await lighthouseOn(page, target, reportDir);
  } finally {
    await page.close();
  }
}

async function lighthouseOn(page: Page, target: PageToMeasure, reportDir?: string): Promise<PageScores> {
  const result = await lighthouse(
    `${origin}${target.path}`,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // The signed-in page keeps the session (the refresh cookie) Lighthouse would otherwise clear.
      disableStorageReset: target.signedIn === true,
    },
    undefined, // Lighthouse's default configuration: the mobile profile
    page,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${target.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (reportDir) writeFileSync(path.join(reportDir, `${target.name}.json`), JSON.stringify(lhr, null, 1));
  const scores = {} as Record<Category, number>;
  const failedAudits = {} as Record<Category, string[]>;
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    scores[category] = Math.round((entry.score ?? 0) * 100);
    failedAudits[category] = entry.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 0.9)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`);
  }
  return { name: target.name, scores, cls: lhr.audits['cumulative-layout-shift'].numericValue ?? Number.NaN, failedAudits };
}

function printTable(results: PageScores[]): void {
  const header = ['page', 'performance', 'accessibility', 'best-practices', 'seo', 'CLS', 'result'];
  const rows = results.map((result) => [
    result.name,
    ...CATEGORIES.map((category) => String(result.scores[category])),
    result.cls.toFixed(3),
    missedTargets(result).length ? 'MISS' : 'PASS',
  ]);
  const targets = ['target', ...CATEGORIES.map((category) => `≥ ${TARGETS[category]}`), `≤ ${TARGETS.cls}`, ''];
  const widths = header.map((title, i) => Math.max(title.length, ...[...rows, targets].map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(line(targets));
  for (const row of rows) console.log(line(row));
  for (const result of results) {
    for (const category of CATEGORIES) {
      if (result.failedAudits[category].length) console.log(`  ${result.name} ${category}: ${result.failedAudits[category].join(', ')}`);
    }
  }
}

async function main(): Promise<number> {
  if (!existsSync('dist/web/index.html')) {
    console.error('No build in dist/web: run `npm run build` first.');
    return 1;
  }
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  const pages = only ? PAGES.filter((page) => only.includes(page.name)) : PAGES;
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) mkdirSync(reportDir, { recursive: true });

  const dataDir = mkdtempSync(path.join(tmpdir(), 'paybench-lighthouse-'));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer(dataDir);
    browser = await puppeteer.launch({
      executablePath: chromePath,
      headless: true,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const results: PageScores[] = [];
    for (const target of pages.filter((p) => !p.signedIn)) {
      console.log(`measuring ${target.path} …`);
      results.push(await measure(browser, target, reportDir));
    }
    const signedIn = pages.filter((p) => p.signedIn);
    if (signedIn.length) {
      const page = await browser.newPage();
      await signInAsMember(page);
      await page.close();
      for (const target of signedIn) {
        console.log(`measuring ${target.path} (signed in as ${DEMO_ACCOUNTS.member}) …`);
        results.push(await measure(browser, target, reportDir));
      }
    }
    console.log('');
    printTable(results);
    const missing = results.filter((result) => missedTargets(result).length);
    for (const result of missing) console.log(`MISS ${result.name}: ${missedTargets(result).join('; ')}`);
    console.log(missing.length ? `${missing.length} of ${results.length} pages miss a target` : `all ${results.length} pages meet the targets`);
    return missing.length ? 1 : 0;
  } finally {
    await browser?.close();
    server?.kill('SIGTERM');
    if (server && server.exitCode === null) await new Promise((resolve) => server!.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
