// The error codes of identity calls. The contract spells every errorCode in UPPER_SNAKE_CASE and the web
// app shows an identity failure as the translation `auth.{errorCode}` (locales/*.json), so the codes below
// ARE the translation keys' last segment. The product's names for them map one to one:
//
//   product name           errorCode                    status  when
//   invalid-credentials    INVALID_CREDENTIALS          401     unknown e-mail or wrong password (never which)
//   wrong-password         WRONG_PASSWORD               403     re-authentication of the signed-in account (change
//                                                               password, delete account): only the password can
//                                                               be wrong, so the answer says so
//   email-already-in-use   EMAIL_TAKEN                  409     registration with a registered address
//   weak-password          WEAK_PASSWORD                400     a common, repetitive or guessable password
//   too-many-requests      RATE_LIMITED                 429     throttled sign-in or reset request (Retry-After)
//   user-disabled          USER_DISABLED                401     right password, but the account is disabled
//   invalid-reset-token    INVALID_RESET_TOKEN          400     unknown, used or expired reset link
//   invalid-verification   INVALID_VERIFICATION_TOKEN   400     unknown, used or expired verification link
//   session ended          INVALID_TOKEN                401     bearer or refresh token not valid (any more)
//   wrong second factor    INVALID_SECOND_FACTOR        401/403 a TOTP or recovery code that is wrong, used or old
//                                                               (401 while signing in, 403 in the settings)
//   second step expired    SECOND_FACTOR_EXPIRED        401/409 the sign-in's second step (5 minutes) or the
//                                                               enrolment in the settings is over: start again
//   second factor required SECOND_FACTOR_REQUIRED       403     an admin may not turn it off (ADMIN_MFA=required)
//   second factor on       SECOND_FACTOR_ENABLED        409     enrolling while a second factor is already on
//   no second factor       NO_SECOND_FACTOR             409     new recovery codes for an account without one
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
} as const;

export type AuthErrorCode = (typeof AUTH_ERRORS)[keyof typeof AUTH_ERRORS];
