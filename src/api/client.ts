// The one typed client of the Paybench API. Views and machines reach the server only through it; its
// middleware carries the call conventions and `call()` turns an answer into the call's result
// (body, true, Location, or null) plus what the error catalogue (./errorCatalogue.ts) needs.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type ApiClient = Client<paths>;
export type ApiErrorBody = components['schemas']['Error'];

/**
 * A call that must go out without the signed-in user's token (sign-in, registration, password reset,
 * public reads) sets this header; the middleware removes it before the request leaves the browser.
 * A header rather than a module flag keeps the choice on the call itself and survives concurrent calls.
 */
export const SKIP_AUTH_HEADER = 'x-skip-auth';
/** `api.POST('/users/member', { body, headers: skipAuth })` */
export const skipAuth: Readonly<Record<string, string>> = Object.freeze({ [SKIP_AUTH_HEADER]: 'true' });

/** Returns the access token of the signed-in user, or null when nobody is signed in. */
export type AccessTokenProvider = () => string | null;

let currentTokenProvider: AccessTokenProvider = () => null;

/** The identity flow registers where the current access token lives; until then calls are anonymous. */
export function setAccessTokenProvider(provider: AccessTokenProvider): void {
  currentTokenProvider = provider;
}

/**
 * Query strings: empty and null parameters are dropped, object parameters travel as JSON
 * text. Arrays keep OpenAPI's default form style (`a=1&a=2`), which is what the server's validator reads.
 */
export function serializeQuery(query: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (name: string, text: string) => parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  for (const [name, value] of Object.entries(query)) {
    if (isBlank(value)) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (!isBlank(item)) add(name, scalarOrJson(item));
    } else {
      add(name, scalarOrJson(value));
    }
  }
  return parts.join('&');
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function scalarOrJson(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- objects were written as JSON just before
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** What the error catalogue needs to know about a call: its method and the contract path. */
export interface SentRequest {
  method: string;
  /** The contract's path, e.g. `/forms/{id}` (without the API base). */
  path: string;
}

// openapi-fetch hands `call()` only the Response (or the thrown network error); the middleware records
// which request produced each, so a failure can name its call without the caller repeating it.
const sentRequests = new WeakMap<object, SentRequest>();

function conventionsMiddleware(getAccessToken: AccessTokenProvider): Middleware {
  return {
    onRequest({ request }) {
      const { headers } = request;
      headers.set('Accept', 'application/json');
      // Every call carries a JSON content type, body-less ones too (the server takes an empty body
      // declared as JSON as no body). A multipart upload keeps the type, with its boundary, that its FormData set.
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');

      const anonymous = headers.has(SKIP_AUTH_HEADER);
      headers.delete(SKIP_AUTH_HEADER);
      if (anonymous) {
        headers.delete('Authorization');
      } else {
        const token = getAccessToken();
        if (token) headers.set('Authorization', `Bearer ${token}`);
      }
      return request;
    },
    onResponse({ request, response, schemaPath }) {
      sentRequests.set(response, { method: request.method, path: schemaPath });
    },
    onError({ request, error, schemaPath }) {
      if (typeof error === 'object' && error !== null) sentRequests.set(error, { method: request.method, path: schemaPath });
    },
  };
}

export interface ApiClientOptions {
  /** API base; the build's VITE_API_BASE or `/api` (same origin) by default. */
  baseUrl?: string;
  /** Replaces the global fetch (unit tests hand in a fake). */
  fetch?: (request: Request) => Promise<Response>;
  /** Where the bearer token comes from; by default whatever `setAccessTokenProvider` registered. */
  getAccessToken?: AccessTokenProvider;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const client = createClient<paths>({
    // `?.`: outside Vite (scripts run by tsx) import.meta.env does not exist.
    baseUrl: options.baseUrl ?? import.meta.env?.VITE_API_BASE ?? '/api',
    querySerializer: serializeQuery,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(conventionsMiddleware(options.getAccessToken ?? (() => currentTokenProvider())));
  return client;
}

/** The client of the web app. */
export const api: ApiClient = createApiClient();

// ───────────────────────────── results ─────────────────────────────

export interface CallSuccess<T> {
  ok: true;
  status: number;
  /** The body, else the Location header, else true. */
  value: T | string | true;
  /** The typed body, when there is one. */
  data: T | undefined;
  location: string | null;
  request: SentRequest | null;
}

export interface CallFailure {
  ok: false;
  /** HTTP status; 0 when no answer arrived (network failure or aborted). */
  status: number;
  /** A failure yields null. */
  value: null;
  /** `http`: the server answered with an error; `network`: no answer; `aborted`: the caller cancelled. */
  reason: 'http' | 'network' | 'aborted';
  /** The parsed error body (the contract's Error schema when the server wrote it), null when empty. */
  body: unknown;
  /** The body's errorCode, for machines that branch on it (402 INSUFFICIENT_CREDITS, 401 TOKEN_EXPIRED). */
  errorCode: string | null;
  request: SentRequest | null;
}

export type CallResult<T> = CallSuccess<T> | CallFailure;

interface FetchOutcome {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The body openapi-fetch reported; an empty body arrives as "" (e.g. a bare 402), which means none. */
function presentBody(body: unknown): unknown {
  return body === undefined || body === '' ? null : body;
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/** An error text 'Success' is a success in disguise. */
export function isSuccessText(body: unknown): boolean {
  return field(body, 'error') === 'Success';
}

/**
 * Awaits a client call and classifies it by status, never by `error` alone: openapi-fetch reports an
 * empty error body as "" (falsy), so `if (error)` would take a bare 402 for a success.
 */
export async function call<R extends FetchOutcome>(pending: Promise<R>): Promise<CallResult<NonNullable<R['data']>>> {
  type T = NonNullable<R['data']>;
  let outcome: R;
  try {
    outcome = await pending;
  } catch (error) {
    const aborted = error instanceof Error && error.name === 'AbortError';
    const request = typeof error === 'object' && error !== null ? (sentRequests.get(error) ?? null) : null;
    return { ok: false, status: 0, value: null, reason: aborted ? 'aborted' : 'network', body: null, errorCode: null, request };
  }

  const { response } = outcome;
  const request = sentRequests.get(response) ?? null;
  const errorBody = presentBody(outcome.error);
  const succeeded = response.ok || response.status === 201 || isSuccessText(errorBody);

  if (succeeded) {
    const data = presentBody(outcome.data) ?? (response.ok ? null : errorBody);
    const location = response.headers.get('Location');
    const value = (data ?? location ?? true) as T | string | true;
    return { ok: true, status: response.status, value, data: (data ?? undefined) as T | undefined, location, request };
  }

  const code = field(errorBody, 'errorCode');
  return {
    ok: false,
    status: response.status,
    value: null,
    reason: 'http',
    body: errorBody,
    errorCode: typeof code === 'string' ? code : null,
    request,
  };
}

/** Only the call's value: the body, the Location header or true on success; null on failure. */
export async function unwrap<R extends FetchOutcome>(pending: Promise<R>): Promise<NonNullable<R['data']> | string | true | null> {
  return (await call(pending)).value;
}
