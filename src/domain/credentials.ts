// What the browser checks of e-mail addresses and passwords before any request: a malformed address
// or a password confirmation that does not match never leaves the browser. The server checks the rest (existing
// accounts, weak passwords). Pure: the auth machines' guards call these, the views only show the result.
import { looksLikeEmail } from './constants';

/** The contract's Password: 12 to 128 characters. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** What can be wrong with one field, before asking the server. */
export type FieldProblem = 'required' | 'invalid_email' | 'too_short' | 'too_long' | 'mismatch';

/** The problems of a form, by field name; empty when it can be sent. */
export type FieldProblems = Partial<Record<string, FieldProblem>>;

function emailProblem(value: string | undefined): FieldProblem | undefined {
  const email = (value ?? '').trim();
  if (!email) return 'required';
  return looksLikeEmail(email) ? undefined : 'invalid_email';
}

/** Signing in: an address that looks like one and a password that is not empty (its rules are the server's). */
export function signInProblems(credentials: { email: string; password: string }): FieldProblems {
  const problems: FieldProblems = {};
  const email = emailProblem(credentials.email);
  if (email) problems.email = email;
  if (!credentials.password) problems.password = 'required';
  return problems;
}

/** A new password: its length, and — separately, so both can be flagged at once — whether the confirmation matches. */
export function newPasswordProblems(password: string, confirmation: string): FieldProblems {
  const problems: FieldProblems = {};
  if (password.length < PASSWORD_MIN_LENGTH) problems.password = 'too_short';
  else if (password.length > PASSWORD_MAX_LENGTH) problems.password = 'too_long';
  if (password !== confirmation) problems.confirmation = 'mismatch';
  return problems;
}

/**
 * The fields of an account request (machines/auth/accountRequestMachine): an `email` field must look like an
 * address; a `confirmation` field must come with a new password (`password` or `newPassword`) that keeps the
 * length rules and equals it. Other fields are the server's to judge.
 */
export function requestFieldProblems(fields: Record<string, string | undefined>): FieldProblems {
  const problems: FieldProblems = {};
  if ('email' in fields) {
    const email = emailProblem(fields.email);
    if (email) problems.email = email;
  }
  if ('confirmation' in fields) {
    const passwordField = 'newPassword' in fields ? 'newPassword' : 'password';
    const { password, confirmation } = newPasswordProblems(fields[passwordField] ?? '', fields.confirmation ?? '');
    if (password) problems[passwordField] = password;
    if (confirmation) problems.confirmation = confirmation;
  }
  return problems;
}

export function hasProblems(problems: FieldProblems): boolean {
  return Object.keys(problems).length > 0;
}

/** The translation key that explains a problem (the view passes { min, max } for the length rules). */
export function fieldProblemKey(problem: FieldProblem): string {
  switch (problem) {
    case 'required':
      return 'auth.fields.required';
    case 'invalid_email':
      return 'auth.fields.invalid_email';
    case 'too_short':
      return 'new_password.too_short';
    case 'too_long':
      return 'new_password.too_long';
    case 'mismatch':
      return 'new_password.mismatch';
  }
}
