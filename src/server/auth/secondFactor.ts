// The second factor in sign-in (docs/identity.md): after a right password, an account with TOTP, or an admin
// while ADMIN_MFA=required, gets no session yet but a challenge: a single-use token (5 minutes, only its hash
// stored) that the second step presents with a code. An admin without TOTP enrols in that step (the QR code comes
// with the challenge). Wrong codes grow a delay per account, as wrong passwords do.
import type { FastifyReply } from 'fastify';
import type { components } from '../../api/schema';
import type { AuthContext } from './context';
import type { Queryable } from '../db/open';
import { HttpError } from '../http/errors';
import { isAdmin } from './caller';
import { createActionToken } from './actionTokens';
import { AUTH_ERRORS } from './errorCodes';
import { rateLimited } from './identity';
import { claimTotpStep, decryptSecret, encryptSecret, enrolmentOf, newTotpSecret, totpStep, useRecoveryCode } from './totp';
import type { UserRow } from './accounts';

type Challenge = components['schemas']['SecondFactorChallenge'];

export type SecondFactorDemand = 'verify' | 'enrol' | null;

/** What the account must still show after its password: its TOTP code, a new TOTP (admins), or nothing. */
export function secondFactorDemand(context: Pick<AuthContext, 'config'>, user: Pick<UserRow, 'totp_secret' | 'roles'>): SecondFactorDemand {
  if (user.totp_secret) return 'verify';
  if (isAdmin(user) && context.config.adminMfa === 'required') return 'enrol';
  return null;
}

/** Opens the second step: a challenge token, and for an enrolment a new pending secret and its QR code. */
export async function openChallenge(context: AuthContext, user: UserRow, demand: Exclude<SecondFactorDemand, null>): Promise<Challenge> {
  const { database, config } = context;
  const challenge = await createActionToken(database, user.id, 'second-factor');
  if (demand === 'verify') return { secondFactor: 'verify', challenge };
  const secret = newTotpSecret();
  await database.execute('update users set totp_pending_secret = $2 where id = $1', [user.id, encryptSecret(config.secrets.tokenSecret, secret)]);
  return { secondFactor: 'enrol', challenge, enrolment: await enrolmentOf(secret, user.email) };
}

/** 429 while the account's wrong codes make it wait. */
export async function assertMayTryCode(context: AuthContext, reply: FastifyReply, userId: string): Promise<void> {
  const wait = await context.throttles.secondFactorPerAccount.retryAfter(userId);
  if (wait > 0) rateLimited(reply, wait);
}

/**
 * Checks a TOTP code against the stored (encrypted) secret, or a recovery code when `recovery` is allowed, using
 * it up; counts a failure and throws INVALID_SECOND_FACTOR with `status` when it is wrong, used or replayed.
 */
export async function checkCode(
  context: AuthContext,
  db: Queryable,
  user: Pick<UserRow, 'id'>,
  encryptedSecret: string,
  code: string,
  { status, recovery }: { status: 401 | 403; recovery: boolean },
): Promise<void> {
  const trimmed = code.trim();
  let accepted = false;
  if (/^\d{6}$/.test(trimmed)) {
    const step = totpStep(decryptSecret(context.config.secrets.tokenSecret, encryptedSecret), trimmed);
    accepted = step !== null && (await claimTotpStep(db, user.id, step));
  } else if (recovery) {
    accepted = await useRecoveryCode(db, user.id, trimmed);
  }
  if (!accepted) {
    await context.throttles.secondFactorPerAccount.fail(user.id);
    throw new HttpError(status, AUTH_ERRORS.invalidSecondFactor, 'The code is not correct');
  }
  await context.throttles.secondFactorPerAccount.reset(user.id);
}
