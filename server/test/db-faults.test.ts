/**
 * The database goes away and comes back (PostgreSQL, on a cluster of the test's own): connections
 * ended during write transactions, the server stopped and started, a statement held by a lock, a
 * server started while the database is down. The process stays up, answers 503 with Retry-After
 * (never 500), recovers by itself, and every acknowledged write is present once with its event.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { TEST_ENV } from './helpers/constants.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { DATABASE_UNAVAILABLE } from '../src/db/unavailable.js';
import { auditEvents, staticContents, users } from '../src/db/schema.js';
import { saveAdministrator } from '../src/auth/administrators.js';
import { createSession } from '../src/auth/sessions.js';
import { createOwnCluster, ownClusterAvailable, type OwnCluster } from './helpers/own-cluster.js';
import { startServerProcess, until } from './helpers/server-process.js';

const suite = ownClusterAvailable() ? describe : describe.skip;

suite('when the database blinks (PostgreSQL, a cluster of its own)', () => {
  let cluster: OwnCluster;
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  const STATEMENT_TIMEOUT_MS = 1500;

  beforeAll(async () => {
    cluster = await createOwnCluster();
    await cluster.start();
    database = await openDatabase(
      { databaseUrl: cluster.url },
      { statementTimeoutMs: STATEMENT_TIMEOUT_MS, poolWaitMs: 3000, connectTimeoutMs: 0 },
    );
    const email = 'faults@example.com';
    await saveAdministrator(database.db, { email, password: 'Blinking-database-7%Q' });
    const [admin] = await database.db.select().from(users).where(eq(users.email, email));
    token = await createSession(database.db, admin.id, 3_600_000);
    app = await buildApp({
      database,
      config: { ...readConfig(TEST_ENV), buildDir: '/nonexistent' },
    });
  }, 120_000);

  afterAll(async () => {
    try {
      await app?.close();
      // Closing waits for every pooled connection; the cluster goes whatever happens.
      await Promise.race([database?.close(), new Promise((resolve) => setTimeout(resolve, 5000))]);
    } finally {
      await cluster?.drop();
    }
  });

  const write = (title: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/static',
      headers: { authorization: `Bearer ${token}` },
      payload: { title, content: '<p>written while the database blinks</p>' },
    });
  const ready = async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode;

  test('a statement held by a lock past the statement timeout is a 503 with Retry-After', async () => {
    const holder = new pg.Client({ connectionString: cluster.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table static_contents in access exclusive mode');
      const res = await write('Held by a lock');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().message).toBe(DATABASE_UNAVAILABLE);
      // Readiness asks on its own connection: a busy table is not an unready database.
      expect(await ready()).toBe(200);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect((await write('After the lock')).statusCode).toBe(201);
  });

  test('connections ended and the database restarted during writes: 503s, then recovery, nothing lost or half-written', async () => {
    const statuses = new Map<number, number>();
    const acknowledged: string[] = [];
    const attempted: string[] = [];
    let stop = false;
    let sequence = 0;
    let sawUnavailable = false;
    const writer = async (n: number) => {
      while (!stop) {
        const title = `Blink ${n}-${(sequence += 1)}`;
        attempted.push(title);
        const res = await write(title);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode === 201) acknowledged.push(title);
        if (res.statusCode === 503) {
          sawUnavailable = true;
          expect(res.headers['retry-after']).toBe('5');
          // A client backs off; so does this one, by a turn of the event loop.
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    };
    const writers = [1, 2, 3].map(writer);
    const moreWrites = async (count: number) => {
      const target = acknowledged.length + count;
      await until(`${count} more acknowledged writes`, () => acknowledged.length >= target);
    };
    try {
      await moreWrites(5);
      for (let i = 0; i < 3; i += 1) {
        // What a failover or a DBA does: every connection of the server ended at once.
        await cluster.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where backend_type = 'client backend' and pid <> pg_backend_pid()`,
        );
        await moreWrites(3);
      }
      sawUnavailable = false;
      await cluster.stop();
      await until('a 503 while the database is down', () => sawUnavailable);
      expect(await ready()).toBe(503);
      await cluster.start();
      await until('readiness once the database is back', async () => (await ready()) === 200);
      await moreWrites(5);
    } finally {
      stop = true;
      await Promise.all(writers);
    }
    expect([...statuses.keys()].filter((status) => status !== 201 && status !== 503)).toEqual([]);
    expect(statuses.get(503)).toBeGreaterThan(0);

    const rows = await database.db
      .select({ id: staticContents.id, title: staticContents.title })
      .from(staticContents);
    const titles = rows.map((row) => row.title);
    // Every acknowledged write is there once; nothing that was not attempted.
    for (const title of acknowledged) expect(titles.filter((t) => t === title)).toHaveLength(1);
    const blinks = titles.filter((title) => title.startsWith('Blink '));
    expect(blinks.filter((title) => !attempted.includes(title))).toEqual([]);
    // Each row has exactly its one event, and no event is without its row.
    const events = await database.db
      .select({ entityId: auditEvents.entityId })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'content.create'));
    const eventIds = events.map((event) => event.entityId);
    for (const row of rows) expect(eventIds.filter((id) => id === row.id)).toHaveLength(1);
    expect(eventIds.filter((id) => !rows.some((row) => row.id === id))).toEqual([]);
  });

  const serve = (env: Record<string, string>) =>
    startServerProcess({ DATABASE_URL: cluster.url, ...env });

  test('started with the database down, the server waits for it (readiness 503) and becomes ready', async () => {
    await cluster.stop();
    const server = await serve({ DB_CONNECT_TIMEOUT_SECONDS: '120' });
    try {
      await until('a retry line', () => /did not answer \(attempt 1/.test(server.output()));
      await until('readiness 503', async () => (await server.readiness()) === 503);
      await cluster.start();
      await until('readiness 200', async () => (await server.readiness()) === 200, 90_000);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  test('a database that stays down: the server gives up after DB_CONNECT_TIMEOUT_SECONDS with one line', async () => {
    await cluster.stop();
    try {
      const server = await serve({ DB_CONNECT_TIMEOUT_SECONDS: '1' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(
        /marketplace-admin could not start: PostgreSQL at 127\.0\.0\.1:\d+\/postgres did not answer: tried \d+ times/,
      );
      expect(server.output()).not.toMatch(/\n\s+at /);
    } finally {
      await cluster.start();
    }
  });
});
