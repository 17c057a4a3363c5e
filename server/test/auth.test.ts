import { eq } from 'drizzle-orm';
import { users, sessions } from '../src/db/schema.js';
import { hashToken } from '../src/auth/sessions.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';
import { TEST_ADMIN, TEST_OWNER } from './helpers/constants.js';

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
