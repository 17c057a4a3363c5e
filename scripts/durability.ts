/**
 * Durability under `kill -9` (not a test; docs/benchmarks.md): starts the real server
 * (`node --import tsx server/src/main.ts`, as `npm run serve` does) on a PGlite data folder, sends
 * writes that each get a clear answer, kills the process with SIGKILL at a random moment, starts
 * it again on the same folder and checks that every acknowledged write is there.
 *
 *   npx tsx scripts/durability.ts --rounds 30 --seconds 10
 *
 * Writes, from --writers concurrent loops (4): new content items (each acknowledged one must
 * exist), a booking's admin notes and the platform fee (one loop each per record, each waiting for
 * its answer, so after the kill the stored value must be the last acknowledged one or the one
 * that was in flight). Other options: --data-dir (a new temporary folder, removed at the end,
 * unless given), --port (8240), --start-timeout (seconds, 120).
 *
 * Prints per round and in total: acknowledged writes, lost writes, failed starts, and the
 * restart time (from spawning the process to the first 200 of GET /readyz) as min/median/max,
 * with the CPU time the server used until then (Linux), which other work on the machine does not
 * stretch as it stretches the wall time.
 * Exits 1 when a write was lost or a start failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
    writers: { type: 'string', default: '4' },
    'data-dir': { type: 'string' },
    port: { type: 'string', default: '8240' },
    'start-timeout': { type: 'string', default: '120' },
  },
});
const ROUNDS = wholeNumber('rounds', 1);
const SECONDS = Number(values.seconds);
const WRITERS = wholeNumber('writers', 1);
const PORT = wholeNumber('port', 1);
const START_TIMEOUT_MS = Number(values['start-timeout']) * 1000;
if (!(SECONDS > 0) || !(START_TIMEOUT_MS > 0)) {
  throw new Error('--seconds and --start-timeout must be numbers above 0');
}
const BASE = `http://127.0.0.1:${PORT}`;
const RUN = `durability-${Date.now().toString(36)}`;

function wholeNumber(name: 'rounds' | 'writers' | 'port', min: number): number {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number`);
  return value;
}

// ---------------------------------------------------------------- the server process

type Server = {
  child: ChildProcess;
  readyMs: number;
  /** CPU time the process used until ready (Linux), which a busy machine does not stretch */
  cpuMs?: number;
  output: () => string;
};

/** User + system CPU time of a process so far, from /proc (Linux only). */
async function cpuTimeMs(pid: number | undefined): Promise<number | undefined> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, counted in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

class StartFailed extends Error {}

