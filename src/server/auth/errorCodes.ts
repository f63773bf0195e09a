// The error codes of identity calls. The contract spells every errorCode in UPPER_SNAKE_CASE and the web
// app shows an identity failure as the translation `auth.{errorCode}` (locales/*.json), so the codes below
// ARE the translation keys' last segment. The product's names for them map one to one:
//
//   product name           errorCode                    status  when
//   invalid-credentials    INVALID_CREDENTIALS          401     unknown e-mail or wrong password (never which)
//   wrong-password         WRONG_PASSWORD               403     re-authentication of the signed-in account (change
//                                                               password, delete account): only the password can
//                                                               be wrong, so the answer says so (401 from
//                                                               auth/reauthenticate)
//   email-already-in-use   EMAIL_TAKEN                  409     registration with a registered address
//   weak-password          WEAK_PASSWORD                400     a common, repetitive or guessable password
//   too-many-requests      RATE_LIMITED                 429     throttled sign-in or reset request (Retry-After)
//   database away          DATABASE_UNAVAILABLE         503     any call while the database does not answer (Retry-After;
//                                                               http/databaseOutage.ts); shown as auth.unknown
//   user-disabled          USER_DISABLED                401     right password, but the account is disabled
//   invalid-reset-token    INVALID_RESET_TOKEN          400     unknown, used or expired reset link
//   invalid-verification   INVALID_VERIFICATION_TOKEN   400     unknown, used or expired verification link
//   session ended          INVALID_TOKEN                401     bearer or refresh token not valid (any more)
//   wrong second factor    INVALID_SECOND_FACTOR        401/403 a TOTP or recovery code that is wrong, used or old
//                                                               (401 while signing in, 403 in the settings)
//   second step expired    SECOND_FACTOR_EXPIRED        401/409 the sign-in's second step (5 minutes) or the
//                                                               enrolment in the settings is over: start again
//   second factor required SECOND_FACTOR_REQUIRED       403     an admin may not turn it off (ADMIN_MFA=required);
//                                                       403/401 an admin call (403), or the refresh (401, the session
//                                                               is revoked), of an admin whose session was not opened
//                                                               with a second factor while ADMIN_MFA=required
//   re-authentication      REAUTHENTICATION_REQUIRED    403     a security change (second factor, recovery codes,
//                                                               password, unlinking a provider) needs the password
//                                                               given within the last 5 minutes (auth/reauthenticate)
//   last sign-in method    LAST_SIGN_IN_METHOD          409     unlinking the only provider of an account without a
//                                                               password would leave no way to sign in
//   second factor on       SECOND_FACTOR_ENABLED        409     enrolling while a second factor is already on
//   no second factor       NO_SECOND_FACTOR             409     new recovery codes for an account without one
//
// Sign-in through an identity provider (the callback redirects to the app with #error={code}):
//   unknown provider       UNKNOWN_PROVIDER             404/400 no configured provider has that id
//   state invalid          OIDC_STATE_INVALID           302     missing, tampered, expired or replayed state, or
//                                                               another browser's (the binding cookie differs)
//   code rejected          OIDC_CODE_REJECTED           302     the provider refused the code (replayed, expired)
//   nonce mismatch         OIDC_NONCE_MISMATCH          302     the ID token's nonce is not this sign-in's
//   token expired          OIDC_TOKEN_EXPIRED           302     the ID token is expired (or not yet valid)
//   issuer mismatch        OIDC_ISSUER_MISMATCH         302     the response or ID token names another issuer
//   token invalid          OIDC_TOKEN_INVALID           302     any other failed check (audience, signature, …)
//   provider error         OIDC_PROVIDER_ERROR          302     the provider answered an error (access denied, …)
//   provider unavailable   OIDC_PROVIDER_UNAVAILABLE    302     discovery or the token call failed
//   e-mail unverified      OIDC_EMAIL_UNVERIFIED        302     the provider's identity was linked before its address
//                                                               was proven: it signs nobody in until the
//                                                               address is proven (then it is dropped; link again)
//   no e-mail              OIDC_EMAIL_MISSING           302     a new person without an address (scope email)
//   link expired           LINK_EXPIRED                 401     the linking token is not this account's, used or old
//   e-mail link invalid    OIDC_EMAIL_LINK_INVALID      302     our e-mailed link is used, old, or opened
//                                                               in another browser than the sign-in's
//   not linked (reauth)    OIDC_REAUTH_NOT_LINKED       302     a re-authentication at a provider whose person
//                                                               is not an identity linked (address proven) to an account
//   proof invalid          REAUTH_PROOF_INVALID         401     auth/reauthenticate with a provider's proof that
//                                                               is unknown, used, expired or another account's
//   domain taken           DOMAIN_TAKEN                 409     another company's APPROVED claim has that e-mail domain
//   no provider            COMPANY_WITHOUT_PROVIDER     409     approving a domain for a company without a provider
export const AUTH_ERRORS = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  wrongPassword: 'WRONG_PASSWORD',
  emailAlreadyInUse: 'EMAIL_TAKEN',
  weakPassword: 'WEAK_PASSWORD',
  tooManyRequests: 'RATE_LIMITED',
  userDisabled: 'USER_DISABLED',
  invalidResetToken: 'INVALID_RESET_TOKEN',
  invalidVerificationToken: 'INVALID_VERIFICATION_TOKEN',
  invalidToken: 'INVALID_TOKEN',
  invalidSecondFactor: 'INVALID_SECOND_FACTOR',
  secondFactorExpired: 'SECOND_FACTOR_EXPIRED',
  secondFactorRequired: 'SECOND_FACTOR_REQUIRED',
  secondFactorEnabled: 'SECOND_FACTOR_ENABLED',
  noSecondFactor: 'NO_SECOND_FACTOR',
  reauthenticationRequired: 'REAUTHENTICATION_REQUIRED',
  lastSignInMethod: 'LAST_SIGN_IN_METHOD',
  unknownProvider: 'UNKNOWN_PROVIDER',
  oidcStateInvalid: 'OIDC_STATE_INVALID',
  oidcCodeRejected: 'OIDC_CODE_REJECTED',
  oidcNonceMismatch: 'OIDC_NONCE_MISMATCH',
  oidcTokenExpired: 'OIDC_TOKEN_EXPIRED',
  oidcIssuerMismatch: 'OIDC_ISSUER_MISMATCH',
  oidcTokenInvalid: 'OIDC_TOKEN_INVALID',
  oidcProviderError: 'OIDC_PROVIDER_ERROR',
  oidcProviderUnavailable: 'OIDC_PROVIDER_UNAVAILABLE',
  oidcEmailUnverified: 'OIDC_EMAIL_UNVERIFIED',
  oidcEmailMissing: 'OIDC_EMAIL_MISSING',
  linkExpired: 'LINK_EXPIRED',
  oidcEmailLinkInvalid: 'OIDC_EMAIL_LINK_INVALID',
  oidcReauthNotLinked: 'OIDC_REAUTH_NOT_LINKED',
  reauthProofInvalid: 'REAUTH_PROOF_INVALID',
  domainTaken: 'DOMAIN_TAKEN',
  companyWithoutProvider: 'COMPANY_WITHOUT_PROVIDER',
} as const;

export type AuthErrorCode = (typeof AUTH_ERRORS)[keyof typeof AUTH_ERRORS];
