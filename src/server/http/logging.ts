// Structured logs without secrets, tokens, pay figures or e-mail addresses.
import type { FastifyRequest } from 'fastify';

export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
];

const EMAIL = /[^/?&=]+@[^/?&=]+/g;

/** The path without its query string, e-mail addresses masked (some lookups carry one in the path). */
export function safeUrl(url: string): string {
  return url.split('?')[0].replace(EMAIL, '[email]');
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: safeUrl(request.url), reqId: request.id, remoteAddress: request.ip };
  },
  res(reply: { statusCode: number }) {
    return { statusCode: reply.statusCode };
  },
  err: (error: unknown) => safeError(error),
};

const QUOTED = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;
const LONG_NUMBER = /\b\d{4,}\b/g;

/** A message with quoted values (SQL errors quote the offending input), addresses and figures masked. */
export function maskValues(text: string): string {
  return text.replace(QUOTED, '"[value]"').replace(EMAIL, '[email]').replace(LONG_NUMBER, '[number]');
}

// Fields of database errors (node-postgres and PGlite) that name where it failed, never what was sent.
// Left out on purpose: query and params (PGlite), detail and where (they quote rows and rejected JSON).
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'schema', 'table', 'column', 'constraint', 'routine', 'dataType'];

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** The `err` serializer: type, masked message, stack frames and safe fields, nothing the request carried. */
export function safeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const logged: LoggedError = { type: error.name, message: maskValues(error.message), stack: '' };
  for (const key of SAFE_ERROR_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') logged[key] = value;
  }
  if (error.stack) logged.stack = error.stack.split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
  if (error.cause !== undefined && depth < 3) logged.cause = safeError(error.cause, depth + 1);
  return logged;
}
