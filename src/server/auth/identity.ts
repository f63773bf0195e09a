// Shared steps of the identity calls: opening a session (access token + refresh cookie), checking a new
// password, comparing a password in the same time whether or not the account exists, and answering 429.
import type { FastifyReply } from 'fastify';
import type { AuthContext } from './context';
import type { components } from '../../api/schema';
import type { Queryable } from '../db/open';
import { HttpError } from '../http/errors';
import { RateLimitedError } from '../http/rateLimit';
import { toUser, type UserRow } from './accounts';
import { AUTH_ERRORS } from './errorCodes';
import { passwordProblem, type PasswordProblem } from './passwordPolicy';
import { hashPassword, verifyPassword } from './passwords';
import { setRefreshCookie, startSession, type SessionAssurance } from './sessions';
import { newSecretToken } from './secretTokens';

type Session = components['schemas']['Session'];

const PROBLEM_TEXT: Record<PasswordProblem, string> = {
  'too-short': 'The password must have at least 12 characters',
  'too-long': 'The password must have at most 128 characters',
  common: 'This password is too common; choose another',
  repetitive: 'This password is too easy to guess (repeated or sequential characters); choose another',
  personal: 'The password must not be built from your e-mail address or the name of the site',
};

/** 400 WEAK_PASSWORD (auth.WEAK_PASSWORD) unless the new password is acceptable. */
export function assertAcceptablePassword(password: string, email: string): void {
  const problem = passwordProblem(password, { email });
  if (problem) throw new HttpError(400, AUTH_ERRORS.weakPassword, PROBLEM_TEXT[problem]);
}

/** Opens a session for the user: a new refresh-token family in the cookie and an access token bound to it. */
export async function openSession(
  context: AuthContext,
  db: Queryable,
  reply: FastifyReply,
  user: UserRow,
  /** What the person proved to open it (a second factor; a password or fresh provider sign-in just now). */
  assurance: SessionAssurance,
  /** What else the new session (family) must remember, e.g. that an identity provider opened it. */
  afterStart?: (familyId: string) => Promise<void>,
): Promise<Session> {
  const { familyId, refreshToken } = await startSession(db, user.id, context.config.refreshTokenTtlDays, assurance);
  if (afterStart) await afterStart(familyId);
  setRefreshCookie(reply, context.config, refreshToken);
  return accessSession(context, user, familyId);
}

export async function accessSession(context: AuthContext, user: UserRow, familyId: string): Promise<Session> {
  const accessToken = await context.accessTokens.sign({ userId: user.id, roles: user.roles, sessionId: familyId });
  return { accessToken, expiresIn: context.accessTokens.ttlSeconds, user: toUser(user) };
}

// A hash of a random password: unknown accounts are checked against it, so a sign-in for an address that
// has no account costs the same argon2 work as one with a wrong password.
let decoyHash: Promise<string> | undefined;

/** Whether the password matches; runs argon2 even when there is no account (or no password) to match. */
export async function passwordMatches(user: Pick<UserRow, 'password_hash'> | null, password: string): Promise<boolean> {
  decoyHash ??= hashPassword(newSecretToken());
  if (!user?.password_hash) {
    await verifyPassword(await decoyHash, password);
    return false;
  }
  return verifyPassword(user.password_hash, password);
}

/** Answers 429 RATE_LIMITED (auth.RATE_LIMITED) with Retry-After. */
export function rateLimited(reply: FastifyReply, retryAfterSeconds: number): never {
  reply.header('retry-after', String(retryAfterSeconds));
  throw new RateLimitedError(retryAfterSeconds);
}

/** The client's address as Fastify sees it (the proxy's client address when TRUST_PROXY is on). */
export const clientAddress = (request: { ip: string }) => request.ip || 'unknown';
