import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/open';
import type { AccessTokens } from '../auth/accessToken';
import type { Mailer } from '../email/mailer';
import type { Throttles } from '../http/rateLimit';
import type { Jobs } from '../jobs/types';
import type { Readiness } from '../ops/readiness';

/** What every route module gets: configuration, the database and the token signer. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
  accessTokens: AccessTokens;
  log: FastifyBaseLogger;
  /** Outgoing e-mail: SMTP when configured, else the database outbox. */
  mailer: Mailer;
  /** Attempt counters of the identity calls (sign-in, reset requests, registration). */
  throttles: Throttles;
  /** The background job queue: route modules register their handlers and enqueue jobs (src/server/jobs). */
  jobs: Jobs;
  /** This instance's readiness (GET /api/ready). */
  readiness: Readiness;
}
