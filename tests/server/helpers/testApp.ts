// Starts the real Fastify app on a real database (PGlite, or PostgreSQL when the project says so).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type ServerConfig } from '../../../src/server/config';
import { openTestDatabase } from '../support/testDatabase';
import { createAccessTokens, type Role } from '../../../src/server/auth/accessToken';
import type { Database } from '../../../src/server/db/open';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: ServerConfig;
  logs: string[];
  /** A valid bearer header for a caller with these roles (identity calls come with their issue). */
  bearer(userId: string, roles: Role[]): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paybench-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'no-web'), LOG_LEVEL: 'info', ...env });
  const database = await openTestDatabase();
  const logs: string[] = [];
  const app = await buildApp({ config, database, logStream: { write: (line) => void logs.push(line) } });
  await app.ready();
  const tokens = createAccessTokens(config.secrets.tokenSecret, config.accessTokenTtlSeconds);
  return {
    app,
    database,
    config,
    logs,
    bearer: async (userId, roles) => ({ authorization: `Bearer ${await tokens.sign({ userId, roles })}` }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
