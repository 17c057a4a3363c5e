/**
 * A page of a list with the number of rows the list holds (the envelope's `count`), read side by
 * side: every paged list answers this way.
 */
import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

export type Paging = { skip?: number; limit?: number };
export type Page<Row> = { rows: Row[]; total: number };

/** Skip and limit of the request, with the contract's defaults. */
export const pageOf = ({ skip = 0, limit = 10 }: Paging) => ({ skip, limit });

/** The page's rows and the list's total, both read at once. */
export async function withTotal<Row>(
  rows: PromiseLike<Row[]>,
  total: PromiseLike<{ total: number }[]>,
): Promise<Page<Row>> {
  const [page, [counted]] = await Promise.all([rows, total]);
  return { rows: page, total: counted.total };
}

/** The rows of `table` that `where` selects, counted. */
export const countOf = (db: Pick<Db, 'select'>, table: PgTable, where: SQL | undefined) =>
  db.select({ total: count() }).from(table).where(where);
