/**
 * Experiment (issue #31, docs/scale.md), PostgreSQL only: audit events partitioned by month
 * (scripts/lib/audit-partitions.ts) at tens of millions of events.
 *
 *   npx tsx scripts/bench-audit-partitions.ts --events 30000000 --months 36
 *
 * Creates the scratch database --database (ma_partitions) on --server
 * (postgres://postgres@127.0.0.1:5432), migrates and seeds it (--bookings, 100,000), partitions
 * audit_events by month (the current one and --months - 1 before it) and loads --events events
 * into it by server-side SQL, month by month: the seed's mix of actions and records, 1,000 actors,
 * the booking events one in twenty on a real booking (about ten per booking, in its month) and
 * the rest on bookings of their own. Then, through the real server in-process: the Audit Log's
 * calls and a booking with its History, --requests (20) each, p50/p95/max; the by-day call's
 * plans (partition pruning); the time to drop the oldest month; sizes per partition. The
 * database is dropped at the end unless --keep.
 */
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/src/app.js';
import { demoAdmin, readConfig } from '../server/src/config.js';
import { openDatabase, type Db } from '../server/src/db/client.js';
import { createSession } from '../server/src/auth/sessions.js';
import { seedIfEmpty } from '../server/src/seed/seed-if-empty.js';
import { dropAuditMonth, monthPartition, partitionAuditEvents } from './lib/audit-partitions.js';
import {
  auditLogCalls,
  fmt,
  loadAverage,
  loadGenerator,
  percentile,
  statementOf,
  statementRecorder,
} from './lib/http-latency.js';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '30000000' },
    months: { type: 'string', default: '36' },
    bookings: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '20' },
    server: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    database: { type: 'string', default: 'ma_partitions' },
    keep: { type: 'boolean', default: false },
  },
});
const [EVENTS, MONTHS, REQUESTS] = [args.events, args.months, args.requests].map(Number);
if (!/^ma_\w+$/.test(args.database)) throw new Error('--database: a scratch name, ma_…');

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: `${args.server}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
const rowsOf = async <R>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: R[] }).rows;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

/** The actions of the load, per hundred events: [first, last, action, record type]. */
const MIX: [number, number, string, string][] = [
  [0, 54, 'booking.activity', 'booking'],
  [55, 62, 'booking.notes', 'booking'],
  [63, 65, 'refund.create', 'booking'],
  [66, 80, 'auth.login', 'user'],
  [81, 83, 'auth.login_failed', 'user'],
  [84, 88, 'audit.view', 'audit'],
  [89, 92, 'restaurant.update', 'restaurant'],
  [93, 96, 'user.status', 'user'],
  [97, 99, 'review.moderate', 'review'],
];
const BOOKING_SHARE = 66 / 100;

/** Month `i` of the span: `count` events spread evenly from its start to its end (or now). */
async function loadMonth(tx: Db, first: Date, i: number, count: number, bookingCount: number) {
  const start = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1));
  const end = new Date(
    Math.min(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i + 1, 1), Date.now()),
  );
  const perMonth = Math.ceil(bookingCount / MONTHS);
  // Bookings of their own (not in the bookings table): about ten events each, as the real ones.
  const ownBookings = Math.max(1, Math.round((count * BOOKING_SHARE) / 10));
  const mix = sql.join(
    MIX.map(([lo, hi, action, type]) => sql`(${lo}::int, ${hi}::int, ${action}, ${type})`),
    sql`, `,
  );
  await tx.execute(sql`
    INSERT INTO audit_events (created_at, actor_id, actor_name, actor_email, actor_role, action,
      entity_type, entity_id, entity_name, details, request_id, client_address, user_agent)
    SELECT ${start.toISOString()}::timestamptz
        + ((g + 0.5) / ${count}) * (${end.toISOString()}::timestamptz - ${start.toISOString()}::timestamptz),
      a.id, a.name, a.email, a.role, k.action, k.type,
      CASE k.type
        WHEN 'booking' THEN CASE WHEN g % 20 = 0 THEN b.id::text
          ELSE md5(${i} || '-' || g % ${ownBookings})::uuid::text END
        WHEN 'user' THEN a.id::text
        WHEN 'restaurant' THEN b.restaurant_id::text
        WHEN 'review' THEN md5('review-' || g % 50000)::uuid::text
      END,
      CASE k.type
        WHEN 'booking' THEN CASE WHEN g % 20 = 0 THEN b.ref ELSE 'BK-' || (${i} * 1000000 + g % ${ownBookings}) END
        WHEN 'user' THEN a.name WHEN 'restaurant' THEN b.restaurant_name WHEN 'audit' THEN 'Audit Log'
        ELSE 'Review'
      END,
      CASE WHEN k.action = 'booking.activity'
        THEN jsonb_build_object('activity', 'Status changed to confirmed', 'restaurantName', b.restaurant_name)
        ELSE '{}'::jsonb END,
      'req-' || ${i} || '-' || g, '10.0.' || (g % 250) || '.' || (g % 199),
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
    FROM generate_series(0, ${count - 1}) g
    JOIN (VALUES ${mix}) k (lo, hi, action, type) ON g % 100 BETWEEN k.lo AND k.hi
    JOIN bench_actors a ON a.n = (g * 31 + ${i} * 7) % (SELECT count(*) FROM bench_actors)
    JOIN bench_bookings b ON b.n = (${i * perMonth} + (g / 20) % ${perMonth}) % ${bookingCount}`);
}

const { run, terminate } = loadGenerator();
const url = `${args.server}/${args.database}`;
await admin(`DROP DATABASE IF EXISTS ${args.database} WITH (FORCE)`);
await admin(`CREATE DATABASE ${args.database}`);
// No load shedding: on a shared machine it answers 503 to a call this run is there to time.
const config = readConfig({
  ...process.env,
  DATABASE_URL: url,
  MFA_REQUIRED: '0',
  SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
});
const database = await openDatabase({ databaseUrl: url });
const db = database.db;
try {
  console.log(`${loadAverage()} at the start`);
  let since = performance.now();
  await seedIfEmpty(db, { ...demoAdmin(config), bookings: Number(args.bookings) });
  await db.execute(sql`VACUUM ANALYZE`);
  console.log(`Seeded ${args.bookings} bookings in ${seconds(since)}`);

  await db.execute(sql`CREATE TABLE bench_bookings AS
    SELECT (row_number() OVER (ORDER BY b.created_at, b.id) - 1)::int AS n, b.id, b.booking_ref AS ref,
      b.restaurant_id, r.name AS restaurant_name
    FROM bookings b JOIN restaurants r ON r.id = b.restaurant_id`);
  await db.execute(sql`CREATE TABLE bench_actors AS
    SELECT (row_number() OVER (ORDER BY id) - 1)::int AS n, id, first_name || ' ' || last_name AS name,
      email, role FROM (SELECT * FROM users ORDER BY id LIMIT 1000) u`);
  await db.execute(sql`CREATE UNIQUE INDEX ON bench_bookings (n)`);
  await db.execute(sql`CREATE UNIQUE INDEX ON bench_actors (n)`);
  const [{ bookingCount }] = await rowsOf<{ bookingCount: number }>(
    db,
    sql`SELECT count(*)::int AS "bookingCount" FROM bench_bookings`,
  );
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1), 1));
  since = performance.now();
  const partitions = await partitionAuditEvents(db, {
    first,
    months: MONTHS,
    load: async (tx) => {
      for (let i = 0; i < MONTHS; i += 1) {
        const count = Math.floor(EVENTS / MONTHS) + (i < EVENTS % MONTHS ? 1 : 0);
        await loadMonth(tx, first, i, count, bookingCount);
        const month = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1));
        console.log(`  ${monthPartition(month)}: ${i + 1}/${MONTHS} months, ${seconds(since)}`);
      }
    },
  });
  console.log(
    `Partitioned and loaded ${EVENTS.toLocaleString('en')} events (keys and indexes built after) in ${seconds(since)}`,
  );
  since = performance.now();
  await db.execute(sql`VACUUM ANALYZE audit_events`);
  console.log(`VACUUM ANALYZE audit_events: ${seconds(since)}`);

  const sizes = await rowsOf<{ name: string; events: number; bytes: number }>(
    db,
    sql`SELECT c.relname AS name, c.reltuples::bigint AS events, pg_total_relation_size(c.oid) AS bytes
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'audit_events'::regclass ORDER BY c.relname`,
  );
  const gb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const total = sizes.reduce((sum, s) => sum + Number(s.bytes), 0);
  const monthly = sizes
    .filter((s) => s.name !== 'audit_events_default')
    .map((s) => Number(s.bytes));
  console.log(
    `\nOn disk (table, key and indexes): ${gb(total)} in all; a month ${gb(Math.min(...monthly))}–${gb(Math.max(...monthly))}`,
  );
  for (const s of sizes)
    console.log(
      `  ${s.name}: ${Number(s.events).toLocaleString('en')} events, ${gb(Number(s.bytes))}`,
    );

  // A booking of the middle month with its events, and one of that month's events with an actor.
  const middle = partitions[Math.floor(MONTHS / 2)];
  const [booking] = await rowsOf<{ id: string; events: number }>(
    db,
    sql`SELECT b.id, (SELECT count(*)::int FROM audit_events e
          WHERE e.entity_type = 'booking' AND e.entity_id = b.id::text) AS events
        FROM bench_bookings b WHERE b.n = ${Math.floor(MONTHS / 2) * Math.ceil(bookingCount / MONTHS)}`,
  );
  const [event] = await rowsOf<{
    entityType: string;
    entityId: string | null;
    actorId: string | null;
    action: string;
    createdAt: Date;
  }>(
    db,
    sql`SELECT entity_type AS "entityType", entity_id AS "entityId", actor_id AS "actorId", action,
          created_at AS "createdAt"
        FROM ${sql.identifier(middle)} WHERE actor_id IS NOT NULL AND entity_type = 'booking' LIMIT 1`,
  );
  const [admin0] = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM users WHERE email = ${demoAdmin(config).adminEmail}`,
  );
  const headers = { authorization: `Bearer ${await createSession(db, admin0.id, 3_600_000)}` };
  const { record, query } = statementRecorder(db);
  const app = await buildApp({ database, config: { ...config, buildDir: '/nonexistent' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
  const calls: [string, string][] = [
    ...auditLogCalls({ ...event, createdAt: new Date(event.createdAt) }),
    [`booking detail (${booking.events} events)`, `/admin/booking/${booking.id}`],
    ['booking History', `/activities?booking=${booking.id}`],
  ];
  console.log(
    `\n${REQUESTS} requests per call (after 3 warm-up), goal p95 ≤ 50 ms; ${loadAverage()}\n`,
  );
  console.log('| call | p50 ms | p95 ms | max ms |');
  console.log('|---|---|---|---|');
  for (const [name, path] of calls) {
    const job = { kind: 'latency', url: base + path, headers, warmup: 3, count: REQUESTS };
    const { times, status } = await run<{ times: number[]; status: number }>(job);
    if (status !== 200) {
      const answer = await (await fetch(base + path, { headers })).text();
      throw new Error(`${path} answered ${status}: ${answer.slice(0, 300)}`);
    }
    const sorted = times.sort((a, b) => a - b);
    console.log(
      `| ${name} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 95))} | ${fmt(sorted.at(-1)!)} |`,
    );
  }

  const [, byDay] = calls.find(([name]) => name === 'audit log, by day')!;
  const statements = await record(() =>
    run({ kind: 'latency', url: base + byDay, headers, warmup: 0, count: 1 }),
  );
  console.log(`\nPlans of the by-day call (${byDay}):`);
  for (const { text, values } of statements.map(statementOf)) {
    if (!text.includes('audit_events')) continue;
    const plan = (await query(`EXPLAIN ${text}`, values)) as { rows: { 'QUERY PLAN': string }[] };
    console.log(`\n${text.slice(0, 160)}…\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
  await app.close();

  const dropped = await dropAuditMonth(db, first);
  console.log(
    `\nDropped the oldest month: ${dropped.partition}, ${dropped.events.toLocaleString('en')} events, in ${dropped.ms.toFixed(0)} ms`,
  );
  console.log(`\n${loadAverage()} at the end`);
} finally {
  await terminate();
  await database.close();
  if (!args.keep) await admin(`DROP DATABASE IF EXISTS ${args.database} WITH (FORCE)`);
}
