/**
 * The one fake fetch of the component tests, in front of in-memory fakes of the API's resources
 * (this folder, one file each). Each call is resolved to its operation by the contract's paths
 * and methods: a call to no operation of the contract fails its test, and so does one that no
 * fake serves. Each answer is checked against the contract (reply.ts): one that drifts, or that
 * is another operation's answer, fails its test too. A write the contract versions must carry
 * If-Match, and the fakes answer a stale one with 412 as the server does (versions.ts).
 */
import { loadContract } from '../../../openapi/tools/load-contract';
import { API_BASE_URL } from '../../api/config';
import {
  contractViolations,
  failTest,
  NETWORK_ERROR,
  type FakeReply,
  type OperationId,
} from './reply';
import { approvalsFake } from './approvals';
import { mfaFake } from './mfa';
import { eventsFake } from './events';
import { savedViewsFake } from './saved-views';
import { sessionFake } from './session';
import type { ApiCall, Fake, FakeHandler, FakeRequest, Routes } from './types';
import { versionedOperations } from './versions';

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  literal: number;
  operationId: OperationId;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

// The contract's operations, the most literal path first (`/a/export` before `/a/{id}`).
const routes: Promise<Route[]> = loadContract().then((contract) =>
  Object.entries(contract.paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method, operation]) => METHODS.has(method) && operation?.operationId)
        .map(([method, operation]) => {
          const names: string[] = [];
          const source = path
            .split('/')
            .map((segment) => {
              const name = /^\{(.+)\}$/.exec(segment)?.[1];
              if (!name) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
              names.push(name);
              return '([^/]+)';
            })
            .join('/');
          return {
            method: method.toUpperCase(),
            pattern: new RegExp(`^${source}$`),
            names,
            literal: path.split('/').length - names.length,
            operationId: operation.operationId as OperationId,
          };
        }),
    )
    .sort((a, b) => b.literal - a.literal),
);

/** The operation a call is, by the contract: undefined for a call to no operation. */
async function resolve(method: string, path: string) {
  for (const route of await routes) {
    const match = route.method === method ? route.pattern.exec(path) : null;
    if (match) {
      const params = Object.fromEntries(
        route.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]),
      );
      return { operationId: route.operationId, params };
    }
  }
  return undefined;
}

/** JSON bodies parsed; multipart bodies as FormData, form-encoded ones as URLSearchParams. */
async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(text);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Replaces fetch with `answer`, recording each call. An answer that does not match the contract
 * fails the call (as a network failure) and the test; NETWORK_ERROR fails the call alone.
 */
function installFetch(answer: (call: ApiCall) => Promise<FakeReply>) {
  const calls: ApiCall[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const call: ApiCall = {
      method: request.method,
      path: url.pathname.replace(API_BASE_URL, ''),
      url,
      headers: request.headers,
      signal: request.signal,
      body: await bodyOf(request),
    };
    calls.push(call);
    const answered = await answer(call);
    const violations = await contractViolations(answered);
    if (violations.length) {
      violations.forEach((violation) => failTest(`An answer drifted: ${violation}`));
      throw new TypeError(`The fake answer does not match the contract: ${violations[0]}`);
    }
    if (answered.status === 0) throw new TypeError('Failed to fetch');
    if (answered.stream) {
      // Leaving (the stream client's abort) cancels the fake stream, as it would end a real one.
      request.signal.addEventListener(
        'abort',
        () => void answered.stream?.cancel().catch(() => {}),
      );
      return new Response(answered.stream, {
        status: answered.status ?? 200,
        headers: { 'Content-Type': 'text/event-stream' },
      });
    }
    return new Response(answered.body === undefined ? null : JSON.stringify(answered.body), {
      status: answered.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return calls;
}

/**
 * Replaces fetch with the fakes given (the first that answers an operation wins). The session
 * (start-up check, the signed-in admin, logout), the saved views, the approval queue and the
 * live event stream always answer (a stored session is checked at start-up, every list screen
 * reads its views, the sidebar reads how many requests the admin may decide, a signed-in app
 * opens the stream), with none saved, none waiting and no event unless a test gives its own
 * savedViewsFake, approvalsFake or eventsFake. `on` puts a handler before them all, for one
 * test's failure or held answer; `callsOf` reads the calls of one operation.
 */
export function fakeApi(...fakes: Fake[]) {
  const overrides: Routes = {};
  const chain: Fake[] = [
    { routes: overrides },
    ...fakes,
    sessionFake(),
    savedViewsFake(),
    approvalsFake(),
    // Two-step verification as for an admin without a factor (the account page reads it).
    mfaFake(),
    eventsFake(),
  ];
  const calls = installFetch(async (call) => {
    const resolved = await resolve(call.method, call.path);
    if (!resolved) {
      failTest(`${call.method} ${call.path}: no operation of the contract`);
      return NETWORK_ERROR;
    }
    const request = Object.assign(call, resolved) as FakeRequest;
    if ((await versionedOperations).has(request.operationId) && !call.headers.has('If-Match')) {
      // The server takes it (unless REQUIRE_IF_MATCH), but the SPA always sends what it read.
      failTest(
        `${request.operationId}: sent without If-Match (the version the record was read at)`,
      );
    }
    for (const { routes: served } of chain) {
      const answer = await served[request.operationId]?.(request);
      if (!answer) continue;
      if (answer.operationId && answer.operationId !== request.operationId) {
        failTest(`${request.operationId} answered with ${answer.operationId}'s answer`);
        return NETWORK_ERROR;
      }
      return answer;
    }
    failTest(`${request.operationId} (${call.method} ${call.path}): no fake serves it`);
    return NETWORK_ERROR;
  }) as FakeRequest[];
  return {
    calls,
    /** Answers `operation` with `handler` first (undefined: the fakes answer). */
    on(operation: OperationId, handler: FakeHandler) {
      overrides[operation] = handler;
    },
    /** The calls of one operation, in order. */
    callsOf: (operationId: OperationId) => calls.filter((c) => c.operationId === operationId),
  };
}

/**
 * A hold for `on`: `until` keeps a call waiting until `release()`, then lets the fakes answer it
 * (to see a screen while its call is under way).
 */
export function hold() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    until: async () => {
      await released;
      return undefined;
    },
  };
}
