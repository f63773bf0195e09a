// How the effects of the identity flows report a failure to their machines: a code the machine can
// branch on and a view shows as the translation `auth.{code}` (the server's UPPER_SNAKE errorCode, e.g.
// INVALID_CREDENTIALS, EMAIL_TAKEN, WEAK_PASSWORD, RATE_LIMITED, USER_DISABLED, INVALID_RESET_TOKEN).

/** No answer from the server (offline, aborted). */
export const NETWORK_ERROR = 'NETWORK_ERROR';
/** A failure without an errorCode: views show auth.unknown. */
export const UNKNOWN_ERROR = 'unknown';
/** The restore found nothing to restore (no session was kept in this browser): no call was made. */
export const NO_SESSION = 'NO_SESSION';
/**
 * A registration was accepted but the password does not sign in: the address already had an account, and
 * its owner was e-mailed (the server never says so directly, to tell nobody which addresses are registered).
 */
export const REGISTRATION_MAIL_SENT = 'REGISTRATION_MAIL_SENT';

export class AuthFailure extends Error {
  override readonly name = 'AuthFailure';
  constructor(
    /** The errorCode of the answer, NETWORK_ERROR, NO_SESSION or `unknown`. */
    readonly code: string,
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number = 0,
    /** The error body as the server sent it (for the error catalogue), null when none. */
    readonly body: unknown = null,
  ) {
    super(`auth failure ${code} (${status})`);
  }
}

/** The code of whatever an actor rejected with; anything that is not an AuthFailure is `unknown`. */
export function failureCode(error: unknown): string {
  return error instanceof AuthFailure ? error.code : UNKNOWN_ERROR;
}

/** The translation key of a failure code (auth.{code}). Views pass `auth.unknown` as default. */
export function failureKey(code: string): string {
  return `auth.${code}`;
}

/** The failure codes with their own auth.{code} text in locales/*.json; any other shows auth.unknown. */
export const TRANSLATED_AUTH_CODES = [
  'INVALID_CREDENTIALS',
  'WRONG_PASSWORD',
  'EMAIL_TAKEN',
  'WEAK_PASSWORD',
  'RATE_LIMITED',
  'USER_DISABLED',
  'VALIDATION_ERROR',
  'INVALID_RESET_TOKEN',
  'INVALID_VERIFICATION_TOKEN',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NETWORK_ERROR',
  'REGISTRATION_MAIL_SENT',
  'INVALID_SECOND_FACTOR',
  'SECOND_FACTOR_EXPIRED',
  'SECOND_FACTOR_REQUIRED',
  'SECOND_FACTOR_ENABLED',
  'NO_SECOND_FACTOR',
  // A security change needs a fresh re-authentication; a provider that is the only way to sign in stays.
  'REAUTHENTICATION_REQUIRED',
  'LAST_SIGN_IN_METHOD',
  // The database away answers 503 DATABASE_UNAVAILABLE (try again shortly), never a bare "unknown".
  'DATABASE_UNAVAILABLE',
  // Sign-in through an identity provider (src/server/auth/errorCodes.ts).
  'UNKNOWN_PROVIDER',
  'OIDC_STATE_INVALID',
  'OIDC_CODE_REJECTED',
  'OIDC_NONCE_MISMATCH',
  'OIDC_TOKEN_EXPIRED',
  'OIDC_ISSUER_MISMATCH',
  'OIDC_TOKEN_INVALID',
  'OIDC_PROVIDER_ERROR',
  'OIDC_PROVIDER_UNAVAILABLE',
  'OIDC_EMAIL_UNVERIFIED',
  'OIDC_EMAIL_MISSING',
  'LINK_EXPIRED',
  'DOMAIN_TAKEN',
  // Our e-mailed link of a provider's sign-in; approving a domain for a company without a provider.
  'OIDC_EMAIL_LINK_INVALID',
  'COMPANY_WITHOUT_PROVIDER',
  // Re-authentication through a provider (a subject not linked; a proof used, expired or another's).
  'OIDC_REAUTH_NOT_LINKED',
  'REAUTH_PROOF_INVALID',
] as const;

/** The translation key a view shows for a failure code: auth.{code}, or auth.unknown for an unlisted code. */
export function authMessageKey(code: string | null | undefined): string {
  return code && (TRANSLATED_AUTH_CODES as readonly string[]).includes(code) ? failureKey(code) : failureKey(UNKNOWN_ERROR);
}
