// What the identity code needs of the app: the part of the app's context (src/server/context.ts AppContext,
// which extends this) that signing in, sessions, re-authentication and the second factor use.
import type { ServerConfig } from '../config';
import type { Database } from '../db/open';
import type { Mailer } from '../email/mailer';
import type { Throttles } from '../http/rateLimit';
import type { AccessTokens } from './accessToken';

export interface AuthContext {
  config: ServerConfig;
  database: Database;
  accessTokens: AccessTokens;
  /** Outgoing e-mail: SMTP when configured, else the database outbox. */
  mailer: Mailer;
  /** Attempt counters of the identity calls (sign-in, reset requests, registration, second factor). */
  throttles: Throttles;
}
