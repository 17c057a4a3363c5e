/**
 * Export benchmark (not a test): downloads a whole list export from a server started for the
 * purpose, as a browser would, and prints the rows, the wall time, the time to first byte and
 * the server process's memory (resident set before and at its peak during the export).
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench-export.ts [--list bookings] [--query 'bookingStatus=completed'] [--port 8220]
 *
 * The server is `node --import tsx server/src/main.ts` (as `npm run serve`) on 127.0.0.1:port
 * with the same DATABASE_URL; its memory is read from /proc/<pid>/status every 50 ms (Linux).
 * The token is a session created in the database for its first active administrator whose team
 * role is owner (every export allowed).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.js';
import { createSession } from '../server/src/auth/sessions.js';
import { users } from '../server/src/db/schema.js';
import { csvRecordCounter } from '../src/lib/csv-rows.js';

const { values: args } = parseArgs({
  options: {
    list: { type: 'string', default: 'bookings' },
    query: { type: 'string', default: '' },
    port: { type: 'string', default: '8220' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Set DATABASE_URL to the PostgreSQL database to export from.');
  process.exit(2);
}
const base = `http://127.0.0.1:${args.port}`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** VmRSS and VmHWM (peak) of a process, in kB. */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function adminToken() {
  const database = await openDatabase({ databaseUrl: databaseUrl! });
  try {
    const [admin] = await database.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.teamRole, 'owner'), eq(users.status, true)))
      .limit(1);
    if (!admin) throw new Error('No active administrator in this database');
    return await createSession(database.db, admin.id, 3_600_000);
  } finally {
    await database.close();
  }
}

async function waitReady() {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server did not become ready within 2 minutes');
}

const token = await adminToken();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  // Its token is made directly; two-step sign-in plays no part in an export's figures.
  env: { MFA_REQUIRED: '0', ...process.env, PORT: args.port, HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitReady();
  const headers = { authorization: `Bearer ${token}` };
  const listPath = args.list === 'bookings' ? 'admin/bookings' : `admin/${args.list}`;
  const listed = (await (
    await fetch(`${base}/api/v1/${listPath}?limit=1&${args.query}`, { headers })
  ).json()) as { count: number };
  const before = memoryOf(server.pid!);
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(server.pid!).rss);
  }, 50);

  const start = performance.now();
  const response = await fetch(`${base}/api/v1/admin/exports/${args.list}?${args.query}`, {
    headers,
  });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  let firstByte = 0;
  let bytes = 0;
  let records = 0;
  const counter = csvRecordCounter();
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - start;
    bytes += chunk.length;
    records = counter.add(decoder.decode(chunk, { stream: true }));
  }
  const wall = performance.now() - start;
  clearInterval(sampler);
  const after = memoryOf(server.pid!);
  peak = Math.max(peak, after.rss);
  const rows = records - 1;

  console.log(`export ${args.list}${args.query ? `?${args.query}` : ''} on PostgreSQL`);
  console.log(
    `  rows            ${rows.toLocaleString('en-US')} (the list counts ${listed.count.toLocaleString('en-US')})`,
  );
  console.log(`  file            ${(bytes / 1e6).toFixed(1)} MB`);
  console.log(
    `  wall time       ${(wall / 1000).toFixed(1)} s (${Math.round(rows / (wall / 1000)).toLocaleString('en-US')} rows/s)`,
  );
  console.log(`  first byte      ${firstByte.toFixed(0)} ms`);
  console.log(
    `  server memory   ${mb(before.rss)} before, ${mb(peak)} peak during the export (RSS)`,
  );
  if (rows !== listed.count) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
