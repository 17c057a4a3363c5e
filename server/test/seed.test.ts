/** The demo data covers every entity and every state the screens show (issue: seed). */
import { sql } from 'drizzle-orm';
import { REFERENCE_LIST_KEYS } from '../../common/reference-lists.js';
import { cloneTestDatabase, emptyTestDatabase } from './helpers/test-database.js';
import { auditEvents, BOOKING_STATUSES, PAYMENT_STATUSES } from '../src/db/schema.js';
import { bulkLoad, runDeferredSteps } from '../src/seed/bulk-load.js';
import { prepareDatabase } from '../src/first-start.js';
import { seed } from '../src/seed/seed.js';
import { BOOKING_BATCH } from '../src/seed/bookings.js';
import type { Database } from '../src/db/client.js';
import { STAFF_SUB_ROLES } from '../src/seed/reference-names.js';

let database: Database;
beforeAll(async () => {
  database = await cloneTestDatabase();
});
afterAll(() => database.close());

async function values(
  query: ReturnType<typeof sql>,
  db: Pick<Database['db'], 'execute'> = database.db,
): Promise<string[]> {
  const result = (await db.execute(query)) as unknown as { rows: { v: unknown }[] };
  return result.rows.map((row) => String(row.v)).sort();
}

test('restaurants in several currencies, online and offline, featured or not', async () => {
  const currencies = await values(sql`select distinct currency as v from restaurants`);
  expect(currencies).toEqual(expect.arrayContaining(['CAD', 'EUR', 'GBP', 'JPY', 'USD']));
  expect(await values(sql`select distinct online as v from restaurants`)).toEqual([
    'false',
    'true',
  ]);
  expect(await values(sql`select distinct is_featured as v from restaurants`)).toEqual([
    'false',
    'true',
  ]);
});

test('people of every role and staff of every sub-role, active and deactivated', async () => {
  expect(await values(sql`select distinct role as v from users`)).toEqual(
    expect.arrayContaining(['admin', 'owner', 'staff', 'user']),
  );
  expect(await values(sql`select distinct sub_role as v from users where role = 'staff'`)).toEqual(
    [...STAFF_SUB_ROLES].sort(),
  );
  expect(await values(sql`select distinct status as v from users`)).toEqual(['false', 'true']);
});

test('bookings in every booking status, payment status and payout state, with their details', async () => {
  expect(await values(sql`select distinct status as v from bookings`)).toEqual(
    [...BOOKING_STATUSES].sort(),
  );
  expect(await values(sql`select distinct payment_status as v from bookings`)).toEqual(
    [...PAYMENT_STATUSES].sort(),
  );
  expect(await values(sql`select distinct payout as v from bookings`)).toEqual(['false', 'true']);
  const [counts] = (
    (await database.db.execute(sql`
      select
        (select count(*) from orders) as orders,
        (select count(*) from order_items) as items,
        (select count(*) from order_items
          where jsonb_array_length(customizations->'addedIngredients') > 0) as added,
        (select count(*) from order_items
          where jsonb_array_length(customizations->'removedIngredients') > 0) as removed,
        (select count(*) from audit_events where action = 'booking.activity') as activities,
        (select count(*) from audit_events where action = 'refund.create') as refund_events,
        (select count(*) from refunds) as refunds,
        (select count(*) from bookings where refund_processed) as refunded,
        (select count(*) from bookings where payment_method is not null) as paid_with
    `)) as unknown as { rows: Record<string, unknown>[] }
  ).rows;
  // Every kind of detail is there at least once: the names of those missing.
  expect(Object.keys(counts).filter((name) => !(Number(counts[name]) > 0))).toEqual([]);
});

