import { once } from 'node:events';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp, resolveHandler } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { TEST_ENV } from './helpers/constants.js';
import { loadContract, securedOperations, type Contract } from '../src/contract.js';
import { HttpError } from '../src/lib/http-error.js';
import { cloneTestDatabase } from './helpers/test-database.js';
import type { Database } from '../src/db/client.js';

let database: Database;
let buildDir: string;
beforeAll(async () => {
  database = await cloneTestDatabase();
  buildDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ma-build-'));
  await fs.writeFile(path.join(buildDir, 'index.html'), '<!doctype html><title>panel</title>');
  await fs.writeFile(path.join(buildDir, 'main.abc123.js'), 'console.log(1)');
});
afterAll(async () => {
  await database.close();
  await fs.rm(buildDir, { recursive: true, force: true });
});

test('an operation without a handler answers 501 with a JSON message', async () => {
  const handler = resolveHandler({}, 'someOperation');
  await expect(handler()).rejects.toEqual(
    new HttpError(501, 'Operation someOperation is not implemented yet'),
  );
  const real = async () => 'ok';
  expect(resolveHandler({ someOperation: real }, 'someOperation')).toBe(real);
});

describe('securedOperations', () => {
  test('every operation of the contract but login, loginMfa (and its passkey options), setupPassword and getImage needs the bearer token', async () => {
    const contract = await loadContract();
    const all = Object.values(contract.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) => operation.operationId ?? []),
    );
    const secured = securedOperations(contract);
    expect(all.filter((id) => !secured.has(id)).sort()).toEqual([
      'getImage',
      'login',
      'loginMfa',
      'setupPassword',
      'startPasskeySignIn',
    ]);
    expect(secured.size).toBe(all.length - 5);
  });

  test('a contract naming a scheme the server does not check is refused', () => {
    const contract = (security: unknown): Contract => ({
      security: [{ bearerAuth: [] }],
      paths: { '/x': { get: { operationId: 'x', security } } },
    });
    expect(securedOperations(contract(undefined))).toEqual(new Map([['x', null]]));
    expect(securedOperations(contract([]))).toEqual(new Map());
    expect(() => securedOperations(contract([{ apiKey: [] }]))).toThrow(/GET \/x/);
    expect(() => securedOperations(contract([{ bearerAuth: [] }, {}]))).toThrow(/bearerAuth/);
  });

  test("each operation's permission is read from its requirement; an unknown one is refused", () => {
    const contract = (security: unknown): Contract => ({
      paths: { '/x': { get: { operationId: 'x', security } } },
    });
    expect(securedOperations(contract([{ bearerAuth: ['config.update'] }]))).toEqual(
      new Map([['x', 'config.update']]),
    );
    expect(() => securedOperations(contract([{ bearerAuth: ['config.write'] }]))).toThrow(
      /unknown permission "config.write"/,
    );
    expect(() =>
      securedOperations(contract([{ bearerAuth: ['config.read', 'config.update'] }])),
    ).toThrow(/at most one permission/);
  });
});

describe('serving the SPA', () => {
  const start = () => buildApp({ database, config: { ...readConfig(TEST_ENV), buildDir } });

  test('client routes get index.html, revalidated on every load', async () => {
    const app = await start();
    for (const url of ['/', '/login', '/admin/users?search=x', '/admin/restaurants/1/bookings']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>panel</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    await app.close();
  });

  test('hashed assets are cached for a year', async () => {
    const app = await start();
    const res = await app.inject({ method: 'GET', url: '/main.abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await app.close();
  });

  test('assets built after the start are served; a missing asset is a 404, not the page', async () => {
    const app = await start();
    await fs.writeFile(path.join(buildDir, 'later.def456.js'), 'console.log(2)');
    const later = await app.inject({ method: 'GET', url: '/later.def456.js' });
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe('console.log(2)');
    const missing = await app.inject({ method: 'GET', url: '/assets/page-users.0ld0ld0ld0.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>panel</title>');
    await app.close();
  });

  test("the build's Brotli and gzip copies are sent to browsers that accept them", async () => {
    const { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } =
      await import('node:zlib');
    const script = 'console.log("compressed");'.repeat(50);
    const page = '<!doctype html><title>panel</title>';
    await fs.writeFile(path.join(buildDir, 'big.abc999.js'), script);
    await fs.writeFile(path.join(buildDir, 'big.abc999.js.br'), brotliCompressSync(script));
    await fs.writeFile(path.join(buildDir, 'big.abc999.js.gz'), gzipSync(script));
    await fs.writeFile(path.join(buildDir, 'index.html.br'), brotliCompressSync(page));
    const app = await start();
    const get = (url: string, encoding?: string) =>
      app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

    const br = await get('/big.abc999.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('/big.abc999.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/big.abc999.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // The page itself (any client route), still revalidated on every load.
    const index = await get('/admin/users', 'br');
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(index.rawPayload).toString()).toBe(page);
    await app.close();
    await fs.rm(path.join(buildDir, 'index.html.br'));
  });

  test('unknown API paths are JSON 404s, not the SPA', async () => {
    const app = await start();
    const res = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, status_code: 404 });
    await app.close();
  });
});

test('starting logs no warning (every content type of the contract has its parser)', async () => {
  const lines: string[] = [];
  const app = await buildApp({
    database,
    config: { ...readConfig(TEST_ENV), buildDir },
    logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
  });
  await app.ready();
  await app.close();
  expect(lines).toEqual([]);
});

test('closing does not wait for a connection that has sent nothing yet (a spare or preconnected socket)', async () => {
  const app = await buildApp({ database, config: { ...readConfig(TEST_ENV), buildDir } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const socket = net.connect((app.server.address() as net.AddressInfo).port, '127.0.0.1');
  socket.on('error', () => {});
  await once(socket, 'connect');
  const ended = once(socket, 'close');
  let timer: NodeJS.Timeout | undefined;
  try {
    const outcome = await Promise.race([
      app.close().then(() => 'closed'),
      new Promise((resolve) => (timer = setTimeout(resolve, 5000, 'still waiting after 5 s'))),
    ]);
    expect(outcome).toBe('closed');
    await ended;
  } finally {
    clearTimeout(timer);
    socket.destroy();
  }
});
