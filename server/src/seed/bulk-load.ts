/**
 * The seed's load on either engine: the bulk tables lose their secondary indexes, keys and
 * foreign keys, the bookings their figure triggers and the audit events their live-stream
 * announcement and counters while the rows go in, and get them back (same names, same
 * definitions, rebuilt in one pass each), with `booking_stats` and `booking_hourly` recomputed
 * from the bookings and the Audit Log's counters from the events (the figures the triggers would
 * have added up, row for row; server/test/booking-figures.test.ts and seed.test.ts hold the
 * triggers to that same recomputation). On PostgreSQL (node-postgres) the rows go in by COPY and
 * the transaction commits with its keys, triggers and figures back; the secondary indexes are
 * then built on connections of their own, several at once (PostgreSQL builds a trigram index on
 * one core; in the load's transaction they were a third of a ten-million-booking seed, one after
 * the other), each listed in `deferred_indexes` (migration 0024) until the transaction that builds
 * it commits, so that a seed stopped meanwhile leaves them for the next start to build
 * (buildDeferredIndexes). On PGlite (one connection) everything is one transaction, by
 * `insertRows`. A seed that fails before its commit leaves the database as it was.
 */
import { availableParallelism } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../db/client.js';
import { errorChain } from '../lib/error-chain.js';
import * as schema from '../db/schema.js';
import type { AnyTable } from '../db/schema.js';
import { insertRows } from './insert-rows.js';

/** The tables that grow with the number of bookings. */
const BULK_TABLES = ['bookings', 'orders', 'order_items', 'refunds', 'audit_events'];

/** The audit events' triggers that are off while the rows go in (see dropForLoad). */
const AUDIT_LOAD_TRIGGERS = [
  'audit_events_notify',
  'audit_event_counts_insert',
  'audit_actor_counts_insert',
];

/**
 * Writes rows into a table. Calls may overlap: each writer takes the rows at the call (the COPY
 * writer turns them into text at once) and writes them after the calls before it, in order.
 */
export type RowWriter = (<T extends AnyTable>(
  table: T,
  rows: T['$inferInsert'][],
) => Promise<void>) & {
  /** PostgreSQL's writer only: writes rows made COPY text elsewhere (copyRows, in a thread). */
  copy?: (rows: CopyRows) => Promise<void>;
};

/** Rows of a table as COPY text: its column list and the text in UTF-8, COPY_CHUNK rows a chunk. */
export type CopyRows = { table: string; columns: string; chunks: Buffer[] };

/** Runs the functions it is given one after the other, in the order it was given them. */
function inOrder(): (run: () => Promise<void>) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return (run) => {
    const next = last.then(run);
    // Its failure is its caller's; the next one runs (and fails on the aborted transaction).
    last = next.catch(() => {});
    return next;
  };
}

type Rows<R> = { rows: R[] };

async function query<R>(db: Db, text: string): Promise<R[]> {
  return ((await db.execute(sql.raw(text))) as unknown as Rows<R>).rows;
}

/** A secondary index: its name and the statement that creates it. */
type IndexDefinition = { name: string; def: string };

/**
 * Drops what slows a bulk load down on the bulk tables; returns their secondary indexes and the
 * statements that restore the rest (keys, then foreign keys, then triggers).
 */
