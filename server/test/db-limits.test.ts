/**
 * Bounded waiting for the database, on both engines: a request that gets no connection within
 * DB_POOL_WAIT_MS (PGlite: no turn on its one connection) is answered 503 with Retry-After at
 * once instead of queueing, readiness still answers (it never waits behind requests), and the
 * server serves again as soon as a connection is free.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../src/db/client.js';
import { DATABASE_UNAVAILABLE } from '../src/db/unavailable.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ statementTimeoutMs: 0, poolWaitMs: 1000, connectTimeoutMs: 0 });
});
afterAll(() => t.close());

/** Takes every connection (PGlite: its one turn) until the returned function gives them back. */
async function holdEveryConnection(database: Database): Promise<() => Promise<void>> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'postgres') {
    const pool = client as pg.Pool;
    const held: pg.PoolClient[] = [];
    const releaseAll = async () => held.forEach((connection) => connection.release());
    try {
      // One at a time: opening ten at once on a busy machine may take longer than the bound.
      while (held.length < 10) held.push(await pool.connect());
    } catch (error) {
      await releaseAll();
      throw error;
    }
    return releaseAll;
  }
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const transaction = (client as PGlite).transaction(async () => {
    holding();
    await released;
  });
  await held;
  return async () => {
    release();
    await transaction;
  };
}

test(`no connection free within DB_POOL_WAIT_MS: 503 with Retry-After, readiness unaffected (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
  const release = await holdEveryConnection(t.database);
  try {
    const res = await t.as({ method: 'GET', url: '/api/v1/total/user' });
    expect([res.statusCode, res.headers['retry-after'], res.json().message]).toEqual([
      503,
      '5',
      DATABASE_UNAVAILABLE,
    ]);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  } finally {
    await release();
  }
  expect((await t.as({ method: 'GET', url: '/api/v1/total/user' })).statusCode).toBe(200);
});

const onPostgres = process.env.DATABASE_URL ? test : test.skip;

onPostgres('PostgreSQL: the server plans its statements without JIT compilation', async () => {
  const { rows } = (await t.database.db.execute(sql`show jit`)) as unknown as {
    rows: { jit: string }[];
  };
  expect(rows).toEqual([{ jit: 'off' }]);
});
