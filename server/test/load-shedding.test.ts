/**
 * Load shedding (ops/load-shedding.ts), with forced bounds and no timing assertions: past
 * SHED_MAX_IN_FLIGHT or SHED_MAX_EVENT_LOOP_DELAY_MS an API request gets 503 with Retry-After
 * and the sentence at once; /healthz and /readyz keep answering; a place is given back when the
 * answer is sent or the client goes away; event streams are not counted. Past SHED_MAX_UPLOADS
 * an upload gets the 503 and its body is never parsed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadContract, streamingRoutes, type Contract } from '../src/contract.js';
import type { Lifecycle } from '../src/ops/health.js';
import { registerLoadShedding, SERVER_BUSY, UPLOADS_BUSY } from '../src/ops/load-shedding.js';
import { expectContract } from './helpers/contract.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Runs `step` until `check` holds (at most 30 s). */
async function until(what: string, check: () => boolean, step: () => Promise<void>) {
  const end = Date.now() + 30_000;
  for (await step(); !check(); await step()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function expectShed(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('2');
  expect(res.json()).toEqual({ success: false, message: SERVER_BUSY, status_code: 503 });
}

describe(`the whole server (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  const held = gate();
  const entered = gate();

  beforeAll(async () => {
    t = await createTestApp();
    app = await buildApp({
      database: t.database,
      config: {
        ...t.app.config,
        shedding: { maxInFlight: 1, maxEventLoopDelayMs: 0, maxUploads: 0 },
      },
    });
    // An API request that stays in flight until the test lets it go.
    app.get('/api/v1/test-held', async () => {
      entered.open();
      await held.opened;
      return { held: true };
    });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  test('past SHED_MAX_IN_FLIGHT the next API request is a 503 with Retry-After; health and readiness still answer', async () => {
    const auth = { authorization: `Bearer ${t.adminToken}` };
    const first = app.inject({ method: 'GET', url: '/api/v1/test-held' });
    await entered.opened;
    const shed = await app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: auth });
    expectShed(shed);
    // The contract's shared 503 (ServiceUnavailable) of every operation.
    await expectContract(shed, 'listUsers', 503);
    // Not even the token is checked: a shed request costs no database work.
    expectShed(await app.inject({ method: 'GET', url: '/api/v1/admin/users' }));
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    held.open();
    expect((await first).statusCode).toBe(200);
    // The place is given back with the answer.
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: auth })).statusCode,
    ).toBe(200);
  });
});

describe('the mechanism, on a bare Fastify', () => {
  let app: FastifyInstance;
  let base: string;
  const streamHeld = gate();
  let slowEntered = gate();
  let slowHeld = gate();

  beforeAll(async () => {
    app = Fastify();
    await registerLoadShedding(
      app,
      { maxInFlight: 1, maxEventLoopDelayMs: 0, maxUploads: 0 },
      new Set(['/api/v1/stream/:id']),
      { starting: false, draining: false },
    );
    app.get('/api/v1/quick', async () => ({ ok: true }));
    app.get('/api/v1/slow', async () => {
      slowEntered.open();
      await slowHeld.opened;
      return { ok: true };
    });
    app.get('/api/v1/stream/:id', async (_req, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.write('data: hello\n\n');
      await streamHeld.opened;
      reply.raw.end();
      return reply;
    });
    app.get('/spa-file', async () => 'not the API');
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    streamHeld.open();
    slowHeld.open();
    await app.close();
  });

  test('an open event stream does not hold a place', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/v1/stream/1`, { signal: controller.signal });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect((await fetch(`${base}/api/v1/quick`)).status).toBe(200);
    controller.abort();
  });

  test('only the API is shed', async () => {
    const slow = fetch(`${base}/api/v1/slow`);
    await slowEntered.opened;
    expect((await fetch(`${base}/api/v1/quick`)).status).toBe(503);
    expect((await fetch(`${base}/spa-file`)).status).toBe(200);
    slowHeld.open();
    expect((await slow).status).toBe(200);
    expect((await fetch(`${base}/api/v1/quick`)).status).toBe(200);
  });

  test('a client that goes away gives its place back', async () => {
    slowEntered = gate();
    slowHeld = gate();
    const request = http.get(`${base}/api/v1/slow`);
    request.on('error', () => {});
    await slowEntered.opened;
    expect((await fetch(`${base}/api/v1/quick`)).status).toBe(503);
    request.destroy();
    // The server learns of it from the socket's close; then the place is free again.
    let status = 0;
    await until(
      'the place given back',
      () => status === 200,
      async () => {
        status = (await fetch(`${base}/api/v1/quick`)).status;
      },
    );
    slowHeld.open();
  });

  test('past SHED_MAX_EVENT_LOOP_DELAY_MS API requests are shed, /healthz is not', async () => {
    const lagging = Fastify();
    const lifecycle: Lifecycle = { starting: false, draining: false };
    await registerLoadShedding(
      lagging,
      { maxInFlight: 0, maxEventLoopDelayMs: 50, maxUploads: 0 },
      new Set(),
      lifecycle,
    );
    lagging.get('/api/v1/quick', async () => ({ ok: true }));
    lagging.get('/healthz', async () => ({ status: 'ok' }));
    await lagging.ready();
    try {
      const delay = () =>
        (lagging as unknown as { memoryUsage(): { eventLoopDelay: number } }).memoryUsage()
          .eventLoopDelay;
      const statuses = async () => {
        const quick = () => lagging.inject({ method: 'GET', url: '/api/v1/quick' });
        const shed = await quick();
        const health = await lagging.inject({ method: 'GET', url: '/healthz' });
        // The lag of the server's own start is not load: while it starts, and just after.
        lifecycle.starting = true;
        const starting = await quick();
        Object.assign(lifecycle, { starting: false, startedAt: Date.now() });
        const justStarted = await quick();
        Object.assign(lifecycle, { startedAt: undefined });
        return { shed, health, starting, justStarted };
      };
      let seen: Awaited<ReturnType<typeof statuses>> | undefined;
      // Keep the event loop busy in long turns until the plugin's sampler has seen the lag, and
      // ask while it still says so (it may renew its figure while the requests are answered).
      const end = Date.now() + 60_000;
      while (!seen && Date.now() < end) {
        const busyUntil = Date.now() + 300;
        while (Date.now() < busyUntil) {
          // busy: the event loop lags
        }
        await new Promise((resolve) => setImmediate(resolve));
        if (delay() <= 50) continue;
        const answers = await statuses();
        if (delay() > 50) seen = answers;
      }
      expect(seen).toBeDefined();
      expectShed(seen!.shed);
      expect(seen!.health.statusCode).toBe(200);
      expect(seen!.starting.statusCode).toBe(200);
      expect(seen!.justStarted.statusCode).toBe(200);
    } finally {
      await lagging.close();
    }
  });
});