async function dropForLoad(db: Db): Promise<{ indexes: IndexDefinition[]; restore: string[] }> {
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
  const indexes = await query<IndexDefinition>(
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
  // overflow PostgreSQL's notification queue (8 GB) at the commit, and the load fails. And the
  // Audit Log's counters, recomputed at the end (audit_counts_rebuild, migration 0023): kept
  // per statement, a ten-million-booking seed updated thousands of actors' rows per batch, each
  // update a row version the open transaction keeps (the counters grew to 800 MB, and the load
  // waited on them).
  for (const trigger of AUDIT_LOAD_TRIGGERS) {
    await db.execute(sql.raw(`ALTER TABLE audit_events DISABLE TRIGGER ${trigger}`));
  }
  return {
    indexes,
    restore: [
      ...constraints
        .slice()
        .reverse()
        .map((c) => `ALTER TABLE "${c.tbl}" ADD CONSTRAINT "${c.name}" ${c.def}`),
      'ALTER TABLE bookings ENABLE TRIGGER USER',
      ...AUDIT_LOAD_TRIGGERS.map((trigger) => `ALTER TABLE audit_events ENABLE TRIGGER ${trigger}`),
    ],
  };
}

/**
 * booking_stats and booking_hourly from the bookings (migration 0008's function, the formula of
 * 0002's backfill), and the Audit Log's counters from the events (0023); with inserts only, the
 * triggers arrive at exactly these rows.
 */
async function recomputeFigures(db: Db): Promise<void> {
  await db.execute(sql`SELECT booking_figures_rebuild()`);
  await db.execute(sql`SELECT audit_counts_rebuild()`);
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

/** A value in COPY's text format: \N for null, backslash escapes for the separators. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text =
    typeof value === 'string'
      ? value
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  return COPY_SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : text;
}

/** Rows are turned into COPY text and sent this many at a time (memory flat in the rows written). */
const COPY_CHUNK = 1_000;

/** A chunk's first size in bytes (grown when its rows need more). */
const CHUNK_BYTES = 1 << 20;
const TAB = 9;
const NEWLINE = 10;

/**
 * COPY text of `rows`, the values of `keys` in that order, COPY_CHUNK rows to a chunk, written
 * into buffers as it is made (no joined strings to collect, and a thread can hand them over).
 */
function* copyChunks(rows: readonly object[], keys: readonly string[]): Generator<Buffer> {
  for (let start = 0; start < rows.length; start += COPY_CHUNK) {
    let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let at = 0;
    const end = Math.min(rows.length, start + COPY_CHUNK);
    for (let r = start; r < end; r += 1) {
      const row = rows[r] as Record<string, unknown>;
      for (let k = 0; k < keys.length; k += 1) {
        const text = copyText(row[keys[k]!]);
        // At most three bytes per UTF-16 unit, and the separator.
        if (at + text.length * 3 + 1 > chunk.length) {
          const larger = Buffer.allocUnsafe(Math.max(chunk.length * 2, at + text.length * 3 + 1));
          chunk.copy(larger, 0, 0, at);
          chunk = larger;
        }
        at += chunk.write(text, at);
        chunk[at++] = k === keys.length - 1 ? NEWLINE : TAB;
      }
    }
    yield chunk.subarray(0, at);
  }
}

/** `rows` of `table` as COPY text (the columns are the keys the rows have). */
export function copyRows(table: AnyTable, rows: readonly object[]): CopyRows {
  const keySet = new Set<string>();
  for (const row of rows) for (const key in row) keySet.add(key);
  const keys = [...keySet];
  const columns = getTableColumns(table) as Record<string, { name: string } | undefined>;
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return `"${column.name}"`;
  });
  return {
    table: getTableName(table),
    columns: names.join(', '),
    chunks: [...copyChunks(rows, keys)],
  };
}

/**
 * COPY into the tables; `frozen` lists those emptied in this transaction (COPY … FREEZE). The rows
 * become text at the call, so the caller can go on generating while the database reads them.
 */
