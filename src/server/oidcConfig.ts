// The OpenID Connect providers of this deployment (docs/identity.md "Sign-in through an identity
// provider"), read from the environment by config.ts. No OIDC variable: no provider, and nothing changes.
export type ProviderRole = 'member' | 'corporate' | 'admin';

export interface OidcProviderConfig {
  /** Lower-case id from OIDC_PROVIDERS (`oidc` for the single-provider shorthand); in URLs and the database. */
  id: string;
  /** The button's name: "Continue with {name}". */
  name: string;
  issuerUrl: string;
  clientId: string;
  /** From the environment only; never logged, never sent to the web app. */
  clientSecret: string | undefined;
  scopes: string;
  /** The claim whose values give roles (e.g. groups), with its mapping value → role; null: roles from the users table. */
  rolesClaim: string | null;
  rolesMap: Record<string, ProviderRole>;
  /** `amr` values (RFC 8176) that mean the person used a second factor at the provider (default mfa, otp, hwk). */
  mfaAmr: string[];
  /** `acr` values that mean the person used a second factor at the provider (besides the amr values above). */
  mfaAcr: string[];
  /**
   * The domains this provider may assert VERIFIED addresses for (OIDC_<ID>_VERIFIED_DOMAINS): `*` any
   * (the default), `example.com` that domain, `*.example.com` its subdomains; empty or `none`: no address is taken
   * on its word (every new address is proven by our e-mailed link). A domain a company has approved for single
   * sign-on is trusted only from that company's provider, whatever this list says.
   */
  verifiedDomains: string[];
  /** OIDC_<ID>_ONLY: the password form is hidden when every provider says so (or OIDC_ONLY=1). */
  only: boolean;
}

export interface OidcConfig {
  providers: OidcProviderConfig[];
  /** Whether the sign-in page offers the e-mail and password form (false with OIDC_ONLY=1 and a provider). */
  passwordSignIn: boolean;
}

type Env = Record<string, string | undefined>;

const ROLES: readonly ProviderRole[] = ['member', 'corporate', 'admin'];
/** The amr values (RFC 8176) taken for a second factor when OIDC_<ID>_MFA_AMR is not set. */
export const DEFAULT_MFA_AMR = ['mfa', 'otp', 'hwk'];
const DOMAIN_PATTERN = /^(\*|(\*\.)?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+)$/;
const PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const yes = (raw: string | undefined) => ['1', 'true', 'yes', 'on'].includes((raw ?? '').toLowerCase());
const list = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** OIDC_<ID>_VERIFIED_DOMAINS: unset is `*`; `none` or empty is no domain. */
function verifiedDomains(prefix: string, raw: string | undefined): string[] {
  if (raw === undefined) return ['*'];
  const domains = list(raw.toLowerCase()).filter((domain) => domain !== 'none');
  const wrong = domains.find((domain) => !DOMAIN_PATTERN.test(domain));
  if (wrong) throw new Error(`${prefix}VERIFIED_DOMAINS: "${wrong}" is not a domain (example.com, *.example.com, * or none)`);
  return domains;
}

/** Whether the provider may assert this domain's addresses as verified (its own list; approvals are the caller's). */
export function providerVouchesFor(provider: Pick<OidcProviderConfig, 'verifiedDomains'>, domain: string): boolean {
  const d = domain.toLowerCase();
  return provider.verifiedDomains.some((entry) => entry === '*' || entry === d || (entry.startsWith('*.') && d.endsWith(entry.slice(1))));
}

/**
 * OIDC_PROVIDERS=keycloak,google with OIDC_<ID>_ISSUER_URL, _CLIENT_ID, _CLIENT_SECRET, _NAME, _SCOPES, _ROLES_CLAIM,
 * _ROLES_MAP (value=role,value=role), _MFA_AMR and _MFA_ACR (comma-separated; `none` for no amr), _VERIFIED_DOMAINS
 * and _ONLY; or the shorthand OIDC_ISSUER_URL,
 * OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME, … for a single provider of id `oidc`.
 */
export function parseOidcProviders(env: Env): OidcConfig {
  const ids = list(env.OIDC_PROVIDERS).map((id) => id.toLowerCase());
  const entries = ids.map((id) => ({ id, prefix: `OIDC_${id.toUpperCase().replace(/-/g, '_')}_` }));
  if (ids.length === 0 && env.OIDC_ISSUER_URL) entries.push({ id: 'oidc', prefix: 'OIDC_' });
  const providers = entries.map(({ id, prefix }): OidcProviderConfig => {
    if (!PROVIDER_ID.test(id)) throw new Error(`OIDC_PROVIDERS: "${id}" is not a provider id (lower-case letters, digits, -)`);
    const issuerUrl = env[`${prefix}ISSUER_URL`];
    const clientId = env[`${prefix}CLIENT_ID`];
    if (!issuerUrl || !clientId) throw new Error(`${prefix}ISSUER_URL and ${prefix}CLIENT_ID must be set for the provider ${id}`);
    const rolesMap: Record<string, ProviderRole> = {};
    for (const pair of list(env[`${prefix}ROLES_MAP`])) {
      const [value, role] = pair.split('=').map((part) => part.trim());
      if (!value || !ROLES.includes(role as ProviderRole)) throw new Error(`${prefix}ROLES_MAP: "${pair}" must be value=member|corporate|admin`);
      rolesMap[value] = role as ProviderRole;
    }
    return {
      id,
      name: env[`${prefix}NAME`] || id,
      issuerUrl,
      clientId,
      clientSecret: env[`${prefix}CLIENT_SECRET`] || undefined,
      scopes: env[`${prefix}SCOPES`] || 'openid email profile',
      rolesClaim: env[`${prefix}ROLES_CLAIM`] || null,
      rolesMap,
      mfaAmr: env[`${prefix}MFA_AMR`] === undefined ? DEFAULT_MFA_AMR : list(env[`${prefix}MFA_AMR`]).filter((value) => value !== 'none'),
      mfaAcr: list(env[`${prefix}MFA_ACR`]),
      verifiedDomains: verifiedDomains(prefix, env[`${prefix}VERIFIED_DOMAINS`]),
      only: yes(env[`${prefix}ONLY`]),
    };
  });
  if (new Set(providers.map((p) => p.id)).size !== providers.length) throw new Error('OIDC_PROVIDERS names a provider twice');
  const only = yes(env.OIDC_ONLY) || (providers.length > 0 && providers.every((p) => p.only));
  return { providers, passwordSignIn: !(only && providers.length > 0) };
}
