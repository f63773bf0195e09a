// Single-use, expiring tokens sent by e-mail: password reset (30 minutes) and e-mail verification (48
// hours). The link carries the token; the action_tokens table keeps its hash, its purpose, its expiry and
// when it was used. Using one is a conditional UPDATE, so two concurrent uses cannot both succeed.
import type { Queryable } from '../db/open';
import { newId } from '../ids';
import { hashSecretToken, newSecretToken } from './secretTokens';

export type ActionPurpose = 'password-reset' | 'verify-email' | 'second-factor' | 'provider-reauth';

export const ACTION_TOKEN_TTL_MINUTES: Record<ActionPurpose, number> = {
  'password-reset': 30,
  'verify-email': 48 * 60,
  // The step between a right password and the second factor (auth/secondFactor.ts).
  'second-factor': 5,
  // A fresh provider sign-in's proof, for auth/reauthenticate of the same account (routes/oidc.ts).
  'provider-reauth': 5,
};

/** Creates a token for the user and returns it (the only time it exists in clear). */
export async function createActionToken(db: Queryable, userId: string, purpose: ActionPurpose): Promise<string> {
  const token = newSecretToken();
  await db.execute(
    `insert into action_tokens (id, user_id, purpose, token_hash, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [newId(), userId, purpose, hashSecretToken(token), ACTION_TOKEN_TTL_MINUTES[purpose]],
  );
  return token;
}

/** The user of a valid (known, unused, unexpired) token, without using it up. */
export async function peekActionToken(db: Queryable, token: string, purpose: ActionPurpose): Promise<string | null> {
  const rows = await db.execute<{ user_id: string }>(
    `select user_id from action_tokens
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()`,
    [hashSecretToken(token), purpose],
  );
  return rows[0]?.user_id ?? null;
}

/** Uses the token up and returns its user, or null when it is unknown, used or expired. */
export async function consumeActionToken(db: Queryable, token: string, purpose: ActionPurpose): Promise<string | null> {
  const rows = await db.execute<{ user_id: string }>(
    `update action_tokens set used_at = now()
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
      returning user_id`,
    [hashSecretToken(token), purpose],
  );
  return rows[0]?.user_id ?? null;
}

/** Uses the token up only when it is `userId`'s; false (and nothing used) when it is unknown, used, expired or another's. */
export async function consumeActionTokenOf(db: Queryable, token: string, purpose: ActionPurpose, userId: string): Promise<boolean> {
  const rows = await db.execute<{ user_id: string }>(
    `update action_tokens set used_at = now()
      where token_hash = $1 and purpose = $2 and user_id = $3 and used_at is null and expires_at > now()
      returning user_id`,
    [hashSecretToken(token), purpose, userId],
  );
  return rows.length > 0;
}

/** Uses up every open token of the user for the purpose (a newer link, or the password changed). */
export async function retireActionTokens(db: Queryable, userId: string, purpose: ActionPurpose): Promise<void> {
  await db.execute(`update action_tokens set used_at = now() where user_id = $1 and purpose = $2 and used_at is null`, [userId, purpose]);
}
