/**
 * Sessions: the idle timeout (SESSION_IDLE_MINUTES, counted from the last request of the
 * admin's own), background requests (X-Background: 1) that never keep a session alive, a use
 * written down at most once a minute, and the client a session was opened from. Times are moved
 * by writing `last_used_at`, never by waiting.
 */
import { eq } from 'drizzle-orm';
import { sessions } from '../src/db/schema.js';
import { createSession, hashToken } from '../src/auth/sessions.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';
import { TEST_ADMIN } from './helpers/constants.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const IDLE_MINUTES = 30;

const freshToken = () => createSession(t.database.db, t.adminId, 3_600_000);

/** The session of the token was last used this many minutes ago. */
async function lastUsed(token: string, minutesAgo: number) {
  await t.database.db
    .update(sessions)
    .set({ lastUsedAt: new Date(Date.now() - minutesAgo * MINUTE) })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

async function lastUsedAt(token: string): Promise<Date> {
  const [row] = await t.database.db
    .select({ at: sessions.lastUsedAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row.at;
}

const background = { 'x-background': '1' };

describe('idle timeout', () => {
  test.each([
    ['getConfiguration', '/configuration'],
    // Its handler looks the session up in its own statement.
    ['listBookings', '/admin/bookings'],
  ])('%s: a token unused for SESSION_IDLE_MINUTES is refused with 401', async (operation, path) => {
    const token = await freshToken();
    await lastUsed(token, IDLE_MINUTES + 1.1);
    const res = await t.api('GET', path, undefined, { token });
    const body = await expectContract(res, operation, 401);
    expect(body.message).toBe('Authorization failed: invalid token');
  });

  test('a token used within SESSION_IDLE_MINUTES is answered', async () => {
    const token = await freshToken();
    await lastUsed(token, IDLE_MINUTES - 1);
    await expectContract(
      await t.api('GET', '/configuration', undefined, { token }),
      'getConfiguration',
      200,
    );
  });

  test('SESSION_IDLE_MINUTES is the server setting, and the sign-in answer carries it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword },
    });
    const body = await expectContract(res, 'login', 200);
    expect(body.data.user.sessionIdleMinutes).toBe(IDLE_MINUTES);
    const me = await expectContract(await t.api('GET', '/user/me'), 'getMe', 200);
    expect(me.data.user.sessionIdleMinutes).toBe(IDLE_MINUTES);

    const original = t.app.config.sessionIdleMs;
    t.app.config.sessionIdleMs = 5 * MINUTE;
    try {
      const token = await freshToken();
      await lastUsed(token, 7);
      await expectContract(
        await t.api('GET', '/configuration', undefined, { token }),
        'getConfiguration',
        401,
      );
      const meNow = await expectContract(await t.api('GET', '/user/me'), 'getMe', 200);
      expect(meNow.data.user.sessionIdleMinutes).toBe(5);
    } finally {
      t.app.config.sessionIdleMs = original;
    }
  });
});

describe('what counts as a use', () => {
  test.each([
    ['getConfiguration', '/configuration'],
    ['listBookings', '/admin/bookings'],
  ])(
    "%s: a request of the admin's own writes it down; a background one does not",
    async (operation, path) => {
      const token = await freshToken();
      await lastUsed(token, 20);
      const before = await lastUsedAt(token);
      await expectContract(
        await t.api('GET', path, undefined, { token, headers: background }),
        operation,
        200,
      );
      expect(await lastUsedAt(token)).toEqual(before);

      const start = Date.now();
      await expectContract(await t.api('GET', path, undefined, { token }), operation, 200);
      expect((await lastUsedAt(token)).getTime()).toBeGreaterThanOrEqual(start - 1000);
    },
  );

  test('background requests alone let the session run out', async () => {
    const token = await freshToken();
    await lastUsed(token, IDLE_MINUTES - 2);
    const res = await t.api('GET', '/total/booking', undefined, { token, headers: background });
    await expectContract(res, 'getTotalBookings', 200);
    await lastUsed(token, IDLE_MINUTES + 1.1);
    await expectContract(
      await t.api('GET', '/total/booking', undefined, { token, headers: background }),
      'getTotalBookings',
      401,
    );
  });

  test('a use is written at most once a minute', async () => {
    const token = await freshToken();
    await lastUsed(token, 0.5);
    const before = await lastUsedAt(token);
    await expectContract(
      await t.api('GET', '/configuration', undefined, { token }),
      'getConfiguration',
      200,
    );
    expect(await lastUsedAt(token)).toEqual(before);
  });

  test('header parameters are checked against the contract whatever their case', async () => {
    const res = await t.api('GET', '/configuration', undefined, {
      headers: { 'x-background': 'yes' },
    });
    const body = await expectContract(res, 'getConfiguration', 400);
    expect(body.message).toBe(
      'Invalid request: headers/x-background must be equal to one of the allowed values',
    );
    const refund = await t.api(
      'POST',
      '/admin/orders/refund',
      { orderId: '00000000-0000-4000-8000-000000000000', amount: 1 },
      { headers: { 'Idempotency-Key': 'k'.repeat(201) } },
    );
    expect((await expectContract(refund, 'refundOrder', 400)).message).toBe(
      'Invalid request: headers/idempotency-key must NOT have more than 200 characters',
    );
  });
});

test('sign-in records the client address and user agent of the session', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword },
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' },
    remoteAddress: '203.0.113.9',
  });
  const { token } = await expectContract(res, 'login', 200);
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  expect(row).toMatchObject({
    clientAddress: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
  });
  expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
});
