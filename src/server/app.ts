// The Fastify application, built by a function so tests can `inject` into it and `main.ts` can listen.
// Order: security headers and cookies → strict validation → the contract's routes under /api (one handler
// per operationId) → API docs → the built web app with an SPA fallback.
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import openapiGlue from 'fastify-openapi-glue';
import multipart from '@fastify/multipart';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ServerConfig } from './config';
import type { Database } from './db/open';
import { createAccessTokens, type AccessClaims } from './auth/accessToken';
import { liveSession } from './auth/sessions';
import { AUTH_ERRORS } from './auth/errorCodes';
import { assertAdminSecondFactor } from './auth/caller';
import { createMailer } from './email/mailer';
import { THROTTLE_RULES, createThrottles, type DELAY_RULES, type DelayRule } from './http/rateLimit';
import { createCounterStore } from './http/rateLimitRedis';
import { HttpError, type ErrorBody } from './http/errors';
import { createDatabaseOutage, databaseConnectionError } from './http/databaseOutage';
import { createValidatorCompiler, describeValidationErrors } from './http/validation';
import { serializerCompiler } from './http/compileOnce';
import { createHandlers, operationResolver } from './routes';
import { logSerializers, redactPaths } from './http/logging';
import { contractPathMatcher, gatedResolver } from './http/contractGates';
import { readContract } from './http/contract';
import { closeStatisticsSettings, statisticsSettingsFor } from './services/statisticsSettings';
import { appPathMatcher, looksLikePage, robotsTxt } from './http/webDelivery';
import { registerNewsDelivery } from './routes/news';
import { createJobs, type JobsService } from './jobs/queue';
import { createReadiness, type Phase, type Readiness } from './ops/readiness';
import { installMetrics } from './ops/metrics';

/** Calls that need no bearer and ignore an invalid one (they act on the refresh cookie or sign in anew). */
const SESSION_CALLS = new Set(['/api/auth/sign-in', '/api/auth/refresh', '/api/auth/sign-out']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, from a valid bearer token; null when anonymous. */
    auth: AccessClaims | null;
  }
  interface FastifyInstance {
    /** The background job queue (the same object route modules get as context.jobs). */
    jobs: JobsService;
    /** This instance's phase and readiness checks (GET /api/ready); main.ts moves the phase. */
    readiness: Readiness;
  }
}

export interface BuildOptions {
  config: ServerConfig;
  database: Database;
  /** Close the database when the app closes (main.ts); tests manage their own database. */
  ownsDatabase?: boolean;
  /** Where logs go (tests capture them to check nothing sensitive is written); stdout by default. */
  logStream?: { write(line: string): void };
  /** The readiness phase after build; main.ts starts in `starting` and says `ready` after its warm-up. */
  initialPhase?: Phase;
  /** Other growing-delay rules (tests on a loaded machine use waits no pause of the process outlasts). */
  delayRules?: Partial<Record<keyof typeof DELAY_RULES, DelayRule>>;
}

