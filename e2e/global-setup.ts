// Playwright global setup: the run starts with no path-coverage records of an earlier run, and the demo database is
// seeded once (the first start of the real server: migrations, demo accounts and forms, the first release), then
// stopped; each worker serves a copy of it (e2e/fixtures.ts). It returns the teardown of the PostgreSQL template.
import { rmSync } from 'node:fs';
import { coverageDir } from '../tests/machines/harness/coverage';
import { E2E_BASE_PORT, pruneOldDatabases, startAppServer, suiteDatabase, suiteServerEnv, templateDataDir } from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(coverageDir('e2e'), { recursive: true, force: true });
  const origin = `http://127.0.0.1:${E2E_BASE_PORT}`;
  await pruneOldDatabases();
  const template = await suiteDatabase('template');
  const server = await startAppServer(E2E_BASE_PORT, suiteServerEnv(origin, templateDataDir(), template?.url ?? null));
  await server.stop();
  return async () => {
    await template?.drop();
  };
}
