// Operations whose capability belongs to a later issue answer 501 with the contract's error schema.
// They are listed explicitly in routes/index.ts, and a test prints them, so nothing unfinished hides.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationId } from '../http/handlerTypes';
import { forbidden } from '../http/errors';

export const NOT_IMPLEMENTED = Symbol('notImplemented');

export interface NotImplementedHandler {
  (request: FastifyRequest, reply: FastifyReply): Promise<void>;
  [NOT_IMPLEMENTED]: OperationId;
}

/**
 * Operations about one user by id that the user themself or an admin may call: until they land, anyone
 * else is told 403 (as the finished operation will), not 501. Bearer and "Admin only." operations are
 * already checked by the contract's access gate (http/contractGates.ts).
 */
const SELF_OR_ADMIN_BY_ID = new Set<OperationId>([
  'compareIndividualByUserId',
  'getBetterCityByUserId',
  'getBetterSectorsByUserId',
  'getAverageByCountryByUserId',
]);

export function notImplemented(operationId: OperationId): NotImplementedHandler {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = request.auth;
    const id = (request.params as { id?: string } | undefined)?.id;
    if (SELF_OR_ADMIN_BY_ID.has(operationId) && auth && id !== auth.userId && !auth.roles.includes('admin')) {
      throw forbidden('FORBIDDEN', 'You may only see your own figures');
    }
    await reply.code(501).send({
      error: 'Not implemented yet',
      errorCode: 'NOT_IMPLEMENTED',
      message: `${operationId} arrives in a later release`,
    });
  };
  return Object.assign(handler, { [NOT_IMPLEMENTED]: operationId }) as NotImplementedHandler;
}

export function isNotImplemented(handler: unknown): handler is NotImplementedHandler {
  return typeof handler === 'function' && NOT_IMPLEMENTED in handler;
}
