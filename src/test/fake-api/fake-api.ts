/**
 * The one fake fetch of the component tests, in front of in-memory fakes of the API's resources
 * (this folder, one file each). Each call is resolved to its operation by the contract's paths
 * and methods: a call to no operation of the contract fails its test, and so does one that no
 * fake serves. Each answer is checked against the contract (`mockApi`, src/test/mock-api.ts):
 * one that drifts, or that is another operation's answer, fails its test too.
 */
import { afterEach } from '@jest/globals';
import { loadContract } from '../../../openapi/tools/load-contract';
import { mockApi, NETWORK_ERROR, type OperationId } from '../mock-api';
import { savedViewsFake } from './saved-views';
import { sessionFake } from './session';
import type { Fake, FakeHandler, FakeRequest, Routes } from './types';

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

/** Calls of this test that the contract or the fakes do not answer (each fails the test). */
const failures: string[] = [];
afterEach(() => {
  const found = failures.splice(0);
  if (found.length) throw new Error(`Calls the fake API cannot answer:\n${found.join('\n')}`);
});

/**
 * Replaces fetch with the fakes given (the first that answers an operation wins). The session
 * check and the saved views always answer (a stored session is checked at start-up, and every
 * list screen reads its views), with none saved unless a test gives its own savedViewsFake. `on` puts a handler before
 * them all, for one test's failure or held answer; `callsOf` reads the calls of one operation.
 */
export function fakeApi(...fakes: Fake[]) {
  const overrides: Routes = {};
  const chain: Fake[] = [{ routes: overrides }, ...fakes, sessionFake(), savedViewsFake()];
  const mock = mockApi(async (call) => {
    const resolved = await resolve(call.method, call.path);
    if (!resolved) {
      failures.push(`${call.method} ${call.path}: no operation of the contract`);
      return NETWORK_ERROR;
    }
    const request = Object.assign(call, resolved) as FakeRequest;
    for (const { routes: served } of chain) {
      const answer = await served[request.operationId]?.(request);
      if (!answer) continue;
      if (answer.operationId && answer.operationId !== request.operationId) {
        failures.push(`${request.operationId} answered with ${answer.operationId}'s answer`);
        return NETWORK_ERROR;
      }
      return answer;
    }
    failures.push(`${request.operationId} (${call.method} ${call.path}): no fake serves it`);
    return NETWORK_ERROR;
  });
  const calls = mock.calls as FakeRequest[];
  return {
    ...mock,
    calls,
    /** Answers `operation` with `handler` first (undefined: the fakes answer). */
    on(operation: OperationId, handler: FakeHandler) {
      overrides[operation] = handler;
    },
    /** The calls of one operation, in order. */
    callsOf: (operationId: OperationId) => calls.filter((c) => c.operationId === operationId),
  };
}
