/**
 * Handler types derived from the generated contract types, so a handler's request and response
 * shapes are the contract's. The contract validates requests before a handler runs.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import type { ApprovalRequest, AuditChange } from '../db/schema.js';
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

/** The transaction a write runs in. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * How an approved request is carried out: by the handler module of its operation, so the
 * operation's rules stay in one place (handlers/index.ts gives each kind's to the approvals).
 */
export type ApprovalExecutor = {
  /**
   * Carries out the request's operation with its stored arguments inside the approval's
   * transaction; throwing refuses the approval (the transaction rolls back and the request stays
   * pending). Returns the answer's message and what the operation changed, which the approval's
   * audit event records (one event for the decision and what it did).
   */
  carryOut(
    tx: Transaction,
    approval: ApprovalRequest,
  ): Promise<{
    message: string;
    changes: AuditChange[];
    details?: Record<string, string>;
    refundId?: string;
    /** the version of the record it changed (a refund's booking, the restaurant, the fee) */
    version?: number;
  }>;
  /** The answer to a refusal thrown by carryOut, read after the rollback (the state as it is now). */
  explain?(req: FastifyRequest, approval: ApprovalRequest, error: unknown): Promise<unknown>;
};
