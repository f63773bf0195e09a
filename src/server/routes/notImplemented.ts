// Operations whose capability belongs to a later issue answer 501 with the contract's error schema.
// They are listed explicitly in routes/index.ts, and a test prints them, so nothing unfinished hides.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationId } from '../http/handlerTypes';

export const NOT_IMPLEMENTED = Symbol('notImplemented');

export interface NotImplementedHandler {
  (request: FastifyRequest, reply: FastifyReply): Promise<void>;
  [NOT_IMPLEMENTED]: OperationId;
}

export function notImplemented(operationId: OperationId): NotImplementedHandler {
  const handler = async (_request: FastifyRequest, reply: FastifyReply) => {
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
