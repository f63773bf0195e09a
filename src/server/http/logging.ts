// Structured logs without secrets, tokens, pay figures or e-mail addresses.
import type { FastifyRequest } from 'fastify';

export const redactPaths = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["stripe-signature"]', 'res.headers["set-cookie"]'];

const EMAIL = /[^/?&=]+@[^/?&=]+/g;

/**
 * Path parameters never logged: personal data (the e-mail lookups, newsletters/{emailOrId}) and capabilities
 * (anyone holding a sandbox session id may see and pay it). Their segment is logged as `:name`.
 */
const SECRET_PARAMS = new Set(['email', 'emailOrId', 'sessionId']);
/** The same paths when no route matched (a 404 under them): the segment after the prefix. */
const SECRET_PREFIXES = ['/api/payments/sandbox/', '/api/newsletters/', '/api/forms/last-by-user-email/', '/api/forms/comparation-individual-by-user-email/'];

/** A path segment as a handler would read it: URL-decoded (twice at most, `%2540` hides `@` once more). */
function decodeSegment(segment: string): string {
  let decoded = segment;
  for (let i = 0; i < 3 && decoded.includes('%'); i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      // Not decodable as a whole: decode what can be, so `a%40b%ZZ` still shows its `@`.
      decoded = decoded.replace(/%40/gi, '@');
      break;
    }
  }
  return decoded;
}

/**
 * The path without its query string, with the secret parameters of its route (`route`: the matched pattern,
 * `/api/newsletters/:emailOrId`) replaced by their name, and any segment that decodes to an e-mail address masked.
 */
export function safeUrl(url: string, route?: string): string {
  const path = url.split('?')[0];
  const pattern = route?.split('/');
  const prefix = route ? undefined : SECRET_PREFIXES.find((p) => path.startsWith(p) && path.length > p.length);
  const hidden = prefix ? prefix.split('/').length - 1 : -1;
  return path
    .split('/')
    .map((segment, i) => {
      const param = pattern?.[i]?.startsWith(':') ? pattern[i].slice(1) : null;
      if (param && SECRET_PARAMS.has(param)) return `:${param}`;
      if (i === hidden) return ':redacted';
      const decoded = decodeSegment(segment);
      if (decoded !== segment) return decoded.includes('@') ? '[email]' : segment;
      return segment.replace(EMAIL, '[email]');
    })
    .join('/');
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: safeUrl(request.url, request.routeOptions?.url), reqId: request.id, remoteAddress: request.ip };
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
  if (error.stack)
    logged.stack = error.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n');
  if (error.cause !== undefined && depth < 3) logged.cause = safeError(error.cause, depth + 1);
  return logged;
}