test('reference data of each kind, reviews in all three states, pages and content items', async () => {
  expect(await values(sql`select distinct kind as v from reference_items`)).toEqual(
    [...REFERENCE_LIST_KEYS].sort(),
  );
  expect(await values(sql`select distinct status as v from reviews`)).toEqual([
    'approved',
    'pending',
    'rejected',
  ]);
  expect(await values(sql`select slug as v from static_contents where type = 'page'`)).toEqual(
    expect.arrayContaining([
      'about-us',
      'frequently-asked-questions',
      'privacy-policy',
      'terms-and-conditions',
    ]),
  );
  expect(await values(sql`select distinct type as v from static_contents`)).toEqual([
    'page',
    'section',
  ]);
  expect(await values(sql`select distinct status as v from static_contents`)).toEqual([
    'draft',
    'published',
  ]);
  expect(
    await values(sql`select count(*) as v from static_contents where jsonb_array_length(faqs) > 0`),
  ).not.toEqual(['0']);
});

/** Every index, key, constraint and trigger of the schema, as the catalog defines them. */
async function schemaObjects(): Promise<string[]> {
  return values(sql`
    select indexdef as v from pg_indexes where schemaname = current_schema()
    union all select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = current_schema()::regnamespace
    union all select tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text
      from pg_trigger where not tgisinternal`);
}

/** The booking figures kept by triggers (booking_stats, booking_hourly), as one text. */
const figures = sql`select (select json_agg(s order by s::text) from booking_stats s)::text || (select json_agg(h order by h::text) from booking_hourly h)::text as v`;

test('the bulk load writes text as given and leaves every index, key and trigger as it was', async () => {
  const before = await schemaObjects();
  const figuresBefore = await values(figures);
  // Separators of COPY's text format (tab, newline, backslash), text of two to four bytes a
  // character in UTF-8, and a JSON value.
  const odd = 'tab\there\nnew line\\ back\\slash \\N Crème brûlée 東京 🍕';
  await bulkLoad(database.db, async (_tx, write) => {
    await write(auditEvents, [
      {
        id: '00000000-0000-4000-8000-00000000c0de',
        action: 'booking.activity',
        entityType: 'booking',
        entityName: odd,
        actorName: null,
        changes: [{ field: 'note', before: null, after: odd }],
        details: { activity: odd },
        createdAt: new Date('2026-01-02T03:04:05.678Z'),
      },
    ]);
  });
  expect(await schemaObjects()).toEqual(before);
  expect(await values(sql`select count(*) as v from deferred_steps`)).toEqual(['0']);
  expect(await values(figures)).toEqual(figuresBefore);
  const [row] = (
    (await database.db.execute(
      sql`select entity_name, actor_name, changes, details, created_at from audit_events where id = '00000000-0000-4000-8000-00000000c0de'`,
    )) as unknown as { rows: Record<string, unknown>[] }
  ).rows;
  expect(row.entity_name).toBe(odd);
  expect(row.actor_name).toBeNull();
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  expect(json(row.changes)).toEqual([{ field: 'note', before: null, after: odd }]);
  expect(json(row.details)).toEqual({ activity: odd });
  expect(new Date(row.created_at as string).toISOString()).toBe('2026-01-02T03:04:05.678Z');
});

test('a failed bulk load leaves the database as it was', async () => {
  const before = await schemaObjects();
  const count = sql`select count(*) as v from audit_events`;
  const countBefore = await values(count);
  await expect(
    bulkLoad(database.db, async (_tx, write) => {
      await write(auditEvents, [
        {
          id: '00000000-0000-4000-8000-00000000fa11',
          action: 'booking.activity',
          entityType: 'booking',
          entityName: 'x',
          createdAt: new Date(),
        },
      ]);
      throw new Error('generation failed');
    }),
  ).rejects.toThrow('generation failed');
  expect(await schemaObjects()).toEqual(before);
  expect(await values(count)).toEqual(countBefore);
});

/** A bookings index that is no key's, as a stopped seed leaves it: dropped, and listed to build. */
async function leaveUnbuilt(): Promise<string> {
  const [index] = (
    (await database.db.execute(
      sql`select i.indexname as name, i.indexdef as def from pg_indexes i
          where i.tablename = 'bookings' and i.schemaname = current_schema()
            and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)
          order by i.indexname limit 1`,
    )) as unknown as { rows: { name: string; def: string }[] }
  ).rows;
  await database.db.execute(sql.raw(`DROP INDEX "${index!.name}"`));
  await database.db.execute(
    sql`insert into deferred_steps (name, definition, tables) values (${index!.name}, ${index!.def}, '{bookings}')`,
  );
  return index!.name;
}

