// Sign-in through OpenID Connect providers (docs/identity.md "Sign-in through an identity provider"):
// the authorization code flow with PKCE (S256) through the certified `openid-client` library, which also validates
// the ID token (issuer, audience, nonce, expiry; and, with its non-repudiation checks turned on, the
// signature from the provider's JWKS, fetched again when an unknown key id appears, so a key rotation needs nothing
// here). State, nonce and PKCE verifier stay in the database (oidc_requests,
// 10 minutes, single-use), bound to the browser by a random httpOnly SameSite=Lax cookie whose hash the row keeps.
// Nothing here logs a token, a code, a secret or an address.
import * as client from 'openid-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Queryable } from '../db/open';
import { newId } from '../ids';
import type { OidcProviderConfig } from '../oidcConfig';
import { AUTH_ERRORS } from './errorCodes';
import { hashSecretToken, newSecretToken } from './secretTokens';

/** The browser binding of a sign-in under way; only the callback path ever receives it. */
export const OIDC_COOKIE = 'paybench_oidc';
export const OIDC_COOKIE_PATH = '/api/auth/oidc';
/** How long a person may take at the provider (state, nonce and verifier expire then). */
export const OIDC_REQUEST_MINUTES = 10;
/** How long the proof of an existing account may take after the provider's step (identity_links). */
export const LINK_MINUTES = 10;
/** How long our e-mailed link proving a new address stays valid (identity_links, in that browser only). */
export const EMAIL_LINK_MINUTES = 30;
/**
 * The browser of a sign-in waiting for our e-mailed link: the link completes only where this httpOnly cookie is
 * (its hash is the link's binding_hash). Lax, so opening the link from a mail client (a top-level GET) carries it.
 */
export const EMAIL_LINK_COOKIE = 'paybench_oidc_link';

export const callbackUrl = (config: ServerConfig) => `${config.publicUrl}/api/auth/oidc/callback`;

/** A refusal of the provider step: its error code (auth.{code} in the locales). */
export class OidcRefusal extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** A plain http:// issuer is accepted only on this machine outside production (a test or local provider). */
function insecureAllowed(config: ServerConfig, issuerUrl: string): boolean {
  const url = new URL(issuerUrl);
  return config.env !== 'production' && url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export interface OidcClients {
  provider(id: string): OidcProviderConfig | undefined;
  configuration(provider: OidcProviderConfig): Promise<client.Configuration>;
}

/** Discovery per provider, once per process (retried after a failure). */
export function createOidcClients(config: ServerConfig): OidcClients {
  const discovered = new Map<string, Promise<client.Configuration>>();
  return {
    provider: (id) => config.oidc.providers.find((p) => p.id === id),
    configuration(provider) {
      let found = discovered.get(provider.id);
      if (!found) {
        const insecure = insecureAllowed(config, provider.issuerUrl);
        found = client.discovery(
          new URL(provider.issuerUrl),
          provider.clientId,
          undefined,
          provider.clientSecret ? client.ClientSecretPost(provider.clientSecret) : client.None(),
          // The ID token's JWS is verified against the provider's JWKS (not left to TLS alone), so a token
          // signed with any other key, even under the provider's key id, is refused (OIDC_TOKEN_INVALID).
          { execute: insecure ? [client.allowInsecureRequests, client.enableNonRepudiationChecks] : [client.enableNonRepudiationChecks] },
        );
        discovered.set(provider.id, found);
        found.catch(() => discovered.delete(provider.id));
      }
      return found.catch(() => {
        throw new OidcRefusal(AUTH_ERRORS.oidcProviderUnavailable);
      });
    },
  };
}

/**
 * What the sign-in binding cookie and the e-mailed link's cookie share. Lax: the provider's redirect back (and a
 * link opened from a mail) is a top-level cross-site navigation, which must carry them.
 */
function bindingCookieOptions(config: ServerConfig) {
  return { path: OIDC_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: config.env === 'production' } as const;
}

function setBindingCookie(reply: FastifyReply, config: ServerConfig, value: string): void {
  reply.setCookie(OIDC_COOKIE, value, { ...bindingCookieOptions(config), maxAge: OIDC_REQUEST_MINUTES * 60 });
}

export function clearBindingCookie(reply: FastifyReply, config: ServerConfig): void {
  reply.clearCookie(OIDC_COOKIE, bindingCookieOptions(config));
}

/**
 * Binds an e-mailed link to this browser: the hash of the (kept or new) link cookie, which the link must
 * find again when it is opened. One value per browser, so several links asked from it all stay usable.
 */
export function bindEmailLink(request: FastifyRequest, reply: FastifyReply, config: ServerConfig): string {
  const current = request.cookies[EMAIL_LINK_COOKIE];
  const value = current && /^[A-Za-z0-9_-]{40,100}$/.test(current) ? current : newSecretToken();
  reply.setCookie(EMAIL_LINK_COOKIE, value, { ...bindingCookieOptions(config), maxAge: EMAIL_LINK_MINUTES * 60 });
  return hashSecretToken(value);
}

/** The hash of this browser's e-mailed-link binding, or null when it has none. */
export function emailLinkBinding(request: FastifyRequest): string | null {
  const value = request.cookies[EMAIL_LINK_COOKIE];
  return value ? hashSecretToken(value) : null;
}

/**
 * What a provider round trip is for. A sign-in (null) opens a session; `reauth` is a fresh sign-in at the
 * provider that only proves the person again for a security change (routes/oidc.ts): it opens no session.
 */
export type OidcIntent = 'reauth';
/** How recent the provider's own authentication must be for a re-authentication (its `auth_time`). */
export const REAUTH_MAX_AGE_SECONDS = 5 * 60;

/**
 * Starts a sign-in: keeps state, nonce and verifier (hashed state) and answers the provider's authorization URL. A
 * re-authentication asks the provider to ask the person again (`prompt=login`, `max_age=0`).
 */
export async function startAuthorization(
  clients: OidcClients,
  config: ServerConfig,
  db: Queryable,
  reply: FastifyReply,
  provider: OidcProviderConfig,
  redirectPath: string | null,
  intent: OidcIntent | null = null,
): Promise<string> {
  const configuration = await clients.configuration(provider);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const binding = newSecretToken();
  // Requests nobody came back for are dropped as new ones come.
  await db.execute(`delete from oidc_requests where expires_at < now() - interval '1 day'`);
  await db.execute(
    `insert into oidc_requests (id, state_hash, binding_hash, provider, nonce, code_verifier, redirect_path, intent, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(mins => $9))`,
    [newId(), hashSecretToken(state), hashSecretToken(binding), provider.id, nonce, codeVerifier, redirectPath, intent, OIDC_REQUEST_MINUTES],
  );
  setBindingCookie(reply, config, binding);
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(config),
    scope: provider.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(intent === 'reauth' ? { prompt: 'login', max_age: '0' } : {}),
  });
  return url.href;
}

