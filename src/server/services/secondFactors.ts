// The TOTP second factor's rows on an account: the secret waiting for its first code (enrolment), its activation
// with new recovery codes, and its removal. The codes and the secrets' encryption are auth/totp.ts.
import type { Queryable } from '../db/open';
import { replaceRecoveryCodes } from '../auth/totp';

/** The encrypted secret of an enrolment not confirmed yet; null without one. */
export async function pendingSecret(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.execute<{ totp_pending_secret: string | null }>('select totp_pending_secret from users where id = $1', [userId]);
  return row?.totp_pending_secret ?? null;
}

/** Keeps an encrypted secret as the account's pending enrolment (replacing any earlier one). */
export async function setPendingSecret(db: Queryable, userId: string, encryptedSecret: string): Promise<void> {
  await db.execute('update users set totp_pending_secret = $2 where id = $1', [userId, encryptedSecret]);
}

/** Makes the pending secret the account's second factor (unless another request did first) with new recovery codes. */
export async function activatePendingSecret(db: Queryable, userId: string, pending: string): Promise<string[] | null> {
  const rows = await db.execute(
    `update users set totp_secret = totp_pending_secret, totp_pending_secret = null, updated_at = now()
      where id = $1 and totp_pending_secret = $2 and totp_secret is null returning id`,
    [userId, pending],
  );
  return rows.length > 0 ? replaceRecoveryCodes(db, userId) : null;
}

/** Turns the second factor off: the secret, any pending enrolment and the recovery codes go. */
export async function removeSecondFactor(tx: Queryable, userId: string): Promise<void> {
  await tx.execute('update users set totp_secret = null, totp_pending_secret = null, updated_at = now() where id = $1', [userId]);
  await tx.execute('delete from recovery_codes where user_id = $1', [userId]);
}
