/**
 * Reading a whole list in its order, a batch at a time (keyset paging): each batch starts after
 * the last row of the one before, by the list's sort columns, so every batch is one index range
 * read however far into the list it is, and rows written or deleted meanwhile never shift a batch.
 * The sort must end in a unique column and its columns must not be null. Values are compared as
 * parameters the database reads as the column's type (never through a JavaScript Date).
 */
import { and, asc, desc, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

export type SortKey = { column: AnyColumn; direction: 'asc' | 'desc' };

/** Rows a batch holds: large enough that a round trip is cheap, small enough to stay small. */
export const BATCH_SIZE = 1000;

/** The sort's columns as text (exact: a timestamp keeps its microseconds), to resume after. */
export type KeyValues = string[];

export function keyset(sort: readonly SortKey[]) {
  const sameDirection = sort.every((key) => key.direction === sort[0].direction);
  return {
    orderBy: sort.map(({ column, direction }) =>
      direction === 'asc' ? asc(column) : desc(column),
    ),
    /** Selected beside the row: the key values of a row, as text. */
    keys: sql<KeyValues>`array[${sql.join(
      sort.map(({ column }) => sql`${column}::text`),
      sql`, `,
    )}]`,
    /** The rows after `last` in the sort's order (none given: from the start). */
    after(last: KeyValues | undefined): SQL | undefined {
      if (!last) return undefined;
      if (sameDirection) {
        // One row comparison, which an index in that order reads as one range.
        const columns = sql.join(
          sort.map(({ column }) => sql`${column}`),
          sql`, `,
        );
        const values = sql.join(
          last.map((value) => sql`${value}`),
          sql`, `,
        );
        return sort[0].direction === 'asc'
          ? sql`(${columns}) > (${values})`
          : sql`(${columns}) < (${values})`;
      }
      return or(
        ...sort.map(({ column, direction }, i) =>
          and(
            ...sort.slice(0, i).map((key, j) => sql`${key.column} = ${last[j]}`),
            direction === 'asc' ? sql`${column} > ${last[i]}` : sql`${column} < ${last[i]}`,
          ),
        ),
      );
    },
  };
}

/**
 * Every row, batch by batch: `read(after, limit)` reads the rows after that condition in the
 * sort's order, each with its `keys`.
 */
export async function* keysetBatches<Row extends { keys: KeyValues }>(
  read: (after: SQL | undefined, limit: number) => Promise<Row[]>,
  sort: ReturnType<typeof keyset>,
  batchSize = BATCH_SIZE,
): AsyncGenerator<Row[]> {
  let last: KeyValues | undefined;
  for (;;) {
    const rows = await read(sort.after(last), batchSize);
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
    last = rows[rows.length - 1].keys;
  }
}
