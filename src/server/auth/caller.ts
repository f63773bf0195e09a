// The signed-in caller as stored now. The bearer token says who calls; permissions are decided on the
// account as it is in the database (roles, disabled), so a deleted or disabled account, or one whose roles
// an admin changed, cannot act on stale claims. Other route modules may use it where it matters (credits).
//
// While ADMIN_MFA=required an admin acts as one only in a session opened with a second factor
// (session_assurance.second_factor, carried by the request hook as request.auth.secondFactor). An admin call in any
// other session is 403 SECOND_FACTOR_REQUIRED, whatever made the account an admin after it signed in.
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/open';
import { HttpError } from '../http/errors';
import { findUserById, hasRole, type UserRow } from './accounts';
import { AUTH_ERRORS } from './errorCodes';

export async function requireCaller(db: Queryable, request: FastifyRequest): Promise<UserRow> {
  if (!request.auth) throw new HttpError(401, 'UNAUTHENTICATED', 'Authentication required');
  const user = await findUserById(db, request.auth.userId);
  if (!user || user.disabled) throw new HttpError(401, AUTH_ERRORS.invalidToken, 'The session is no longer valid');
  return user;
}

export const isAdmin = (user: Pick<UserRow, 'roles'>) => user.roles.includes('admin');

/**
 * ADMIN_MFA=required (request.adminMfaRequired, set by the contract's access gate) and the caller's session was
 * not opened with a second factor. A token that names no session is never issued by the server (only tests mint
 * them): it has no session whose assurance could be read.
 */
export function secondFactorMissing(request: FastifyRequest): boolean {
  const auth = request.auth;
  return Boolean(request.adminMfaRequired && auth?.sessionId && !auth.secondFactor);
}

/** 403 SECOND_FACTOR_REQUIRED when an admin's powers are asked for in a session without the required second factor. */
export function assertAdminSecondFactor(request: FastifyRequest): void {
  if (secondFactorMissing(request)) {
    throw new HttpError(403, AUTH_ERRORS.secondFactorRequired, 'Administrators must sign in with a second factor; sign in again');
  }
}

/** The caller acts as an admin: an admin, in a session that satisfies ADMIN_MFA (never on the account's roles alone). */
export const actsAsAdmin = (request: FastifyRequest, user: Pick<UserRow, 'roles'>) => isAdmin(user) && !secondFactorMissing(request);

/** Admins only; 403 for everyone else, 403 SECOND_FACTOR_REQUIRED for an admin without the required second factor. */
export async function requireAdmin(db: Queryable, request: FastifyRequest): Promise<UserRow> {
  const caller = await requireCaller(db, request);
  if (!isAdmin(caller)) throw new HttpError(403, 'FORBIDDEN', 'Administrators only');
  assertAdminSecondFactor(request);
  return caller;
}

/** The company a corporate user acts for: its id (the first corporate user's id) is shared by all its corporate users. */
export const companyOf = (user: Pick<UserRow, 'id' | 'company_id'>) => user.company_id ?? user.id;

/** Corporate users only (403 FORBIDDEN for everyone else, admins included): the caller and their company. */
export async function requireCorporate(
  db: Queryable,
  request: FastifyRequest,
  refusal = 'Corporate users only',
): Promise<{ caller: UserRow; companyId: string }> {
  const caller = await requireCaller(db, request);
  if (!hasRole(caller, 'corporate')) throw new HttpError(403, 'FORBIDDEN', refusal);
  return { caller, companyId: companyOf(caller) };
}
