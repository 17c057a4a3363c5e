/**
 * Overload benchmark (not a test; docs/deploying.md "Shedding load" and "Uploads" hold its
 * figures): the real server with its configured shedding (SHED_MAX_IN_FLIGHT,
 * SHED_MAX_EVENT_LOOP_DELAY_MS, DB_POOL_WAIT_MS…) under a closed loop of N connections each
 * reading the bookings list, N = 10, 100, 500 and 1,000 (--connections), for --seconds (10)
 * each. Per N it prints the answers by status, the share shed, p50/p99 of the 200s, the longest
 * answer of any kind, requests the client gave up on (10 s), the longest /healthz and /readyz
 * answer (polled every 100 ms alongside) and the peak resident memory. Then --uploads (10)
 * concurrent maximum menu uploads (5 PNGs of 4.9 MB each) with /healthz polled every 20 ms.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench-overload.ts
 *   DATA_DIR=.tmp/bench-overload npx tsx scripts/bench-overload.ts     # PGlite
 *
 * An empty database is seeded with the demo data first. The load runs in a worker thread (its
 * own event loop) of the same process, so a figure includes its CPU on the same cores.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/src/app.js';
import { demoAdmin, readConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import { createSession } from '../server/src/auth/sessions.js';
import { restaurants, users } from '../server/src/db/schema.js';
import { seedIfEmpty } from '../server/src/seed/seed-if-empty.js';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '10,100,500,1000' },
    seconds: { type: 'string', default: '10' },
    uploads: { type: 'string', default: '10' },
  },
});

const WORKER = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
function call(url, { method = 'GET', headers = {}, body, agent, timeoutMs = 10000 } = {}) {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - start) / 1e6;
    const req = http.request(url, { method, headers, agent }, (res) => {
      let text = '';
      res.on('data', (chunk) => { if (res.statusCode >= 300 && text.length < 300) text += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, ms: ms(), text }));
    });
    req.setTimeout(timeoutMs, () => { req.destroy(); resolve({ status: 0, ms: ms() }); });
    req.on('error', () => resolve({ status: -1, ms: ms() }));
    req.end(body);
  });
}
function probe(base, path, everyMs, until) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let max = 0; let bad = 0; let count = 0;
  return (async () => {
    while (!until()) {
      const res = await call(base + path, { agent });
      count += 1; max = Math.max(max, res.ms); if (res.status !== 200) bad += 1;
      await new Promise((r) => setTimeout(r, everyMs));
    }
    return { max, bad, count };
  })();
}
parentPort.on('message', async (job) => {
  if (job === 'stop') return;
  let done = false;
  const until = () => done;
  if (job.kind === 'load') {
    const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
    const end = Date.now() + job.seconds * 1000;
    const results = [];
    const probes = [probe(job.base, '/healthz', 100, until), probe(job.base, '/readyz', 100, until)];
    await Promise.all(Array.from({ length: job.connections }, async () => {
      while (Date.now() < end) results.push(await call(job.base + job.path, { headers: job.headers, agent }));
    }));
    done = true;
    const [healthz, readyz] = await Promise.all(probes);
    agent.destroy();
    parentPort.postMessage({ results, healthz, readyz });
  } else if (job.kind === 'probe') {
    // A thread of its own: the uploading thread's writes would delay its timers and answers.
    const stopped = new Promise((resolve) => parentPort.once('message', resolve));
    const healthz = probe(job.base, '/healthz', 20, until);
    await stopped;
    done = true;
    parentPort.postMessage({ healthz: await healthz });
  } else {
    // The bodies are made here, not in the server's thread, whose event loop is measured.
    const bodies = await Promise.all(Array.from({ length: job.count }, async (_, i) => {
      const f = new FormData();
      for (const [name, value] of Object.entries(job.fields)) f.append(name, value);
      f.set('itemName', job.fields.itemName + ' ' + i);
      for (let n = 0; n < 5; n += 1) f.append('media', new Blob([job.image], { type: 'image/png' }), n + '.png');
      const encoded = new Response(f);
      return { type: encoded.headers.get('content-type'), body: Buffer.from(await encoded.arrayBuffer()) };
    }));
    const results = await Promise.all(bodies.map((b) =>
      call(job.base + job.path, { method: 'POST', headers: { ...job.headers, 'content-type': b.type }, body: b.body, timeoutMs: 120000 })));
    parentPort.postMessage({ results });
  }
});
`;
const worker = new Worker(WORKER, { eval: true });
const prober = new Worker(WORKER, { eval: true });
const run = <T>(job: object, on = worker) =>
  new Promise<T>((resolve) => {
    on.once('message', resolve);
    on.postMessage(job);
  });
type Answer = { status: number; ms: number; text?: string };
type Probe = { max: number; bad: number; count: number };

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

/** A PNG of random pixels (incompressible) of about `bytes`, within the server's limits. */
function noisePng(bytes: number): Buffer {
  const width = 1000;
  const height = Math.floor(bytes / (width * 3 + 1));
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Its session is made directly, with no second factor: two-step sign-in is not what is measured.
const config = readConfig({ MFA_REQUIRED: '0', ...process.env });
const engine = config.databaseUrl ? 'PostgreSQL' : 'PGlite';
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  config.databaseLimits,
);
let rssPeak = 0;
const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 100);
try {
  await seedIfEmpty(database.db, demoAdmin(config));
  const [admin] = await database.db
    .select()
    .from(users)
    .where(eq(users.email, demoAdmin(config).adminEmail));
  const [restaurant] = await database.db.select().from(restaurants).limit(1);
  const token = await createSession(database.db, admin.id, 3_600_000);
  const headers = { authorization: `Bearer ${token}` };
  const app = await buildApp({ database, config: { ...config, buildDir: '/nonexistent' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // As main.ts does: the lag of building the app is not load.
  app.lifecycle.startedAt = Date.now();
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ');
  console.log(
    `\n${engine}; SHED_MAX_IN_FLIGHT ${config.shedding.maxInFlight}, SHED_MAX_EVENT_LOOP_DELAY_MS ${config.shedding.maxEventLoopDelayMs}, DB_POOL_WAIT_MS ${config.databaseLimits.poolWaitMs}; ${os.cpus().length} cores, load average ${load()}\n`,
  );
  console.log(
    '| connections | answered 200 | shed 503 | other | gave up (10 s) | p50 / p99 of 200s ms | longest answer ms | /healthz max ms | /readyz max ms (not 200) | peak RSS MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const connections of args.connections.split(',').filter(Boolean).map(Number)) {
    rssPeak = 0;
    const { results, healthz, readyz } = await run<{
      results: Answer[];
      healthz: Probe;
      readyz: Probe;
    }>({
      kind: 'load',
      base,
      path: '/api/v1/admin/bookings?skip=0&limit=10',
      headers,
      connections,
      seconds: Number(args.seconds),
    });
    const ok = results.filter((r) => r.status === 200);
    const reasons = new Map<string, number>();
    for (const r of results) if (r.text) reasons.set(r.text, (reasons.get(r.text) ?? 0) + 1);
    for (const [text, n] of reasons) console.error(`  ${n} × ${text}`);
    const shed = results.filter((r) => r.status === 503).length;
    const gaveUp = results.filter((r) => r.status === 0).length;
    const other = results.length - ok.length - shed - gaveUp;
    const times = ok.map((r) => r.ms).sort((a, b) => a - b);
    const answered = results.filter((r) => r.status > 0);
    // A loop, not Math.max(...): a fast machine answers more requests than a call's arguments.
    const longest = answered.reduce((max, r) => Math.max(max, r.ms), 0);
    console.log(
      `| ${connections} | ${ok.length} | ${shed} (${((100 * shed) / Math.max(1, results.length)).toFixed(0)}%) | ${other} | ${gaveUp} | ${fmt(percentile(times, 50))} / ${fmt(percentile(times, 99))} | ${fmt(longest)} | ${fmt(healthz.max)} | ${fmt(readyz.max)} (${readyz.bad}) | ${Math.round(rssPeak / 1e6)} |`,
    );
  }
  const count = Number(args.uploads);
  if (count > 0) {
    const image = noisePng(4.9 * 1024 * 1024);
    rssPeak = 0;
    const started = Date.now();
    const probed = run<{ healthz: Probe }>({ kind: 'probe', base }, prober);
    // The server's own event loop: how long it could not run anything (its thread alone).
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const { results } = await run<{ results: Answer[] }>({
      kind: 'upload',
      path: '/api/v1/menu/bulk',
      base,
      headers,
      count,
      image,
      fields: {
        itemName: `Overload upload ${Date.now()}`,
        restaurant: restaurant.id,
        category: 'Mains',
        itemPrice: '10.00',
      },
    });
    delay.disable();
    prober.postMessage('stop');
    const { healthz } = await probed;
    for (const r of results) if (r.text) console.error(`  ${r.status} ${r.text}`);
    const statuses = new Map<number, number>();
    for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    console.log(
      `\n${count} menu uploads at once, 5 × ${(image.length / 1024 / 1024).toFixed(1)} MB PNGs each: ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s (longest ${fmt(Math.max(...results.map((r) => r.ms)))} ms); /healthz every 20 ms from a thread of its own: longest ${fmt(healthz.max)} ms over ${healthz.count} polls (${healthz.bad} not 200); the server's event loop delayed ${fmt(delay.max / 1e6)} ms at most (p99 ${fmt(delay.percentile(99) / 1e6)} ms); peak RSS ${Math.round(rssPeak / 1e6)} MB; load average ${load()}`,
    );
  }
  await app.close();
} finally {
  clearInterval(rssTimer);
  await Promise.all([worker.terminate(), prober.terminate()]);
  await database.close();
}
