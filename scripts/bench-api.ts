/**
 * API benchmark (not a test): latency of every call the screens make and throughput of the
 * bookings list, each with a baseline measured in the same run, so that a busy machine still
 * gives comparable ratios (docs/scale.md).
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench-api.ts      # PostgreSQL
 *   DATA_DIR=.tmp/bench-pglite npx tsx scripts/bench-api.ts      # PGlite (a data folder)
 *
 * An empty database is seeded first with the sizes given (as `npm run seed`): --bookings,
 * --users, --restaurants, --reviews; a seeded one is reused as it is. Other options:
 * --requests (latency samples per call, 30), --seconds (per throughput run, 10), --connections
 * (10). Prints, per call: p50/p95/max over HTTP, p50 of the same SQL sent straight through the
 * driver (no HTTP, no JSON), and their ratio; then requests per second of the bookings list and
 * of total/user against a bare Fastify route that returns the same body from memory, and the
 * statements of the same call sent through the driver from as many loops as connections (the
 * database's ceiling for that call, which no server on it can pass).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { desc, eq, lte, sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app.js';
import { demoAdmin, readConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import { createSession } from '../server/src/auth/sessions.js';
import { bookings, restaurants, users } from '../server/src/db/schema.js';
import { seedIfEmpty } from '../server/src/seed/seed-if-empty.js';

const { values: args } = parseArgs({
  options: {
    bookings: { type: 'string' },
    users: { type: 'string' },
    restaurants: { type: 'string' },
    reviews: { type: 'string' },
    requests: { type: 'string', default: '30' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const size = (raw: string | undefined) => (raw === undefined ? undefined : Number(raw));
const REQUESTS = Number(args.requests);

/** The load generator runs in a worker thread: its own event loop, beside the servers'. */
const WORKER = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function get(url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let size = 0;
      res.on('data', (chunk) => { size += chunk.length; });
      res.on('end', () => resolve({ status: res.statusCode, size }));
    });
    req.on('error', reject);
  });
}
parentPort.on('message', async (job) => {
  if (job.kind === 'latency') {
    const times = [];
    let status = 0;
    let size = 0;
    for (let i = 0; i < job.warmup + job.count; i += 1) {
      const start = process.hrtime.bigint();
      const res = await get(job.url, job.headers);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      status = res.status;
      size = res.size;
      if (i >= job.warmup) times.push(ms);
    }
    parentPort.postMessage({ times, status, size });
  } else {
    const end = Date.now() + job.seconds * 1000;
    let done = 0;
    let failed = 0;
    await Promise.all(Array.from({ length: job.connections }, async () => {
      while (Date.now() < end) {
        const res = await get(job.url, job.headers);
        if (res.status === 200) done += 1; else failed += 1;
      }
    }));
    parentPort.postMessage({ perSecond: done / job.seconds, failed });
  }
});
`;
const worker = new Worker(WORKER, { eval: true });
const run = <T>(job: object) =>
  new Promise<T>((resolve) => {
    worker.once('message', resolve);
    worker.postMessage(job);
  });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

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
  const [[{ n: bookingCount }], [admin], [sample]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(bookings),
    db
      .select()
      .from(users)
      .where(eq(users.email, demoAdmin(config).adminEmail)),
    // A surname (search hit), a restaurant and a day that hold bookings.
    db
      .select({
        bookingRef: bookings.bookingRef,
        lastName: bookings.lastName,
        restaurantId: bookings.restaurantId,
        arrivalDate: bookings.arrivalDate,
      })
      .from(bookings)
      .innerJoin(restaurants, eq(restaurants.id, bookings.restaurantId))
      // BK-100500, or the last booking of a smaller set (the demo has 300).
      .where(lte(bookings.bookingRef, 'BK-100500'))
      .orderBy(desc(bookings.bookingRef))
      .limit(1),
  ]);
  const token = await createSession(db, admin.id, 3_600_000);
  const headers = { authorization: `Bearer ${token}` };

  // The driver baseline: every statement a call sends, recorded, then sent again directly.
  type Client = {
    query(text: unknown, values?: unknown[], options?: unknown): Promise<unknown>;
  };
  const client = (db as unknown as { $client: Client }).$client;
  const query = client.query.bind(client);
  let recording: { text: unknown; values?: unknown[] }[] | undefined;
  client.query = (text, values, options) => {
    recording?.push({ text, values });
    return query(text, values, options);
  };

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
    ['bookings, pending page 500', '/admin/bookings?bookingStatus=pending&skip=4990&limit=10'],
    [`bookings, search=${sample.lastName}`, `/admin/bookings?search=${sample.lastName}`],
    ['bookings, search=BK-1500000 (none)', '/admin/bookings?search=BK-1500000'],
    [`bookings, search=${sample.bookingRef}`, `/admin/bookings?search=${sample.bookingRef}`],
    ['restaurants, first page', '/admin/restaurants?skip=0&limit=10'],
    ['restaurant detail', `/admin/restaurant/${sample.restaurantId}`],
    ['users, first page', '/admin/users?skip=0&limit=10'],
    ['reviews, first page', '/admin/reviews?skip=0&limit=10'],
    ['categories, first page', '/admin/categories?skip=0&limit=10'],
    ['cuisines, first page', '/admin/cuisines?skip=0&limit=10'],
    ['total/booking', '/total/booking'],
    ['total/user', '/total/user'],
    ['total/restaurant', '/total/restaurant'],
    ['total/revenue', '/total/revenue'],
    ['top/restaurant', '/top/restaurant'],
    ['activity logs', '/admin/activityLogs?skip=0&limit=20'],
  ];

  const load = () =>
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')} on ${os.cpus().length} cores`;
  const started = Date.now();
  console.log(
    `\n${engine}, ${bookingCount.toLocaleString('en')} bookings, ${REQUESTS} requests per call (after 3 warm-up); ${load()}\n`,
  );
  console.log('| call | p50 ms | p95 ms | max ms | SQL only p50 ms | HTTP/SQL |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, path] of calls) {
    const { times, status } = await run<{ times: number[]; status: number }>({
      kind: 'latency',
      url: base + path,
      headers,
      warmup: 3,
      count: REQUESTS,
    });
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    recording = [];
    await run({ kind: 'latency', url: base + path, headers, warmup: 0, count: 1 });
    const statements = recording;
    recording = undefined;
    const sqlTimes: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const start = performance.now();
      for (const s of statements) await query(s.text, s.values);
      sqlTimes.push(performance.now() - start);
    }
    const sorted = times.sort((a, b) => a - b);
    const sqlP50 = percentile(
      sqlTimes.sort((a, b) => a - b),
      50,
    );
    const p50 = percentile(sorted, 50);
    console.log(
      `| ${name} | ${fmt(p50)} | ${fmt(percentile(sorted, 95))} | ${fmt(sorted.at(-1)!)} | ${fmt(sqlP50)} | ${(p50 / sqlP50).toFixed(1)} |`,
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
    '| call | ours | bare Fastify, same body | ratio | its SQL alone, same concurrency | SQL alone / bare Fastify |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const path of ['/admin/bookings?skip=0&limit=10', '/total/user']) {
    const body = await (await fetch(base + path, { headers })).text();
    bodies.set(path, body);
    const job = { kind: 'throughput', headers, seconds: Number(args.seconds) };
    const connections = Number(args.connections);
    // The database's own ceiling: the statements one request sends, from as many loops as there
    // are connections, straight through the driver (no HTTP, no JSON): no server can do better.
    recording = [];
    await run({ kind: 'latency', url: base + path, headers, warmup: 0, count: 1 });
    const statements = recording;
    recording = undefined;
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
    const sqlPerSecond = sqlDone / Number(args.seconds);
    const ours = await run<{ perSecond: number; failed: number }>({
      ...job,
      url: base + path,
      connections,
    });
    const baseline = await run<{ perSecond: number }>({
      ...job,
      url: bareBase + path,
      connections,
    });
    console.log(
      `| ${path} (${(body.length / 1024).toFixed(0)} kB) | ${ours.perSecond.toFixed(0)}${ours.failed ? ` (${ours.failed} failed)` : ''} | ${baseline.perSecond.toFixed(0)} | ${(ours.perSecond / baseline.perSecond).toFixed(3)} | ${sqlPerSecond.toFixed(0)} | ${(sqlPerSecond / baseline.perSecond).toFixed(3)} |`,
    );
  }
  await bare.close();
  await app.close();
  console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(0)} s; ${load()}`);
} finally {
  await worker.terminate();
  await database.close();
}
