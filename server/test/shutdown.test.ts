/**
 * SIGTERM under load, on the real `server/src/main.ts` in a child process (started as
 * `npm run serve` does) over a copy of the seeded test database.
 *
 * Requests in flight are made deterministic: each is a PUT whose headers the server has read and
 * acknowledged with `100 Continue` (so its handler is waiting for the body) before the signal,
 * and whose body the test sends only once the server has stopped accepting connections. Around
 * them, writers send notes as fast as they can; whatever the timing, a write the server carried
 * out must have been answered, and one that got no answer must not have been carried out.
 */
import http from 'node:http';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { auditEvents } from '../src/db/schema.js';
import { signInTo, startReadyServer, until, type ServerProcess } from './helpers/server-process.js';
import { seededTestDatabase } from './helpers/test-database.js';

type Seeded = Awaited<ReturnType<typeof seededTestDatabase>>;

type Server = ServerProcess & { token: string; bookingIds: string[] };

/** The server over the seeded database, signed in, with the first bookings' ids. */
async function startServer(database: Seeded, env: Record<string, string>): Promise<Server> {
  const server = await startReadyServer({ ...database.env, ...env });
  const token = await signInTo(server);
  const list = await fetch(`${server.base}/api/v1/admin/bookings?limit=10`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bookingIds = ((await list.json()) as { data: { _id: string }[] }).data.map((b) => b._id);
  return { ...server, token, bookingIds };
}

/**
 * A keep-alive connection that has had one answer, then sends a PUT of admin notes whose headers
 * the server acknowledges with `100 Continue`: from then on the request is in the server's hands,
 * waiting for its body, which `finish` sends.
 */
async function heldRequest(server: Server, bookingId: string, notes: string) {
  const socket = net.connect(server.port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await until('the first answer', () => received.includes('"status":"ok"'));
  const body = JSON.stringify({ adminNotes: notes });
  socket.write(
    [
      `PUT /api/v1/booking/${bookingId} HTTP/1.1`,
      'Host: localhost',
      `Authorization: Bearer ${server.token}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n'),
  );
  await until('100 Continue', () => received.includes('HTTP/1.1 100 Continue'));
  return {
    /** Sends the body; resolves with the final answer once the server has closed the connection. */
    async finish() {
      socket.write(body);
      await closed;
      const last = received.slice(received.lastIndexOf('HTTP/1.1 '));
      return {
        status: Number(last.slice(9, 12)),
        connectionClose: /\r\nconnection: close\r\n/i.test(last),
      };
    },
    closed,
    received: () => received,
  };
}

/** An idle keep-alive connection after one answer; resolves with what it received once closed. */
async function idleConnection(server: Server) {
  const socket = net.connect(server.port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => {});
  socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await until('the first answer', () => received.includes('"status":"ok"'));
  return new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
}

type Outcome = { notes: string; status?: number; error?: string };

/** PUTs notes with distinct texts, one after another, until the server no longer takes them. */
async function writer(server: Server, bookingId: string, name: string, agent: http.Agent | false) {
  const outcomes: Outcome[] = [];
  for (let i = 0; ; i += 1) {
    const notes = `[${name}-${i}]`;
    const outcome = await new Promise<Outcome>((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'PUT',
          path: `/api/v1/booking/${bookingId}`,
          headers: {
            authorization: `Bearer ${server.token}`,
            'content-type': 'application/json',
          },
          agent,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ notes, status: res.statusCode }));
          res.on('error', (error) => resolve({ notes, error: error.message }));
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ notes, error: error.code ?? error.message }),
      );
      req.end(JSON.stringify({ adminNotes: notes }));
    });
    outcomes.push(outcome);
    if (outcome.error === 'ECONNREFUSED') return outcomes;
  }
}

/** The notes texts the database recorded as saved (each save appends an audit event). */
async function savedNotes(database: Seeded): Promise<string> {
  const db = await database.open();
  try {
    const rows = await db.db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'booking.notes'));
    return JSON.stringify(rows);
  } finally {
    await db.close();
  }
}

let database: Seeded | undefined;
let server: Server | undefined;
afterEach(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await server?.exited;
  await database?.remove();
  server = database = undefined;
});

test('SIGTERM during load: readiness 503 while still serving, then no new connections, every accepted request answered, exit 0', async () => {
  database = await seededTestDatabase();
  const s = (server = await startServer(database, {
    SHUTDOWN_DELAY_SECONDS: '10',
    SHUTDOWN_GRACE_SECONDS: '120',
  }));
  const url = (path: string) => `http://127.0.0.1:${s.port}${path}`;
  const [first, second, third, fourth, ...others] = s.bookingIds;

  const held = await Promise.all(
    others.slice(0, 4).map((id, i) => heldRequest(s, id, `[held-${i}]`)),
  );
  const idle = idleConnection(s);
  const keepAlive = new http.Agent({ keepAlive: true });
  const writers = Promise.all([
    writer(s, first, 'fresh-a', false),
    writer(s, second, 'fresh-b', false),
    writer(s, third, 'kept-a', keepAlive),
    writer(s, fourth, 'kept-b', keepAlive),
  ]);
  await until('writes under way', () => s.output().includes('"route":"/api/v1/booking/:id"'));

  s.child.kill('SIGTERM');
  // The delay: readiness says 503, everything else is still served, on new connections too.
  await until('the delay', () => s.output().includes('SIGTERM: readiness is 503'));
  const readiness = await fetch(url('/readyz'));
  expect([readiness.status, await readiness.json()]).toEqual([503, { status: 'draining' }]);
  const served = await fetch(url('/api/v1/total/booking'), {
    headers: { authorization: `Bearer ${s.token}` },
  });
  expect(served.status).toBe(200);
  expect(served.headers.get('connection')).toBe('close');

  // Then no new connection is accepted, while the held requests are still in flight.
  await until('the drain', () => s.output().includes('SIGTERM: draining'));
  await until('new connections to be refused', () =>
    fetch(url('/healthz')).then(
      () => false,
      (error: { cause?: { code?: string } }) => error.cause?.code === 'ECONNREFUSED',
    ),
  );
  expect(s.child.exitCode).toBeNull();
  // The idle keep-alive connection was closed without another answer.
  expect((await idle).match(/HTTP\/1\.1 /g)).toHaveLength(1);

  // Each held request gets its whole answer, and its connection ends with it.
  for (const request of held) {
    expect(await request.finish()).toEqual({ status: 200, connectionClose: true });
  }
  expect(await s.exited).toBe(0);
  expect(s.output()).toContain('drained: every request answered, database closed');

  // Under load, whatever the timing: every write carried out was answered 200, and every write
  // without an answer (refused, reset or 503 on a closing connection) was not carried out.
  const outcomes = (await writers).flat();
  const saved = await savedNotes(database);
  const carriedOut = outcomes.filter((outcome) => saved.includes(outcome.notes));
  expect(carriedOut.filter((outcome) => outcome.status !== 200)).toEqual([]);
  expect(outcomes.filter((o) => o.status === 200 && !saved.includes(o.notes))).toEqual([]);
  expect(carriedOut.length).toBeGreaterThan(0);
  for (let i = 0; i < held.length; i += 1) expect(saved).toContain(`[held-${i}]`);
  keepAlive.destroy();
}, 300_000);

test('requests still running after SHUTDOWN_GRACE_SECONDS: the process exits 1 without them', async () => {
  database = await seededTestDatabase();
  const s = (server = await startServer(database, { SHUTDOWN_GRACE_SECONDS: '1' }));
  const stuck = await heldRequest(s, s.bookingIds[0], '[never-sent]');
  s.child.kill('SIGTERM');
  expect(await s.exited).toBe(1);
  expect(s.output()).toContain('requests still running after 1 s: exiting without them');
  await stuck.closed;
  // Only the first answer (and the 100 Continue) ever came.
  expect(stuck.received().match(/HTTP\/1\.1 (?!100 )\d{3}/g)).toHaveLength(1);
}, 300_000);
