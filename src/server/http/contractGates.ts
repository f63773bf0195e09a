// What the contract says about each operation, enforced before anything reads the request body:
//   1. who may call it (onRequest): a bearer-only operation answers 401 to an anonymous caller, and an
//      operation the contract marks "Admin only." answers 403 to anyone else, whatever the body says
//      (authenticate first, then validate), and 403 SECOND_FACTOR_REQUIRED to an admin whose session was opened
//      without a second factor while ADMIN_MFA=required;
//   2. which media types it accepts (preParsing): a body in any other type (or without a type) is 415
//      UNSUPPORTED_MEDIA_TYPE before it is parsed, so no body reaches a handler unvalidated (an empty body
//      declared as JSON, as every call is, is no body where the contract requires none);
//   3. a required body is there (preValidation), else 400;
//   4. the text it carries (preValidation): a NUL character or an unpaired UTF-16 surrogate in any string
//      of the body, the query or the path is 400 VALIDATION_ERROR naming the field. Neither is text a person
//      types, PostgreSQL cannot store NUL in text or jsonb, and a lone surrogate cannot be encoded as UTF-8.
// The rules are read from openapi.yaml, so a new operation is covered the day it is added.
import type { FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { Readable } from 'node:stream';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, for operations marked `x-raw-body: true` (signed webhooks). */
    rawBody?: Buffer;
    /**
     * ADMIN_MFA=required on this server, as the access gate read it before any handler ran; with
     * `request.auth.secondFactor` it decides whether an admin acts as one (auth/caller.ts secondFactorMissing).
     */
    adminMfaRequired?: boolean;
  }
}

/** What the access gate needs of the server's configuration (read on every request: tests change it at run time). */
export interface AccessPolicy {
  /** ADMIN_MFA=required: an admin acts as one only in a session opened with a second factor. */
  adminMfaRequired(): boolean;
  /** 403 SECOND_FACTOR_REQUIRED for an admin in a session without the second factor ADMIN_MFA asks for (auth/caller.ts). */
  assertAdminSecondFactor(request: FastifyRequest): void;
}

type Spec = Record<string, unknown>;
type Operation = {
  operationId?: string;
  description?: string;
  security?: Array<Record<string, unknown>>;
  requestBody?: { content?: Record<string, unknown>; required?: boolean };
  'x-raw-body'?: boolean;
};

export interface OperationRule {
  operationId: string;
  method: string;
  /** Contract path, e.g. /users/{id}. */
  path: string;
  /** Media types of the request body; null when the operation takes no body. */
  mediaTypes: string[] | null;
  /** The contract requires a body. */
  bodyRequired: boolean;
  /** A valid bearer is required (security is only bearerAuth). */
  bearerOnly: boolean;
  /** The contract says "Admin only." */
  adminOnly: boolean;
  /** The handler needs the body's exact bytes too (`x-raw-body: true`), e.g. to check a signature over them. */
  rawBody: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export function operationRules(specification: Spec): Map<string, OperationRule> {
  const rules = new Map<string, OperationRule>();
  const paths = (specification.paths ?? {}) as Record<string, Record<string, Operation>>;
  const globalSecurity = (specification.security ?? []) as Array<Record<string, unknown>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const security = operation.security ?? globalSecurity;
      const content = operation.requestBody?.content;
      rules.set(operation.operationId, {
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        mediaTypes: content ? Object.keys(content).map((type) => type.toLowerCase()) : null,
        bodyRequired: Boolean(content && operation.requestBody?.required),
        bearerOnly: security.length > 0 && security.every((requirement) => 'bearerAuth' in requirement),
        adminOnly: /\bAdmin only\b/.test(operation.description ?? ''),
        rawBody: operation['x-raw-body'] === true,
      });
    }
  }
  return rules;
}

/** The media type of a Content-Type header without its parameters, lower-cased ("" when absent). */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

function carriesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export const unsupportedMediaType = (accepted: string[] | null) =>
  new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', accepted ? `The body must be sent as ${accepted.join(' or ')}` : 'This operation takes no body');

/** Roles of the caller as the request hook verified them (current roles for session-bound tokens). */
const isAdminCaller = (request: FastifyRequest) => Boolean(request.auth?.roles.includes('admin'));

/**
 * While ADMIN_MFA=required an admin is one only in a session opened with a second factor; an admin call
 * in any other session is 403 SECOND_FACTOR_REQUIRED (the web app signs the person out to sign in again with it).
 */
export function accessGate(rule: OperationRule, policy?: AccessPolicy) {
  return async function checkAccess(request: FastifyRequest) {
    request.adminMfaRequired = policy?.adminMfaRequired() ?? false;
    if (rule.bearerOnly && !request.auth) throw new HttpError(401, 'UNAUTHENTICATED', 'Authentication required');
    if (rule.adminOnly) {
      if (!isAdminCaller(request)) throw new HttpError(403, 'FORBIDDEN', 'Administrators only');
      policy?.assertAdminSecondFactor(request);
    }
  };
}

