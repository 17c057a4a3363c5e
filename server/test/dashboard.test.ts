import { count, sql } from 'drizzle-orm';
import { auditEvents, bookings, isActivity, restaurants, users } from '../src/db/schema.js';
import { percentChange } from '../src/handlers/dashboard.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';
import { sessionOf } from './helpers/approvals.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('percentChange compares two periods, 0 when the earlier one is empty', () => {
  expect(percentChange(15, 10)).toBe(50);
  expect(percentChange(5, 10)).toBe(-50);
  expect(percentChange(1, 3)).toBe(-66.67);
  expect(percentChange(7, 0)).toBe(0);
});

test('totals are counted from the data', async () => {
  const db = t.database.db;
  const [[u], [r], [b]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(restaurants),
    db.select({ n: count() }).from(bookings),
  ]);
  expect(
    (await expectContract(await t.api('GET', '/total/user'), 'getTotalUsers', 200)).data.userCount,
  ).toBe(u.n);
  expect(
    (await expectContract(await t.api('GET', '/total/restaurant'), 'getTotalRestaurants', 200)).data
      .restaurantCount,
  ).toBe(r.n);
  expect(
    (await expectContract(await t.api('GET', '/total/booking'), 'getTotalBookings', 200)).data
      .bookingCount,
  ).toBe(b.n);
});

test('the change is the last 30 days against the 30 before', async () => {
  const db = t.database.db;
  const day = 86_400_000;
  const [{ recent, previous }] = await db
    .select({
      recent: sql<number>`count(*) filter (where ${users.createdAt} >= ${new Date(Date.now() - 30 * day)})::int`,
      previous: sql<number>`count(*) filter (where ${users.createdAt} >= ${new Date(Date.now() - 60 * day)} and ${users.createdAt} < ${new Date(Date.now() - 30 * day)})::int`,
    })
    .from(users);
  const body = await expectContract(await t.api('GET', '/total/user'), 'getTotalUsers', 200);
  expect(body.data.percentageIncrease).toBe(percentChange(recent, previous));
});

test('revenue is in USD: collected payments less refunds, converted by the rate table', async () => {
  const db = t.database.db;
  const before = (
    await expectContract(await t.api('GET', '/total/revenue'), 'getTotalRevenue', 200)
  ).data.totalRevenue;
  // Add one paid JPY booking of ¥10,000 (rate 0.0067 → $67.00) and one declined USD booking.
  const [restaurant] = await db.select().from(restaurants).limit(1);
  const base = {
    restaurantId: restaurant.id,
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.c',
    arrivalDate: '2026-01-01',
    arrivalTime: '12:00:00',
    guest: 2,
    type: 'Dine-in',
    status: 'confirmed' as const,
  };
  await db.insert(bookings).values([
    { ...base, bookingRef: 'T-JPY', paymentStatus: 'Paid', currency: 'JPY', total: 10_000 },
    { ...base, bookingRef: 'T-USD', paymentStatus: 'Declined', currency: 'USD', total: 99_999 },
  ]);
  const after = (await expectContract(await t.api('GET', '/total/revenue'), 'getTotalRevenue', 200))
    .data.totalRevenue;
  expect(Math.round((after - before) * 100)).toBe(6700);
  await db.delete(bookings).where(sql`${bookings.bookingRef} in ('T-JPY', 'T-USD')`);
});

test('top restaurants: at most 5, by bookings, with rating and earnings', async () => {
  const body = await expectContract(
    await t.api('GET', '/top/restaurant'),
    'getTopRestaurants',
    200,
  );
  expect(body.data.length).toBe(5);
  const counts = body.data.map((r: { totalBookings: number }) => r.totalBookings);
  expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  const [{ n }] = await t.database.db
    .select({ n: count() })
    .from(bookings)
    .where(sql`${bookings.restaurantId} = ${body.data[0]._id}`);
  expect(body.data[0].totalBookings).toBe(n);
});

