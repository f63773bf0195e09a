import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/open';
import type { AccessTokens } from '../auth/accessToken';

/** What every route module gets: configuration, the database and the token signer. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
  accessTokens: AccessTokens;
  log: FastifyBaseLogger;
}
