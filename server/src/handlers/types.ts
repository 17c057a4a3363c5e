/**
 * Handler types derived from the generated contract types, so a handler's request and response
 * shapes are the contract's. The contract validates requests before a handler runs.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BodyOf, OperationId, ParamsOf, QueryOf, ResultOf } from '../lib/contract-types.js';

type RequestOf<K extends OperationId> = FastifyRequest<{
  Body: BodyOf<K>;
  Querystring: QueryOf<K>;
  Params: ParamsOf<K>;
}>;

type Handler<K extends OperationId> = (
  req: RequestOf<K>,
  reply: FastifyReply,
) => Promise<ResultOf<K> | FastifyReply>;

export type Handlers = { [K in OperationId]?: Handler<K> };