export interface PendingRequest {
  provider: string;
  nonce: string;
  codeVerifier: string;
  redirectPath: string | null;
  /** 'reauth' for a re-authentication (no session opens), null for a sign-in. */
  intent: OidcIntent | null;
  state: string;
}

/**
 * Uses up the sign-in of `state`, only when this browser's cookie is the one it was started with, it is unexpired
 * and unused: a tampered, missing, foreign or replayed state is OIDC_STATE_INVALID.
 */
export async function consumeRequest(db: Queryable, request: FastifyRequest, state: string | undefined): Promise<PendingRequest> {
  const binding = request.cookies[OIDC_COOKIE];
  if (!state || !binding) throw new OidcRefusal(AUTH_ERRORS.oidcStateInvalid);
  const [row] = await db.execute<{ provider: string; nonce: string; code_verifier: string; redirect_path: string | null; intent: string | null }>(
    `update oidc_requests set used_at = now()
      where state_hash = $1 and binding_hash = $2 and used_at is null and expires_at > now()
      returning provider, nonce, code_verifier, redirect_path, intent`,
    [hashSecretToken(state), hashSecretToken(binding)],
  );
  if (!row) throw new OidcRefusal(AUTH_ERRORS.oidcStateInvalid);
  return {
    provider: row.provider,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    redirectPath: row.redirect_path,
    intent: row.intent === 'reauth' ? 'reauth' : null,
    state,
  };
}

/** What the app keeps of a validated ID token. */
export interface ProviderPerson {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** The provider asserted a second factor its configuration trusts (OIDC_<ID>_MFA_AMR, default mfa/otp/hwk, or _MFA_ACR). */
  mfa: boolean;
  /** The roles claim's values (OIDC_<ID>_ROLES_CLAIM), when configured and present. */
  roleValues: string[] | null;
  idToken: string;
}

/** The claim at a dotted path (realm_access.roles) as a list of strings, or null when absent. */
function claimValues(claims: Record<string, unknown>, path: string): string[] | null {
  let value: unknown = claims;
  for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return null;
}

