/**
 * A table's row that the database sent as JSON (`row_to_json`, inside a larger statement), as
 * the row drizzle would have given: each column read by its database name and mapped as drizzle
 * maps it (timestamps to Date, bigint to number, jsonb parsed).
 */
import { getTableColumns } from 'drizzle-orm';
import type { AnyTable } from './schema.js';

type Column = { name: string; mapFromDriverValue(value: unknown): unknown };

export function fromJsonRow<T extends AnyTable>(
  table: T,
  json: Record<string, unknown>,
): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, Column>)) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** A JSON column as the drivers give it: PGlite and node-postgres parse it, a string is parsed. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
