/**
 * The live event stream (GET /events) on both engines: a committed change is delivered with its
 * record, version, action and actor; a rolled-back one never; a change made on another instance
 * over the same database arrives (PostgreSQL: another pool and listening connection); a
 * reconnection with Last-Event-ID gets what it missed, or a reset; the stream ends at sign-out
 * and when the session goes idle, which it does not prevent, writing what waits first; heartbeats;
 * 401 without a token.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { restaurants, sessions } from '../src/db/schema.js';
import { recordChange } from '../src/lib/audit.js';
import { hashToken, livenessAt } from '../src/auth/sessions.js';
import { LISTEN_LOST, REPLAY_UNKNOWN } from '../src/handlers/events.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';
import { sessionOf } from './helpers/approvals.js';
import { withDatabase } from './helpers/test-database.js';
import {
  openEventStream,
  type EventStreamClient,
  type StreamEvent,
} from './helpers/event-stream.js';

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const GOLDEN_FORK = 'c1efc6b4-d724-413b-b515-ba4c708fd722';

let t: TestApp;
let base: string;
const open: EventStreamClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});
afterAll(async () => {
  await t.close();
});

async function stream(token = t.adminToken, headers: Record<string, string> = {}, url = base) {
  const client = await openEventStream(url, token, headers);
  open.push(client);
  expect(client.status).toBe(200);
  await client.next((event) => event.comment === 'connected');
  return client;
}

const isChange = (recordId: string) => (event: StreamEvent) =>
  event.event === 'change' && (event.data as { recordId: string }).recordId === recordId;

const setCommission = (value: number, app: FastifyInstance = t.app) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/restaurant/${GOLDEN_FORK}`,
    payload: { platformCommission: value },
    headers: { authorization: `Bearer ${t.adminToken}` },
  });

async function versionOf(id: string) {
  const [row] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, id));
  return row.version;
}

test(`a committed change is delivered with its record, version, action and actor (${engine})`, async () => {
  const events = await stream();
  const res = await setCommission(8.5);
  expect(res.statusCode).toBe(200);
  const event = await events.next(isChange(GOLDEN_FORK));
  expect(event).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    event: 'change',
    data: {
      id: event.id,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      action: 'restaurant.update',
      recordType: 'restaurant',
      recordId: GOLDEN_FORK,
      version: await versionOf(GOLDEN_FORK),
      actorName: 'Ada Admin',
    },
  });
});

test(`a change that rolls back sends nothing; the next committed one arrives first (${engine})`, async () => {
  const events = await stream();
  await expect(
    t.database.db.transaction(async (tx) => {
      await recordChange(tx, {
        request: null,
        action: 'restaurant.update',
        entity: { type: 'restaurant', id: 'rolled-back', name: 'Rolled back' },
        version: 99,
        always: true,
      });
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  await setCommission(9);
  const first = await events.next((event) => event.event === 'change');
  expect(first.data).toMatchObject({ recordId: GOLDEN_FORK });
});

test(`a change made on another server instance over the same database arrives (${engine})`, async () => {
  // PostgreSQL: another instance has its own pool and its own listening connection; PGlite is
  // one process, where a second instance shares the database.
  let otherDatabase: Database = t.database;
  if (process.env.DATABASE_URL) {
    const { rows } = (await t.database.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    otherDatabase = await openDatabase({
      databaseUrl: withDatabase(process.env.DATABASE_URL, rows[0].name),
    });
  }
  const other = await buildApp({ database: otherDatabase, config: t.app.config });
  try {
    const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
    const onB = await stream(t.adminToken, {}, otherBase);
    const onA = await stream();
    expect((await setCommission(10.5)).statusCode).toBe(200); // made on A
    const arrived = await onB.next(isChange(GOLDEN_FORK));
    expect(arrived.data).toMatchObject({ version: await versionOf(GOLDEN_FORK) });
    expect((await onA.next(isChange(GOLDEN_FORK))).id).toBe(arrived.id);
    expect((await setCommission(11, other)).statusCode).toBe(200); // made on B
    expect((await onA.next(isChange(GOLDEN_FORK))).data).toMatchObject({
      version: await versionOf(GOLDEN_FORK),
    });
  } finally {
    await other.close();
    if (otherDatabase !== t.database) await otherDatabase.close();
  }
});

test(`reconnecting with Last-Event-ID replays what was missed, in order; an unknown id gets a reset (${engine})`, async () => {
  const first = await stream();
  await setCommission(12);
  const seen = await first.next(isChange(GOLDEN_FORK));
  first.close();
  await setCommission(12.5);
  await setCommission(13);
  const versions = [(await versionOf(GOLDEN_FORK)) - 1, await versionOf(GOLDEN_FORK)];
  const again = await stream(t.adminToken, { 'last-event-id': seen.id! });
  const missed = [await again.next(isChange(GOLDEN_FORK)), await again.next(isChange(GOLDEN_FORK))];
  expect(missed.map((event) => (event.data as { version: number }).version)).toEqual(versions);
  expect(missed.map((event) => event.id)).not.toContain(seen.id);

  const lost = await stream(t.adminToken, {
    'last-event-id': '00000000-0000-4000-8000-000000000000',
  });
  expect(await lost.next()).toEqual({ event: 'reset', data: { message: REPLAY_UNKNOWN } });
  // and it goes on live
  await setCommission(13.5);
  await lost.next(isChange(GOLDEN_FORK));
});

const onPostgres = process.env.DATABASE_URL ? test : test.skip;

onPostgres(
  'a lost listening connection is opened again: streams end (one without an event id is told to reload everything), a change made meanwhile is replayed, and changes reach the streams again (PostgreSQL)',
  async () => {
    const seenOne = await stream();
    await setCommission(14);
    const seen = await seenOne.next(isChange(GOLDEN_FORK));
    const seenNone = await stream();
    // What a failover or a DBA does to the instance's listening connection, from another one.
    const { rows } = (await t.database.db.execute(
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()`,
    )) as { rows: { ended: boolean }[] };
    expect(rows.map((row) => row.ended)).toEqual([true]);
    expect(await seenNone.next((event) => event.event !== 'comment')).toEqual({
      event: 'reset',
      data: { message: LISTEN_LOST },
    });
    await seenNone.ended();
    // One with an event id is not: it reconnects with it and gets what it missed.
    await expect(seenOne.next((event) => event.event === 'reset')).rejects.toThrow(
      'the stream ended',
    );
    expect((await setCommission(14.5)).statusCode).toBe(200);

    // Opened again as the client does, after a back-off, until the server listens again (503 with
    // Retry-After until then).
    let again: EventStreamClient | null = null;
    for (let attempt = 0; attempt < 100 && !again; attempt += 1) {
      const client = await openEventStream(base, t.adminToken, { 'last-event-id': seen.id! });
      open.push(client);
      if (client.status === 200) again = client;
      else {
        expect(client.status).toBe(503);
        client.close();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(again).not.toBeNull();
    const missed = await again!.next(isChange(GOLDEN_FORK));
    expect(missed.data).toMatchObject({ version: await versionOf(GOLDEN_FORK) });
    expect((await setCommission(15)).statusCode).toBe(200);
    expect((await again!.next(isChange(GOLDEN_FORK))).data).toMatchObject({
      version: await versionOf(GOLDEN_FORK),
    });
    const live = await stream();
    expect((await setCommission(15.5)).statusCode).toBe(200);
    await live.next(isChange(GOLDEN_FORK));
  },
);

test(`the stream ends when its session is signed out (${engine})`, async () => {
  const token = await sessionOf(t, 'support');
  const events = await stream(token);
  const res = await t.as({ method: 'POST', url: '/api/v1/user/logout', token });
  expect(res.statusCode).toBe(200);
  await events.ended();
  await expectContract(
    await t.as({ method: 'GET', url: '/api/v1/events', token }),
    'streamEvents',
    401,
  );
});

test(`live changes are coalesced, and what waits is written before the stream ends (${engine})`, async () => {
  const batch = t.app.config.eventBatchMs;
  t.app.config.eventBatchMs = 600_000; // written only when the stream ends
  try {
    const token = await sessionOf(t, 'support');
    const events = await stream(token);
    expect((await setCommission(9.5)).statusCode).toBe(200);
    expect((await setCommission(10)).statusCode).toBe(200);
    expect((await t.as({ method: 'POST', url: '/api/v1/user/logout', token })).statusCode).toBe(
      200,
    );
    const first = await events.next(isChange(GOLDEN_FORK));
    const second = await events.next(isChange(GOLDEN_FORK));
    expect([first.data, second.data]).toMatchObject([
      { version: (await versionOf(GOLDEN_FORK)) - 1 },
      { version: await versionOf(GOLDEN_FORK) },
    ]);
    await events.ended();
  } finally {
    t.app.config.eventBatchMs = batch;
  }
});

test(`an open stream does not keep an idle session alive: it ends when the session goes idle (${engine})`, async () => {
  const token = await sessionOf(t, 'finance');
  // The session's last use: two seconds before the idle timeout refuses it.
  const idleSoon = new Date(livenessAt(t.app.config.sessionIdleMs).usedAfter.getTime() + 2000);
  await t.database.db
    .update(sessions)
    .set({ lastUsedAt: idleSoon })
    .where(eq(sessions.tokenHash, hashToken(token)));
  const events = await stream(token);
  await events.ended(10_000);
  const [session] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  expect(session.lastUsedAt).toEqual(idleSoon);
});

test(`heartbeat comments keep the stream open (${engine})`, async () => {
  const heartbeat = t.app.config.eventHeartbeatMs;
  t.app.config.eventHeartbeatMs = 50;
  try {
    const events = await stream();
    expect(await events.next((event) => event.comment === 'heartbeat')).toMatchObject({
      comment: 'heartbeat',
    });
  } finally {
    t.app.config.eventHeartbeatMs = heartbeat;
  }
});

test(`a stream that ends while its session is being checked sets no timer after (${engine})`, async () => {
  const heartbeat = t.app.config.eventHeartbeatMs;
  t.app.config.eventHeartbeatMs = 50;
  const realSetTimeout = globalThis.setTimeout;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locking: Promise<unknown> | undefined;
  try {
    const events = await stream();
    // The heartbeat's session check waits behind a lock on the sessions, then the stream ends.
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    locking = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table sessions in access exclusive mode`);
      locked();
      await released;
    });
    await isLocked;
    await events.next((event) => event.comment === 'heartbeat');
    events.close();
    open.splice(0);
    while (t.app.events.size > 0) await new Promise((resolve) => setImmediate(resolve));
    const idleTimers: number[] = [];
    globalThis.setTimeout = ((fn: () => void, ms?: number, ...rest: unknown[]) => {
      if ((ms ?? 0) >= 60_000) idleTimers.push(ms!);
      return realSetTimeout(fn, ms, ...rest);
    }) as typeof setTimeout;
    release();
    await locking;
    // the check answers before a query sent after it
    await t.database.db.execute(sql`select 1 from sessions limit 1`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(idleTimers).toEqual([]);
  } finally {
    globalThis.setTimeout = realSetTimeout;
    release();
    await locking;
    t.app.config.eventHeartbeatMs = heartbeat;
  }
});

test('401 without a token, and the token is never taken from the URL', async () => {
  await expectContract(
    await t.as({ method: 'GET', url: '/api/v1/events', token: null }),
    'streamEvents',
    401,
  );
  const res = await t.as({
    method: 'GET',
    url: `/api/v1/events?token=${t.adminToken}`,
    token: null,
  });
  expect(res.statusCode).toBe(401);
});
