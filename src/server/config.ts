// Server configuration, read once from the environment.
// Secrets never live in the code: they come from the environment, or a development default is
// generated on first start and kept in DATA_DIR/secrets.json (mode 0600).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { THROTTLE_RULES } from './http/rateLimit';
import { parseOidcProviders, type OidcConfig } from './oidcConfig';

export interface ServerConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  bodyLimitBytes: number;
  trustProxy: boolean;
  /**
   * Registrations (member and corporate) accepted from one client address per hour (REGISTER_LIMIT_PER_HOUR,
   * default 20): an office behind one address that onboards many people at once may need more.
   */
  registerLimitPerHour: number;
  /** Folder of the built web app served with an SPA fallback (absent in API-only runs). */
  webDir: string | undefined;
  seedForms: number;
  /**
   * Seed the demo accounts and demo data into an empty database at start: always in development (npm start), in
   * production only when SEED_DEMO=1 asks for it (the first admin comes from `npm run create-admin` instead).
   */
  seedDemo: boolean;
  secrets: {
    /** HMAC key of access tokens. */
    tokenSecret: string;
    /** Signing secret of payment webhooks (Stripe's, or the sandbox's own). */
    webhookSecret: string;
    /** Key of the cell-key perturbation draws (services/perturbation.ts); changing it changes every published figure. */
    perturbationSecret: string;
  };
  /** Hours between scheduled statistics releases (services/releases.ts). */
  releaseIntervalHours: number;
  /** Password of the seeded demo accounts (DEMO_PASSWORD, or generated and kept in DATA_DIR). */
  demoPassword: string;
  /** The demo password was generated (and may be printed at start); false when DEMO_PASSWORD set it. */
  demoPasswordGenerated: boolean;
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    /** Payment link id (plink_…) per catalogue item id, from STRIPE_LINK_<ITEM_ID> (credits-10 → STRIPE_LINK_CREDITS_10). */
    links: Record<string, string>;
    /** Stripe's API origin (STRIPE_API_URL): Stripe's own by default; stripe-mock or a test double otherwise. */
    apiUrl: string | undefined;
  };
  smtpUrl: string | undefined;
  /** Sender of outgoing e-mail (MAIL_FROM). */
  mailFrom: string;
  redisUrl: string | undefined;
  /** Prefix of every Redis key (REDIS_KEY_PREFIX): deployments that share one Redis keep their counters apart. */
  redisKeyPrefix: string;
  premiumEnabled: boolean;
  analyticsScriptUrl: string | null;
  privacyThreshold: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /**
   * ADMIN_MFA: `required` (the default in production) makes every admin sign in with a TOTP second factor, enrolling
   * at the first sign-in; `optional` (the default elsewhere, so the demo accounts of npm start keep a password only).
   */
  adminMfa: 'required' | 'optional';
  /** OpenID Connect providers (oidcConfig.ts; docs/identity.md). */
  oidc: OidcConfig;
  // ── Running several instances (docs/operations.md) ──
  /** DRAIN_DELAY_MS: after SIGTERM, how long /api/ready answers 503 while requests are still served, before closing. */
  drainDelayMs: number;
  /** RELEASE_CHECK_SECONDS: how often each instance checks whether the scheduled release cut is due. */
  releaseCheckSeconds: number;
  /** METRICS_TOKEN: serves GET /metrics to `Authorization: Bearer <token>`; unset, /metrics is not served. */
  metricsToken: string | undefined;
  /** METRICS_PORT: serves the metrics without a token on this port of METRICS_HOST (127.0.0.1) instead. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** PG_POOL_MAX: connections of this instance's pool to PostgreSQL. */
  pgPoolMax: number;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

/** Reads DATA_DIR/secrets.json, creating any missing development secret. */
function loadDevelopmentSecrets(dataDir: string): Record<string, string> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Record<string, string> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  let changed = false;
  for (const name of ['tokenSecret', 'webhookSecret', 'perturbationSecret', 'demoPassword']) {
    if (!stored[name]) {
      // The demo password is typed by people: readable, long enough for the password rules.
      stored[name] = name === 'demoPassword' ? `demo-${randomBytes(6).toString('hex')}` : randomBytes(32).toString('base64url');
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return stored;
}

/** STRIPE_LINK_CREDITS_10=plink_… → { 'credits-10': 'plink_…' }. */
function paymentLinks(env: Env): Record<string, string> {
  const links: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const match = /^STRIPE_LINK_([A-Z0-9_]+)$/.exec(name);
    if (match && value) links[match[1].toLowerCase().replace(/_/g, '-')] = value.trim();
  }
  return links;
}