export async function buildApp({
  config,
  database,
  ownsDatabase = false,
  logStream,
  initialPhase = 'ready',
  delayRules = {},
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: { paths: redactPaths, censor: '[redacted]' },
            serializers: logSerializers,
            ...(logStream ? { stream: logStream } : {}),
          },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // While closing, requests are refused by the hook below with the contract's error shape.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // A path that cannot be decoded (`/api/users/%E0%A4%A`) is a 400 in the contract's shape too.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).code(400).send({ error: 'The address is not valid', errorCode: 'BAD_URL' } satisfies ErrorBody);
    },
    // Errors Node's HTTP parser answers before Fastify sees a request (431 header too large, 400 bad request).
    clientErrorHandler: answerClientError,
  });

  const specification = readContract();
  const accessTokens = createAccessTokens(config.secrets.tokenSecret, config.accessTokenTtlSeconds);

  // Bodies are JSON, as the contract declares: no text/plain parser hands a raw string to a handler.
  app.removeContentTypeParser('text/plain');
  // The contract answers text/html once (the payments sandbox page); no operation takes an HTML body. The media
  // type gate refuses it before parsing; this parser only tells fastify-openapi-glue the type is handled.
  app.addContentTypeParser('text/html', (_request, _payload, done) =>
    done(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The body must be sent as application/json'), undefined),
  );
  // RFC 8058 one-click unsubscribe (POST newsletters/unsubscribe) comes as a form; the media type gate admits it
  // only where the contract lists it. Repeated fields keep their first value.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(body as string)) if (!(name in fields)) fields[name] = value;
    done(null, fields);
  });
  let closing = false;
  // Readiness answers 503 from the moment the app starts closing (main.ts says draining earlier, on SIGTERM).
  // The same listener the statistics use (started here if no comparison started it yet).
  const readiness = createReadiness(database, (waitMs) => statisticsSettingsFor(database, config.privacyThreshold).whenLive(waitMs), initialPhase);
  app.decorate('readiness', readiness);
  app.addHook('preClose', async () => {
    closing = true;
    readiness.phase = 'draining';
  });
  // Prometheus metrics (GET /metrics with METRICS_TOKEN; METRICS_PORT serves them apart, main.ts).
  installMetrics(app, { config, database, specification });
  app.addHook('onRequest', async () => {
    if (closing) throw new HttpError(503, 'SHUTTING_DOWN', 'The server is restarting; try again in a moment');
  });

  app.setValidatorCompiler(createValidatorCompiler());
  app.setSerializerCompiler(serializerCompiler);
  app.setSchemaErrorFormatter((errors, dataVar) => {
    const error = new Error(`Invalid ${dataVar}`) as FastifyError & { fields: string[] };
    error.statusCode = 400;
    error.fields = describeValidationErrors(errors, dataVar);
    return error;
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(config.analyticsScriptUrl ? [new URL(config.analyticsScriptUrl).origin] : [])],
        // Emotion (Chakra UI) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    hsts: config.env === 'production',
  });
  await app.register(cookie);
  // API answers (and any file without a precompressed copy) compressed as the browser asks: brotli, else
  // gzip; bodies under 1 KB go as they are (compressing them saves less than it costs). Request bodies are
  // not decompressed: the contract takes plain JSON only.
  await app.register(compress, { global: true, globalDecompression: false, encodings: ['br', 'gzip'], threshold: 1024 });

  // Every request is anonymous unless it carries a valid bearer token. An invalid or expired token is a
  // 401 everywhere (but on the session calls below), so the web app knows to refresh rather than silently
  // acting signed out.
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/')) return;
    const match = /^Bearer (.+)$/i.exec(header);
    let claims = match ? await accessTokens.verify(match[1]) : null;
    // A token bound to a session ends with it (sign-out, password reset, deleted or disabled account), and
    // carries the user's current roles rather than those at sign-in.
    if (claims?.sessionId) {
      const session = await liveSession(database, claims.userId, claims.sessionId);
      if (session) {
        claims.roles = session.roles;
        claims.secondFactor = session.secondFactor;
        // While ADMIN_MFA=required an admin account acts only in a session opened with a second factor,
        // whatever made it an admin after it signed in; every call of any other session is refused (but ending it),
        // so no permission check anywhere can take the account's roles alone.
        if (
          config.adminMfa === 'required' &&
          session.roles.includes('admin') &&
          !session.secondFactor &&
          !SESSION_CALLS.has(request.url.split('?')[0].replace(/\/+$/, ''))
        ) {
          throw new HttpError(403, AUTH_ERRORS.secondFactorRequired, 'Administrators must sign in with a second factor; sign in again');
        }
      } else claims = null;
    }
    // The calls that end or renew a session work on the refresh cookie: a stale bearer sent along must not
    // stop them (an expired access token is the reason to refresh; signing out must still revoke the cookie).
    if (!claims && !SESSION_CALLS.has(request.url.split('?')[0].replace(/\/+$/, ''))) {
      throw new HttpError(401, 'INVALID_TOKEN', 'The session has expired or is invalid');
    }
    request.auth = claims;
  });

  const databaseOutage = createDatabaseOutage(database, app.log);
  app.setErrorHandler((error: FastifyError & { fields?: string[] }, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.toBody());
    if (error.fields) {
      const body: ErrorBody = { error: error.fields, errorCode: 'VALIDATION_ERROR', message: error.message };
      return reply.code(400).send(body);
    }
    if (error.name === 'SecurityError' || error.statusCode === 401) {
      return reply.code(401).send({ error: 'Authentication required', errorCode: 'UNAUTHENTICATED' } satisfies ErrorBody);
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      const internal = () => {
        request.log.error({ err: error }, 'unhandled error');
        return reply.code(500).send({ error: 'Internal server error', errorCode: 'INTERNAL' } satisfies ErrorBody);
      };
      // The database away is a 503 DATABASE_UNAVAILABLE with Retry-After, logged once per outage.
      if (databaseConnectionError(error)) return databaseOutage.answer(error, request, reply, internal);
      return internal();
    }
    // Fastify's own 4xx (body too large, bad JSON, unsupported media type): our shape and code, and never
    // its message, which may quote the body (a JSON syntax error cites the text around it).
    return reply.code(status).send(frameworkError(status, error.code));
  });

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, database, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  const counterStore = createCounterStore(config.redisUrl, app.log, config.redisKeyPrefix);
  app.addHook('onClose', async () => counterStore.close());
  // Redis' state in readiness (`redis: up|down`) and the metrics (paybench_redis_up).
  readiness.redis = counterStore.status;
  const throttles = createThrottles(
    counterStore.store,
    { registerPerAddress: { ...THROTTLE_RULES.registerPerAddress, limit: config.registerLimitPerHour } },
    delayRules,
  );
  // The job queue starts when the app is ready (its workers then take queued and interrupted jobs) and stops
  // first when it closes: running handlers are interrupted and requeued before the database goes.
  const jobs = createJobs({ database, log: app.log, pollingIntervalSeconds: config.env === 'test' ? 0.5 : 2 });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  const context = { config, database, accessTokens, log: app.log, mailer, throttles, jobs, readiness };
  const handlers = createHandlers(context);

  await app.register(swagger, { mode: 'static', specification: { document: specification as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // multipart/form-data only where the contract takes it (the media-type gate refuses it elsewhere before
  // parsing); handlers read the parts as streams with their own limits (uploadNewsImage: one file, 2 MB).
  await app.register(multipart, { limits: { files: 1, fields: 0, parts: 1 } });

  await app.register(openapiGlue, {
    specification,
    prefix: '/api',
    // Each route also gets the contract's gates: access before the body is read, declared media types
    // only (415), no NUL or unpaired surrogate in any text (400).
    operationResolver: gatedResolver(specification, operationResolver(handlers), {
      adminMfaRequired: () => config.adminMfa === 'required',
      assertAdminSecondFactor,
    }),
    securityHandlers: {
      // The onRequest hook already verified the token; an operation that needs a caller needs one here.
      bearerAuth: async (request: FastifyRequest) => {
        if (!request.auth) throw new HttpError(401, 'UNAUTHENTICATED', 'Authentication required');
      },
    },
  });

  const robots = robotsTxt(undefined, `${config.publicUrl}/sitemap.xml`);
  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots));
  registerNewsDelivery(app, context);

  if (config.webDir) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of every text file (scripts/vite-precompress.ts).
      preCompressed: true,
      // Vite fingerprints assets: cache them for a year; everything else is revalidated.
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Browsers ask for /favicon.ico on pages without an icon link (a download, the payment sandbox): the app's icon.
    app.get('/favicon.ico', async (_request, reply) => reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301));
  }

  const contractMethods = contractPathMatcher(specification, '/api');
  const isAppPath = appPathMatcher();
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const allowed = request.url.startsWith('/api/') ? contractMethods(request.url) : null;
    if (allowed && !allowed.includes(request.method)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ error: 'Method not allowed', errorCode: 'METHOD_NOT_ALLOWED' } satisfies ErrorBody);
    }
    if (request.url.startsWith('/api') || !wantsPage || !config.webDir) {
      return reply.code(404).send({ error: 'Not found', errorCode: 'NOT_FOUND' } satisfies ErrorBody);
    }
    // The web app's pages get index.html; an unknown path that looks like a page too, with a 404 status (the
    // app shows its not-found page); a missing file (/assets/x.js, /wp-login.php) a plain 404.
    const pathname = request.url.split('?')[0];
    reply.header('cache-control', 'no-cache');
    if (isAppPath(pathname)) return reply.sendFile('index.html');
    if (looksLikePage(pathname)) return reply.code(404).sendFile('index.html');
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  // The statistics settings' listening connection (started by the first comparison) ends with the app.
  app.addHook('onClose', async () => closeStatisticsSettings(database));
  // The job queue stops first whatever order the hooks run in: a job still finishing (a cut's release alerts, queued
  // at start) must not reach a closed database.
  if (ownsDatabase)
    app.addHook('onClose', async () => {
      await jobs.stop();
      await database.close();
    });
  return app;
}

