// The error codes of identity calls. The contract spells every errorCode in UPPER_SNAKE_CASE and the web
// app shows an identity failure as the translation `auth.{errorCode}` (locales/*.json), so the codes below
// ARE the translation keys' last segment. The product's names for them map one to one:
//
//   product name           errorCode                    status  when
//   invalid-credentials    INVALID_CREDENTIALS          401     unknown e-mail or wrong password (never which);
//                                                       403     wrong current password on change-password
//   email-already-in-use   EMAIL_TAKEN                  409     registration with a registered address
//   weak-password          WEAK_PASSWORD                400     a common, repetitive or guessable password
//   too-many-requests      RATE_LIMITED                 429     throttled sign-in or reset request (Retry-After)
//   user-disabled          USER_DISABLED                401     right password, but the account is disabled
//   invalid-reset-token    INVALID_RESET_TOKEN          400     unknown, used or expired reset link
//   invalid-verification   INVALID_VERIFICATION_TOKEN   400     unknown, used or expired verification link
//   session ended          INVALID_TOKEN                401     bearer or refresh token not valid (any more)
export const AUTH_ERRORS = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  emailAlreadyInUse: 'EMAIL_TAKEN',
  weakPassword: 'WEAK_PASSWORD',
  tooManyRequests: 'RATE_LIMITED',
  userDisabled: 'USER_DISABLED',
  invalidResetToken: 'INVALID_RESET_TOKEN',
  invalidVerificationToken: 'INVALID_VERIFICATION_TOKEN',
  invalidToken: 'INVALID_TOKEN',
} as const;

export type AuthErrorCode = (typeof AUTH_ERRORS)[keyof typeof AUTH_ERRORS];
