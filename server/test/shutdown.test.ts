/**
 * SIGTERM under load: the server stops accepting, answers every request it had accepted, closes
 * the database and exits 0. Runs the real `server/src/main.ts` on a copy of the seeded test database.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { TEST_ADMIN } from './helpers/constants.js';
import { adminQuery, templateDbName, templateFile, withDatabase } from './helpers/test-database.js';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Outcome = { status?: number; error?: string; connected: boolean; at: number };

/** One request on its own connection; `connected` once the server's kernel accepted it. */
function request(port: number, token: string, onConnect: () => void): Promise<Outcome> {
  return new Promise((resolve) => {
    let connected = false;
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/admin/bookings?limit=100',
        headers: { authorization: `Bearer ${token}` },
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, connected, at: Date.now() }));
        res.on('error', (error) => resolve({ error: error.message, connected, at: Date.now() }));
      },
    );
    req.on('socket', (socket) =>
      socket.once('connect', () => {
        connected = true;
        onConnect();
      }),
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, connected, at: Date.now() }),
    );
  });
}

/** The seeded test template as the server's database: a PGlite data folder, or a PostgreSQL clone. */
async function seededDatabase(
  dataDir: string,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const name = `ma_test_${process.env.TEST_RUN_ID}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${templateDbName()}`);
    return {
      env: { DATABASE_URL: withDatabase(process.env.DATABASE_URL, name) },
      drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const template = new Blob([await readFile(templateFile())]);
  await (await PGlite.create({ dataDir, loadDataDir: template })).close();
  return { env: { DATABASE_URL: '' }, drop: async () => {} };
}

test('SIGTERM during load: every accepted request is answered, then the process exits 0', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ma-shutdown-'));
  const database = await seededDatabase(dataDir);
  const port = await freePort();
  // As `npm run serve` starts it: node with tsx as a loader. (The tsx command would relay the
  // signal and kill the server when its event loop does not answer within 30 ms.)
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...database.env,
      BUILD_DIR: path.join(dataDir, 'no-build'),
      SHUTDOWN_GRACE_SECONDS: '30',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (output.includes('is running at')) {
          clearInterval(timer);
          resolve();
        } else if (child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(output));
        }
      }, 100);
    });
    const login = await fetch(`http://127.0.0.1:${port}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword }),
    });
    const { token } = (await login.json()) as { token: string };

    const total = 20;
    let connections = 0;
    let signalled!: () => void;
    const allConnected = new Promise<void>((resolve) => (signalled = resolve));
    const outcomes = Array.from({ length: total }, () =>
      request(port, token, () => {
        if (++connections === total) signalled();
      }),
    );
    await allConnected;
    // A probe on a later connection: once it is answered, the server has taken every earlier
    // connection from the kernel's queue and read its request (PGlite keeps the event loop busy
    // while it queries, so a connection can wait there). Then stop it while it works.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const results = await Promise.all(outcomes);
    // Every request was accepted before the signal, and every one got its full answer, some of
    // them after the signal.
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    expect(results.filter((r) => r.at > signalledAt).length).toBeGreaterThan(0);
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM: draining');
    expect(output).toContain('drained: every request answered, database closed');
    // Nothing listens any more.
    const late = await request(port, token, () => {});
    expect(late).toMatchObject({ error: 'ECONNREFUSED', connected: false });
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}, 180_000);
