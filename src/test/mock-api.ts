import { afterEach, jest } from '@jest/globals';
import type { operations } from '../../openapi/schema';
import { loadContract } from '../../openapi/tools/load-contract';
import { createResponseValidator } from '../../openapi/tools/response-validator';
import { API_BASE_URL } from '../api/config';
import { permissionsOf } from '../../common/team-roles';

export interface MockRequest {
  method: string;
  /** Path below the API base URL, e.g. '/user/login'. */
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  /** The contract operation whose answer this is: its body is checked against the contract. */
  operationId?: OperationId;
}

export type MockHandler = (
  request: MockRequest,
) => MockReply | undefined | Promise<MockReply | undefined>;

/** An operation of the contract (openapi/schema.d.ts), e.g. 'listAuditEvents'. */
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

/**
 * The answer of `operationId` with `status` and `body`, typed from the contract; when the call
 * is answered, the body is also checked against the operation's response schema, and a body
 * that does not match fails the test (see mockApi).
 */
export function reply<O extends OperationId, S extends StatusOf<O>>(
  operationId: O,
  status: S,
  ...[body]: BodyOf<O, S> extends undefined ? [] : [BodyOf<O, S>]
): MockReply {
  return { operationId, status, body };
}

/**
 * Like `reply`, for a mock server generic over several operations (e.g. one per reference list),
 * whose bodies TypeScript cannot tie to one operation: checked against the contract alike.
 */
export function replyOf(operationId: OperationId, status: number, body?: unknown): MockReply {
  return { operationId, status, body };
}

/** The call fails without an answer, as when the network is down. */
export const NETWORK_ERROR: MockReply = { status: 0 };

/**
 * An answer outside the contract on purpose, to test how the SPA copes with one (a 500 or a
 * proxy's 502, an error without its message): it is not checked. Every other answer is a `reply`.
 */
export function offContract(status: number, body?: unknown): MockReply {
  return { status, body };
}

// Loaded as the test file starts (it takes a second or two), while the screen loads antd.
const validator = loadContract().then((contract) => createResponseValidator(contract));
/** Answers of this test that do not match the contract (each fails the test after it). */
const drifts: string[] = [];

/** The contract's complaints about an answer: none when it matches. */
export async function contractViolations(answer: MockReply): Promise<string[]> {
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

/** The mismatches found since the last call (and forgets them). */
export const takeDrifts = (): string[] => drifts.splice(0);

/** Calls of this test whose arguments have no answer in their `byQuery` table. */
const unanswered: string[] = [];
/** The calls found since the last call without an answer for their arguments (and forgets them). */
export const takeUnanswered = (): string[] => unanswered.splice(0);

afterEach(() => {
  const found = takeDrifts();
  if (found.length) {
    throw new Error(`A mocked answer does not match the contract:\n${found.join('\n')}`);
  }
  const missed = takeUnanswered();
  if (missed.length) throw new Error(`Calls with unexpected arguments:\n${missed.join('\n')}`);
});

/** A query string with its parameters in a fixed order, to compare two of them. */
const canonicalQuery = (params: URLSearchParams): string => {
  const sorted = new URLSearchParams(params);
  sorted.sort();
  return sorted.toString();
};

/**
 * Fixed answers of one endpoint, one per query the screen is expected to send, written as a query
 * string in any order of its parameters (e.g. 'limit=10&skip=10&search=JANE'). The mock does no
 * search or paging of its own (the server's are tested against it in
 * src/app/screens-real-server.test.tsx): a call with other arguments fails its test, naming them.
 */
export function byQuery(
  answers: Record<string, () => MockReply>,
): (call: MockRequest) => MockReply {
  const table = new Map(
    Object.entries(answers).map(([query, answer]) => [
      canonicalQuery(new URLSearchParams(query)),
      answer,
    ]),
  );
  return (call) => {
    const query = canonicalQuery(call.url.searchParams);
    const answer = table.get(query);
    if (answer) return answer();
    return noAnswerFor(call);
  };
}

/** Records a call whose arguments the test has no answer for (failing it) and fails the call. */
export function noAnswerFor(call: MockRequest): MockReply {
  unanswered.push(`${call.method} ${call.path}?${canonicalQuery(call.url.searchParams)}`);
  return NETWORK_ERROR;
}

/**
 * Replaces fetch with `handler` for API calls and records each request. Unhandled calls (the
 * handler returns undefined) answer 404. Each answer made by `reply` is checked against the
 * contract; one that does not match is answered as a network failure and fails the test.
 */
export function mockApi(handler: MockHandler) {
  const calls: MockRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const call: MockRequest = {
      method: request.method,
      path: url.pathname.replace(API_BASE_URL, ''),
      url,
      headers: request.headers,
      body: await bodyOf(request),
    };
    calls.push(call);
    const answer = (await handler(call)) ?? NOT_FOUND;
    const violations = await contractViolations(answer);
    if (violations.length) {
      drifts.push(...violations);
      throw new TypeError(`The mocked answer does not match the contract: ${violations[0]}`);
    }
    if (answer.status === 0) throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return { calls, fetchMock };
}

/** JSON bodies parsed; multipart bodies as FormData, form-encoded ones as URLSearchParams. */
/** What a path the handler does not serve answers (no operation: no route of the API). */
const NOT_FOUND = offContract(404, { success: false, status_code: 404, message: 'Not found' });

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(text);
  return text ? JSON.parse(text) : undefined;
}

export const adminUser = {
  _id: '4f1c2a9e-7d3b-4c55-9a61-0d2e8b7f6a10',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'admin@example.com',
  role: 'admin',
  avatar: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  status: true,
  teamRole: 'owner' as const,
  permissions: permissionsOf('owner'),
  refundLimitUsd: null,
};

export const sessionCheckOk = reply('getTotalBookings', 200, {
  success: true,
  message: 'OK',
  status_code: 200,
  data: { bookingCount: 3, percentageIncrease: 0 },
});
