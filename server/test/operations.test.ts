/**
 * Operating the server: health and readiness probes, Prometheus metrics behind their token, one
 * log line per request without secrets, and a start-up without warnings.
 */
import { Writable } from 'node:stream';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { cloneTestDatabase } from './helpers/test-database.js';
import { TEST_ADMIN, TEST_ENV } from './helpers/constants.js';

let database: Database;
beforeAll(async () => {
  database = await cloneTestDatabase();
});
afterAll(() => database.close());

/** An app whose log lines are collected as parsed JSON. */
async function start(env: Record<string, string> = {}, db: Database = database) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const config = { ...readConfig({ ...TEST_ENV, ...env }), buildDir: '/nonexistent' };
  const app = await buildApp({ database: db, config, logger: { level: 'info', stream } });
  await app.ready();
  return { app, lines };
}

test('/healthz answers while the process runs; /readyz while the database answers', async () => {
  const { app } = await start();
  expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
  const ready = await app.inject('/readyz');
  expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
  app.lifecycle.draining = true;
  const draining = await app.inject('/readyz');
  expect([draining.statusCode, draining.json()]).toEqual([503, { status: 'draining' }]);
  expect((await app.inject('/healthz')).statusCode).toBe(200);
  await app.close();
});

test('/readyz is 503 while the database does not answer, and while the server is still reaching it', async () => {
  const silent = { ...database, ping: async () => false } as Database;
  const { app } = await start({}, silent);
  const res = await app.inject('/readyz');
  expect([res.statusCode, res.json()]).toEqual([503, { status: 'database unavailable' }]);
  await app.close();

  const starting = await start();
  starting.app.lifecycle.starting = true;
  const readiness = await starting.app.inject('/readyz');
  expect([readiness.statusCode, readiness.json()]).toEqual([503, { status: 'starting' }]);
  const api = await starting.app.inject('/api/v1/total/booking');
  expect([api.statusCode, api.headers['retry-after'], api.json().message]).toEqual([
    503,
    '5',
    'The database is unavailable; try again in a few seconds',
  ]);
  expect((await starting.app.inject('/healthz')).statusCode).toBe(200);
  await starting.app.close();
});

test('/metrics exists only with METRICS_TOKEN and answers only its bearer', async () => {
  const without = await start();
  expect((await without.app.inject('/metrics')).statusCode).toBe(404);
  await without.app.close();

  const { app } = await start({ METRICS_TOKEN: 'scrape-me-please' });
  await app.inject({ method: 'GET', url: '/api/v1/total/booking' }); // a 401, counted
  expect((await app.inject('/metrics')).statusCode).toBe(401);
  const wrong = { authorization: 'Bearer scrape-me-not' };
  expect((await app.inject({ url: '/metrics', headers: wrong })).statusCode).toBe(401);
  const res = await app.inject({
    url: '/metrics',
    headers: { authorization: 'Bearer scrape-me-please' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  expect(res.body).toMatch(
    /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/total\/booking",status_code="401"\} 1/,
  );
  expect(res.body).toContain('process_cpu_seconds_total');
  expect(res.body).toContain('nodejs_eventloop_lag_seconds');
  if (database.kind === 'postgres') expect(res.body).toContain('db_pool_connections');
  await app.close();
});

test('one line per request with id, route, status and duration; no password, token or body', async () => {
  const { app, lines } = await start();
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword },
  });
  const { token } = login.json();
  await app.inject({
    url: '/api/v1/admin/users?search=secret-search',
    headers: { authorization: `Bearer ${token}` },
  });
  const requests = lines.filter((line) => line.msg === 'request');
  expect(requests).toEqual([
    expect.objectContaining({
      reqId: expect.any(String),
      method: 'POST',
      route: '/api/v1/user/login',
      status: 200,
      ms: expect.any(Number),
    }),
    expect.objectContaining({ method: 'GET', route: '/api/v1/admin/users', status: 200 }),
  ]);
  expect(requests[0].reqId).not.toBe(requests[1].reqId);
  const all = JSON.stringify(lines);
  for (const secret of [TEST_ADMIN.adminPassword, token, 'secret-search', 'authorization']) {
    expect(all).not.toContain(secret);
  }
  await app.close();
});

test('the server starts without warnings', async () => {
  const { app, lines } = await start({ METRICS_TOKEN: 'x' });
  expect(lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
  await app.close();
});
