/**
 * Transactions on PostgreSQL give their connection back to the pool whatever happens, also when
 * the connection is lost at BEGIN (drizzle's own transaction() would keep it for good, and ten
 * of those leave the pool empty). PostgreSQL only: on PGlite there is one connection and no pool.
 */
import { jest } from '@jest/globals';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../src/db/client.js';
import { databaseUnavailableReason } from '../src/db/unavailable.js';
import { adminQuery, cloneTestDatabase } from './helpers/test-database.js';

const suite = process.env.DATABASE_URL ? describe : describe.skip;

suite('transactions on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await cloneTestDatabase({
      statementTimeoutMs: 0,
      poolWaitMs: 2000,
      connectTimeoutMs: 0,
    });
  });
  afterAll(() => database?.close());

  const one = () =>
    database.db.transaction(
      async (tx) => ((await tx.execute(sql`select 1 as one`)) as unknown as pg.QueryResult).rows[0],
    );

  test('a connection lost at BEGIN gives its client back; every transaction after it runs', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const connect = pool.connect.bind(pool);
    // The next transactions' connections are ended by the server as they are handed out, before
    // their BEGIN: twelve of them, more than the pool holds (10).
    let losing = 12;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    pool.connect = (async (...args: unknown[]) => {
      // Plain queries ask the pool with a callback; a transaction asks for a client of its own.
      if (args.length || losing === 0) return (connect as (...a: unknown[]) => unknown)(...args);
      losing -= 1;
      const client = await connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const ended = new Promise((resolve) => client.once('end', resolve));
      await adminQuery(`select pg_terminate_backend(${rows[0].pid})`);
      await ended;
      return client;
    }) as typeof pool.connect;
    try {
      for (let i = 0; i < 12; i += 1) await expect(one()).rejects.toThrow();
    } finally {
      pool.connect = connect;
      warn.mockRestore();
    }
    expect(losing).toBe(0);
    // None of them is still held: the pool waits for nothing and has every client back.
    const { total, idle, waiting } = database.poolStats!();
    expect({ held: total - idle, waiting }).toEqual({ held: 0, waiting: 0 });
    await expect(one()).resolves.toEqual({ one: 1 });
    expect(database.poolStats!().total).toBe(database.poolStats!().idle);
  });

  test('a statement that gets no answer ends its transaction without a ROLLBACK sent on that connection', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const connect = pool.connect.bind(pool);
    const sent: string[] = [];
    pool.connect = (async (...args: unknown[]) => {
      if (args.length) return (connect as (...a: unknown[]) => unknown)(...args);
      const client = await connect();
      const query = client.query.bind(client) as (...a: unknown[]) => unknown;
      // What pg says when a frozen server does not answer within query_timeout.
      client.query = ((...queryArgs: unknown[]) => {
        const first = queryArgs[0] as string | { text: string };
        const text = typeof first === 'string' ? first : first.text;
        sent.push(text.trim().toLowerCase());
        if (/select 1/.test(text)) return Promise.reject(new Error('Query read timeout'));
        return query(...queryArgs);
      }) as typeof client.query;
      return client;
    }) as typeof pool.connect;
    let failure: unknown;
    try {
      failure = await one().catch((error: unknown) => error);
    } finally {
      pool.connect = connect;
    }
    // Answered as the database being away (503).
    expect(databaseUnavailableReason(failure)).toBe('Query read timeout');
    // Without this the ROLLBACK waits out its own timeout on the frozen connection.
    expect(sent).toEqual(['begin', 'select 1 as one']);
    // The connection was closed, not put back; the next transaction runs on another.
    const { total, idle, waiting } = database.poolStats!();
    expect({ held: total - idle, waiting }).toEqual({ held: 0, waiting: 0 });
    await expect(one()).resolves.toEqual({ one: 1 });
  });
});
