// Handlers are typed from the contract: openapi-typescript's `operations` gives each operation's
// parameters, request body and success bodies, so a handler that returns the wrong shape, or a missing
// operationId, fails `npm run typecheck`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../api/schema';

export type OperationId = keyof operations;

type Params<Op> = Op extends { parameters: infer P } ? P : never;
type PathOf<Op> = Params<Op> extends { path?: infer X } ? (X extends Record<string, unknown> ? X : unknown) : unknown;
type QueryOf<Op> = Params<Op> extends { query?: infer X } ? (X extends Record<string, unknown> ? X : unknown) : unknown;
type BodyOf<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : unknown;

type SuccessCodes = 200 | 201 | 202;
type ResponsesOf<Op> = Op extends { responses: infer R } ? R : never;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The union of the JSON bodies of the operation's 2xx responses. */
export type SuccessBody<Op> = {
  [C in keyof ResponsesOf<Op>]: C extends SuccessCodes ? JsonOf<ResponsesOf<Op>[C]> : never;
}[keyof ResponsesOf<Op>];

export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Params: PathOf<operations[K]>;
  Querystring: QueryOf<operations[K]>;
  Body: BodyOf<operations[K]>;
}>;

/** A handler returns the success body (sent as 200 unless it set another code) or nothing (204/empty). */
export type OperationHandler<K extends OperationId> = (request: OperationRequest<K>, reply: FastifyReply) => Promise<SuccessBody<operations[K]> | void>;

export type OperationHandlers = { [K in OperationId]: OperationHandler<K> };
