/**
 * The hand-written mock servers of the tests not yet on the fakes (fake-api/): one handler per
 * test, its answers checked against the contract like the fakes'.
 */
import { installFetch } from './fake-api/fake-api';
import { failTest, NETWORK_ERROR, offContract, type FakeReply } from './fake-api/reply';
import type { ApiCall } from './fake-api/types';

export { adminUser, sessionCheckOk } from './fake-api/session';
export { NETWORK_ERROR, offContract, reply } from './fake-api/reply';
export type { FakeReply as MockReply } from './fake-api/reply';
export type MockRequest = ApiCall;

type MockHandler = (request: ApiCall) => FakeReply | undefined | Promise<FakeReply | undefined>;

/** A query string with its parameters in a fixed order, to compare two of them. */
const canonicalQuery = (params: URLSearchParams): string => {
  const sorted = new URLSearchParams(params);
  sorted.sort();
  return sorted.toString();
};

/** Fixed answers of one endpoint, one per query the screen is expected to send. */
export function byQuery(answers: Record<string, () => FakeReply>): (call: ApiCall) => FakeReply {
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
    failTest(`${call.method} ${call.path}?${query}: no answer for these filters`);
    return NETWORK_ERROR;
  };
}

/** What a path the handler does not serve answers (no operation: no route of the API). */
const NOT_FOUND = offContract(404, { success: false, status_code: 404, message: 'Not found' });

/** Replaces fetch with `handler` for API calls; unhandled calls answer 404. */
export function mockApi(handler: MockHandler) {
  const calls = installFetch(async (call) => (await handler(call)) ?? NOT_FOUND);
  return { calls };
}
