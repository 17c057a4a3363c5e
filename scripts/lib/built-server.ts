/**
 * The browser benchmarks' server: the production build (built first if missing) served by the
 * real server on a fresh PGlite data folder, in its own process group so that `stop` also ends
 * the server under npx; or, with `url`, a server already running, used as it is.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface BuiltServerOptions {
  /** a running server to use instead of starting one */
  url?: string;
  host: string;
  /** a random one from 18000 when not given */
  port?: number;
  /** the prefix of the temporary data folder, e.g. 'lighthouse-' */
  dataPrefix: string;
  /** more environment for the server, e.g. LOG_LEVEL */
  env?: Record<string, string>;
}

export async function startBuiltServer(
  options: BuiltServerOptions,
): Promise<{ url: string; stop: () => void }> {
  if (options.url) return { url: options.url.replace(/\/$/, ''), stop: () => undefined };
  if (!fs.existsSync('build/index.html')) {
    console.log('Building the SPA…');
    const build = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const port = options.port ?? 18_000 + Math.floor(Math.random() * 1000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.dataPrefix));
  const child = spawn('npx', ['tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      ...options.env,
      PORT: String(port),
      HOST: options.host,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://${options.host}:${port}`;
  console.log(`Starting a server on ${url} (fresh data folder)…`);
  for (let i = 0; i < 600; i += 1) {
    try {
      // Ready: migrated and seeded (the SPA's files are served before that).
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    stop: () => {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 1000);
    },
  };
}
