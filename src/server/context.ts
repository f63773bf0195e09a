import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from './auth/context';
import type { Jobs } from './jobs/types';
import type { Readiness } from './ops/readiness';

/**
 * What every route module and the services built per app get: configuration, the database, the token signer,
 * e-mail and throttles (the identity code's part, auth/context.ts), the log, the job queue and readiness.
 */
export interface AppContext extends AuthContext {
  log: FastifyBaseLogger;
  /** The background job queue: route modules register their handlers and enqueue jobs (src/server/jobs). */
  jobs: Jobs;
  /** This instance's readiness (GET /api/ready). */
  readiness: Readiness;
}
