// The browser suite's `test`: Playwright's own, with a server per worker. Each worker serves a copy of the database
// global setup seeded once (e2e/server.ts) on a port of its own, and every page, request and baseURL of its tests
// goes there, so tests of different workers never see each other's accounts, credits or settings.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { E2E_BASE_PORT, runDir, startAppServer, suiteDatabase, suiteServerEnv, templateDataDir } from './server';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Route } from '@playwright/test';

/**
 * A port of this worker's own, `offset` above the suite's first port (the OIDC and second-factor specs' extra servers);
 * Playwright sets TEST_PARALLEL_INDEX in each worker, so this works at a module's top level too.
 */
export function workerPort(offset: number): number {
  return E2E_BASE_PORT + offset + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}

export const test = base.extend<object, { appServer: { origin: string; dataDir: string } }>({
  appServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern
    async ({}, use, workerInfo) => {
      // parallelIndex is reused by the worker that replaces a failed one: the port is free again by then.
      const port = E2E_BASE_PORT + 1 + workerInfo.parallelIndex;
      const dataDir = path.join(runDir(), `worker-${workerInfo.workerIndex}`);
      cpSync(templateDataDir(), dataDir, { recursive: true });
      const database = await suiteDatabase(`worker_${workerInfo.workerIndex}`, 'template');
      const origin = `http://127.0.0.1:${port}`;
      const server = await startAppServer(port, suiteServerEnv(origin, dataDir, database?.url ?? null));
      process.env.E2E_DATA_DIR = dataDir;
      await use({ origin, dataDir });
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ appServer }, use) => {
    await use(appServer.origin);
  },
});