test('activity logs: newest first, paged, with the total count', async () => {
  // A platform fee change is the newest entry; sign-ins, reading the Audit Log (itself audited)
  // and a refused call are not activity.
  await t.as({ method: 'PUT', url: '/api/v1/configuration', payload: { platformFee: 17.5 } });
  await t.as({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email: 'nobody@example.com', password: 'wrong-password' },
  });
  expect((await t.api('GET', '/admin/audit-logs')).statusCode).toBe(200);
  const viewer = await sessionOf(t, 'viewer');
  expect(
    (await t.api('PUT', '/configuration', { platformFee: 1 }, { token: viewer })).statusCode,
  ).toBe(403);
  const actions = (
    await t.database.db.select({ action: auditEvents.action }).from(auditEvents)
  ).map((row) => row.action);
  expect(actions).toEqual(expect.arrayContaining(['audit.view', 'access.denied']));
  const [{ n }] = await t.database.db
    .select({ n: count() })
    .from(auditEvents)
    .where(isActivity(auditEvents.action));
  const body = await expectContract(
    await t.api('GET', '/admin/activityLogs?skip=0&limit=5'),
    'listActivityLogs',
    200,
  );
  expect(body.count).toBe(n);
  expect(body.data).toHaveLength(5);
  expect(body.data[0]).toMatchObject({
    title: 'Platform fee updated',
    description: 'The platform fee is now 17.5%',
  });
  const page2 = await expectContract(
    await t.api('GET', '/admin/activityLogs?skip=5&limit=5'),
    'listActivityLogs',
    200,
  );
  expect(page2.data[0]._id).not.toBe(body.data[0]._id);
  const defaults = await expectContract(
    await t.api('GET', '/admin/activityLogs'),
    'listActivityLogs',
    200,
  );
  expect(defaults.data.length).toBe(Math.min(20, n));
});

test('bad paging is a 400', async () => {
  await expectContract(await t.api('GET', '/admin/activityLogs?limit=0'), 'listActivityLogs', 400);
  await expectContract(await t.api('GET', '/admin/activityLogs?skip=-1'), 'listActivityLogs', 400);
});

test('every dashboard call is a 401 without a token and a 403 for another role', async () => {
  const calls = [
    ['/total/user', 'getTotalUsers'],
    ['/total/restaurant', 'getTotalRestaurants'],
    ['/total/booking', 'getTotalBookings'],
    ['/total/revenue', 'getTotalRevenue'],
    ['/top/restaurant', 'getTopRestaurants'],
    ['/admin/activityLogs', 'listActivityLogs'],
  ] as const;
  for (const [url, operation] of calls) {
    const as = (token: string | null) => t.as({ method: 'GET', url: `/api/v1${url}`, token });
    await expectContract(await as(null), operation, 401);
    await expectContract(await as(t.ownerToken), operation, 403);
  }
});

test('the activity count is kept with the events: a statement of several, sign-ins, Audit Log reads and refusals left out, truncate', async () => {
  const db = t.database.db;
  const listed = async () =>
    (
      await expectContract(
        await t.api('GET', '/admin/activityLogs?limit=1'),
        'listActivityLogs',
        200,
      )
    ).count;
  const counted = async () =>
    (await db.select({ n: count() }).from(auditEvents).where(isActivity(auditEvents.action)))[0].n;
  const before = await listed();
  expect(before).toBe(await counted());
  await db.insert(auditEvents).values(
    ['booking.activity', 'auth.login', 'audit.view', 'access.denied', 'booking.activity'].map(
      (action) => ({
        action,
        entityType: 'booking',
        entityName: 'BK-COUNT',
        details: { activity: 'Counted' },
      }),
    ),
  );
  expect(await listed()).toBe(before + 2);
  expect(await listed()).toBe(await counted());
  await db.execute(sql`TRUNCATE audit_events`);
  expect(await listed()).toBe(0);
  await db.insert(auditEvents).values({
    action: 'booking.activity',
    entityType: 'booking',
    details: { activity: 'Counted' },
  });
  expect(await listed()).toBe(1);
});