const NOT_BUILDABLE = sql`insert into deferred_steps (name, definition)
  values ('zz_not_buildable', 'CREATE INDEX zz_not_buildable ON bookings (no_such_column)')`;
const deferred = sql`select name as v from deferred_steps`;

test('indexes a stopped seed left unbuilt are built by the next start; one that cannot be built is said and stays listed', async () => {
  const before = await schemaObjects();
  const name = await leaveUnbuilt();
  await database.db.execute(NOT_BUILDABLE);
  const lines: string[] = [];
  const started = await prepareDatabase(database.db, { seedDemo: false }, (line) =>
    lines.push(line),
  );
  expect(started.bookings).toBeGreaterThan(0);
  expect(await schemaObjects()).toEqual(before);
  expect(await values(deferred)).toEqual(['zz_not_buildable']);
  expect(lines).toContain(`Building index ${name}, left undone by an interrupted seed`);
  expect(lines).toContain(
    'zz_not_buildable could not be completed; the next start tries again. zz_not_buildable: column "no_such_column" does not exist',
  );
  await database.db.execute(sql`delete from deferred_steps`);
});

test("a stopped seed's keys, foreign keys and figures are finished by the next start, the foreign keys after the key they point at", async () => {
  const before = await schemaObjects();
  const figuresBefore = await values(figures);
  const constraint = async (name: string) => {
    const [c] = (
      (await database.db.execute(
        sql`select conrelid::regclass::text as tbl, pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name}`,
      )) as unknown as { rows: { tbl: string; def: string }[] }
    ).rows;
    return `ALTER TABLE "${c!.tbl}" ADD CONSTRAINT "${name}" ${c!.def}`;
  };
  // What a bulk load defers (bulk-load.ts), as a seed stopped before any of it ran leaves it:
  // every foreign key into the bookings waits for their key.
  const into = (
    (await database.db.execute(
      sql`select conname as name, conrelid::regclass::text as tbl from pg_constraint
          where contype = 'f' and confrelid = 'bookings'::regclass order by conname`,
    )) as unknown as { rows: { name: string; tbl: string }[] }
  ).rows;
  const steps = [
    ...(await Promise.all(
      into.map(async ({ name, tbl }) => ({
        name,
        def: await constraint(name),
        stage: 1,
        tables: [tbl, 'bookings'],
      })),
    )),
    {
      name: 'bookings_pkey',
      def: await constraint('bookings_pkey'),
      stage: 0,
      tables: ['bookings'],
    },
    { name: 'booking_figures', def: 'SELECT booking_figures_rebuild()', stage: 0, tables: [] },
  ];
  for (const { name, tbl } of into) {
    await database.db.execute(sql.raw(`ALTER TABLE "${tbl}" DROP CONSTRAINT "${name}"`));
  }
  await database.db.execute(sql`ALTER TABLE bookings DROP CONSTRAINT bookings_pkey`);
  await database.db.execute(sql`DELETE FROM booking_stats`);
  for (const { name, def, stage, tables } of steps) {
    await database.db.execute(
      sql`insert into deferred_steps (name, definition, stage, tables) values (${name}, ${def}, ${stage}, ${`{${tables.join(',')}}`}::text[])`,
    );
  }
  const lines: string[] = [];
  await prepareDatabase(database.db, { seedDemo: false }, (line) => lines.push(line));
  expect(await values(deferred)).toEqual([]);
  expect(await schemaObjects()).toEqual(before);
  expect(await values(figures)).toEqual(figuresBefore);
  expect(lines).toEqual(
    expect.arrayContaining([
      'Adding constraint bookings_pkey, left undone by an interrupted seed',
      'Recomputing booking_figures, left undone by an interrupted seed',
      ...into.map(({ name }) => `Adding constraint ${name}, left undone by an interrupted seed`),
    ]),
  );
});

