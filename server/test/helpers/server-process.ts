/**
 * The real server (`server/src/main.ts`) in a child process, started as `npm run serve` does
 * (node with tsx as a loader, so signals reach it), for the tests about what only a process
 * shows: shutdown, backups while it runs, a database that goes away; and an npm script's file
 * run to its end, as `npm run` runs it.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { TEST_ADMIN } from './constants.js';
import { freePort } from './own-cluster.js';

/** Waits until `check` holds, polling every 20 ms, or fails after `ms` naming `what`. */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  ms = 120_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export type ServerProcess = {
  port: number;
  /** e.g. http://127.0.0.1:41234 */
  base: string;
  child: ChildProcessWithoutNullStreams;
  /** everything it wrote so far, stdout and stderr */
  output: () => string;
  exited: Promise<number | null>;
  /** the status of /readyz now (0 when nothing answers) */
  readiness: () => Promise<number>;
};

/**
 * Starts the server with `env` over the test's environment (the database's DATABASE_URL or
 * DATA_DIR among it). Signed in with the password alone (two-step sign-in is mfa.test.ts's);
 * no SPA build; LOG_LEVEL info, so a test can wait for a line of the log.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BUILD_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
      MFA_REQUIRED: '0',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const readiness = () =>
    fetch(`${base}/readyz`).then(
      (res) => res.status,
      () => 0,
    );
  return { port, base, child, output: () => output, exited, readiness };
}

/** `startServerProcess`, then waits until it is ready (failing with its output if it exits). */
export async function startReadyServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  await until('the server to start', async () => {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    return (await server.readiness()) === 200;
  });
  return server;
}

/** The test admin's token on a server process. */
export async function signInTo(server: ServerProcess): Promise<string> {
  const login = await fetch(`${server.base}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword }),
  });
  return ((await login.json()) as { token: string }).token;
}

/**
 * Runs `scripts/<script>` with tsx (as its `npm run` entry does) to its end, with `env` over the
 * test's environment and `input` on its standard input: its exit code and everything it wrote.
 */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  input = '',
): Promise<{ code: number | null; output: string }> {
  const child = spawn('node_modules/.bin/tsx', [`scripts/${script}`, ...args], {
    env: { ...process.env, ...env, LOG_LEVEL: 'error' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.stdin.end(input);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
