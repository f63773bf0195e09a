// Security changes need a fresh proof of the person, not only a bearer token. Setting up, replacing or
// removing a second factor, renewing recovery codes, changing the password or the address, and unlinking an identity
// provider require that the caller's session re-authenticated within the last REAUTH_WINDOW_SECONDS (a password
// sign-in counts; so does POST auth/reauthenticate, and a fresh sign-in at a provider for accounts without a
// password). Each change is then told to the person by e-mail, with how to undo it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from './context';
import type { Queryable } from '../db/open';
import { HttpError } from '../http/errors';
import { securityChangeMail, securityNoticeLinks, type SecurityChange } from '../email/templates';
import type { UserRow } from './accounts';
import { AUTH_ERRORS } from './errorCodes';
import { clientAddress, passwordMatches, rateLimited } from './identity';
import { recentlyReauthenticated } from './sessions';

/** 403 REAUTHENTICATION_REQUIRED unless the caller's session proved the person within the last 5 minutes. */
export async function requireRecentReauthentication(db: Queryable, request: FastifyRequest): Promise<void> {
  const sessionId = request.auth?.sessionId;
  if (!sessionId || !(await recentlyReauthenticated(db, sessionId))) {
    throw new HttpError(403, AUTH_ERRORS.reauthenticationRequired, 'Confirm your password first (POST auth/reauthenticate), then try again');
  }
}

/**
 * The signed-in person's own password, asked again: wrong ones wait like sign-in failures of this account (from
 * this client address, and from anywhere), so a stolen access token is no licence to guess it. A wrong password is
 * `status` WRONG_PASSWORD; an account without a password never matches (it re-authenticates at its provider).
 */
export async function assertOwnPassword(
  context: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: Pick<UserRow, 'email' | 'password_hash'>,
  password: string,
  status: 401 | 403,
): Promise<void> {
  const { throttles } = context;
  const pair = `${user.email}|${clientAddress(request)}`;
  const wait = Math.max(await throttles.signInPerPair.retryAfter(pair), await throttles.signInPerAccount.retryAfter(user.email));
  if (wait > 0) rateLimited(reply, wait);
  if (!(await passwordMatches(user, password))) {
    await throttles.signInPerPair.fail(pair);
    await throttles.signInPerAccount.fail(user.email);
    throw new HttpError(status, AUTH_ERRORS.wrongPassword, 'The password is not correct');
  }
  await throttles.signInPerPair.reset(pair);
  await throttles.signInPerAccount.reset(user.email);
}

/** E-mails the person what changed in the account's security, when, and how to undo it (in their language). */
export function tellSecurityChange(
  context: AuthContext,
  user: Pick<UserRow, 'email' | 'language'>,
  change: SecurityChange,
  detail: string | null = null,
): void {
  context.mailer.deliverLater({
    to: user.email,
    purpose: `security-${change}`,
    ...securityChangeMail(user.language, change, new Date(), securityNoticeLinks(context.config.publicUrl), detail),
  });
}
