/**
 * Handler types derived from the generated contract types, so a handler's request and response
 * shapes are the contract's. The contract validates requests before a handler runs.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../../openapi/schema.js';

export type OperationId = keyof operations;

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type AnyContent<T> = T extends { content: infer C } ? C[keyof C] : never;

export type BodyOf<K extends OperationId> = operations[K] extends { requestBody?: infer R }
  ? AnyContent<NonNullable<R>>
  : never;
export type QueryOf<K extends OperationId> = operations[K]['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;
export type ParamsOf<K extends OperationId> = operations[K]['parameters'] extends { path?: infer P }
  ? NonNullable<P>
  : never;

type Responses<K extends OperationId> = operations[K]['responses'];
/** The JSON body of the operation's success response (200 or 201). */
export type ResultOf<K extends OperationId> =
  | (Responses<K> extends { 200: infer R } ? JsonContent<R> : never)
  | (Responses<K> extends { 201: infer R } ? JsonContent<R> : never);

export type RequestOf<K extends OperationId> = FastifyRequest<{
  Body: BodyOf<K>;
  Querystring: QueryOf<K>;
  Params: ParamsOf<K>;
}>;

export type Handler<K extends OperationId> = (
  req: RequestOf<K>,
  reply: FastifyReply,
) => Promise<ResultOf<K> | FastifyReply>;

export type Handlers = { [K in OperationId]?: Handler<K> };
