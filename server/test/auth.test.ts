import { once } from 'node:events';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { users, sessions } from '../src/db/schema.js';
import { hashToken } from '../src/auth/sessions.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';
import { TEST_ADMIN, TEST_OWNER } from './helpers/constants.js';
import { makePng, multipart } from './helpers/uploads.js';
import { MAX_IMAGE_BYTES } from '../src/lib/multipart.js';
import { loadContract, securedOperations } from '../src/contract.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { email, password } });

describe('POST /user/login', () => {
  test('an admin gets a token that opens the session check', async () => {
    const body = await expectContract(
      await login(TEST_ADMIN.adminEmail, TEST_ADMIN.adminPassword),
      'login',
      200,
    );
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({ email: TEST_ADMIN.adminEmail, role: 'admin' });
    expect(body.token.length).toBeGreaterThanOrEqual(22); // ≥128 bits in base64url
    const check = await t.as({ method: 'GET', url: '/api/v1/total/booking', token: body.token });
    expect((await expectContract(check, 'getTotalBookings', 200)).status_code).toBe(200);
  });

  test('the email is matched case-insensitively', async () => {
    await expectContract(await login('ADMIN@Example.com', TEST_ADMIN.adminPassword), 'login', 200);
  });

  test('tokens are stored hashed, never in clear', async () => {
    const body = (await login(TEST_ADMIN.adminEmail, TEST_ADMIN.adminPassword)).json();
    const stored = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, body.token));
    expect(stored).toHaveLength(0);
    const hashed = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.token)));
    expect(hashed).toHaveLength(1);
  });

  test('wrong password and unknown email get the same answer', async () => {
    const wrong = await expectContract(await login(TEST_ADMIN.adminEmail, 'nope'), 'login', 401);
    const unknown = await expectContract(await login('nobody@example.com', 'nope'), 'login', 401);
    expect(wrong).toEqual(unknown);
    expect(wrong.message).toBe('Invalid email or password');
  });

  test('a restaurant owner is refused with the panel message', async () => {
    const body = await expectContract(
      await login(TEST_OWNER.email, TEST_OWNER.password),
      'login',
      403,
    );
    expect(body).toEqual({
      success: false,
      message: 'You are not authorized to access this panel',
      status_code: 403,
    });
  });

  test('a deactivated admin cannot sign in', async () => {
    await t.database.db
      .update(users)
      .set({ status: false })
      .where(eq(users.email, TEST_ADMIN.adminEmail));
    try {
      const body = await expectContract(
        await login(TEST_ADMIN.adminEmail, TEST_ADMIN.adminPassword),
        'login',
        403,
      );
      expect(body.message).toMatch(/deactivated/);
      // and an existing session stops working
      const check = await t.as({ method: 'GET', url: '/api/v1/total/booking' });
      expect(check.statusCode).toBe(403);
    } finally {
      await t.database.db
        .update(users)
        .set({ status: true })
        .where(eq(users.email, TEST_ADMIN.adminEmail));
    }
  });

  test.each([
    [{ email: 'admin@example.com' }],
    [{ email: 'not-an-email', password: 'x' }],
    [{ email: 'admin@example.com', password: '' }],
    [{ email: 'admin@example.com', password: 'x', extra: 1 }],
  ])('bad input %j is a 400 with a message', async (payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload });
    const body = await expectContract(res, 'login', 400);
    expect(body.message).toMatch(/^Invalid request: /);
  });
});

describe('bearer security', () => {
  test('no token is a 401', async () => {
    const body = await expectContract(
      await t.as({ method: 'GET', url: '/api/v1/total/booking', token: null }),
      'getTotalBookings',
      401,
    );
    expect(body.message).toMatch(/bearer token/);
  });

  test('an unknown token is a 401 "Authorization failed: invalid token"', async () => {
    const body = await expectContract(
      await t.as({ method: 'GET', url: '/api/v1/total/user', token: 'forged' }),
      'getTotalUsers',
      401,
    );
    expect(body.message).toBe('Authorization failed: invalid token');
  });

  test('an expired token is a 401', async () => {
    const token = (await login(TEST_ADMIN.adminEmail, TEST_ADMIN.adminPassword)).json().token;
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await t.as({ method: 'GET', url: '/api/v1/total/user', token })).statusCode).toBe(401);
  });

  test('a non-admin token is a 403 and does not count as signed in', async () => {
    const body = await expectContract(
      await t.as({ method: 'GET', url: '/api/v1/total/user', token: t.ownerToken }),
      'getTotalUsers',
      403,
    );
    expect(body.message).toBe('You are not authorized to access this panel');
  });

  test('every secured operation answers 401 without a token and 403 to a non-admin, as declared', async () => {
    const contract = await loadContract();
    const secured = securedOperations(contract);
    let checked = 0;
    for (const [route, item] of Object.entries(contract.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!operation.operationId || !secured.has(operation.operationId)) continue;
        const url = `/api/v1${route.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}`;
        const request = { method: method.toUpperCase() as 'GET', url };
        await expectContract(await t.as({ ...request, token: null }), operation.operationId, 401);
        await expectContract(
          await t.as({ ...request, token: t.ownerToken }),
          operation.operationId,
          403,
        );
        checked += 1;
      }
    }
    expect(checked).toBe(secured.size);
  });

  test('a bad body without a token is a 401, not a 400: the token is checked first', async () => {
    const res = await t.as({
      method: 'PUT',
      url: '/api/v1/configuration',
      token: null,
      payload: { platformFee: 'not a number' },
    });
    expect((await expectContract(res, 'updateConfiguration', 401)).message).toMatch(/bearer/);
  });

  test('a multipart upload without a valid token is refused before its files are read', async () => {
    // Parsing the upload would answer 413 for a file over the limit; the refusal comes first.
    const { payload, headers } = await multipart({
      restaurantId: '00000000-0000-4000-8000-000000000000',
      media: { bytes: Buffer.alloc(MAX_IMAGE_BYTES + 1), filename: 'big.png', type: 'image/png' },
    });
    for (const token of [null, 'forged']) {
      const res = await t.as({ method: 'POST', url: '/api/v1/menu/bulk', token, payload, headers });
      await expectContract(res, 'createMenuItem', 401);
    }
    const owner = await t.as({
      method: 'POST',
      url: '/api/v1/cuisine',
      token: t.ownerToken,
      ...(await multipart({ name: 'Nordic', image: { bytes: makePng(), filename: 'a.png' } })),
    });
    await expectContract(owner, 'createCuisine', 403);
  });

  test('the 401 to an unauthenticated upload is sent without waiting for its body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    // Announce a 25 MB upload and send none of it: only a server that answers before reading
    // the body replies at all.
    socket.write(
      [
        'POST /api/v1/menu/bulk HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: multipart/form-data; boundary=x',
        `Content-Length: ${25 * 1024 * 1024}`,
        '',
        '',
      ].join('\r\n'),
    );
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => {
      received += text;
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer within 5 s')), 5000);
        socket.on('data', () => {
          if (received.includes('\r\n\r\n')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      expect(received).toMatch(/^HTTP\/1\.1 401 /);
    } finally {
      socket.destroy();
    }
  });

  test('logout revokes the token', async () => {
    const token = (await login(TEST_ADMIN.adminEmail, TEST_ADMIN.adminPassword)).json().token;
    await expectContract(
      await t.as({ method: 'POST', url: '/api/v1/user/logout', token }),
      'logout',
      200,
    );
    const after = await t.as({ method: 'GET', url: '/api/v1/total/booking', token });
    expect(after.statusCode).toBe(401);
  });
});