test("a step waits for the earlier stage's steps on its tables, also while another connection is free", async () => {
  // On PostgreSQL two steps run at once (two cores): run beside the first, the last would not
  // see its table, not yet committed.
  await database.db.execute(sql`insert into deferred_steps (name, definition, stage, tables) values
    ('zz_first', 'CREATE TABLE zz_made_first AS SELECT 1 AS one FROM pg_sleep(0.3)', 0, '{zz_made_first}'),
    ('zz_other', 'SELECT 1', 0, '{}'),
    ('zz_then', 'DROP TABLE zz_made_first', 1, '{zz_made_first}')`);
  await runDeferredSteps(database.db);
  expect(await values(deferred)).toEqual([]);
  expect(await values(sql`select to_regclass('zz_made_first') as v`)).toEqual(['null']);
});

test("a start finishes a step that takes longer than the server's statement timeout", async () => {
  // A server's timeouts (statement 200 ms, the driver's read 1.2 s) and a step of 1.5 s: at ten
  // million bookings an index takes minutes, and the pool's timeouts cut each start's try off.
  const server = await cloneTestDatabase({
    statementTimeoutMs: 200,
    poolWaitMs: 2000,
    connectTimeoutMs: 0,
  });
  try {
    await server.db.execute(sql`insert into deferred_steps (name, definition, stage, tables)
      values ('zz_slow', 'SELECT pg_sleep(1.5)', 0, '{}')`);
    const lines: string[] = [];
    await prepareDatabase(server.db, { seedDemo: false }, (line) => lines.push(line));
    expect(lines).toEqual(['Recomputing zz_slow, left undone by an interrupted seed']);
    expect(await values(deferred, server.db)).toEqual([]);
  } finally {
    await server.close();
  }
});

test('two starts at once run each step once: the second waits for it and goes on', async () => {
  await database.db.execute(sql`insert into deferred_steps (name, definition, stage, tables)
    values ('zz_once', 'CREATE TABLE zz_once AS SELECT 1 AS one FROM pg_sleep(0.3)', 0, '{zz_once}')`);
  const lines: string[] = [];
  await Promise.all([
    runDeferredSteps(database.db, (line) => lines.push(line)),
    runDeferredSteps(database.db, (line) => lines.push(line)),
  ]);
  expect(lines).toEqual(['Building index zz_once']);
  expect(await values(deferred)).toEqual([]);
  expect(await values(sql`select count(*)::text as v from zz_once`)).toEqual(['1']);
  await database.db.execute(sql`drop table zz_once`);
});

test('the rows of a bulk load are committed before the indexes it defers: one that cannot be built fails the load, the rows and the other indexes stay', async () => {
  const before = await schemaObjects();
  await leaveUnbuilt();
  await database.db.execute(NOT_BUILDABLE);
  await expect(
    bulkLoad(database.db, async (_tx, write) => {
      await write(auditEvents, [
        {
          id: '00000000-0000-4000-8000-00000000de1a',
          action: 'booking.activity',
          entityType: 'booking',
          entityName: 'loaded before its indexes',
          createdAt: new Date(),
        },
      ]);
    }),
  ).rejects.toThrow('zz_not_buildable could not be completed');
  expect(await schemaObjects()).toEqual(before);
  expect(await values(deferred)).toEqual(['zz_not_buildable']);
  expect(
    await values(
      sql`select entity_name as v from audit_events where id = '00000000-0000-4000-8000-00000000de1a'`,
    ),
  ).toEqual(['loaded before its indexes']);
  await database.db.execute(sql`delete from deferred_steps`);
});

test('the bulk load announces none of its events on the live stream; the next change is announced', async () => {
  const notices: string[] = [];
  let heard: () => void = () => {};
  const first = new Promise<void>((resolve) => (heard = resolve));
  const stop = await database.listen('audit_events', {
    notice: (payload) => {
      notices.push(payload);
      heard();
    },
    lost: () => {},
    listening: () => {},
  });
  try {
    await bulkLoad(database.db, async (_tx, write) => {
      await write(auditEvents, [
        {
          id: '00000000-0000-4000-8000-0000000b0170',
          action: 'booking.activity',
          entityType: 'booking',
          entityName: 'loaded',
          createdAt: new Date(),
        },
      ]);
    });
    await database.db.insert(auditEvents).values({
      id: '00000000-0000-4000-8000-0000000a0e57',
      action: 'booking.activity',
      entityType: 'booking',
      entityName: 'after the load',
    });
    await first;
    expect(JSON.parse(notices[0]).id).toBe('00000000-0000-4000-8000-0000000a0e57');
  } finally {
    await stop();
  }
});

