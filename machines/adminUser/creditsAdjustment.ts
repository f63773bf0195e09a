// The rules of an admin's credit adjustment (PATCH users/{id} creditsDelta + reason), checked before it is
// sent: a whole, non-zero number within the contract's bounds, a balance that stays at 0 or above, and a
// reason for the ledger. The server checks the same (409 when the balance moved meanwhile).

/** The contract's bounds of creditsDelta and of the reason's length. */
export const CREDITS_DELTA_LIMIT = 1_000_000;
export const REASON_MAX_LENGTH = 200;

export type CreditsProblemKey =
  | 'admin_users.credits.problems.delta_required'
  | 'admin_users.credits.problems.delta_not_whole'
  | 'admin_users.credits.problems.delta_zero'
  | 'admin_users.credits.problems.delta_too_large'
  | 'admin_users.credits.problems.below_zero'
  | 'admin_users.credits.problems.reason_required'
  | 'admin_users.credits.problems.reason_too_long';

export interface CreditsDraft {
  /** As typed: "+10", "-3", "5". */
  delta: string;
  reason: string;
}

export interface CreditsProblems {
  delta?: CreditsProblemKey;
  reason?: CreditsProblemKey;
}

export type CreditsCheck = { ok: true; delta: number; reason: string; balanceAfter: number } | { ok: false; problems: CreditsProblems };

/** Reads the typed delta: an optional sign (the typographic minus too) and digits; null otherwise. */
export function parseDelta(text: string): number | null {
  const normalised = text
    .trim()
    .replace(/\u2212/g, '-')
    .replace(/\s+/g, '');
  if (!/^[+-]?\d+$/.test(normalised)) return null;
  return Number(normalised);
}

export function checkCreditsAdjustment(draft: CreditsDraft, balance: number): CreditsCheck {
  const problems: CreditsProblems = {};
  const typed = draft.delta.trim();
  const delta = parseDelta(typed);
  if (typed === '') problems.delta = 'admin_users.credits.problems.delta_required';
  else if (delta === null) problems.delta = 'admin_users.credits.problems.delta_not_whole';
  else if (delta === 0) problems.delta = 'admin_users.credits.problems.delta_zero';
  else if (Math.abs(delta) > CREDITS_DELTA_LIMIT) problems.delta = 'admin_users.credits.problems.delta_too_large';
  else if (balance + delta < 0) problems.delta = 'admin_users.credits.problems.below_zero';
  const reason = draft.reason.trim();
  if (reason === '') problems.reason = 'admin_users.credits.problems.reason_required';
  else if (reason.length > REASON_MAX_LENGTH) problems.reason = 'admin_users.credits.problems.reason_too_long';
  if (problems.delta || problems.reason || delta === null) return { ok: false, problems };
  return { ok: true, delta, reason, balanceAfter: balance + delta };
}
