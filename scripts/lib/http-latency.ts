/**
 * The API benchmarks' measuring (scripts/bench-api.ts, scripts/bench-audit-partitions.ts): a
 * load generator in a worker thread (its own event loop, beside the server's), percentiles,
 * the machine's load average, and the Audit Log's calls.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';

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

/**
 * The load generator: `run` sends it a job, { kind: 'latency', url, headers, warmup, count }
 * (answers { times, status, size }) or { kind: 'throughput', url, headers, seconds, connections }
 * (answers { perSecond, failed }).
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