test('writes handed to the bulk load without waiting arrive whole, past one COPY chunk', async () => {
  const event = (n: number) => ({
    id: `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
    action: 'booking.activity',
    entityType: 'booking',
    entityName: `chunked ${n}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, n)),
  });
  const first = Array.from({ length: 2_500 }, (_, n) => event(0xc0000 + n));
  await bulkLoad(database.db, async (_tx, write) => {
    const writes = [write(auditEvents, first), write(auditEvents, [event(0xc0000 + 2_500)])];
    // The rows are taken at the call: emptying the array afterwards changes nothing written.
    first.length = 0;
    await Promise.all(writes);
  });
  expect(
    await values(
      sql`select count(*)::text || ' ' || count(distinct entity_name)::text || ' ' || max(entity_name) as v
          from audit_events where entity_name like 'chunked %'`,
    ),
  ).toEqual(['2501 2501 chunked 788932']);
});

test("the Audit Log's counters after a bulk load are what its triggers count for the same events", async () => {
  const counters = sql`select coalesce((select json_agg(json_build_array(kind, events, by_action) order by kind)
      from audit_event_counts where events > 0), '[]')::text || ' ' ||
    coalesce((select json_agg(json_build_array(actor_id, events) order by actor_id) from audit_actor_counts), '[]')::text as v`;
  const [actor] = await values(sql`select id as v from users where role = 'admin' limit 1`);
  const events = [
    'auth.login',
    'audit.view',
    'booking.activity',
    'refund.create',
    'auth.login',
  ].map((action, n) => ({
    id: `00000000-0000-4000-8000-0000000ac7${n}0`,
    action,
    entityType: 'booking',
    entityName: `counted ${n}`,
    actorId: n % 2 ? null : actor,
    actorName: n % 2 ? null : 'Ada Admin',
    createdAt: new Date(),
  }));
  let byTriggers: string[] = [];
  await database.db
    .transaction(async (tx) => {
      await tx.insert(auditEvents).values(events);
      byTriggers = await values(counters, tx);
      tx.rollback();
    })
    .catch(() => {});
  expect(byTriggers[0]).toContain('"auth.login"');
  expect(await values(counters)).not.toEqual(byTriggers);
  await bulkLoad(database.db, async (_tx, write) => {
    await write(auditEvents, events);
  });
  expect(await values(counters)).toEqual(byTriggers);
});

test('a seed of several batches of bookings has the same rows on both engines', async () => {
  // PostgreSQL makes the batches after the first in worker threads and COPYs their text; PGlite
  // makes them here and inserts the rows. The same constant on both suites is the same data.
  const empty = await emptyTestDatabase();
  const db = await empty.open();
  try {
    await seed(db.db, {
      adminEmail: 'admin@example.com',
      adminPassword: 'admin1234',
      users: 30,
      restaurants: 4,
      bookings: 3 * BOOKING_BATCH + 7,
      reviews: 3,
    });
    const [digest] = await values(
      sql`select (select count(*) from bookings) || ' ' || (select count(*) from audit_events)
        || ' ' || (select md5(string_agg(b.id || b.booking_ref || b.email || b.total || b.status
          || b.payment_status || coalesce(b.card_last4, '-'), ',' order by b.booking_ref)) from bookings b)
        || ' ' || (select md5(string_agg(i.id || i.name || i.quantity || i.customizations::text, ','
          order by i.id)) from order_items i) as v`,
      db.db,
    );
    expect(digest).toBe(
      '6007 17807 4a706e98adef9934ee429fd5e8f7ec5b f16a41cd1c45b42b08a5e8cc1fa7d93c',
    );
  } finally {
    await db.close();
    await empty.remove();
  }
});