/** Walks an error's causes for the name of the claim or attribute that failed a comparison. */
function failedClaim(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const cause = (e as { cause?: { claim?: string; attribute?: string } }).cause;
    if (cause && typeof cause === 'object' && (cause.claim || cause.attribute)) return cause.claim ?? cause.attribute;
  }
  return undefined;
}

function causeMessages(error: unknown): string[] {
  const messages: string[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) messages.push(e.message);
  return messages;
}

/** The library's refusal as one of the identity error codes. */
export function refusalCode(error: unknown): string {
  if (error instanceof OidcRefusal) return error.code;
  if (error instanceof client.ResponseBodyError) return error.error === 'invalid_grant' ? AUTH_ERRORS.oidcCodeRejected : AUTH_ERRORS.oidcProviderError;
  if (error instanceof client.AuthorizationResponseError) return AUTH_ERRORS.oidcProviderError;
  const code = (error as { code?: string }).code;
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return AUTH_ERRORS.oidcTokenExpired;
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' || code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') {
    const claim = failedClaim(error);
    if (claim === 'nonce') return AUTH_ERRORS.oidcNonceMismatch;
    if (claim === 'iss') return AUTH_ERRORS.oidcIssuerMismatch;
    return AUTH_ERRORS.oidcTokenInvalid;
  }
  // The authorization response's own `iss` parameter (RFC 9207) naming another issuer.
  if (code === 'OAUTH_INVALID_RESPONSE' && causeMessages(error).some((message) => message.includes('"iss"'))) return AUTH_ERRORS.oidcIssuerMismatch;
  if (typeof code === 'string' && code.startsWith('OAUTH_')) return AUTH_ERRORS.oidcTokenInvalid;
  return AUTH_ERRORS.oidcProviderUnavailable;
}

/** Exchanges the code (with the PKCE verifier) and returns the validated ID token's person. */
export async function exchangeCode(
  clients: OidcClients,
  config: ServerConfig,
  provider: OidcProviderConfig,
  pending: PendingRequest,
  rawQuery: string,
): Promise<ProviderPerson> {
  const configuration = await clients.configuration(provider);
  const current = new URL(`${callbackUrl(config)}?${rawQuery}`);
  const tokens = await client.authorizationCodeGrant(configuration, current, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedNonce: pending.nonce,
    expectedState: pending.state,
    idTokenExpected: true,
    // A re-authentication needs the provider's own recent authentication of the person (auth_time required).
    ...(pending.intent === 'reauth' ? { maxAge: REAUTH_MAX_AGE_SECONDS } : {}),
  });
  const claims = tokens.claims();
  if (!claims || !tokens.id_token) throw new OidcRefusal(AUTH_ERRORS.oidcTokenInvalid);
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === 'string') : [];
  const acr = typeof claims.acr === 'string' ? claims.acr : null;
  const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim().toLowerCase() : null;
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email,
    emailVerified: claims.email_verified === true,
    mfa: amr.some((value) => provider.mfaAmr.includes(value)) || (acr !== null && provider.mfaAcr.includes(acr)),
    roleValues: provider.rolesClaim ? claimValues(claims, provider.rolesClaim) : null,
    idToken: tokens.id_token,
  };
}

/** The roles a provider's claim gives (OIDC_<ID>_ROLES_MAP), or null when the provider maps none. */
export function mappedRoles(provider: OidcProviderConfig, values: string[] | null): Array<'member' | 'corporate' | 'admin'> | null {
  if (!provider.rolesClaim || values === null) return null;
  const roles = new Set(values.map((value) => provider.rolesMap[value]).filter(Boolean));
  return roles.size > 0 ? [...roles] : ['member'];
}

/** The provider's sign-out URL for a session it opened, or null when it has no end-session endpoint. */
export async function endSessionUrl(clients: OidcClients, config: ServerConfig, providerId: string, idToken: string): Promise<string | null> {
  const provider = clients.provider(providerId);
  if (!provider) return null;
  try {
    const configuration = await clients.configuration(provider);
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(configuration, { id_token_hint: idToken, post_logout_redirect_uri: `${config.publicUrl}/` }).href;
  } catch {
    return null;
  }
}

const clientsByConfig = new WeakMap<ServerConfig, OidcClients>();

/** The clients of this configuration (one discovery per provider and app). */
export function oidcClientsFor(config: ServerConfig): OidcClients {
  let clients = clientsByConfig.get(config);
  if (!clients) {
    clients = createOidcClients(config);
    clientsByConfig.set(config, clients);
  }
  return clients;
}
