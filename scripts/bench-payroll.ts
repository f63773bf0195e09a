// `npm run bench:payroll [-- --employees 10000 --db postgres|pglite]`
//
// A company's payroll through the real app (docs/pay-transparency.md): the upload of a file of `--employees` people
// (read and validated whole, then stored in one transaction), the gender pay gap report of that year and its CSV,
// each timed over HTTP on 127.0.0.1 as a corporate user calls them. Target: upload + report within 5 s on PostgreSQL
// (PGlite: within twice). PostgreSQL needs DATABASE_URL (a database of its own is created and dropped).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, openPostgres, type Database } from '../src/server/db/open';
import { migrateDatabase } from '../src/server/db/migrate';
import { createAccessTokens } from '../src/server/auth/accessToken';
import { newId } from '../src/server/ids';
import { DEMO_PAYROLL_ROLES } from '../src/server/db/demoPayroll';
import { csvRow } from '../src/domain/csv';
import { PAYROLL_COLUMNS, PAYROLL_HEADERS } from '../src/domain/payrollCsv';
import { seededRandom } from '../src/server/db/demoForms';
import { createDatabase } from './clusterSupport';

const TARGET_SECONDS = 5;

/** A payroll of `employees` people over the demo company's roles (English headers, comma separated). */
function payrollFile(employees: number): string {
  const random = seededRandom(10_000);
  const lines = [csvRow(PAYROLL_COLUMNS.map((column) => PAYROLL_HEADERS[column].en))];
  for (let i = 0; i < employees; i++) {
    const role = DEMO_PAYROLL_ROLES[i % DEMO_PAYROLL_ROLES.length];
    const sex = random() < 0.01 ? 'other' : random() < role.women ? 'woman' : 'man';
    const fte = random() < 0.08 ? 0.5 : 1;
    const basic = Math.round(role.basicPay * (0.85 + random() * 0.3) * fte);
    const variable = random() < role.variableShare ? Math.round(basic * role.variableSize) : 0;
    lines.push(csvRow([`B-${i}`, sex, role.name, role.positionLevel, role.functionalArea, 'es', fte, basic, variable, '2020-01-01']));
  }
  return lines.join('\r\n') + '\r\n';
}

async function main() {
  const { values } = parseArgs({ options: { employees: { type: 'string', default: '10000' }, db: { type: 'string' } } });
  const employees = Number(values.employees);
  const engine = values.db ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paybench-bench-payroll-'));
  let dropDatabase = async () => {};
  let database: Database;
  if (engine === 'postgres') {
    if (!process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL');
    const created = await createDatabase(process.env.DATABASE_URL, 'paybench_bench_payroll');
    dropDatabase = () => created.drop();
    database = openPostgres(created.url, 10);
  } else {
    database = await openDatabase({ dataDir });
  }
  await migrateDatabase(database);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'no-web'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  try {
    const id = newId();
    await database.execute(`insert into users (id, email, roles, company_id, email_verified) values ($1, $2, '{corporate}', $1, true)`, [
      id,
      `bench-${id}@example.com`,
    ]);
    const token = await createAccessTokens(config.secrets.tokenSecret, config.accessTokenTtlSeconds).sign({ userId: id, roles: ['corporate'] });
    const authorization = `Bearer ${token}`;
    const file = payrollFile(employees);
    const timed = async (what: string, run: () => Promise<Response>) => {
      const started = performance.now();
      const response = await run();
      await response.arrayBuffer();
      const seconds = (performance.now() - started) / 1000;
      if (!response.ok) throw new Error(`${what}: HTTP ${response.status}`);
      return seconds;
    };
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), 'payroll.csv');
    const upload = await timed('upload', () => fetch(`${base}/pay-transparency/payrolls/2025`, { method: 'PUT', body: form, headers: { authorization } }));
    const report = await timed('report', () => fetch(`${base}/pay-transparency/payrolls/2025/report`, { headers: { authorization } }));
    const csv = await timed('csv', () => fetch(`${base}/pay-transparency/payrolls/2025/report/csv?scope=internal`, { headers: { authorization } }));
    const target = TARGET_SECONDS * (engine === 'postgres' ? 1 : 2);
    const total = upload + report;
    console.log(`payroll of ${employees.toLocaleString('en')} people (${(file.length / 1024 / 1024).toFixed(1)} MB) on ${engine}:`);
    console.log(`  upload (read, validate, store)  ${upload.toFixed(2)} s`);
    console.log(`  report                          ${report.toFixed(2)} s`);
    console.log(`  report CSV                      ${csv.toFixed(2)} s`);
    console.log(`  upload + report                 ${total.toFixed(2)} s   target ≤${target} s  ${total <= target ? 'PASS' : 'MISS'}`);
    process.exitCode = total <= target ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