const FRAMEWORK_ERRORS: Record<string, { errorCode: string; error: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { errorCode: 'PAYLOAD_TOO_LARGE', error: 'The body is larger than the limit' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { errorCode: 'UNSUPPORTED_MEDIA_TYPE', error: 'The body must be sent as application/json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { errorCode: 'INVALID_JSON', error: 'The body is empty but is declared as JSON' },
  FST_ERR_CTP_INVALID_JSON_BODY: { errorCode: 'INVALID_JSON', error: 'The body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { errorCode: 'BAD_REQUEST', error: 'The Content-Length does not match the body' },
};

/** The contract's error body for a 4xx raised by Fastify itself. */
function frameworkError(status: number, code: string | undefined): ErrorBody {
  const known = code ? FRAMEWORK_ERRORS[code] : undefined;
  if (known) return known;
  // A JSON syntax error has no Fastify code, only its status (and a message citing the body).
  if (status === 400) return { error: 'The body is not valid JSON', errorCode: 'INVALID_JSON' };
  const text = STATUS_CODES[status] ?? 'Bad request';
  return {
    error: text,
    errorCode: text
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '_')
      .slice(0, 60),
  };
}

/** Answers what Node's HTTP parser refuses (431 header too large, 400 malformed) with the Error schema. */
function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({
    error: status === 431 ? 'The request headers are too large' : status === 408 ? 'The request took too long' : 'The request is malformed',
    errorCode: status === 431 ? 'HEADERS_TOO_LARGE' : status === 408 ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST',
  } satisfies ErrorBody);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
