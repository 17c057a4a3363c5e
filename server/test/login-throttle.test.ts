/**
 * Sign-in throttling: 5 failures of one account (or 20 from one address) within 30 minutes make
 * the next attempts a 429 with Retry-After, counted in the database before the password is
 * checked (so every instance on it agrees, and a burst gets no more than the limit of guesses);
 * a success clears the account's count; the wait ends by itself.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { tooManyAttempts } from '../src/auth/login-throttle.js';
import { loginThrottle } from '../src/db/schema.js';
import { expectContract } from './helpers/contract.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { TEST_ADMIN } from './helpers/constants.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress = '192.0.2.1', app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email, password },
    remoteAddress,
  });

test('the 6th attempt after 5 failures is a 429 with Retry-After, even with the right password', async () => {
  for (let i = 0; i < 5; i += 1) {
    await expectContract(await login(TEST_ADMIN.adminEmail, 'wrong'), 'login', 401);
  }
  const res = await login(TEST_ADMIN.adminEmail, TEST_ADMIN.adminPassword, '192.0.2.2');
  const body = await expectContract(res, 'login', 429);
  expect(body.message).toBe('Too many failed sign-in attempts. Try again in 30 minutes.');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(1790);
  expect(retryAfter).toBeLessThanOrEqual(1800);
  // The email is compared as the server does (case and spaces do not make a new account).
  await expectContract(await login('ADMIN@Example.com', 'x', '192.0.2.3'), 'login', 429);
  // Other accounts are not affected.
  await expectContract(
    await login('support@example.com', 'support1234', '192.0.2.4'),
    'login',
    200,
  );
});

test('a successful sign-in clears the account count', async () => {
  const email = 'support@example.com';
  for (let i = 0; i < 4; i += 1)
    await expectContract(await login(email, 'wrong', '192.0.2.10'), 'login', 401);
  await expectContract(await login(email, 'support1234', '192.0.2.10'), 'login', 200);
  for (let i = 0; i < 4; i += 1)
    await expectContract(await login(email, 'wrong', '192.0.2.10'), 'login', 401);
  await expectContract(await login(email, 'support1234', '192.0.2.10'), 'login', 200);
});

test('20 failures from one address, over any accounts, make that address wait', async () => {
  for (let i = 0; i < 20; i += 1) {
    await expectContract(
      await login(`guess${i}@example.com`, 'wrong', '198.51.100.7'),
      'login',
      401,
    );
  }
  await expectContract(await login('fresh@example.com', 'wrong', '198.51.100.7'), 'login', 429);
  await expectContract(await login('fresh@example.com', 'wrong', '198.51.100.8'), 'login', 401);
});

test('the wait ends by itself', async () => {
  const email = 'owner@example.com';
  for (let i = 0; i < 5; i += 1) {
    await expectContract(await login(email, 'wrong', '203.0.113.1'), 'login', 401);
  }
  await expectContract(await login(email, 'owner1234', '203.0.113.1'), 'login', 429);
  // 30 minutes and a second pass: every stored moment of this account moves back as much.
  await t.database.db
    .update(loginThrottle)
    .set({
      windowStart: sql`${loginThrottle.windowStart} - interval '1801 seconds'`,
      blockedUntil: sql`${loginThrottle.blockedUntil} - interval '1801 seconds'`,
    })
    .where(eq(loginThrottle.key, `account:${email}`));
  // The owner's password is right; the answer is the usual refusal of a non-admin.
  await expectContract(await login(email, 'owner1234', '203.0.113.1'), 'login', 403);
  // And the count starts again from zero.
  await expectContract(await login(email, 'wrong', '203.0.113.1'), 'login', 401);
  const [row] = await t.database.db
    .select()
    .from(loginThrottle)
    .where(eq(loginThrottle.key, `account:${email}`));
  expect(row.failures).toBe(1);
});

test('the message counts whole minutes', () => {
  expect(tooManyAttempts(61).message).toBe(
    'Too many failed sign-in attempts. Try again in 2 minutes.',
  );
  expect(tooManyAttempts(0.2).message).toBe(
    'Too many failed sign-in attempts. Try again in 1 minute.',
  );
  expect(tooManyAttempts(0.2).headers).toEqual({ 'retry-after': '1' });
});

test('an attempt is counted before its password is checked: one whose audit event fails still counts', async () => {
  const email = 'atomic@example.com';
  // The audit trail refuses this attempt's event: the answer is a 500 and nothing else is written.
  await t.database.db.execute(sql`
    create function refuse_login_failed() returns trigger language plpgsql as $$
    begin
      if new.details->>'email' = 'atomic@example.com' then raise exception 'audit refused'; end if;
      return new;
    end $$`);
  await t.database.db.execute(sql`create trigger refuse_login_failed before insert on audit_events
    for each row execute function refuse_login_failed()`);
  try {
    const res = await login(email, 'wrong', '192.0.2.40');
    expect(res.statusCode).toBe(500);
  } finally {
    await t.database.db.execute(sql`drop trigger refuse_login_failed on audit_events`);
    await t.database.db.execute(sql`drop function refuse_login_failed()`);
  }
  await expectContract(await login(email, 'wrong', '192.0.2.40'), 'login', 401);
  const rows = await t.database.db
    .select({ key: loginThrottle.key, failures: loginThrottle.failures })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [`account:${email}`, 'address:192.0.2.40']));
  expect(rows.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
    { key: `account:${email}`, failures: 2 },
    { key: 'address:192.0.2.40', failures: 2 },
  ]);
});

test('a right password takes its attempt back from the address', async () => {
  const address = '192.0.2.50';
  await expectContract(await login('nobody-here@example.com', 'x', address), 'login', 401);
  // The owner's password is right (refused as a non-admin): not a guess.
  await expectContract(await login('owner@example.com', 'owner1234', address), 'login', 403);
  const [row] = await t.database.db
    .select({ failures: loginThrottle.failures })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, `address:${address}`));
  expect(row.failures).toBe(1);
});

test('X-Forwarded-For names the client only behind a proxy TRUST_PROXY trusts', async () => {
  const forwarded =
    (app = t.app) =>
    (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email: `forwarded${i}@example.com`, password: 'x' },
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': `198.18.0.${i}` },
      });
  // Not trusted (the default): a client cannot escape the address limit by making up addresses.
  const direct = forwarded();
  for (let i = 0; i < 20; i += 1) await expectContract(await direct(i), 'login', 401);
  await expectContract(await direct(20), 'login', 429);
  // Behind a trusted load balancer each forwarded client has its own count.
  const behind = await buildApp({
    database: t.database,
    config: { ...t.app.config, trustProxy: ['10.0.0.0/8'] },
  });
  try {
    const viaProxy = forwarded(behind);
    for (let i = 21; i < 45; i += 1) await expectContract(await viaProxy(i), 'login', 401);
  } finally {
    await behind.close();
  }
});

test('the counts live in the database: a second server instance on it sees them', async () => {
  const other = await buildApp({ database: t.database, config: t.app.config });
  try {
    const email = 'nobody-shared@example.com';
    for (let i = 0; i < 3; i += 1)
      await expectContract(await login(email, 'x', '192.0.2.30'), 'login', 401);
    for (let i = 0; i < 2; i += 1)
      await expectContract(await login(email, 'x', '192.0.2.31', other), 'login', 401);
    await expectContract(await login(email, 'x', '192.0.2.32', other), 'login', 429);
    await expectContract(await login(email, 'x', '192.0.2.33'), 'login', 429);
  } finally {
    await other.close();
  }
});

test('100 attempts at once for one account on two instances: only the limit get their password checked', async () => {
  const other = await buildApp({ database: t.database, config: t.app.config });
  try {
    const email = 'support@example.com';
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(email, 'wrong', `192.0.2.${100 + (i % 50)}`, i % 2 ? other : t.app),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    // A 401 is a password checked and found wrong; every other attempt was refused unchecked.
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(95);
    await expectContract(await login(email, 'support1234', '192.0.2.99'), 'login', 429);
  } finally {
    await other.close();
  }
});
