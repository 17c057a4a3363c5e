/**
 * Read operations (GET): each once as it comes, a list also page by page and with each value of
 * each filter it declares. Operations that need an id wait until an earlier answer gave one.
 */
import { withQuery, type Request } from './http.js';
import type { Operation } from './operations.js';
import type { Session } from './session.js';
import type { createValues } from './values.js';

type Values = ReturnType<typeof createValues>;

const PAGE = 2;

export function target(operation: Operation, values: Record<string, Record<string, unknown>>) {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(values.path?.[name])),
  );
  return withQuery(path, values.query ?? {});
}

export function headersOf(values: Record<string, Record<string, unknown>>) {
  return Object.fromEntries(Object.entries(values.header ?? {}).map(([k, v]) => [k, String(v)]));
}

export async function exerciseReads(session: Session, values: Values) {
  let pending = session.operations.filter((op) => op.method === 'GET' && session.allowed(op));
  // Operations whose required parameters earlier answers can fill go first, in rounds.
  while (pending.length > 0) {
    const ready = pending.filter((op) => values.required(op).missing.length === 0);
    if (ready.length === 0) break;
    for (const operation of ready) await exerciseRead(session, values, operation);
    pending = pending.filter((op) => !ready.includes(op));
  }
  for (const operation of pending) {
    const { values: given, missing } = values.required(operation);
    if (!session.selected(operation)) continue;
    session.note(
      operation,
      `no earlier answer gave a value for ${missing.join(', ')}: checked the answer to an unknown one`,
    );
    await session.exchange(operation, request(operation, given, {}, session.token), 'declared');
  }
}

function request(
  operation: Operation,
  given: Record<string, Record<string, unknown>>,
  query: Record<string, unknown>,
  token: string | undefined,
): Request {
  const values = { ...given, query: { ...given.query, ...query } };
  return {
    method: 'GET',
    target: target(operation, values),
    token: token ?? null,
    headers: { accept: operation.accept, ...headersOf(given) },
  };
}

async function exerciseRead(session: Session, values: Values, operation: Operation) {
  const { values: given } = values.required(operation);
  await session.exchange(operation, request(operation, given, {}, session.token), 'success');
  if (!session.selected(operation)) return;
  const optional = operation.parameters.filter((p) => p.in === 'query' && !p.required);
  const names = new Set(optional.map((p) => p.name));
  const rows = session.rows.get(operation.id) ?? [];

  if (names.has('skip') && names.has('limit')) await checkPaging(session, operation, given);
  for (const parameter of optional) {
    if (parameter.name === 'skip' || parameter.name === 'limit') continue;
    const filterValues = values.filterValues(operation, parameter, rows);
    if (filterValues.length === 0) {
      session.note(operation, `no value found for the filter ${parameter.name}`);
    }
    for (const value of filterValues) {
      const limit = names.has('limit') ? { limit: PAGE } : {};
      await session.exchange(
        operation,
        request(operation, given, { ...limit, [parameter.name]: value }, session.token),
        'success',
      );
    }
  }
}

type Row = { _id?: unknown };

/**
 * Two pages of PAGE rows: each at most PAGE long, and the second not repeating the first (a
 * backend that ignores skip would show the same rows again).
 */
async function checkPaging(
  session: Session,
  operation: Operation,
  given: Record<string, Record<string, unknown>>,
) {
  const pages: Row[][] = [];
  for (const skip of [0, PAGE]) {
    const sent = request(operation, given, { skip, limit: PAGE }, session.token);
    const answer = await session.exchange(operation, sent, 'success');
    const data = (answer?.body as { data?: unknown })?.data;
    if (!Array.isArray(data)) continue;
    pages.push(data as Row[]);
    const ids = new Set<unknown>(pages[0].map((row) => row?._id).filter((id) => id !== undefined));
    const repeated = skip > 0 && data.some((row: Row) => ids.has(row?._id));
    if (data.length <= PAGE && !repeated) continue;
    const result = session.result(operation);
    result.passed--;
    result.failures.push({
      request: `GET ${sent.target}`,
      pointer: '/data',
      expected: repeated
        ? `rows after the first ${PAGE} (skip=${skip})`
        : `at most ${PAGE} items (limit=${PAGE})`,
      got: repeated ? 'rows of the first page again' : `${data.length} items`,
    });
  }
}
