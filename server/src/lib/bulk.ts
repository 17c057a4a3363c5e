/**
 * Bulk actions: one request, one result per row in the order sent. Each row is the single write
 * of its record (its own transaction, version check and audit event), so a row that fails
 * (changed by someone else, gone, not allowed) never stops or undoes the others.
 */
import { HttpError } from './http-error.js';

type BulkResult = 'done' | 'conflict' | 'forbidden' | 'not_found';
export type BulkRow = { _id: string; result: BulkResult; message: string };

/** An error of a row's write as its result: 412 conflict, 404 not found, 400/403 forbidden. */
function resultOf(error: unknown): BulkResult | undefined {
  if (!(error instanceof HttpError)) return undefined;
  if (error.statusCode === 412) return 'conflict';
  if (error.statusCode === 404) return 'not_found';
  if (error.statusCode === 403 || error.statusCode === 400) return 'forbidden';
  return undefined;
}

/**
 * Runs `write` for each item, one after the other (each its own transaction); resolves with each
 * row's result and message. An error other than a row's refusal (the database away) ends the
 * request as it would end a single write.
 */
export async function eachRow<Item extends { _id: string }>(
  items: readonly Item[],
  write: (item: Item) => Promise<string>,
): Promise<BulkRow[]> {
  const rows: BulkRow[] = [];
  for (const item of items) {
    try {
      rows.push({ _id: item._id, result: 'done', message: await write(item) });
    } catch (error) {
      const result = resultOf(error);
      if (!result) throw error;
      rows.push({ _id: item._id, result, message: (error as HttpError).message });
    }
  }
  return rows;
}

/** The request's summary: "5 reviews approved" or "3 of 5 reviews approved; 2 not". */
export function bulkMessage(rows: readonly BulkRow[], noun: string, done: string): string {
  const ok = rows.filter((row) => row.result === 'done').length;
  const plural = rows.length === 1 ? noun : `${noun}s`;
  if (ok === rows.length) return `${rows.length} ${plural} ${done}`;
  return `${ok} of ${rows.length} ${plural} ${done}; ${rows.length - ok} not`;
}
