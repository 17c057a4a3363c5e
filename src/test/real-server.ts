import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RealServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Sends the page's API calls (RTK Query's fetch) to this server instead of the page origin. */
  routeFetch(): void;
  stop(): Promise<void>;
}

/** How long the server may take to seed and start before the test fails. */
const START_LIMIT_MS = 150_000;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The reference server (`server/src/main.ts`), started in its own process on a fresh data folder
 * and seeded with the demo data, for client tests that should see its real answers rather than
 * hand-written ones. It takes a few seconds to start: one per test file, in beforeAll (after
 * Testing Library's own, which declares an act environment).
 */
export async function startRealServer(): Promise<RealServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ma-client-test-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn('node_modules/.bin/tsx', ['server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BUILD_DIR: path.join(dataDir, 'no-build'),
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    // It seeds the demo data first: seconds alone, over a minute on a machine that also runs
    // other test files (50 s was passed at a load average of 14). Within jest's own timeout.
    const timer = setTimeout(
      () => reject(new Error(`no server after ${START_LIMIT_MS / 1000} s:\n${output}`)),
      START_LIMIT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it was ready:\n${output}`));
    });
  });

  const nodeFetch = globalThis.fetch;
  // The screens' answers come over the network, whenever the server sends them, as in a browser:
  // no act() can wrap them, so these tests are not an act environment (React then does not ask
  // for one). Testing Library's waits work the same; `stop` restores the flag.
  const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = global.IS_REACT_ACT_ENVIRONMENT;
  global.IS_REACT_ACT_ENVIRONMENT = false;
  return {
    origin,
    routeFetch() {
      globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(input, init);
        const url = new URL(request.url);
        const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.text();
        return nodeFetch(`${origin}${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body,
          signal: request.signal,
        });
      }) as typeof fetch;
    },
    async stop() {
      globalThis.fetch = nodeFetch;
      global.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
