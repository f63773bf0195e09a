// The signed-in caller as stored now. The bearer token says who calls; permissions are decided on the
// account as it is in the database (roles, disabled), so a deleted or disabled account, or one whose roles
// an admin changed, cannot act on stale claims. Other route modules may use it where it matters (credits).
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/open';
import { HttpError } from '../http/errors';
import { findUserById, type UserRow } from '../services/users';
import { AUTH_ERRORS } from './errorCodes';

export async function requireCaller(db: Queryable, request: FastifyRequest): Promise<UserRow> {
  if (!request.auth) throw new HttpError(401, 'UNAUTHENTICATED', 'Authentication required');
  const user = await findUserById(db, request.auth.userId);
  if (!user || user.disabled) throw new HttpError(401, AUTH_ERRORS.invalidToken, 'The session is no longer valid');
  return user;
}

export const isAdmin = (user: Pick<UserRow, 'roles'>) => user.roles.includes('admin');

/** Admins only; 403 for everyone else. */
export async function requireAdmin(db: Queryable, request: FastifyRequest): Promise<UserRow> {
  const caller = await requireCaller(db, request);
  if (!isAdmin(caller)) throw new HttpError(403, 'FORBIDDEN', 'Administrators only');
  return caller;
}
