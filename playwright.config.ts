import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real server on a fresh embedded database, in Debian's Chromium.
 * The SPA is served from build/ (built first when it is missing: `npm run build`).
 */
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
// Evaluated again in each worker; only the runner's own value reaches the server.
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${Date.now()}`;

// Data folders of earlier runs (older than an hour, so never one in use) are removed.
const TMP = '.tmp';
for (const name of fs.existsSync(TMP) ? fs.readdirSync(TMP) : []) {
  const started = Number(/^e2e-data-(\d+)$/.exec(name)?.[1]);
  if (started && started < Date.now() - 3_600_000) {
    fs.rmSync(path.join(TMP, name), { recursive: true, force: true });
  }
}

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: '( test -f build/index.html || npm run -s build ) && exec npx tsx server/src/main.ts',
    // Ready once the database is migrated and seeded (/readyz 200): the SPA's files are served
    // from the start, while PGlite seeds in its own thread.
    url: `${baseURL}/readyz`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    reuseExistingServer: false,
    timeout: 240_000,
    // The server's warnings (a request shed with 503, a slow statement) beside a failed test.
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
