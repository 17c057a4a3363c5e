/**
 * A table's row that the database sent as JSON (`row_to_json`, inside a larger statement), as
 * the row drizzle would have given: each column read by its database name and mapped as drizzle
 * maps it (timestamps to Date, bigint to number, jsonb parsed).
 */
import { getTableColumns } from 'drizzle-orm';
import type { AnyTable } from './schema.js';

type Column = { name: string; mapFromDriverValue(value: unknown): unknown };
type Field = { key: string; name: string; column: Column };

/** Each table's columns as [property, database name], listed once (a page maps many rows). */
const fieldsOf = new WeakMap<AnyTable, Field[]>();

function fields(table: AnyTable): Field[] {
  let list = fieldsOf.get(table);
  if (!list) {
    list = Object.entries(getTableColumns(table) as Record<string, Column>).map(
      ([key, column]) => ({ key, name: column.name, column }),
    );
    fieldsOf.set(table, list);
  }
  return list;
}

export function fromJsonRow<T extends AnyTable>(
  table: T,
  json: Record<string, unknown>,
): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const { key, name, column } of fields(table)) {
    const value = json[name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** A JSON column as the drivers give it: PGlite and node-postgres parse it, a string is parsed. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
