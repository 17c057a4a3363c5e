/**
 * The answers of the fake API, typed from the contract (openapi/schema.d.ts) and checked against
 * it when they are sent: one that drifts from the contract, or a call no fake could answer, fails
 * the test that made it.
 */
import { afterEach } from '@jest/globals';
import type { operations } from '../../../openapi/schema';
import { loadContract } from '../../../openapi/tools/load-contract';
import { createResponseValidator } from '../../../openapi/tools/response-validator';

/** An operation of the contract, e.g. 'listAuditEvents'. */
export type OperationId = keyof operations;
type Responses<O extends OperationId> = operations[O]['responses'];
/** The HTTP statuses the contract declares for an operation. */
export type StatusOf<O extends OperationId> = keyof Responses<O> & number;
/** The JSON body the contract declares for an operation's answer (undefined: no body). */
export type BodyOf<O extends OperationId, S extends StatusOf<O>> = Responses<O>[S] extends {
  content: { 'application/json': infer Body };
}
  ? Body
  : undefined;

export interface FakeReply {
  status?: number;
  body?: unknown;
  /** The contract operation whose answer this is: its body is checked against the contract. */
  operationId?: OperationId;
  /** an event stream's body (text/event-stream), sent as it is written */
  stream?: ReadableStream<Uint8Array>;
}

/**
 * The answer of `operationId` with `status` and `body`, typed from the contract; when the call
 * is answered, the body is also checked against the operation's response schema.
 */
export function reply<O extends OperationId, S extends StatusOf<O>>(
  operationId: O,
  status: S,
  ...[body]: BodyOf<O, S> extends undefined ? [] : [BodyOf<O, S>]
): FakeReply {
  return { operationId, status, body };
}

/**
 * Like `reply`, for a fake generic over several operations (e.g. one per reference list), whose
 * bodies TypeScript cannot tie to one operation: checked against the contract alike.
 */
export function replyOf(operationId: OperationId, status: number, body?: unknown): FakeReply {
  return { operationId, status, body };
}

/** The call fails without an answer, as when the network is down. */
export const NETWORK_ERROR: FakeReply = { status: 0 };

/**
 * An answer outside the contract on purpose, to test how the SPA copes with one (a 500 or a
 * proxy's 502, an error without its message): it is not checked. Every other answer is a `reply`.
 */
export function offContract(status: number, body?: unknown): FakeReply {
  return { status, body };
}

// Loaded as the test file starts (it takes a second or two), while the screen loads antd.
const validator = loadContract().then((contract) => createResponseValidator(contract));

/** The contract's complaints about an answer: none when it matches. */
export async function contractViolations(answer: FakeReply): Promise<string[]> {
  if (!answer.operationId) return [];
  const status = answer.status ?? 200;
  const type = answer.body === undefined ? undefined : 'application/json';
  return (await validator)
    .check(answer.operationId, status, type, answer.body)
    .map(
      (v) =>
        `${answer.operationId} ${status} ${v.pointer || '/'}: expected ${v.expected}, got ${v.got}`,
    );
}

/** What went wrong with this test's calls (each fails the test after it). */
const problems: string[] = [];

/** Fails the running test, after it ends, with `problem` (and lets it go on until then). */
export function failTest(problem: string): void {
  problems.push(problem);
}

/** The problems found since the last call (and forgets them), for the kit's own tests. */
export const takeProblems = (): string[] => problems.splice(0);

afterEach(() => {
  const found = takeProblems();
  if (found.length) throw new Error(`The fake API found:\n${found.join('\n')}`);
});
