/**
 * The API benchmarks' measuring (scripts/bench-api.ts, scripts/bench-audit-partitions.ts): a
 * latency sampler in a worker thread (its own event loop, beside the server's), wrk for
 * throughput, percentiles, the machine's load average, and the Audit Log's calls.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Milliseconds of CPU (user + system) in a /proc stat line: fields 14 and 15 (the process's or
 * thread's own), or 16 and 17 (its children's that ended), counted after the command's closing
 * parenthesis, in USER_HZ (100 a second on every architecture Node runs on).
 */
function statCpuMs(stat: string, whose: 'own' | 'children' = 'own'): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const first = whose === 'own' ? 11 : 13;
  return (Number(fields[first]) + Number(fields[first + 1])) * 10;
}

/** The CPU the calling thread has used so far (its own, not the process's), in ms. */
const threadCpuMs = () => statCpuMs(readFileSync('/proc/thread-self/stat', 'utf8'));

/** The CPU of this process's children that have ended and been waited for, in ms. */
const childrenCpuMs = () => statCpuMs(readFileSync('/proc/self/stat', 'utf8'), 'children');

/** How to get wrk where it is missing. */
export const WRK_MISSING = 'wrk is not installed (Debian: apt-get install wrk)';

/**
 * Throughput: `wrk` (C, one thread, a process of its own: a load generator that takes far less
 * of the machine's cores than the server it measures) sends GETs of `url` from `connections`
 * keep-alive connections for `seconds`. Answers the 2xx answers (`done`) and the others
 * (`failed`), their rate, and the CPU wrk used (`cpuMs`); undefined when wrk is not installed.
 */
export async function wrk(job: {
  url: string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
}): Promise<{ perSecond: number; done: number; failed: number; cpuMs: number } | undefined> {
  const args = ['-t1', `-c${job.connections}`, `-d${job.seconds}s`];
  for (const [name, value] of Object.entries(job.headers)) args.push('-H', `${name}: ${value}`);
  const children0 = childrenCpuMs();
  const out = await new Promise<string | undefined>((resolve, reject) => {
    execFile('wrk', [...args, job.url], (error, stdout) => {
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') resolve(undefined);
      else if (error) reject(error);
      else resolve(stdout);
    });
  });
  if (out === undefined) return undefined;
  const total = /(\d+) requests in ([\d.]+)s/.exec(out);
  if (!total) throw new Error(`wrk printed no count:\n${out}`);
  const failed = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const done = Number(total[1]) - failed;
  return { perSecond: done / Number(total[2]), done, failed, cpuMs: childrenCpuMs() - children0 };
}

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
  }
});
`;

/**
 * The latency sampler: `run` sends it a job, { kind: 'latency', url, headers, warmup, count },
 * and answers { times, status, size }.
 */
export function loadGenerator() {
  const worker = new Worker(WORKER, { eval: true });
  const run = <T>(job: object) =>
    new Promise<T>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage(job);
    });
  return { run, terminate: () => worker.terminate() };
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

export const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')} on ${os.cpus().length} cores`;

/** The Audit Log's calls: its first page, and filtered by an event's record, actor, action, day. */
export function auditLogCalls(event: {
  entityType: string;
  entityId: string | null;
  actorId: string | null;
  action: string;
  createdAt: Date;
}): [string, string][] {
  const day = event.createdAt.toISOString().slice(0, 10);
  return [
    ['audit log, first page', '/admin/audit-logs?skip=0&limit=20'],
    [
      'audit log, by record',
      `/admin/audit-logs?entityType=${event.entityType}&entityId=${event.entityId}`,
    ],
    ['audit log, by actor', `/admin/audit-logs?actorId=${event.actorId}`],
    ['audit log, by action', `/admin/audit-logs?action=${encodeURIComponent(event.action)}`],
    ['audit log, by day', `/admin/audit-logs?from=${day}&to=${day}`],
  ];
}

type Client = {
  query(text: unknown, values?: unknown[], options?: unknown): Promise<unknown>;
};
/** As the driver was called: `text` is a string or pg's { text, values, rowMode } object. */
type Sent = { text: unknown; values?: unknown[] };

/** The SQL and values of a statement sent. */
export const statementOf = ({ text, values }: Sent): { text: string; values?: unknown[] } =>
  typeof text === 'string' ? { text, values } : (text as { text: string; values?: unknown[] });

/**
 * The statements a database's client sends: `record(run)` answers those `run` sent, as sent;
 * `query` sends one again straight through the driver (no HTTP, no JSON).
 */
export function statementRecorder(db: unknown) {
  const client = (db as { $client: Client }).$client;
  const query = client.query.bind(client);
  let recording: Sent[] | undefined;
  client.query = (text, values, options) => {
    recording?.push({ text, values });
    return query(text, values, options);
  };
  return {
    query,
    async record(run: () => Promise<unknown>): Promise<Sent[]> {
      recording = [];
      try {
        await run();
        return recording;
      } finally {
        recording = undefined;
      }
    },
  };
}

/** CPU milliseconds of this machine's PostgreSQL processes; undefined if there are none. */
function postgresCpuMs(): number | undefined {
  let ms: number | undefined;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(postgres)')) ms = (ms ?? 0) + statCpuMs(stat);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return ms;
}

/**
 * Where a run's CPU went: `stop()` (called from the same thread) answers the milliseconds, since
 * `cpuMeter()`, used by the calling thread (the server's, or the driver loops'), by the whole
 * process (every thread: the load generator's, the garbage collector's, PGlite's), and, when
 * `localPostgres` says the database is this machine's PostgreSQL, by its processes (else
 * undefined).
 */
export function cpuMeter(localPostgres: boolean) {
  const thread0 = threadCpuMs();
  const process0 = process.cpuUsage();
  const postgres0 = localPostgres ? postgresCpuMs() : undefined;
  return {
    stop() {
      const processUsage = process.cpuUsage(process0);
      const postgres1 = localPostgres ? postgresCpuMs() : undefined;
      return {
        threadMs: threadCpuMs() - thread0,
        processMs: (processUsage.user + processUsage.system) / 1000,
        postgresMs:
          postgres0 === undefined || postgres1 === undefined ? undefined : postgres1 - postgres0,
      };
    },
  };
}
