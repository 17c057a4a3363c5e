/**
 * Event stream benchmark (not a test): the API's latency with no event stream open and with
 * `--streams` (200) open on the same instance, in one run, and the server's memory per stream.
 *
 *   npx tsx --expose-gc scripts/bench-events.ts                       # PGlite in memory, demo data
 *   FEE_CHANGES_NEED_APPROVAL=0 DATABASE_URL=postgres://… npx tsx --expose-gc scripts/bench-events.ts
 *                                                  # PostgreSQL (seeded if empty; commission
 *                                                  # changes made at once, not sent for approval)
 *
 * The server runs in this thread; the load (`--requests` calls per round: the restaurants list,
 * a restaurant, total/user, Recent Activity and a commission change, whose event every open
 * stream receives) and the streams' readers run in worker threads, as other processes would.
 * Rounds alternate without and with the streams (`--rounds`, 3 each), so a machine that gets
 * busier during the run weighs on both; p50/p95 are over all rounds of each. Memory: the
 * server's heap (after a GC, with --expose-gc) and RSS before and after opening the streams.
 */
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/src/app.js';
import { demoAdmin, readConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import { createSession } from '../server/src/auth/sessions.js';
import { restaurants, users } from '../server/src/db/schema.js';
import { seedIfEmpty } from '../server/src/seed/seed-if-empty.js';

const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: '200' },
    requests: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
  },
});
const STREAMS = Number(args.streams);
const REQUESTS = Number(args.requests);
const ROUNDS = Number(args.rounds);

const LOAD = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
function call(base, { method, path, body }, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(base + path, { method, agent, headers: body ? { ...headers, 'content-type': 'application/json' } : headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}
parentPort.on('message', async ({ base, calls, count, headers }) => {
  const times = [];
  const failed = [];
  for (let i = 0; i < count; i += 1) {
    const next = calls[i % calls.length];
    const start = process.hrtime.bigint();
    const status = await call(base, next, headers);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (status >= 300) failed.push(status);
  }
  parentPort.postMessage({ times, failed });
});
`;

const STREAM_READERS = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const open = [];
let events = 0;
parentPort.on('message', async (job) => {
  if (job.kind === 'open') {
    await Promise.all(Array.from({ length: job.count }, () => new Promise((resolve, reject) => {
      const req = http.get(job.url, { headers: job.headers }, (res) => {
        if (res.statusCode !== 200) return reject(new Error('stream answered ' + res.statusCode));
        res.setEncoding('utf8');
        res.on('data', (chunk) => { events += chunk.split('event: change').length - 1; });
        open.push(req);
        resolve();
      });
      req.on('error', reject);
    })));
    parentPort.postMessage({ open: open.length });
  } else if (job.kind === 'count') {
    parentPort.postMessage({ events });
  } else if (job.kind === 'settle') {
    // the streams write coalesced, up to the batch window after a change: wait for all of them
    const until = Date.now() + 5000;
    while (events < job.events && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    parentPort.postMessage({ events });
  } else {
    for (const req of open) req.destroy();
    parentPort.postMessage({ closed: open.length });
  }
});
`;

const ask = <T>(worker: Worker, job: object) =>
  new Promise<T>((resolve) => {
    worker.once('message', resolve);
    worker.postMessage(job);
  });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const gc = (globalThis as { gc?: () => void }).gc;
const memory = () => {
  gc?.();
  gc?.();
  return process.memoryUsage();
};

const config = { ...readConfig(), buildDir: '/nonexistent' };
const engine = config.databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)';
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { memory: true },
);
const app = await buildApp({ database, config });
const load = new Worker(LOAD, { eval: true });
const readers = new Worker(STREAM_READERS, { eval: true });
try {
  await seedIfEmpty(database.db, demoAdmin(config));
  const db = database.db;
  const [admin] = await db
    .select()
    .from(users)
    .where(eq(users.email, demoAdmin(config).adminEmail));
  const [restaurant] = await db.select().from(restaurants).limit(1);
  const token = await createSession(db, admin.id, 3_600_000);
  const headers = { authorization: `Bearer ${token}` };
  const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`;
  const reads = [
    { method: 'GET', path: '/admin/restaurants?limit=10' },
    { method: 'GET', path: `/admin/restaurant/${restaurant.id}` },
    { method: 'GET', path: '/total/user' },
    { method: 'GET', path: '/admin/activityLogs?limit=5' },
  ];
  // Every fifth call changes the commission (10.5, then 10 again): one event to every stream.
  const change = (platformCommission: number) => ({
    method: 'PUT',
    path: `/restaurant/${restaurant.id}`,
    body: { platformCommission },
  });
  const calls = () => [...reads, change(10.5), ...reads, change(10)];
  const round = async () => {
    const { times, failed } = await ask<{ times: number[]; failed: number[] }>(load, {
      base,
      calls: calls(),
      count: REQUESTS,
      headers,
    });
    if (failed.length) throw new Error(`calls failed: ${failed.slice(0, 5).join(', ')}`);
    return times;
  };
  // Warm-up: the JIT, the prepared statements, the listening connection.
  await round();
  await ask(readers, { kind: 'open', url: `${base}/events`, headers, count: 1 });
  await ask(readers, { kind: 'close' });

  const without: number[] = [];
  const withStreams: number[] = [];
  const before = memory();
  await ask(readers, { kind: 'open', url: `${base}/events`, headers, count: STREAMS });
  const after = memory();
  const opened = app.events.size;
  await ask(readers, { kind: 'close' });
  const load1 = os.loadavg()[0];
  // Each round's changes (every fifth call), as every stream should receive them.
  const changesPerRound = calls().filter((call) => call.method === 'PUT').length;
  const expected = (rounds: number) =>
    rounds * STREAMS * Math.floor((REQUESTS / calls().length) * changesPerRound);
  for (let i = 0; i < ROUNDS; i += 1) {
    without.push(...(await round()));
    await ask(readers, { kind: 'open', url: `${base}/events`, headers, count: STREAMS });
    withStreams.push(...(await round()));
    await ask(readers, { kind: 'settle', events: expected(i + 1) });
    await ask(readers, { kind: 'close' });
  }
  const { events } = await ask<{ events: number }>(readers, { kind: 'count' });
  const stats = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
  };
  const a = stats(without);
  const b = stats(withStreams);
  console.log(
    `${engine}, ${os.cpus().length} cores, load average ${load1.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `${ROUNDS} rounds of ${REQUESTS} calls each (restaurants list, restaurant, total/user, activity, commission change)`,
  );
  console.log(
    `  no stream:        p50 ${a.p50.toFixed(2)} ms, p95 ${a.p95.toFixed(2)} ms, max ${a.max.toFixed(1)} ms`,
  );
  console.log(
    `  ${STREAMS} streams open: p50 ${b.p50.toFixed(2)} ms, p95 ${b.p95.toFixed(2)} ms, max ${b.max.toFixed(1)} ms`,
  );
  console.log(
    `  p95 ratio ${(b.p95 / a.p95).toFixed(3)} (goal ≤ 1.10), change events received by the streams: ${events} of ${expected(ROUNDS)}`,
  );
  console.log(
    `  memory: ${opened} streams open; server heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB, ` +
      `${((after.heapUsed - before.heapUsed) / opened / 1024).toFixed(1)} KB per stream; RSS ${mb(before.rss)} → ${mb(after.rss)} MB` +
      `${gc ? '' : ' (run with --expose-gc for a heap after collection)'}`,
  );
} finally {
  await load.terminate();
  await readers.terminate();
  await app.close();
  await database.close();
}
