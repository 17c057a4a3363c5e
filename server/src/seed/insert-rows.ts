/**
 * Bulk insert for the seed: one statement per batch whatever its size, one array parameter per
 * column (`insert … select * from unnest($1::uuid[], $2::text[], …)`). Both engines take it, and
 * it needs neither a parameter per value (PostgreSQL allows 65,535) nor a driver with COPY.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { AnyTable } from '../db/schema.js';

/** A value as the text PostgreSQL parses for the column's type (jsonb as JSON, times as ISO). */
function toText(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

export async function insertRows<T extends AnyTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  if (!rows.length) return;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const columns = getTableColumns(table) as Record<
    string,
    { name: string; getSQLType(): string } | undefined
  >;
  const targets = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column;
  });
  const arrays = keys.map(
    (key, i) =>
      sql`${sql.param(rows.map((row) => toText((row as Record<string, unknown>)[key])))}::${sql.raw(targets[i].getSQLType())}[]`,
  );
  await db.execute(
    sql`insert into ${table} (${sql.join(
      targets.map((c) => sql.identifier(c.name)),
      sql`, `,
    )}) select * from unnest(${sql.join(arrays, sql`, `)})`,
  );
}
