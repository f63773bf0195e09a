// Playwright global setup: the run starts with no path-coverage records of an earlier run, and the demo database is
// seeded once (the first start of the real server: migrations, demo accounts and forms, the first release), then
// stopped; each worker serves a copy of it (e2e/fixtures.ts).
import { rmSync } from 'node:fs';
import { coverageDir } from '../tests/machines/harness/coverage';
import { E2E_BASE_PORT, startAppServer, suiteServerEnv, templateDataDir } from './server';

export default async function globalSetup(): Promise<void> {
  rmSync(coverageDir('e2e'), { recursive: true, force: true });
  const origin = `http://127.0.0.1:${E2E_BASE_PORT}`;
  const server = await startAppServer(E2E_BASE_PORT, suiteServerEnv(origin, templateDataDir()));
  await server.stop();
}
