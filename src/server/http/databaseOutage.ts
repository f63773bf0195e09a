// While the database is away, every call answers 503 DATABASE_UNAVAILABLE with Retry-After (as
// /api/health does), not a 500 with an unhandled-error stack per request; the log says it once at warn level when an
// outage starts, then at most once a minute while it lasts.
//
// A connection error is recognised by what node-postgres and PostgreSQL say: a connection-exception SQLSTATE (class
// 08), an administrator or crash shutdown (57P01/57P02), a server that is starting or stopping (57P03), too many
// connections (53300), the driver's "Connection terminated…" and the pool's "timeout exceeded when trying to connect".
// A bare socket error (ECONNREFUSED, ECONNRESET, ETIMEDOUT, …) could also come from another service (an identity
// provider, the mail server): it counts as an outage only when a `select 1` fails too (asked at most every 2 s).
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/open';
import type { ErrorBody } from './errors';

/** Seconds a client is told to wait before it tries again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|the database system is (starting up|shutting down|in recovery mode))/;

type Kind = 'database' | 'socket' | null;

/** The error in `error`'s chain that says the database cannot be reached, with its kind. */
function findConnectionError(error: unknown, depth = 0): { kind: Exclude<Kind, null>; error: { code?: unknown; message?: unknown } } | null {
  if (!error || typeof error !== 'object' || depth > 4) return null;
  const found = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const { code, message, cause, errors } = found;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && (code.startsWith('08') || SERVER_CODES.has(code))) return { kind: 'database', error: found };
  if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return { kind: 'database', error: found };
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return { kind: 'socket', error: found };
  for (const inner of [cause, ...(Array.isArray(errors) ? (errors as unknown[]) : [])]) {
    const match = findConnectionError(inner, depth + 1);
    if (match) return match;
  }
  return null;
}

/**
 * Whether `error` (or what it wraps: drizzle's DrizzleQueryError keeps the driver's error as `cause`; a failed
 * connection to every address of a host is an AggregateError) says the database cannot be reached: `database` when
 * the driver or the server says so, `socket` for a bare network error, null otherwise.
 */
export function databaseConnectionError(error: unknown): Kind {
  return findConnectionError(error)?.kind ?? null;
}

export interface DatabaseOutage {
  /**
   * Answers a request that failed with a possible connection error: 503 DATABASE_UNAVAILABLE with Retry-After when
   * the database is away, else `otherwise` (the error handler's 500).
   */
  answer(error: unknown, request: FastifyRequest, reply: FastifyReply, otherwise: () => FastifyReply): Promise<FastifyReply>;
}

const NEW_OUTAGE_AFTER_MS = 30_000;
const REMIND_EVERY_MS = 60_000;
const PROBE_TIMEOUT_MS = 1_000;
const CONFIRMED_FOR_MS = 2_000;

export function createDatabaseOutage(database: Queryable, log: FastifyBaseLogger): DatabaseOutage {
  let lastSeenAt = 0;
  let loggedAt = 0;
  let answered = 0;
  let confirmedAt = 0;

  /** A bare socket error is the database's only if the database does not answer either. */
  async function databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)));
    const probe = database.execute('select 1').then(
      () => true,
      () => false,
    );
    const answers = await Promise.race([probe, timeout]);
    clearTimeout(timer);
    return answers;
  }

  return {
    async answer(error, request, reply, otherwise) {
      const match = findConnectionError(error);
      if (!match) return otherwise();
      const { kind } = match;
      const now = Date.now();
      if (kind === 'socket' && now - confirmedAt > CONFIRMED_FOR_MS) {
        if (await databaseAnswers()) return otherwise();
      }
      confirmedAt = Date.now();
      answered++;
      // The driver's own words (never drizzle's wrapper, whose message quotes the statement and its parameters).
      const reason = [match.error.code, String((match.error.message as string | undefined) ?? '').split('\n')[0]].filter(Boolean).join(': ');
      if (now - lastSeenAt > NEW_OUTAGE_AFTER_MS) {
        log.warn({ reason }, 'database unavailable; answering 503 DATABASE_UNAVAILABLE until it is back');
        loggedAt = now;
        answered = 1;
      } else if (now - loggedAt > REMIND_EVERY_MS) {
        log.warn({ reason, answered }, 'database unavailable still; requests answered 503 since the last report');
        loggedAt = now;
        answered = 0;
      } else {
        request.log.debug({ reason }, 'database unavailable');
      }
      lastSeenAt = now;
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          error: 'The database does not answer; try again in a moment',
          errorCode: 'DATABASE_UNAVAILABLE',
          message: 'The database does not answer',
        } satisfies ErrorBody);
    },
  };
}