/** Spawns the server and waits for GET /readyz to answer 200; the time is the restart time. */
async function startServer(dataDir: string, timeoutMs = START_TIMEOUT_MS): Promise<Server> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new StartFailed(
        `the server exited (${child.exitCode ?? child.signalCode}):\n${output}`,
      );
    }
    const ready = await fetch(`${BASE}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) {
      const readyMs = performance.now() - started;
      return { child, readyMs, cpuMs: await cpuTimeMs(child.pid), output: () => output };
    }
    await sleep(25);
  }
  await kill(child);
  throw new StartFailed(`not ready after ${timeoutMs / 1000} s:\n${output}`);
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

// ---------------------------------------------------------------- the API

type Answer = { status: number; body: Record<string, unknown> };

async function call(method: string, url: string, token?: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${BASE}/api/v1${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function login(): Promise<string> {
  const { status, body } = await call('POST', '/user/login', undefined, {
    email: 'admin@example.com',
    password: 'admin1234',
  });
  if (status !== 200) throw new Error(`login answered ${status}: ${JSON.stringify(body)}`);
  return body.token as string;
}

// ---------------------------------------------------------------- the writes

/**
 * A record written by one loop at a time: after a kill its stored value must be the last
 * acknowledged one, or the one whose answer never came (it may have committed).
 */
type Register = {
  describe: string;
  lastAcknowledged?: string;
  inFlight?: string;
  write(value: number, token: string): Promise<Answer>;
  read(token: string): Promise<string>;
  value(n: number): string;
};

function notesRegister(bookingId: string): Register {
  return {
    describe: `admin notes of booking ${bookingId}`,
    value: (n) => `${RUN} note ${n}`,
    async write(n, token) {
      return call('PUT', `/booking/${bookingId}`, token, { adminNotes: this.value(n) });
    },
    async read(token) {
      const { body } = await call('GET', `/admin/booking/${bookingId}`, token);
      return (body.data as { adminNotes: string }).adminNotes;
    },
  };
}

function feeRegister(): Register {
  return {
    describe: 'platform fee',
    // Distinct two-decimal values, so a lost write cannot look like a later one.
    value: (n) => String((100 + (n % 900_000)) / 100),
    async write(n, token) {
      return call('PUT', '/configuration', token, { platformFee: Number(this.value(n)) });
    },
    async read(token) {
      const { body } = await call('GET', '/configuration', token);
      return String((body.data as { platformFee: number }).platformFee);
    },
  };
}

type Tally = { acknowledged: number; failed: number; reasons: Set<string> };

function refused(tally: Tally, { status, body }: Answer) {
  tally.failed += 1;
  tally.reasons.add(`${status} ${String(body.message)}`);
}

/** Writes to a register, one at a time, until the server dies. */
async function registerLoop(
  register: Register,
  token: string,
  tally: Tally,
  counter: () => number,
) {
  for (;;) {
    const n = counter();
    register.inFlight = register.value(n);
    let answer: Answer;
    try {
      answer = await register.write(n, token);
    } catch {
      return; // no answer: the server is gone; the value stays "in flight"
    }
    if (answer.status === 200) {
      register.lastAcknowledged = register.inFlight;
      tally.acknowledged += 1;
    } else refused(tally, answer);
    register.inFlight = undefined;
  }
}

/** Creates content items until the server dies; each acknowledged title must exist. */
async function contentLoop(
  token: string,
  tally: Tally,
  created: Set<string>,
  counter: () => number,
) {
  for (;;) {
    const title = `${RUN} item ${counter()}`;
    try {
      const answer = await call('POST', '/static', token, {
        title,
        type: 'page',
        content: `<p>${title}</p>`,
      });
      if (answer.status === 201) {
        created.add(title);
        tally.acknowledged += 1;
      } else refused(tally, answer);
    } catch {
      return;
    }
  }
}

/** Acknowledged writes that are not in the database after a restart (none, when all is well). */
async function lostWrites(token: string, registers: Register[], created: Set<string>) {
  const lost: string[] = [];
  for (const register of registers) {
    const stored = await register.read(token);
    const allowed = [register.lastAcknowledged, register.inFlight];
    if (!allowed.includes(stored)) {
      const expected = allowed.filter((value) => value !== undefined).join('" or "');
      lost.push(`${register.describe}: "${stored}", expected "${expected}"`);
    }
    // What is stored now is the acknowledged value of the next round.
    register.lastAcknowledged = stored;
    register.inFlight = undefined;
  }
  const found = new Set<string>();
  for (let skip = 0; ; skip += 1000) {
    const { body } = await call('GET', `/static?search=${RUN}&limit=1000&skip=${skip}`, token);
    const page = body.data as { title: string }[];
    for (const item of page) found.add(item.title);
    if (page.length < 1000) break;
  }
  for (const title of created) if (!found.has(title)) lost.push(`content item "${title}"`);
  return lost;
}

// ---------------------------------------------------------------- the run

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function stats(ms: number[]): string {
  if (!ms.length) return 'none';
  const sorted = [...ms].sort((a, b) => a - b);
  const median =
    sorted.length % 2
      ? sorted[(sorted.length - 1) / 2]
      : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  const s = (value: number) => `${(value / 1000).toFixed(2)} s`;
  return `min ${s(sorted[0])}, median ${s(median)}, max ${s(sorted[sorted.length - 1])}`;
}

const dataDir =
  values['data-dir'] ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-durability-')));
const ownFolder = !values['data-dir'];
const restartMs: number[] = [];
const restartCpuMs: number[] = [];
let acknowledged = 0;
let lost = 0;
let failedStarts = 0;
const created = new Set<string>();
let next = 0;
const counter = () => (next += 1);

console.log(`durability: ${ROUNDS} rounds of up to ${SECONDS} s, ${WRITERS} writers, ${dataDir}`);
let server: Server | undefined;
try {
  // The first start may seed the demo data into an empty folder: not a restart, so more time.
  const first = await startServer(dataDir, Math.max(START_TIMEOUT_MS, 600_000));
  console.log(`first start (demo data seeded if the folder was empty): ${stats([first.readyMs])}`);
  server = first;
  let token = await login();
  const { body } = await call('GET', '/admin/bookings?limit=10', token);
  const bookingIds = (body.data as { _id: string }[]).map((booking) => booking._id);
  // One fee loop at most (the fee is a single value); the other loops alternate content and notes.
  const registers: Register[] = [];
  const kinds = Array.from({ length: WRITERS }, (_, i) =>
    i === 2 ? 'fee' : i % 2 === 0 ? 'content' : 'notes',
  );
  for (const kind of kinds) {
    if (kind === 'fee') registers.push(feeRegister());
    if (kind === 'notes') registers.push(notesRegister(bookingIds[registers.length]));
  }

  // What each record holds before the first write is its acknowledged value.
  for (const register of registers) register.lastAcknowledged = await register.read(token);

  for (let round = 1; round <= ROUNDS; round += 1) {
    const tally: Tally = { acknowledged: 0, failed: 0, reasons: new Set() };
    const loops = [
      ...registers.map((register) => registerLoop(register, token, tally, counter)),
      ...kinds
        .filter((kind) => kind === 'content')
        .map(() => contentLoop(token, tally, created, counter)),
    ];
    const killAfter = Math.random() * SECONDS * 1000;
    await sleep(killAfter);
    await kill(server.child);
    await Promise.all(loops);
    acknowledged += tally.acknowledged;

    let restarted: Server | undefined;
    for (let attempt = 0; !restarted; attempt += 1) {
      try {
        restarted = await startServer(dataDir);
      } catch (error) {
        if (!(error instanceof StartFailed)) throw error;
        failedStarts += 1;
        console.log(`round ${round}: start failed: ${error.message}`);
        if (attempt === 2) throw new Error('three failed starts in a row: giving up');
      }
    }
    server = restarted;
    restartMs.push(server.readyMs);
    if (server.cpuMs !== undefined) restartCpuMs.push(server.cpuMs);
    token = await login();
    const missing = await lostWrites(token, registers, created);
    lost += missing.length;
    console.log(
      `round ${round}: killed after ${(killAfter / 1000).toFixed(1)} s, ` +
        `${tally.acknowledged} acknowledged, ${tally.failed} refused, ${missing.length} lost, ` +
        `restart ${(server.readyMs / 1000).toFixed(2)} s` +
        (server.cpuMs === undefined ? '' : ` (CPU ${(server.cpuMs / 1000).toFixed(2)} s)`),
    );
    for (const line of missing) console.log(`  lost: ${line}`);
    for (const reason of tally.reasons) console.log(`  refused: ${reason}`);
  }
} finally {
  if (server) await kill(server.child);
  if (ownFolder) await fs.rm(dataDir, { recursive: true, force: true });
}

console.log(
  [
    '',
    `rounds: ${ROUNDS}`,
    `acknowledged writes: ${acknowledged}`,
    `lost writes: ${lost}`,
    `failed starts: ${failedStarts}`,
    `restart time (spawn to GET /readyz 200): ${stats(restartMs)}`,
    `restart CPU time of the server process until ready: ${stats(restartCpuMs)}`,
    `load average at the end: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  ].join('\n'),
);
process.exit(lost || failedStarts ? 1 : 0);
