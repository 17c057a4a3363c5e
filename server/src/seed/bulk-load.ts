/**
 * The seed's load on either engine: the bulk tables lose their secondary indexes, keys and
 * foreign keys, the bookings their figure triggers and the audit events their live-stream
 * announcement and counters while the rows go in, and get them back (same names, same
 * definitions, rebuilt in one pass each), with `booking_stats` and `booking_hourly` recomputed
 * from the bookings and the Audit Log's counters from the events (the figures the triggers would
 * have added up, row for row; server/test/booking-figures.test.ts and seed.test.ts hold the
 * triggers to that same recomputation). On PostgreSQL (node-postgres) the rows go in by COPY and
 * the transaction commits with the triggers back; the indexes, keys, foreign keys and figures are
 * then built on connections of their own, several at once (PostgreSQL builds a trigram index on
 * one core, and a foreign key's check or a recomputation runs on one; in the load's transaction
 * they were 40% of a ten-million-booking seed, one after the other), each listed in
 * `deferred_steps` (migrations 0024, 0025) until the transaction that runs it commits, so that a
 * seed stopped meanwhile leaves them for the next start to finish before it serves
 * (runDeferredSteps). On PGlite (one connection) everything is one transaction, by `insertRows`.
 * A seed that fails before its commit leaves the database as it was.
 */
import { availableParallelism } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { poolOf, type Db } from '../db/client.js';
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

/**
 * A statement that completes a bulk load once its rows are in: a secondary index, a key, a
 * foreign key or figures recomputed from the rows. It waits for the steps of an earlier stage on
 * the tables it names (a foreign key for the keys it points at, and for its tables' indexes,
 * whose locks it would otherwise wait on).
 */
type Step = { name: string; definition: string; stage: number; tables: string[] };

/** Indexes, keys and figures first; then the foreign keys, which need the keys they point at. */
const FIRST = 0;
const FOREIGN_KEYS = 1;

/**
 * booking_stats and booking_hourly from the bookings (migration 0008's function, the formula of
 * 0002's backfill), and the Audit Log's counters from the events (0023); with inserts only, the
 * triggers arrive at exactly these rows.
 */
const FIGURES: Step[] = [
  {
    name: 'booking_figures',
    definition: 'SELECT booking_figures_rebuild()',
    stage: FIRST,
    tables: [],
  },
  { name: 'audit_counts', definition: 'SELECT audit_counts_rebuild()', stage: FIRST, tables: [] },
];

/**
 * Drops what slows a bulk load down on the bulk tables; returns the steps that complete the load
 * (its indexes, keys, foreign keys and figures) and the statements that turn its triggers back on.
 */