function copyWriter(client: pg.PoolClient, frozen: readonly string[]): RowWriter {
  const queue = inOrder();
  const copy = ({ table, columns, chunks }: CopyRows) => {
    if (!chunks.length) return Promise.resolve();
    // Frozen and all-visible from the start: the VACUUM after the seed skips their pages, and
    // index-only scans need no visibility check.
    const freeze = frozen.includes(table) ? ' FREEZE' : '';
    const statement = `COPY "${table}" (${columns}) FROM STDIN${freeze}`;
    return queue(() => pipeline(Readable.from(chunks), client.query(copyFrom(statement))));
  };
  return Object.assign(
    <T extends AnyTable>(table: T, rows: T['$inferInsert'][]) => copy(copyRows(table, rows)),
    { copy },
  );
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
      // Index builds sort in memory up to this much (the default, 64 MB, spills to disk; at ten
      // million bookings an audit index sorts about a gigabyte), and the foreign keys' checks
      // join whole tables (the default work_mem, 4 MB, splits their hash joins into batches).
      await connection.query(`SET LOCAL maintenance_work_mem = '1GB'`);
      await connection.query(`SET LOCAL work_mem = '256MB'`);
      // Loading and indexing the whole demo takes longer than a request's statement timeout.
      await connection.query('SET LOCAL statement_timeout = 0');
      const { indexes, restore } = await dropForLoad(tx);
      // The empty ones emptied again in this transaction, so that COPY may write them frozen.
      const empty: string[] = [];
      for (const table of BULK_TABLES) {
        const { rowCount } = await connection.query(`SELECT 1 FROM "${table}" LIMIT 1`);
        if (!rowCount) empty.push(table);
      }
      if (empty.length) await connection.query(`TRUNCATE ${empty.map((t) => `"${t}"`).join(', ')}`);
      await load(tx, copyWriter(connection, empty));
      for (const statement of restore) await connection.query(statement);
      await recomputeFigures(tx);
      // Kept if already there (a stopped seed's, whose index is missing from the catalog).
      for (const { name, def } of indexes) {
        await connection.query(
          'INSERT INTO deferred_indexes (name, definition) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
          [name, def],
        );
      }
      await connection.query('COMMIT');
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      connection.release();
    }
  } else {
    await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const { indexes, restore } = await dropForLoad(txDb);
      const queue = inOrder();
      await load(txDb, (table, rows) => {
        const taken = rows.slice();
        return queue(() => insertRows(txDb, table, taken));
      });
      for (const { def } of indexes) await txDb.execute(sql.raw(def));
      for (const statement of restore) await txDb.execute(sql.raw(statement));
      await recomputeFigures(txDb);
    });
  }
  await buildDeferredIndexes(db);
}

/**
 * Builds the indexes `deferred_indexes` lists (a bulk load's, or those a stopped seed left), on
 * PostgreSQL as many at once as the machine has cores (4 at most), trigram indexes and the
 * largest tables' first, each removed from the list in the transaction that builds it; `log`
 * hears of each before it is built.
 */
export async function buildDeferredIndexes(
  db: Db,
  log: (line: string) => void = () => {},
): Promise<void> {
  const pending = await query<{ name: string; definition: string }>(
    db,
    `select d.name, d.definition from deferred_indexes d
     left join pg_class t on t.oid = to_regclass(substring(d.definition from ' ON (\\S+) USING '))
     order by (d.definition like '% USING gin %') desc, coalesce(t.relpages, 0) desc, d.name`,
  );
  const next = pending.values();
  // An index that cannot be built stays listed; the others are built before that is reported.
  const failed: { name: string; error: unknown }[] = [];
  const builder = async () => {
    for (let item = next.next(); !item.done; item = next.next()) {
      const { name, definition } = item.value;
      log(`Building index ${name}`);
      try {
        await db.transaction(async (tx) => {
          // As in the load's transaction (an audit index sorts about a gigabyte at ten million).
          await tx.execute(sql`SET LOCAL maintenance_work_mem = '1GB'`);
          await tx.execute(sql`SET LOCAL statement_timeout = 0`);
          await tx.execute(sql.raw(definition));
          await tx.execute(sql`DELETE FROM deferred_indexes WHERE name = ${name}`);
        });
      } catch (error) {
        failed.push({ name, error });
      }
    }
  };
  // Each its own connection on PostgreSQL (PGlite has one), at most 4: each may take
  // maintenance_work_mem, and the pool has 10 connections, which a waiting one would time out on.
  const client = (db as unknown as { $client: unknown }).$client;
  const builders = client instanceof pg.Pool ? Math.min(availableParallelism(), 4) : 1;
  await Promise.all(Array.from({ length: Math.min(builders, pending.length) }, builder));
  if (failed.length) {
    const [first] = failed;
    throw new Error(
      `${failed.length === 1 ? 'An index' : 'Indexes'} could not be built (${failed.map((f) => f.name).join(', ')}); ` +
        `the next start tries again. ${first!.name}: ${errorChain(first!.error).at(-1)?.message}`,
      { cause: first!.error },
    );
  }
}
