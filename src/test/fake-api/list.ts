/** A list operation of a fake: its rows paged by skip and limit, its filters from a table. */
import { failTest, NETWORK_ERROR, replyOf, type OperationId } from './reply';
import type { FakeHandler } from './types';

/**
 * What the server would find for each set of filters a test expects the screen to send, keyed by
 * the query without skip and limit, parameters in any order (e.g. 'status=rejected&rating=5').
 * The fakes do no searching or filtering of their own (the server's is tested against it, in
 * src/app/screens-real-server.test.tsx): a call with filters not in the table fails its test,
 * naming them. No filters at all finds every row, unless the table says otherwise (''); '*'
 * answers every set of filters not in the table (for a test about something else than the list).
 */
export type Filters<Row> = Record<string, (rows: Row[]) => Row[]>;

const canonical = (params: URLSearchParams) => {
  const sorted = new URLSearchParams(params);
  sorted.sort();
  return sorted.toString();
};

/**
 * Answers `operationId` with `{ success, message, count, data }` (and the `envelope` fields its
 * contract also requires): the rows the filters find, `count` of them, the page `skip` and `limit`
 * ask for (all of them without `limit`).
 */
export function listOf<Row>(
  operationId: OperationId,
  rows: () => Row[],
  filters: Filters<Row> = {},
  envelope: Record<string, unknown> = {},
): FakeHandler {
  const { '*': otherwise, ...listed } = filters;
  const table = new Map(
    Object.entries(listed).map(([query, find]) => [canonical(new URLSearchParams(query)), find]),
  );
  return (call) => {
    const params = new URLSearchParams(call.url.searchParams);
    const skip = Number(params.get('skip') ?? 0);
    const limit = params.has('limit') ? Number(params.get('limit')) : Infinity;
    params.delete('skip');
    params.delete('limit');
    const query = canonical(params);
    const find = table.get(query) ?? (query === '' ? (all: Row[]) => all : undefined) ?? otherwise;
    if (!find) {
      failTest(`${call.method} ${call.path}?${query}: no answer for these filters`);
      return NETWORK_ERROR;
    }
    const found = find(rows());
    const data = found.slice(skip, skip + limit);
    const count = found.length;
    return replyOf(operationId, 200, { success: true, message: 'OK', ...envelope, count, data });
  };
}