/** The shortest PERTURBATION_SECRET production accepts. */
export const PERTURBATION_SECRET_MIN_LENGTH = 32;

export function loadConfig(env: Env = process.env): ServerConfig {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = int(env, 'PORT', 3000);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const production = mode === 'production';

  const seedDemo = bool(env, 'SEED_DEMO', !production);
  // Production refuses to start with every missing or unfit variable named at once (one per line), so
  // an operator fixes them in one go rather than one restart each.
  const refused: string[] = [];
  // Demo accounts in production only with the operator's own password: a generated one would have to be shown.
  if (production && seedDemo && !env.DEMO_PASSWORD) refused.push('DEMO_PASSWORD must be set with SEED_DEMO=1 in production');

  const needsGenerated = !env.TOKEN_SECRET || !env.STRIPE_WEBHOOK_SECRET || !env.PERTURBATION_SECRET || !env.DEMO_PASSWORD;
  if (production && !env.TOKEN_SECRET) refused.push('TOKEN_SECRET must be set in production (openssl rand -base64 32)');
  if (production && !env.PERTURBATION_SECRET) refused.push('PERTURBATION_SECRET must be set in production (openssl rand -base64 32)');
  // The secret keys every person's distortion factors (services/infusion.ts): a guessable one would let anyone
  // who also learns the noise keys undo them. 32 characters of a random string (openssl rand -base64 32).
  else if (production && env.PERTURBATION_SECRET!.length < PERTURBATION_SECRET_MIN_LENGTH) {
    refused.push(`PERTURBATION_SECRET must be at least ${PERTURBATION_SECRET_MIN_LENGTH} characters in production (openssl rand -base64 32)`);
  }
  // A generated webhook secret can only sign the sandbox's own events: real Stripe needs its endpoint's secret.
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET && production) refused.push('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY in production');
  if (refused.length === 1) throw new Error(refused[0]);
  if (refused.length > 1) throw new Error(`Production start refused:\n${refused.map((line) => `- ${line}`).join('\n')}`);
  const generated = needsGenerated ? loadDevelopmentSecrets(dataDir) : {};

  const privacyThreshold = int(env, 'PRIVACY_THRESHOLD', 5);
  if (privacyThreshold < 3) throw new Error('PRIVACY_THRESHOLD can never be below 3');

  const adminMfa = env.ADMIN_MFA || (production ? 'required' : 'optional');
  if (adminMfa !== 'required' && adminMfa !== 'optional') throw new Error(`ADMIN_MFA must be required or optional, got "${adminMfa}"`);

  const webDir = env.WEB_DIR ?? path.resolve('dist/web');
  return {
    env: mode,
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'silent' : 'info'),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 256 * 1024),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    registerLimitPerHour: int(env, 'REGISTER_LIMIT_PER_HOUR', THROTTLE_RULES.registerPerAddress.limit),
    webDir: existsSync(path.join(webDir, 'index.html')) ? webDir : undefined,
    seedForms: int(env, 'SEED_FORMS', 3000),
    seedDemo,
    secrets: {
      tokenSecret: env.TOKEN_SECRET || generated.tokenSecret,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || generated.webhookSecret,
      perturbationSecret: env.PERTURBATION_SECRET || generated.perturbationSecret,
    },
    releaseIntervalHours: int(env, 'RELEASE_INTERVAL_HOURS', 24),
    demoPassword: env.DEMO_PASSWORD || generated.demoPassword,
    demoPasswordGenerated: !env.DEMO_PASSWORD,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || undefined,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
      links: paymentLinks(env),
      apiUrl: env.STRIPE_API_URL || undefined,
    },
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `Paybench <no-reply@${new URL(env.PUBLIC_URL || `http://localhost:${port}`).hostname}>`,
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'paybench:',
    premiumEnabled: bool(env, 'PREMIUM_ENABLED', true),
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL || null,
    privacyThreshold,
    accessTokenTtlSeconds: Math.min(int(env, 'ACCESS_TOKEN_TTL_SECONDS', 600), 900),
    refreshTokenTtlDays: int(env, 'REFRESH_TOKEN_TTL_DAYS', 30),
    adminMfa,
    oidc: parseOidcProviders(env),
    drainDelayMs: int(env, 'DRAIN_DELAY_MS', production ? 5_000 : 0),
    releaseCheckSeconds: int(env, 'RELEASE_CHECK_SECONDS', 300),
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0) : undefined,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    pgPoolMax: int(env, 'PG_POOL_MAX', 20),
  };
}
