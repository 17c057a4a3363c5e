/**
 * API benchmark (not a test): latency of every call the screens make and throughput of the
 * bookings list, each with a baseline measured in the same run, so that a busy machine still
 * gives comparable ratios (docs/scale.md).
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench-api.ts      # PostgreSQL
 *   DATA_DIR=.tmp/bench-pglite npx tsx scripts/bench-api.ts      # PGlite (a data folder)
 *
 * Set SHED_MAX_EVENT_LOOP_DELAY_MS=0 when this script seeds the database (an empty one, below):
 * the generation holds this process's thread, and the server in it would shed the first calls.
 *
 * An empty database is seeded first with the sizes given (as `npm run seed`): --bookings,
 * --users, --restaurants, --reviews; a seeded one is reused as it is. Other options:
 * --requests (latency samples per call, 30), --seconds (per throughput run, 10), --connections
 * (10), --calls (a regular expression: only the calls whose names match, and no throughput
 * runs unless it matches "throughput"; for a second look at a few calls). Prints, per call (every call a screen makes: the bookings list with each filter, pages
 * and searches, a booking with its History, the other lists, the reference lists, the Audit Log
 * by each filter, Approvals, Team, saved views, the dashboard): p50/p95/max over HTTP, p50/p95
 * of the same SQL sent straight through the driver (no HTTP, no JSON), and their ratios; then
 * requests per second of the bookings list and of total/user against a bare Fastify route that
 * returns the same body from memory, and against the statements of the same call sent through
 * the driver from as many loops as connections (the database's ceiling for that call, which no
 * server on it can pass; "ours / SQL alone" is the server's share, goal ≥ 0.8); then the CPU
 * each request of those runs took: the database's (this machine's PostgreSQL processes), the
 * server's thread, the load generator's and the whole process. The throughput runs need wrk
 * (Debian: apt-get install wrk), which sends their requests from a process of its own.
 */
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app.js';
import { demoAdmin, readConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import { createSession } from '../server/src/auth/sessions.js';
import { auditEvents, bookings, restaurants, users } from '../server/src/db/schema.js';
import { REFERENCE_LIST_KEYS, REFERENCE_LISTS } from '../common/reference-lists.js';
import { seedIfEmpty } from '../server/src/seed/seed-if-empty.js';
import {
  auditLogCalls,
  cpuMeter,
  fmt,
  loadAverage,
  loadGenerator,
  percentile,
  statementRecorder,
  wrk,
  WRK_MISSING,
} from './lib/http-latency.js';

const { values: args } = parseArgs({
  options: {
    bookings: { type: 'string' },
    users: { type: 'string' },
    restaurants: { type: 'string' },
    reviews: { type: 'string' },
    requests: { type: 'string', default: '30' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    calls: { type: 'string' },
  },
});
const size = (raw: string | undefined) => (raw === undefined ? undefined : Number(raw));
const REQUESTS = Number(args.requests);
const WARM_UP_SECONDS = 3;

const { run, terminate } = loadGenerator();

const config = readConfig();
const engine = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  const seedStarted = Date.now();
  const seeded = await seedIfEmpty(database.db, {
    ...demoAdmin(config),
    bookings: size(args.bookings),
    users: size(args.users),
    restaurants: size(args.restaurants),
    reviews: size(args.reviews),
  });
  if (seeded) {
    await database.db.execute(sql`VACUUM ANALYZE`);
    console.log(`Seeded in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`);
  }
  const db = database.db;
  const [[{ n: bookingCount }], [admin], [sample], [event]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(bookings),
    db
      .select()
      .from(users)
      .where(eq(users.email, demoAdmin(config).adminEmail)),
    // A surname (search hit), a restaurant and a day that hold bookings.
    db
      .select({
        id: bookings.id,
        bookingRef: bookings.bookingRef,
        lastName: bookings.lastName,
        email: bookings.email,
        restaurantName: restaurants.name,
        restaurantId: bookings.restaurantId,
        arrivalDate: bookings.arrivalDate,
      })
      .from(bookings)
      .innerJoin(restaurants, eq(restaurants.id, bookings.restaurantId))
      // BK-100500, or the last booking of a smaller set (the demo has 300).
      .where(lte(bookings.bookingRef, 'BK-100500'))
      .orderBy(desc(bookings.bookingRef))
      .limit(1),
    // An audit event with an actor: its record, actor, action and day filter the Audit Log.
    db.select().from(auditEvents).where(isNotNull(auditEvents.actorId)).limit(1),
  ]);
  const token = await createSession(db, admin.id, 3_600_000);
  const headers = { authorization: `Bearer ${token}` };

  // The driver baseline: every statement a call sends, recorded, then sent again directly.
  const { record, query } = statementRecorder(db);

  const app = await buildApp({ database, config: { ...config, buildDir: '/nonexistent' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
  const lastPageSkip = Math.max(0, (Math.ceil(bookingCount / 10) - 1) * 10);
  const deepSkip = Math.min(49_990, lastPageSkip);
  const calls: [string, string][] = [
    ['bookings, first page', '/admin/bookings?skip=0&limit=10'],
    [`bookings, page ${deepSkip / 10 + 1}`, `/admin/bookings?skip=${deepSkip}&limit=10`],
    ['bookings, last page', `/admin/bookings?skip=${lastPageSkip}&limit=10`],
    ['bookings, bookingStatus=pending', '/admin/bookings?bookingStatus=pending'],
    ['bookings, paymentStatus=Paid', '/admin/bookings?paymentStatus=Paid'],
    ['bookings, payoutStatus=true', '/admin/bookings?payoutStatus=true'],
    ['bookings, restaurant', `/admin/bookings?restaurant=${sample.restaurantId}`],
    ['bookings, arrival date', `/admin/bookings?arrivalDateTime=${sample.arrivalDate}`],
    [
      'bookings, all filters',
      `/admin/bookings?restaurant=${sample.restaurantId}&bookingStatus=completed&paymentStatus=Paid&payoutStatus=true`,
    ],
    [
      'bookings, confirmed, Paid, not paid out',
      '/admin/bookings?bookingStatus=confirmed&paymentStatus=Paid&payoutStatus=false',
    ],
    ['bookings, pending page 500', '/admin/bookings?bookingStatus=pending&skip=4990&limit=10'],
    [`bookings, search=${sample.lastName}`, `/admin/bookings?search=${sample.lastName}`],
    ['bookings, search=BK-1500000 (none)', '/admin/bookings?search=BK-1500000'],
    [`bookings, search=${sample.bookingRef}`, `/admin/bookings?search=${sample.bookingRef}`],
    ['bookings, search an e-mail', `/admin/bookings?search=${encodeURIComponent(sample.email)}`],
    ['bookings, search=example.net (a third of the guests)', '/admin/bookings?search=example.net'],
    [
      'bookings, search a restaurant name',
      `/admin/bookings?search=${encodeURIComponent(sample.restaurantName)}`,
    ],
    ['booking detail', `/admin/booking/${sample.id}`],
    ['booking History', `/activities?booking=${sample.id}`],
    ['restaurants, first page', '/admin/restaurants?skip=0&limit=10'],
    ['restaurant detail', `/admin/restaurant/${sample.restaurantId}`],
    [
      'restaurant, Recent Bookings',
      `/admin/bookings?restaurant=${sample.restaurantId}&limit=5&sort=createdAt:desc`,
    ],
    ['users, first page', '/admin/users?skip=0&limit=10'],
    ['reviews, first page', '/admin/reviews?skip=0&limit=10'],
    ...REFERENCE_LIST_KEYS.map((key): [string, string] => [
      `${key}, first page`,
      `${REFERENCE_LISTS[key].operations.list.path}?skip=0&limit=10`,
    ]),
    ...auditLogCalls(event),
    ['approvals, first page', '/admin/approvals?skip=0&limit=20'],
    ['team', '/admin/team'],
    ['saved views', '/admin/saved-views?screen=bookings'],
    ['total/booking', '/total/booking'],
    ['total/user', '/total/user'],
    ['total/restaurant', '/total/restaurant'],
    ['total/revenue', '/total/revenue'],
    ['top/restaurant', '/top/restaurant'],
    ['activity logs', '/admin/activityLogs?skip=0&limit=20'],
  ];

  const started = Date.now();
  console.log(
    `\n${engine}, ${bookingCount.toLocaleString('en')} bookings, ${REQUESTS} requests per call (after 3 warm-up); ${loadAverage()}\n`,
  );
  console.log(
    '| call | p50 ms | p95 ms | max ms | SQL only p50 ms | SQL only p95 ms | HTTP/SQL p50 | HTTP/SQL p95 |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  const chosen = args.calls ? new RegExp(args.calls) : undefined;
  for (const [name, path] of calls.filter(([name]) => !chosen || chosen.test(name))) {
    const { times, status } = await run<{ times: number[]; status: number }>({
      kind: 'latency',
      url: base + path,
      headers,
      warmup: 3,
      count: REQUESTS,
    });
    if (status !== 200) {
      const answer = await (await fetch(base + path, { headers })).text();
      throw new Error(`${path} answered ${status}: ${answer.slice(0, 300)}`);
    }
    const statements = await record(() =>
      run({ kind: 'latency', url: base + path, headers, warmup: 0, count: 1 }),
    );
    const sqlTimes: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const start = performance.now();
      for (const s of statements) await query(s.text, s.values);
      sqlTimes.push(performance.now() - start);
    }
    const sorted = times.sort((a, b) => a - b);
    const sqlSorted = sqlTimes.sort((a, b) => a - b);
    const [p50, p95] = [percentile(sorted, 50), percentile(sorted, 95)];
    const [sqlP50, sqlP95] = [percentile(sqlSorted, 50), percentile(sqlSorted, 95)];
    console.log(
      `| ${name} | ${fmt(p50)} | ${fmt(p95)} | ${fmt(sorted.at(-1)!)} | ${fmt(sqlP50)} | ${fmt(sqlP95)} | ${(p50 / sqlP50).toFixed(1)} | ${(p95 / sqlP95).toFixed(1)} |`,
    );
  }

  // Throughput against a bare Fastify route serving the same body from memory.
  const bare = Fastify();
  const bodies = new Map<string, string>();
  bare.get('/*', (req, reply) => {
    reply.type('application/json').send(bodies.get(req.url));
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareBase = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
  console.log(
    `\nThroughput, ${args.connections} connections, ${args.seconds} s each (requests per second)\n`,
  );
  console.log(
    '| call | ours | bare Fastify, same body | ours / bare | its SQL alone, same concurrency | ours / SQL alone | SQL alone / bare Fastify |',
  );
  console.log('|---|---|---|---|---|---|---|');
  const throughput = !chosen || chosen.test('throughput');
  const cpu: string[] = [];
  // The database's CPU is read from its processes when it runs on this machine.
  const localPostgres =
    !!config.databaseUrl &&
    ['localhost', '127.0.0.1', '[::1]', ''].includes(new URL(config.databaseUrl).hostname);
  for (const path of throughput ? ['/admin/bookings?skip=0&limit=10', '/total/user'] : []) {
    const body = await (await fetch(base + path, { headers })).text();
    bodies.set(path, body);
    const connections = Number(args.connections);
    const job = { headers, seconds: Number(args.seconds), connections };
    // The database's own ceiling: the statements one request sends, from as many loops as there
    // are connections, straight through the driver (no HTTP, no JSON): no server can do better.
    const statements = await record(() =>
      run({ kind: 'latency', url: base + path, headers, warmup: 0, count: 1 }),
    );
    const sqlMeter = cpuMeter(localPostgres);
    const sqlEnd = Date.now() + Number(args.seconds) * 1000;
    let sqlDone = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < sqlEnd) {
          for (const s of statements) await query(s.text, s.values);
          sqlDone += 1;
        }
      }),
    );
    const sqlCpu = sqlMeter.stop();
    const sqlPerSecond = sqlDone / Number(args.seconds);
    // Both servers warm up first (not counted): their code compiled, as the driver loops' is.
    await wrk({ ...job, seconds: WARM_UP_SECONDS, url: base + path });
    await wrk({ ...job, seconds: WARM_UP_SECONDS, url: bareBase + path });
    const oursMeter = cpuMeter(localPostgres);
    const ours = await wrk({ ...job, url: base + path });
    const oursCpu = oursMeter.stop();
    const bareMeter = cpuMeter(localPostgres);
    const baseline = await wrk({ ...job, url: bareBase + path });
    const bareCpu = bareMeter.stop();
    if (!ours || !baseline) {
      console.log(`| ${path} | ${WRK_MISSING} |`);
      continue;
    }
    console.log(
      `| ${path} (${(body.length / 1024).toFixed(0)} kB) | ${ours.perSecond.toFixed(0)}${ours.failed ? ` (${ours.failed} failed)` : ''} | ${baseline.perSecond.toFixed(0)} | ${(ours.perSecond / baseline.perSecond).toFixed(3)} | ${sqlPerSecond.toFixed(0)} | ${(ours.perSecond / sqlPerSecond).toFixed(2)} | ${(sqlPerSecond / baseline.perSecond).toFixed(3)} |`,
    );
    const perRequest = (ms: number | undefined, requests: number) =>
      ms === undefined ? 'not measured' : (ms / requests).toFixed(3);
    const served = ours.done + ours.failed;
    cpu.push(
      `| ${path} | over HTTP | ${perRequest(oursCpu.postgresMs, served)} | ${perRequest(oursCpu.threadMs, served)} (the server) | ${perRequest(ours.cpuMs, served)} | ${perRequest(oursCpu.processMs, served)} |`,
      `| ${path} | its SQL alone | ${perRequest(sqlCpu.postgresMs, sqlDone)} | ${perRequest(sqlCpu.threadMs, sqlDone)} (the driver's loops) | – | ${perRequest(sqlCpu.processMs, sqlDone)} |`,
      `| ${path} | bare Fastify, same body | – | ${perRequest(bareCpu.threadMs, baseline.done)} (the bare route) | ${perRequest(baseline.cpuMs, baseline.done)} | ${perRequest(bareCpu.processMs, baseline.done)} |`,
    );
  }
  if (cpu.length) {
    // What each request cost in CPU, in the same runs: on a machine whose cores the database,
    // the server and the load generator share, the ratio above is what the server's and wrk's
    // milliseconds leave to the database's (docs/benchmarks.md).
    console.log(
      `\nCPU per request in the same runs (ms): the database (every PostgreSQL process, when it runs on this machine; PGlite's thread is in "whole process"), this process's main thread, the load generator (wrk, a process of its own), this process (every thread)\n`,
    );
    console.log(
      '| call | run | database | main thread | load generator | whole process |\n|---|---|---|---|---|---|',
    );
    console.log(cpu.join('\n'));
  }
  await bare.close();
  await app.close();
  console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(0)} s; ${loadAverage()}`);
} finally {
  await terminate();
  await database.close();
}
