// The first start's seed is atomic. A failure injected after each of its steps leaves an
// empty database and the next start seeds it completely; a seed process killed (SIGKILL) at each step
// leaves nothing or everything, and the next start ends with a complete seed; two starts at once seed once.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migratedTarget, openTestDatabase } from './support/testDatabase';
import { DEMO_ACCOUNTS, seedDemo, type SeedStep } from '../../src/server/seed';
import { DEMO_PAYROLL_ROLES } from '../../src/server/db/demoPayroll';
import { surveyYears } from '../../src/domain/constants';
import type { Database } from '../../src/server/db/open';
import { migrateDatabase } from '../../src/server/db/migrate';

const FORMS = 300;
const DEMO_PAYROLL_HEADCOUNT = DEMO_PAYROLL_ROLES.reduce((sum, role) => sum + role.headcount, 0);
const password = 'seed-test-password-123';
const childScript = fileURLToPath(new URL('./support/seedChild.ts', import.meta.url));

async function counts(db: Database) {
  const [row] = await db.execute<{ users: number; demo: number; forms: number; posts: number; configs: number; ledger: number; payroll: number }>(
    `select (select count(*)::int from users) as users,
            (select count(*)::int from users where email = any($1)) as demo,
            (select count(*)::int from forms) as forms,
            (select count(*)::int from news_posts) as posts,
            (select count(*)::int from configs where key in ('minValues', 'exchangeRates')) as configs,
            (select count(*)::int from credit_ledger) as ledger,
            (select count(*)::int from payroll_employees) as payroll`,
    [Object.values(DEMO_ACCOUNTS)],
  );
  return row;
}

/** What a complete seed of FORMS generated forms holds (the generator may give a person several forms). */
async function expectComplete(db: Database, forms: number) {
  const c = await counts(db);
  expect(c.demo).toBe(Object.keys(DEMO_ACCOUNTS).length);
  expect(c.configs).toBe(2);
  expect(c.posts).toBeGreaterThan(0);
  expect(c.ledger).toBe(1);
  // The demo company's payroll of the last whole year (db/demoPayroll.ts).
  expect(c.payroll).toBe(DEMO_PAYROLL_HEADCOUNT);
  // The free demo member's three yearly forms, the premium one's form of every survey year, and the generated ones.
  expect(c.forms).toBe(forms + 3 + surveyYears().length);
  return c;
}

async function expectEmpty(db: Database) {
  expect(await counts(db)).toEqual({ users: 0, demo: 0, forms: 0, posts: 0, configs: 0, ledger: 0, payroll: 0 });
}

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close().catch(() => undefined);
});

describe('a failure after any step of the seed', () => {
  it('leaves an empty database, and the next start seeds it completely', async () => {
    const db = await openTestDatabase();
    opened.push(db);
    // Learn the steps of this seed (several form batches), in a database that is thrown away.
    const steps: SeedStep[] = [];
    const probe = await openTestDatabase();
    await seedDemo(probe, { forms: FORMS, password, batchSize: 100, afterStep: (step) => void steps.push(step) });
    await probe.close();
    expect(steps.filter((s) => s === 'forms').length).toBeGreaterThanOrEqual(3);
    expect(steps.at(-1)).toBe('complete');

    for (let at = 0; at < steps.length; at++) {
      let seen = 0;
      const failing = seedDemo(db, {
        forms: FORMS,
        password,
        batchSize: 100,
        afterStep: () => {
          if (seen++ === at) throw new Error(`crash after step ${at} (${steps[at]})`);
        },
      });
      await expect(failing).rejects.toThrow(`crash after step ${at}`);
      await expectEmpty(db);
    }
    const seeded = await seedDemo(db, { forms: FORMS, password, batchSize: 100 });
    expect(seeded.created).toBe(true);
    await expectComplete(db, seeded.forms);
    // Started again: nothing more is written.
    expect((await seedDemo(db, { forms: FORMS, password })).created).toBe(false);
    await expectComplete(db, seeded.forms);
  });

  it('two starts at once seed once', async () => {
    const db = await openTestDatabase();
    opened.push(db);
    const results = await Promise.all([seedDemo(db, { forms: 50, password }), seedDemo(db, { forms: 50, password })]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    await expectComplete(db, results.find((r) => r.created)!.forms);
  });
});

/** A migrated database of its own for a child process: a PGlite folder, or a PostgreSQL database (its URL). */
async function childTarget(): Promise<{ target: string; open: () => Promise<Database> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paybench-seed-kill-'));
  const made = await migratedTarget(dataDir);
  return { target: made.url ?? path.join(dataDir, 'pglite'), open: made.open };
}

/** Runs the child seed and kills it (SIGKILL) as soon as it prints `killAt`; resolves with what it printed. */
function runChildUntil(target: string, killAt: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript, target, String(FORMS)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const printed: string[] = [];
    let buffer = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        printed.push(line);
        if (line === `step:${killAt}`) child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL' || code === 0) resolve(printed);
      else reject(new Error(`seed child ended with ${code}: ${stderr.slice(0, 2000)}`));
    });
  });
}

describe('a seed process killed at any step', () => {
  // Every step is aborted in-process above; a real kill at these five covers before, during and after the writes.
  const killPoints = ['accounts', 'posts', 'forms-2', 'complete', 'committed'];

  it.each(killPoints)('killed after %s: the next start ends with a complete seed', { timeout: 120_000 }, async (killAt) => {
    const { target, open } = await childTarget();
    const printed = await runChildUntil(target, killAt);
    expect(printed).toContain(`step:${killAt}`);
    const db = await open();
    opened.push(db);
    await migrateDatabase(db);
    const after = await counts(db);
    // Nothing or everything: never accounts without forms.
    if (killAt === 'committed') expect(after.demo).toBe(Object.keys(DEMO_ACCOUNTS).length);
    else expect(after).toEqual({ users: 0, demo: 0, forms: 0, posts: 0, configs: 0, ledger: 0, payroll: 0 });
    const restarted = await seedDemo(db, { forms: FORMS, password });
    expect(restarted.created).toBe(killAt !== 'committed');
    const c = await counts(db);
    expect(c.demo).toBe(Object.keys(DEMO_ACCOUNTS).length);
    expect(c.configs).toBe(2);
    expect(c.forms).toBeGreaterThan(FORMS);
    expect(c.payroll).toBe(DEMO_PAYROLL_HEADCOUNT);
  });
});
