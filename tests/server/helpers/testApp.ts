// Starts the real Fastify app on a real database (PGlite, or PostgreSQL when the project says so).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../../src/server/app';
import { loadConfig, type ServerConfig } from '../../../src/server/config';
import { openTestDatabase } from '../support/testDatabase';
import { createAccessTokens, type Role } from '../../../src/server/auth/accessToken';
import type { Database } from '../../../src/server/db/open';
import { hashPassword } from '../../../src/server/auth/passwords';
import { REFRESH_COOKIE } from '../../../src/server/auth/sessions';
import { newId } from '../../../src/server/ids';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: ServerConfig;
  logs: string[];
  /** A valid bearer header for a caller with these roles (identity calls come with their issue). */
  bearer(userId: string, roles: Role[]): Promise<{ authorization: string }>;
  /** Inserts an account straight into the database (e-mail verified unless told), with TEST_PASSWORD. */
  createUser(options?: TestUserOptions): Promise<TestUser>;
  /** Signs in through POST /api/auth/sign-in: a real session (bearer bound to it + refresh cookie). */
  signIn(email: string, password?: string, options?: { remoteAddress?: string }): Promise<SignedIn>;
  close(): Promise<void>;
}

/**
 * The perturbation secret of test apps (unless a test sets its own): releases cut by the fixtures are infused with
 * it, so a test can compute the expected infused values (services/infusion.ts infusionFactors).
 */
export const TEST_PERTURBATION_SECRET = 'test-perturbation-secret-0123456789abcdef';

/** The password of accounts made by createUser (acceptable to the password policy). */
export const TEST_PASSWORD = 'correct-horse-battery-staple-42';

export interface TestUserOptions {
  roles?: Role[];
  email?: string;
  credits?: number;
  premiumType?: string;
  corporateInfo?: Record<string, unknown> | null;
  companyId?: string | null;
  emailVerified?: boolean;
  language?: 'es' | 'en';
  disabled?: boolean;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  roles: Role[];
}

export interface SignedIn {
  userId: string;
  headers: { authorization: string };
  accessToken: string;
  /** The refresh cookie as `name=value`, for the cookie header of /api/auth calls. */
  refreshCookie: string;
}

let testPasswordHash: Promise<string> | undefined;
let userCounter = 0;

/**
 * `database`: an app over that database (closed with the app) instead of a new one of the project's engine.
 * `delayRules`: other growing-delay rules for the app.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { database?: Database; delayRules?: BuildOptions['delayRules'] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paybench-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'info',
    PERTURBATION_SECRET: TEST_PERTURBATION_SECRET,
    ...env,
  });
  const database = options.database ?? (await openTestDatabase());
  const logs: string[] = [];
  const app = await buildApp({ config, database, delayRules: options.delayRules, logStream: { write: (line) => void logs.push(line) } });
  await app.ready();
  const tokens = createAccessTokens(config.secrets.tokenSecret, config.accessTokenTtlSeconds);
  return {
    app,
    database,
    config,
    logs,
    bearer: async (userId, roles) => ({ authorization: `Bearer ${await tokens.sign({ userId, roles })}` }),
    async createUser(options = {}) {
      testPasswordHash ??= hashPassword(TEST_PASSWORD);
      const id = newId();
      const roles = options.roles ?? ['member'];
      const email = (options.email ?? `user${++userCounter}-${id.slice(0, 6)}@example.com`).toLowerCase();
      await database.execute(
        `insert into users (id, email, password_hash, roles, credits, premium_type, corporate_info, company_id, email_verified, language, disabled)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          id,
          email,
          await testPasswordHash,
          roles,
          options.credits ?? 0,
          options.premiumType ?? 'free',
          options.corporateInfo ? JSON.stringify(options.corporateInfo) : null,
          options.companyId === undefined ? (roles.includes('corporate') ? id : null) : options.companyId,
          options.emailVerified ?? true,
          options.language ?? 'es',
          options.disabled ?? false,
        ],
      );
      return { id, email, password: TEST_PASSWORD, roles };
    },
    async signIn(email, password = TEST_PASSWORD, options = {}) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, ...options });
      if (res.statusCode !== 200) throw new Error(`sign-in of a test user failed: ${res.statusCode} ${res.body}`);
      const session = res.json<{ accessToken: string; user: { _id: string } }>();
      const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
      if (!cookie) throw new Error('sign-in set no refresh cookie');
      return {
        userId: session.user._id,
        headers: { authorization: `Bearer ${session.accessToken}` },
        accessToken: session.accessToken,
        refreshCookie: `${cookie.name}=${cookie.value}`,
      };
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