export function mediaTypeGate(rule: OperationRule) {
  return async function checkMediaType(request: FastifyRequest, _reply: FastifyReply, payload: unknown) {
    if (!carriesBody(request)) {
      // Every call is declared JSON, body-less ones too. Where the body is absent from the contract or
      // optional, an empty body declared as JSON is no body (Fastify's JSON parser would answer 400 to it, and
      // its validator would check the absent body); where the body is required it stays a 400.
      if (!rule.bodyRequired && mediaTypeOf(request.headers['content-type']) === 'application/json') delete request.headers['content-type'];
      return payload;
    }
    if (!rule.mediaTypes || !rule.mediaTypes.includes(mediaTypeOf(request.headers['content-type']))) {
      throw unsupportedMediaType(rule.mediaTypes);
    }
    return payload;
  };
}

// A NUL, or a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasUnsafeText = (text: string) => UNSAFE_TEXT.test(text);

/** Paths (body.a.b, query.x, params.id) of the strings, and property names, holding unsafe text. */
export function unsafeTextFields(value: unknown, where: string, found: string[] = [], depth = 0): string[] {
  if (found.length >= 20 || depth > 32) return found;
  if (typeof value === 'string') {
    if (hasUnsafeText(value)) found.push(where);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unsafeTextFields(item, `${where}.${index}`, found, depth + 1));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const safeKey = hasUnsafeText(key) ? '[invalid name]' : key;
      if (safeKey !== key) found.push(`${where}.${safeKey}`);
      unsafeTextFields(item, `${where}.${safeKey}`, found, depth + 1);
    }
  }
  return found;
}

/**
 * Keeps the body's bytes on the request (request.rawBody) and hands the same bytes on to the JSON parser, so
 * the contract still validates the parsed body. Reads at most the route's body limit (413 beyond).
 */
export async function captureRawBody(request: FastifyRequest, _reply: FastifyReply, payload: Readable) {
  const limit = request.routeOptions.bodyLimit ?? 1024 * 1024;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The body is larger than the limit');
    chunks.push(buffer);
  }
  request.rawBody = Buffer.concat(chunks);
  const copy = Readable.from([request.rawBody]) as Readable & { receivedEncodedLength?: number };
  copy.receivedEncodedLength = request.rawBody.length;
  return copy;
}

/** A required body that is absent (Fastify validates only bodies that came) is a 400, not a handler's crash. */
export function requiredBodyGate(rule: OperationRule) {
  return async function checkBodyPresent(request: FastifyRequest) {
    if (rule.bodyRequired && request.body === undefined) {
      throw new HttpError(400, 'VALIDATION_ERROR', 'Invalid body', ['body: is required']);
    }
  };
}

export async function textGate(request: FastifyRequest) {
  const fields = [...unsafeTextFields(request.params, 'params'), ...unsafeTextFields(request.query, 'query'), ...unsafeTextFields(request.body, 'body')];
  if (fields.length > 0) {
    throw new HttpError(
      400,
      'VALIDATION_ERROR',
      'Text must not contain NUL characters or unpaired surrogates',
      fields.map((field) => `${field}: must not contain NUL characters or unpaired surrogates`),
    );
  }
}

/**
 * Wraps the operation resolver given to fastify-openapi-glue: each route gets the contract's access,
 * media-type and text gates as route hooks (after the app's onRequest hook that reads the bearer).
 */
export function gatedResolver(
  specification: Spec,
  resolve: (operationId: string) => RouteHandlerMethod,
  policy?: AccessPolicy,
): (operationId: string) => RouteHandlerMethod {
  const rules = operationRules(specification);
  return (operationId) => {
    const handler = resolve(operationId);
    const rule = rules.get(operationId);
    if (!rule) return handler;
    // fastify-openapi-glue takes route options as well as a bare handler (its types name only the latter).
    const options: Partial<RouteOptions> = {
      handler,
      onRequest: accessGate(rule, policy),
      preParsing: rule.rawBody ? [mediaTypeGate(rule), captureRawBody] : mediaTypeGate(rule),
      preValidation: [requiredBodyGate(rule), textGate],
    };
    return options as unknown as RouteHandlerMethod;
  };
}

/** The operations of the contract at a concrete path (for 405 answers): their methods, or null. */
export function contractPathMatcher(specification: Spec, prefix: string) {
  const byPath = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const rule of operationRules(specification).values()) {
    const source = rule.path
      .split('/')
      .map((part) => (/^\{.+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('/');
    const entry = byPath.get(source) ?? { pattern: new RegExp(`^${prefix}${source}/?$`), methods: new Set<string>() };
    entry.methods.add(rule.method);
    if (rule.method === 'GET') entry.methods.add('HEAD');
    byPath.set(source, entry);
  }
  return (url: string): string[] | null => {
    const path = url.split('?')[0];
    const methods = new Set<string>();
    for (const { pattern, methods: found } of byPath.values()) if (pattern.test(path)) found.forEach((m) => methods.add(m));
    return methods.size > 0 ? [...methods] : null;
  };
}
