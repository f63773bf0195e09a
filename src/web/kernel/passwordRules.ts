// What the browser checks of a new password before sending it (the contract's Password: 12 to 128
// characters). The server checks the rest (common or guessable passwords: WEAK_PASSWORD).
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export type NewPasswordProblem = 'too_short' | 'too_long' | 'mismatch' | null;

/** The first problem of a new password and its confirmation, null when it can be sent. */
export function newPasswordProblem(password: string, confirmation: string): NewPasswordProblem {
  if (password.length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too_long';
  if (password !== confirmation) return 'mismatch';
  return null;
}
