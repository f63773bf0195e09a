// Sessions: a sign-in starts a family of refresh tokens. Each refresh uses the current token up (rotated_at)
// and issues the next one of the same family; presenting a token that was already rotated (after a short
// grace for concurrent refreshes from several tabs) means it was copied, so the whole family is revoked and
// whoever holds any of its tokens must sign in again. Sign-out
// revokes the family; a password reset or account deletion revokes every family of the user.
//
// The refresh token travels only in an httpOnly, SameSite=Strict cookie on path /api/auth (Secure in
// production); the database keeps its SHA-256. Access tokens name their family (`sid`), and the request
// hook refuses an access token whose family is revoked, so sign-out ends the session at once.
import type { FastifyReply } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database, Queryable } from '../db/open';
import { newId } from '../ids';
import type { Role } from './accessToken';
import { hashSecretToken, newSecretToken } from './secretTokens';

export const REFRESH_COOKIE = 'paybench_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

export interface StartedSession {
  familyId: string;
  refreshToken: string;
}

/**
 * What the person proved when the session was opened. `secondFactor`: a TOTP code, a recovery code, or
 * a provider's MFA that its configuration trusts. `reauthenticated`: the password (or a fresh provider sign-in) was
 * given just now, which a security change accepts for a few minutes (REAUTH_WINDOW_SECONDS).
 */
export interface SessionAssurance {
  secondFactor: boolean;
  reauthenticated: boolean;
}

/** How long a password typed (sign-in or re-authentication) allows security changes in that session. */
export const REAUTH_WINDOW_SECONDS = 5 * 60;

export async function startSession(db: Queryable, userId: string, ttlDays: number, assurance: SessionAssurance): Promise<StartedSession> {
  const familyId = newId();
  const refreshToken = await insertRefreshToken(db, userId, familyId, ttlDays);
  await db.execute(
    `insert into session_assurance (family_id, user_id, second_factor, reauthenticated_at)
     values ($1, $2, $3, case when $4::boolean then now() end)`,
    [familyId, userId, assurance.secondFactor, assurance.reauthenticated],
  );
  return { familyId, refreshToken };
}

/** The session's person proved themselves again (password, or a fresh sign-in at a provider): security changes open. */
export async function markReauthenticated(db: Queryable, familyId: string): Promise<void> {
  await db.execute('update session_assurance set reauthenticated_at = now() where family_id = $1', [familyId]);
}

/** Whether the session's person proved themselves within the last REAUTH_WINDOW_SECONDS. */
export async function recentlyReauthenticated(db: Queryable, familyId: string, windowSeconds = REAUTH_WINDOW_SECONDS): Promise<boolean> {
  const [row] = await db.execute<{ fresh: boolean }>(
    `select reauthenticated_at > now() - make_interval(secs => $2) as fresh from session_assurance where family_id = $1`,
    [familyId, windowSeconds],
  );
  return row?.fresh === true;
}

async function insertRefreshToken(db: Queryable, userId: string, familyId: string, ttlDays: number): Promise<string> {
  const token = newSecretToken();
  await db.execute(
    `insert into refresh_tokens (id, user_id, token_hash, family_id, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(days => $5))`,
    [newId(), userId, hashSecretToken(token), familyId, ttlDays],
  );
  return token;
}

export type Rotation =
  | { outcome: 'rotated'; userId: string; familyId: string; refreshToken: string }
  /** A used-up or revoked token was presented again: its family is now revoked. */
  | { outcome: 'reused'; userId: string }
  | { outcome: 'invalid' };

/**
 * Seconds after its rotation during which a refresh token still renews its session: two tabs of one browser
 * that refresh at once both send the same cookie, and the later one must not be taken for a stolen copy.
 * Past this grace, presenting a rotated token again is reuse and revokes the whole family.
 */
export const REFRESH_GRACE_SECONDS = 20;

/** Exchanges a refresh token for the next one of its family, atomically. */
export async function rotateSession(database: Database, token: string, ttlDays: number, graceSeconds = REFRESH_GRACE_SECONDS): Promise<Rotation> {
  const tokenHash = hashSecretToken(token);
  return database.transaction(async (tx) => {
    const [current] = await tx.execute<{ user_id: string; family_id: string }>(
      `update refresh_tokens set rotated_at = now()
        where token_hash = $1 and rotated_at is null and revoked_at is null and expires_at > now()
        returning user_id, family_id`,
      [tokenHash],
    );
    if (current) {
      const refreshToken = await insertRefreshToken(tx, current.user_id, current.family_id, ttlDays);
      return { outcome: 'rotated', userId: current.user_id, familyId: current.family_id, refreshToken };
    }
    const [known] = await tx.execute<{ user_id: string; family_id: string; spent: boolean; in_grace: boolean }>(
      `select user_id, family_id, (rotated_at is not null or revoked_at is not null) as spent,
              (revoked_at is null and expires_at > now() and rotated_at > now() - make_interval(secs => $2)) as in_grace
         from refresh_tokens where token_hash = $1`,
      [tokenHash, graceSeconds],
    );
    if (!known || !known.spent) return { outcome: 'invalid' };
    // A concurrent refresh of the same live session (another tab): it gets a token of the family too.
    if (known.in_grace) {
      const refreshToken = await insertRefreshToken(tx, known.user_id, known.family_id, ttlDays);
      return { outcome: 'rotated', userId: known.user_id, familyId: known.family_id, refreshToken };
    }
    await revokeFamily(tx, known.family_id);
    return { outcome: 'reused', userId: known.user_id };
  });
}

/** Revokes one session (its whole family). */
export async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db.execute(`update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null`, [familyId]);
}

/** Revokes the session of a refresh token (sign-out); unknown tokens are ignored. */
export async function revokeSessionOf(db: Queryable, token: string): Promise<void> {
  await db.execute(
    `update refresh_tokens set revoked_at = now()
      where family_id = (select family_id from refresh_tokens where token_hash = $1) and revoked_at is null`,
    [hashSecretToken(token)],
  );
}

/** Revokes every session of the user, except `keepFamilyId` (the caller's own, on a password change). */
export async function revokeUserSessions(db: Queryable, userId: string, keepFamilyId?: string): Promise<void> {
  await db.execute(
    `update refresh_tokens set revoked_at = now()
      where user_id = $1 and revoked_at is null and ($2::text is null or family_id <> $2::text)`,
    [userId, keepFamilyId ?? null],
  );
}

export interface LiveSession {
  roles: Role[];
  /** The session was opened with a second factor (session_assurance; sessions stored before that column existed were not). */
  secondFactor: boolean;
}

/**
 * The user's current roles when the session is alive (not revoked, not expired, user present and not
 * disabled); null otherwise. One indexed query per request that carries a session-bound access token.
 */
export async function liveSession(db: Queryable, userId: string, familyId: string): Promise<LiveSession | null> {
  const rows = await db.execute<{ roles: Role[]; second_factor: boolean | null }>(
    `select u.roles, a.second_factor from refresh_tokens r join users u on u.id = r.user_id
       left join session_assurance a on a.family_id = r.family_id
      where r.family_id = $1 and r.user_id = $2 and r.revoked_at is null and r.expires_at > now() and not u.disabled
      limit 1`,
    [familyId, userId],
  );
  return rows[0] ? { roles: rows[0].roles, secondFactor: rows[0].second_factor === true } : null;
}

export function setRefreshCookie(reply: FastifyReply, config: ServerConfig, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.env === 'production',
    maxAge: config.refreshTokenTtlDays * 24 * 60 * 60,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: ServerConfig): void {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: config.env === 'production' });
}
