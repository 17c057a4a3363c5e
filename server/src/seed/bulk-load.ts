/**
 * The seed's load, in one transaction on either engine: the bulk tables lose their secondary
 * indexes, keys and foreign keys, the bookings their figure triggers and the audit events their
 * live-stream announcement while the rows go in, and get them back (same names, same
 * definitions, rebuilt in one pass each) before the commit, with
 * `booking_stats` and `booking_hourly` recomputed from the bookings (the figures the triggers
 * would have added up, row for row; server/test/booking-figures.test.ts holds the triggers to
 * that same recomputation). On PostgreSQL (node-postgres) the rows go in by COPY; on PGlite by
 * `insertRows`. A failed seed leaves the database as it was.
 */
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema.js';
import type { AnyTable } from '../db/schema.js';
import { insertRows } from './insert-rows.js';

/** The tables that grow with the number of bookings. */
const BULK_TABLES = ['bookings', 'orders', 'order_items', 'refunds', 'audit_events'];

export type RowWriter = <T extends AnyTable>(table: T, rows: T['$inferInsert'][]) => Promise<void>;

type Rows<R> = { rows: R[] };

async function query<R>(db: Db, text: string): Promise<R[]> {
  return ((await db.execute(sql.raw(text))) as unknown as Rows<R>).rows;
}

/** Drops what slows a bulk load down on the bulk tables; returns the statements that restore it. */
async function dropForLoad(db: Db): Promise<string[]> {
  const tables = BULK_TABLES.map((t) => `'${t}'`).join(', ');
  // Foreign keys that point into the bulk tables or leave them, then their keys (primary and
  // unique), then the other indexes; restored in the reverse order.
  const constraints = await query<{ tbl: string; name: string; def: string; contype: string }>(
    db,
    `select c.conrelid::regclass::text as tbl, c.conname as name,
       pg_get_constraintdef(c.oid) as def, c.contype::text as contype
     from pg_constraint c
     where c.contype in ('f', 'p', 'u')
       and (c.conrelid::regclass::text in (${tables})
         or (c.contype = 'f' and c.confrelid::regclass::text in (${tables})))
     order by (c.contype = 'f') desc, c.conrelid::regclass::text, c.conname`,
  );
  const indexes = await query<{ name: string; def: string }>(
    db,
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = current_schema() and i.tablename in (${tables})
       and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass
         and c.contype in ('p', 'u', 'x'))
     order by i.tablename, i.indexname`,
  );
  for (const c of constraints) {
    await db.execute(sql.raw(`ALTER TABLE "${c.tbl}" DROP CONSTRAINT "${c.name}"`));
  }
  for (const i of indexes) await db.execute(sql.raw(`DROP INDEX "${i.name}"`));
  await db.execute(sql.raw('ALTER TABLE bookings DISABLE TRIGGER USER'));
  // The live stream's announcement of each event (migration 0014): tens of millions of them
  // overflow PostgreSQL's notification queue (8 GB) at the commit, and the load fails.
  await db.execute(sql.raw('ALTER TABLE audit_events DISABLE TRIGGER audit_events_notify'));
  return [
    ...indexes.map((i) => i.def),
    ...constraints
      .slice()
      .reverse()
      .map((c) => `ALTER TABLE "${c.tbl}" ADD CONSTRAINT "${c.name}" ${c.def}`),
    'ALTER TABLE bookings ENABLE TRIGGER USER',
    'ALTER TABLE audit_events ENABLE TRIGGER audit_events_notify',
  ];
}

/**
 * booking_stats and booking_hourly from the bookings (migration 0008's function, the formula of
 * 0002's backfill); with inserts only, the triggers arrive at exactly these rows.
 */
async function recomputeBookingFigures(db: Db): Promise<void> {
  await db.execute(sql`SELECT booking_figures_rebuild()`);
}

/** A value in COPY's text format: \N for null, backslash escapes for the separators. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
    : text;
}

function copyWriter(client: pg.PoolClient): RowWriter {
  return async (table, rows) => {
    if (!rows.length) return;
    const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    const columns = getTableColumns(table) as Record<string, { name: string } | undefined>;
    const names = keys.map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
      return `"${column.name}"`;
    });
    const lines = rows.map(
      (row) => `${keys.map((key) => copyText((row as Record<string, unknown>)[key])).join('\t')}\n`,
    );
    const stream = client.query(
      copyFrom(`COPY "${getTableName(table)}" (${names.join(', ')}) FROM STDIN`),
    );
    await pipeline(Readable.from([lines.join('')]), stream);
  };
}

/**
 * Runs `load` in one transaction with the bulk tables prepared for it; `write` inserts rows
 * (COPY on PostgreSQL), `db` is the transaction for anything else.
 */
export async function bulkLoad(
  db: Db,
  load: (tx: Db, write: RowWriter) => Promise<void>,
): Promise<void> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    const tx = drizzlePg({ client: connection, schema }) as unknown as Db;
    try {
      await connection.query('BEGIN');
      // Index builds sort in memory up to this much (the default, 64 MB, spills to disk).
      await connection.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      // Loading and indexing the whole demo takes longer than a request's statement timeout.
      await connection.query('SET LOCAL statement_timeout = 0');
      const restore = await dropForLoad(tx);
      await load(tx, copyWriter(connection));
      for (const statement of restore) await connection.query(statement);
      await recomputeBookingFigures(tx);
      await connection.query('COMMIT');
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      connection.release();
    }
    return;
  }
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const restore = await dropForLoad(txDb);
    await load(txDb, (table, rows) => insertRows(txDb, table, rows));
    for (const statement of restore) await txDb.execute(sql.raw(statement));
    await recomputeBookingFigures(txDb);
  });
}