describe('past SHED_MAX_UPLOADS, on a bare Fastify', () => {
  let app: FastifyInstance;
  let port: number;
  /** Bodies the server began to read, and the gate opened when one begins. */
  let bodiesRead = 0;
  let reading = gate();

  beforeAll(async () => {
    // A held upload left open by a failing test does not keep close() waiting.
    app = Fastify({ forceCloseConnections: true });
    await registerLoadShedding(
      app,
      { maxInFlight: 0, maxEventLoopDelayMs: 0, maxUploads: 1 },
      new Set(),
      { starting: false, draining: false },
    );
    app.addContentTypeParser('multipart/form-data', (_req, payload, done) => {
      bodiesRead += 1;
      reading.open();
      const chunks: Buffer[] = [];
      payload.on('data', (chunk: Buffer) => chunks.push(chunk));
      payload.on('end', () => done(null, Buffer.concat(chunks).length));
    });
    app.post('/api/v1/upload', async (req) => ({ bytes: req.body }));
    app.get('/api/v1/quick', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  const BODY = '--b\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n';
  /** An upload whose body is sent only up to its first byte until `finish` is called. */
  function heldUpload() {
    const request = http.request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/api/v1/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': BODY.length },
    });
    request.on('error', () => {});
    const answered = new Promise<number>((resolve) =>
      request.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }),
    );
    request.write(BODY.slice(0, 1));
    return { request, answered, finish: () => request.end(BODY.slice(1)) };
  }
  const upload = () =>
    fetch(`http://127.0.0.1:${port}/api/v1/upload`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body: BODY,
    });

  test('the next upload is a 503 with Retry-After and the sentence, its body never parsed; other requests go on', async () => {
    const first = heldUpload();
    await reading.opened;
    const shed = await upload();
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('2');
    expect(await shed.json()).toEqual({ success: false, message: UPLOADS_BUSY, status_code: 503 });
    expect(bodiesRead).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/quick`)).status).toBe(200);
    first.finish();
    expect(await first.answered).toBe(200);
    // The place is given back with the answer.
    const next = await upload();
    expect(next.status).toBe(200);
    expect(await next.json()).toEqual({ bytes: BODY.length });
  });

  test('an upload whose client goes away gives its place back', async () => {
    reading = gate();
    const first = heldUpload();
    await reading.opened;
    expect((await upload()).status).toBe(503);
    first.request.destroy();
    let status = 0;
    await until(
      'the place given back',
      () => status === 200,
      async () => {
        status = (await upload()).status;
      },
    );
  });
});

test('streamingRoutes: the operations answering text/event-stream, in Fastify route form', () => {
  const contract = {
    paths: {
      '/events/{topic}': {
        get: {
          operationId: 'streamEvents',
          responses: { '200': { content: { 'text/event-stream': { schema: {} } } } },
        },
      },
      '/users': {
        get: {
          operationId: 'listUsers',
          responses: { '200': { content: { 'application/json': { schema: {} } } } },
        },
      },
    },
  } as unknown as Contract;
  expect([...streamingRoutes(contract, '/api/v1')]).toEqual(['/api/v1/events/:topic']);
});

test("the live event stream (GET /events) is the contract's streaming operation", async () => {
  expect(streamingRoutes(await loadContract(), '/api/v1')).toEqual(new Set(['/api/v1/events']));
});