async function dropForLoad(db: Db): Promise<{ steps: Step[]; restore: string[] }> {
  const tables = BULK_TABLES.map((t) => `'${t}'`).join(', ');
  // Foreign keys that point into the bulk tables or leave them, then their keys (primary and
  // unique), then the other indexes: dropped in this order.
  const constraints = await query<{
    tbl: string;
    ref: string;
    name: string;
    def: string;
    contype: string;
  }>(
    db,
    `select c.conrelid::regclass::text as tbl, c.confrelid::regclass::text as ref, c.conname as name,
       pg_get_constraintdef(c.oid) as def, c.contype::text as contype
     from pg_constraint c
     where c.contype in ('f', 'p', 'u')
       and (c.conrelid::regclass::text in (${tables})
         or (c.contype = 'f' and c.confrelid::regclass::text in (${tables})))
     order by (c.contype = 'f') desc, c.conrelid::regclass::text, c.conname`,
  );
  const indexes = await query<{ tbl: string; name: string; def: string }>(
    db,
    `select i.tablename as tbl, i.indexname as name, i.indexdef as def from pg_indexes i
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
    steps: [
      ...indexes.map(({ tbl, name, def }) => ({
        name,
        definition: def,
        stage: FIRST,
        tables: [tbl],
      })),
      ...constraints.map(({ tbl, ref, name, def, contype }) => ({
        name,
        definition: `ALTER TABLE "${tbl}" ADD CONSTRAINT "${name}" ${def}`,
        ...(contype === 'f'
          ? { stage: FOREIGN_KEYS, tables: [tbl, ref] }
          : { stage: FIRST, tables: [tbl] }),
      })),
      ...FIGURES,
    ],
    restore: [
      'ALTER TABLE bookings ENABLE TRIGGER USER',
      ...AUDIT_LOAD_TRIGGERS.map((trigger) => `ALTER TABLE audit_events ENABLE TRIGGER ${trigger}`),
    ],
  };
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
/** "YYYY-MM-DDT" of the days seen, by day number (a seed's dates fall on a few thousand days). */
const dayTexts = new Map<number, string>();

/**
 * `date.toISOString()`, made from the day's text and the time's digits: toISOString took 3 to 4
 * µs a date on this machine, a tenth of a booking thread's time.
 */
function isoText(date: Date): string {
  const ms = date.getTime();
  const day = Math.floor(ms / DAY_MS);
  let dayText = dayTexts.get(day);
  if (dayText === undefined) {
    // Years 0000 to 9999 only (toISOString writes others with a sign and six digits).
    if (!(ms >= 0 && ms < 253_402_300_800_000)) return date.toISOString();
    if (dayTexts.size >= 100_000) dayTexts.clear();
    dayText = date.toISOString().slice(0, 11);
    dayTexts.set(day, dayText);
  }
  let rest = ms - day * DAY_MS;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const second = rest % 60;
  rest = (rest - second) / 60;
  const minute = rest % 60;
  const hour = (rest - minute) / 60;
  const milliText = milli < 10 ? `00${milli}` : milli < 100 ? `0${milli}` : String(milli);
  return `${dayText}${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[second]}.${milliText}Z`;
}

/** A value in COPY's text format: \N for null, backslash escapes for the separators. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  // Numbers, booleans and dates are never escaped.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return isoText(value);
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return COPY_SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : text;
}

/** Rows are turned into COPY text and sent this many at a time (memory flat in the rows written). */
const COPY_CHUNK = 1_000;

/**
 * COPY text of `rows`, the values of `keys` in that order, COPY_CHUNK rows to a chunk, each chunk
 * one string made into one buffer (a thread can hand it over). Written value by value into a
 * buffer instead, each write a call into Node's C++; a third of a booking thread's time.
 */
function* copyChunks(rows: readonly object[], keys: readonly string[]): Generator<Buffer> {
  const last = keys.length - 1;
  for (let start = 0; start < rows.length; start += COPY_CHUNK) {
    let text = '';
    const end = Math.min(rows.length, start + COPY_CHUNK);
    for (let r = start; r < end; r += 1) {
      const row = rows[r] as Record<string, unknown>;
      for (let k = 0; k < last; k += 1) text += copyText(row[keys[k]!]) + '\t';
      text += copyText(row[keys[last]!]) + '\n';
    }
    yield Buffer.from(text);
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
 * A step's settings: an index sorts about a gigabyte at ten million bookings (the default, 64 MB,
 * spills to disk), a foreign key's check joins whole tables (the default work_mem, 4 MB, splits
 * its hash join into batches), and either takes longer than a request's statement timeout.
 */
const STEP_SETTINGS = [
  `SET LOCAL maintenance_work_mem = '1GB'`,
  `SET LOCAL work_mem = '256MB'`,
  'SET LOCAL statement_timeout = 0',
];

/** Stage by stage, as runDeferredSteps orders them. */
const byStage = (steps: Step[]) => steps.slice().sort((a, b) => a.stage - b.stage);

/**
 * Empties every table, but not the figures that bookings' truncate trigger empties itself
 * (migration 0002: a TRUNCATE that names them too fails, "being used by active queries in this
 * session"), nor the steps a stopped seed left undone (the load runs them after its rows).
 */
async function emptyAll(db: Db): Promise<void> {
  const tables = await query<{ tablename: string }>(
    db,
    `select tablename from pg_tables where schemaname = 'public'
     and tablename not in ('booking_stats', 'booking_hourly', 'deferred_steps')`,
  );
  if (tables.length) {
    const names = tables.map((t) => `"${t.tablename}"`).join(', ');
    await db.execute(sql.raw(`TRUNCATE ${names} CASCADE`));
  }
}

/** `reset`: every table is emptied first (emptyAll), in the load's transaction. */
export type LoadOptions = { reset?: boolean };

/**
 * Runs `load` in one transaction with the bulk tables prepared for it; `write` inserts rows
 * (COPY on PostgreSQL), `db` is the transaction for anything else. With `reset` the tables are
 * emptied in that transaction too, so a load that fails before its commit leaves their rows.
 */
export async function bulkLoad(
  db: Db,
  load: (tx: Db, write: RowWriter) => Promise<void>,
  { reset = false }: LoadOptions = {},
): Promise<void> {
  const client = poolOf(db);
  if (client) {
    const connection = await client.connect();
    const tx = drizzlePg({ client: connection, schema }) as unknown as Db;
    try {
      await connection.query('BEGIN');
      // Loading the whole demo takes longer than a request's statement timeout.
      await connection.query('SET LOCAL statement_timeout = 0');
      // Before dropForLoad turns bookings' triggers off: their truncate trigger empties the figures.
      if (reset) await emptyAll(tx);
      const { steps, restore } = await dropForLoad(tx);
      // The empty ones (all after a reset) emptied again in this transaction, so that COPY may
      // write them frozen.
      const empty: string[] = [];
      for (const table of BULK_TABLES) {
        const { rowCount } = await connection.query(`SELECT 1 FROM "${table}" LIMIT 1`);
        if (!rowCount) empty.push(table);
      }
      if (empty.length) await connection.query(`TRUNCATE ${empty.map((t) => `"${t}"`).join(', ')}`);
      await load(tx, copyWriter(connection, empty));
      for (const statement of restore) await connection.query(statement);
      // Kept if already there (a stopped seed's, missing from the catalog).
      for (const { name, definition, stage, tables } of steps) {
        await connection.query(
          `INSERT INTO deferred_steps (name, definition, stage, tables) VALUES ($1, $2, $3, $4)
           ON CONFLICT (name) DO NOTHING`,
          [name, definition, stage, tables],
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
      if (reset) await emptyAll(txDb);
      const { steps, restore } = await dropForLoad(txDb);
      const queue = inOrder();
      await load(txDb, (table, rows) => {
        const taken = rows.slice();
        return queue(() => insertRows(txDb, table, taken));
      });
      for (const statement of restore) await txDb.execute(sql.raw(statement));
      for (const { definition } of byStage(steps)) await txDb.execute(sql.raw(definition));
    });
  }
  await runDeferredSteps(db);
}

/** What a step's log line says it does. */
function doing({ name, definition }: Step): string {
  if (definition.startsWith('ALTER TABLE')) return `Adding constraint ${name}`;
  if (definition.startsWith('SELECT')) return `Recomputing ${name}`;
  return `Building index ${name}`;
}

/** Runs `work` in a transaction; `run` sends a statement and gives its rows. */
type StepConnection = {
  transaction(work: (run: (statement: SQL) => Promise<unknown[]>) => Promise<void>): Promise<void>;
  close(): Promise<void>;
};

const dialect = new PgDialect();

/**
 * A connection of its own on PostgreSQL, without the pool's statement and read timeouts (a
 * server's are seconds, and a step at ten million bookings takes minutes: at a start after a
 * stopped seed they cut every long step off); on PGlite its one connection.
 */
async function stepConnection(db: Db): Promise<StepConnection> {
  const pool = poolOf(db);
  if (!pool) {
    return {
      transaction: (work) =>
        db.transaction((tx) =>
          work(
            async (statement) => ((await tx.execute(statement)) as unknown as Rows<unknown>).rows,
          ),
        ),
      close: async () => {},
    };
  }
  const client = new pg.Client({
    ...pool.options,
    statement_timeout: undefined,
    query_timeout: undefined,
  });
  // A connection lost between statements fails the next one, which reports it.
  client.on('error', () => {});
  await client.connect();
  return {
    async transaction(work) {
      await client.query('BEGIN');
      try {
        await work(async (statement) => {
          const { sql: text, params } = dialect.sqlToQuery(statement);
          return (await client.query(text, params)).rows;
        });
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    },
    close: () => client.end(),
  };
}

/**
 * Runs the steps `deferred_steps` lists (a bulk load's, or those a stopped seed left), on
 * PostgreSQL as many at once as the machine has cores (4 at most), each builder on a connection
 * of its own: trigram indexes and the largest tables' first, a step only once no step of an
 * earlier stage on its tables is left to run. Each is taken off the list in the transaction that
 * runs it, before it runs: a second start doing the same waits for that transaction, then finds
 * the step done (and goes on) or, if it failed, still listed (and tries it). `log` hears of each
 * step this call runs, before it runs.
 */
export async function runDeferredSteps(
  db: Db,
  log: (line: string) => void = () => {},
): Promise<void> {
  const waiting = await query<Step>(
    db,
    `select d.name, d.definition, d.stage, d.tables from deferred_steps d
     order by d.stage, (d.definition like '% USING gin %') desc,
       coalesce(pg_relation_size(to_regclass(d.tables[1])), 0) desc, d.name`,
  );
  const unfinished = new Set(waiting);
  const blocked = (step: Step) =>
    [...unfinished].some(
      (other) => other.stage < step.stage && other.tables.some((t) => step.tables.includes(t)),
    );
  // Resolved (and replaced) each time a step finishes, for the builders waiting on one.
  let finished!: () => void;
  let aStepFinished = new Promise<void>((resolve) => (finished = resolve));
  // A step that fails stays listed; the others are run before that is reported.
  const failed: { name: string; error: unknown }[] = [];
  const builder = async (connection: StepConnection) => {
    while (waiting.length) {
      const next = waiting.findIndex((step) => !blocked(step));
      if (next < 0) {
        await aStepFinished;
        continue;
      }
      const [step] = waiting.splice(next, 1) as [Step];
      try {
        await connection.transaction(async (run) => {
          for (const setting of STEP_SETTINGS) await run(sql.raw(setting));
          const taken = await run(
            sql`DELETE FROM deferred_steps WHERE name = ${step.name} RETURNING name`,
          );
          if (!taken.length) return;
          log(doing(step));
          await run(sql.raw(step.definition));
        });
      } catch (error) {
        failed.push({ name: step.name, error });
      }
      unfinished.delete(step);
      finished();
      aStepFinished = new Promise<void>((resolve) => (finished = resolve));
    }
  };
  // At most 4 on PostgreSQL, each may take maintenance_work_mem (PGlite has one connection).
  const builders = poolOf(db) ? Math.min(availableParallelism(), 4) : 1;
  await Promise.all(
    Array.from({ length: Math.min(builders, waiting.length) }, async () => {
      const connection = await stepConnection(db);
      try {
        await builder(connection);
      } finally {
        await connection.close();
      }
    }),
  );
  if (failed.length) {
    const [first] = failed;
    throw new Error(
      `${failed.map((f) => f.name).join(', ')} could not be completed; the next start tries ` +
        `again. ${first!.name}: ${errorChain(first!.error).at(-1)?.message}`,
      { cause: first!.error },
    );
  }
}
