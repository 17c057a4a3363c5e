/**
 * The outage scenarios of server/test/db-faults.test.ts, run longer and measured (not a test;
 * docs/deploying.md "What an operator sees during an outage" holds its figures). A real server
 * process (server/src/main.ts, default limits) on a PostgreSQL cluster of its own (the shared one
 * is untouched; needs root and the Debian cluster tools, as the test), with --writers (3) loops
 * creating content items over HTTP, goes through --rounds (3) of:
 *
 * 1. every connection of the server terminated (pg_terminate_backend), then 5 s of writes;
 * 2. the database stopped for --down-seconds (20) and started again;
 * 3. the database frozen (SIGSTOP of all its processes) for --down-seconds, then resumed.
 *
 * Per scenario it prints the answers by status, the longest answer, and how long after the
 * database came back readiness said 200 again; at the end whether the process stayed up, and
 * whether every acknowledged write is present once with exactly one audit event.
 *
 *   sudo npx tsx scripts/faults.ts [--rounds 3] [--down-seconds 20] [--writers 3]
 */
import { execFile, spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { promisify } from 'node:util';
import pg from 'pg';
import { createOwnCluster, freePort } from '../server/test/helpers/own-cluster.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'down-seconds': { type: 'string', default: '20' },
    writers: { type: 'string', default: '3' },
  },
});
const DOWN_MS = Number(args['down-seconds']) * 1000;
const sh = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cluster = await createOwnCluster();
await cluster.start();
const port = await freePort();
const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: cluster.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    BUILD_DIR: '/nonexistent',
    ADMIN_EMAIL: 'faults@example.com',
    ADMIN_PASSWORD: 'Blinking-database-7%Q-longer',
    LOG_LEVEL: 'warn',
    // Signed in with the password alone: the writers are a script.
    MFA_REQUIRED: '0',
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let exitCode: number | null | undefined;
child.once('exit', (code) => (exitCode = code));
let log = '';
child.stderr.on('data', (chunk) => (log += chunk));
const base = `http://127.0.0.1:${port}`;

async function readiness(): Promise<number> {
  return fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
    (res) => res.status,
    () => 0,
  );
}
async function until(what: string, check: () => Promise<boolean>, ms = 120_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

type Tally = { statuses: Map<number, number>; longest: number };
let tally: Tally = { statuses: new Map(), longest: 0 };
const acknowledged: string[] = [];
let stopping = false;
/** The cluster's processes while they are stopped (SIGSTOP), to resume whatever happens. */
let frozen: string[] = [];

try {
  await until('the server', async () => (await readiness()) === 200);
  const login = await fetch(`${base}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'faults@example.com', password: 'Blinking-database-7%Q-longer' }),
  });
  const { token } = (await login.json()) as { token: string };
  let sequence = 0;
  const writer = async (n: number) => {
    while (!stopping) {
      const title = `Fault ${n}-${(sequence += 1)}`;
      const started = Date.now();
      const status = await fetch(`${base}/api/v1/static`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title, content: '<p>written during an outage</p>' }),
        signal: AbortSignal.timeout(30_000),
      }).then(
        (res) => res.status,
        () => 0,
      );
      tally.longest = Math.max(tally.longest, Date.now() - started);
      tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
      if (status === 201) acknowledged.push(title);
      else await sleep(100);
    }
  };
  const writers = Array.from({ length: Number(args.writers) }, (_, i) => writer(i + 1));

  const report = (scenario: string, backMs: number | null) => {
    const statuses = [...tally.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${n} × ${status || 'no answer'}`)
      .join(', ');
    console.log(
      `| ${scenario} | ${statuses} | ${(tally.longest / 1000).toFixed(1)} | ${backMs === null ? '–' : (backMs / 1000).toFixed(1)} |`,
    );
    tally = { statuses: new Map(), longest: 0 };
  };
  const readyAgain = async () => {
    const back = Date.now();
    await until('readiness again', async () => (await readiness()) === 200);
    return Date.now() - back;
  };
  const postgresPids = async () => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ dir: string }>(
        `select setting as dir from pg_settings where name = 'data_directory'`,
      );
      // The postmaster's command line names the folder; its children are titled
      // "postgres: 15/<cluster>: …": both hold the folder's last two segments.
      const { stdout } = await sh('pgrep', ['-f', rows[0].dir.split('/').slice(-2).join('/')]);
      return stdout.trim().split('\n').filter(Boolean);
    } finally {
      await client.end();
    }
  };

  console.log(
    `\n${args.writers} writers, ${args.rounds} rounds, outages of ${DOWN_MS / 1000} s\n\n| scenario | answers | longest answer s | readiness 200 again after s |\n|---|---|---|---|`,
  );
  await sleep(3000);
  report('before (3 s)', null);
  for (let round = 1; round <= Number(args.rounds); round += 1) {
    await cluster.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where backend_type = 'client backend' and pid <> pg_backend_pid()`,
    );
    await sleep(5000);
    report(`${round}: connections terminated, 5 s`, null);

    await cluster.stop();
    await sleep(DOWN_MS);
    await cluster.start();
    report(`${round}: stopped ${DOWN_MS / 1000} s, started`, await readyAgain());

    // (A pid may be gone by the time it is signalled: a backend that just ended.)
    frozen = await postgresPids();
    await sh('kill', ['-STOP', ...frozen]).catch(() => {});
    await sleep(DOWN_MS);
    await sh('kill', ['-CONT', ...frozen]).catch(() => {});
    frozen = [];
    report(`${round}: frozen ${DOWN_MS / 1000} s, resumed`, await readyAgain());
  }
  stopping = true;
  await Promise.all(writers);

  // Every acknowledged write present once, with exactly one audit event.
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ title: string; events: number }>(
      `select s.title, (select count(*)::int from audit_events e
         where e.entity_id = s.id::text and e.action = 'content.create') as events
       from static_contents s where s.title like 'Fault %'`,
    );
    const byTitle = new Map<string, number[]>();
    for (const row of rows) byTitle.set(row.title, [...(byTitle.get(row.title) ?? []), row.events]);
    const missing = acknowledged.filter((title) => !byTitle.has(title)).length;
    const twice = [...byTitle.values()].filter((events) => events.length > 1).length;
    const notOneEvent = rows.filter((row) => row.events !== 1).length;
    console.log(
      `\nThe process ${exitCode === undefined ? 'stayed up' : `exited (${exitCode})`}. ${acknowledged.length} writes acknowledged, ${rows.length} stored: ${missing} acknowledged missing, ${twice} stored twice, ${notOneEvent} without exactly one audit event.`,
    );
    if (/\n\s+at /.test(log)) console.log('The server logged a stack trace:\n' + log.slice(-2000));
  } finally {
    await client.end();
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  stopping = true;
  child.kill('SIGTERM');
  if (frozen.length) await sh('kill', ['-CONT', ...frozen]).catch(() => {});
  await cluster.drop();
}
