import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { auditEvents, bookings, restaurants, users } from '../src/db/schema.js';
import { latestActivity } from './helpers/audit.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';
import { createBookingFixture } from './helpers/booking-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Row = {
  _id: string;
  bookingRef: string;
  status: string;
  PaymentStatus: string;
  payout: boolean;
  payoutStatus: string;
  arrivalDate: string;
  arrivalTime: string;
  restaurant: { _id: string; name: string };
};
const list = async (query: string) =>
  expectContract<{ count: number; data: Row[] }>(
    await t.as({ method: 'GET', url: `/api/v1/admin/bookings?${query}` }),
    'listBookings',
    200,
  );
const countWhere = async (where: ReturnType<typeof and>) => {
  const [{ n }] = await t.database.db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(restaurants, eq(restaurants.id, bookings.restaurantId))
    .where(where);
  return n;
};

test('the first page: 10 rows, the total count, newest arrival first', async () => {
  const body = await list('skip=0&limit=10');
  expect(body.data).toHaveLength(10);
  expect(body.count).toBe(await countWhere(undefined));
  const keys = body.data.map((b) => `${b.arrivalDate} ${b.arrivalTime}`);
  expect([...keys].sort().reverse()).toEqual(keys);
});

test('paging: pages do not overlap and the count does not depend on the page', async () => {
  const [first, second] = await Promise.all([list('skip=0&limit=10'), list('skip=10&limit=10')]);
  expect(second.count).toBe(first.count);
  const ids = new Set(first.data.map((b) => b._id));
  expect(second.data.some((b) => ids.has(b._id))).toBe(false);
  const last = await list(`skip=${first.count - 3}&limit=10`);
  expect(last.data).toHaveLength(3);
  const five = await list('limit=5');
  expect(five.data).toHaveLength(5);
});

test('each filter alone matches the data', async () => {
  const confirmed = await list('bookingStatus=confirmed&limit=100');
  expect(confirmed.count).toBe(await countWhere(eq(bookings.status, 'confirmed')));
  expect(confirmed.data.every((b) => b.status === 'confirmed')).toBe(true);

  const paid = await list('paymentStatus=Paid&limit=100');
  expect(paid.count).toBe(await countWhere(sql`lower(${bookings.paymentStatus}) = 'paid'`));
  expect(paid.data.every((b) => b.PaymentStatus.toLowerCase() === 'paid')).toBe(true);

  const deposited = await list('payoutStatus=true&limit=100');
  expect(deposited.count).toBe(await countWhere(eq(bookings.payout, true)));
  expect(deposited.data.every((b) => b.payout && b.payoutStatus === 'Deposited')).toBe(true);
  const pending = await list('payoutStatus=false&limit=100');
  expect(pending.count).toBe(await countWhere(eq(bookings.payout, false)));
  expect(pending.data.every((b) => !b.payout && b.payoutStatus === 'Pending')).toBe(true);
  expect(deposited.count + pending.count).toBe(await countWhere(undefined));

  const [restaurant] = await t.database.db.select().from(restaurants).limit(1);
  const ofRestaurant = await list(`restaurant=${restaurant.id}&limit=5`);
  expect(ofRestaurant.count).toBe(await countWhere(eq(bookings.restaurantId, restaurant.id)));
  expect(ofRestaurant.data.every((b) => b.restaurant._id === restaurant.id)).toBe(true);
});

test('the date filter matches the UTC arrival day', async () => {
  const [{ day }] = await t.database.db
    .select({ day: bookings.arrivalDate })
    .from(bookings)
    .orderBy(desc(bookings.arrivalDate))
    .limit(1);
  const body = await list(`arrivalDateTime=${day}&limit=100`);
  expect(body.count).toBe(await countWhere(eq(bookings.arrivalDate, day)));
  expect(body.count).toBeGreaterThan(0);
  expect(body.data.every((b) => b.arrivalDate === day)).toBe(true);

  // A booking at 23:30 UTC on 2031-03-01 belongs to that day, not the next.
  const fixture = await createBookingFixture(t.database.db);
  await t.database.db
    .update(bookings)
    .set({ arrivalDate: '2031-03-01', arrivalTime: '23:30:00' })
    .where(eq(bookings.id, fixture.bookingId));
  expect((await list('arrivalDateTime=2031-03-01')).data.map((b) => b._id)).toEqual([
    fixture.bookingId,
  ]);
  expect((await list('arrivalDateTime=2031-03-02')).count).toBe(0);
  await t
    .as({ method: 'GET', url: '/api/v1/admin/bookings?arrivalDateTime=not-a-date' })
    .then((res) => expectContract(res, 'listBookings', 400));
});

test('search: booking ref, names, email and restaurant name, case-insensitive and trimmed', async () => {
  const [sample] = await t.database.db
    .select({ booking: bookings, restaurantName: restaurants.name })
    .from(bookings)
    .innerJoin(restaurants, eq(restaurants.id, bookings.restaurantId))
    .limit(1);
  const b = sample.booking;
  const byRef = await list(`search=${encodeURIComponent(`  ${b.bookingRef.toLowerCase()}  `)}`);
  expect(byRef.data.map((r) => r.bookingRef)).toContain(b.bookingRef);

  for (const text of [b.firstName, b.lastName, b.email, sample.restaurantName]) {
    const body = await list(`search=${encodeURIComponent(text.toUpperCase())}&limit=100`);
    const pattern = `%${text}%`;
    expect(body.count).toBe(
      await countWhere(
        or(
          ilike(bookings.bookingRef, pattern),
          ilike(bookings.firstName, pattern),
          ilike(bookings.lastName, pattern),
          ilike(sql`${bookings.firstName} || ' ' || ${bookings.lastName}`, pattern),
          ilike(bookings.email, pattern),
          ilike(restaurants.name, pattern),
        ),
      ),
    );
    expect(body.data.map((r) => r._id)).toContain(b.id);
  }
  expect((await list('search=%25%25nothing-like-this%25')).count).toBe(0);
});

test('filters combine with each other and with search', async () => {
  const [restaurant] = await t.database.db.select().from(restaurants).limit(1);
  const body = await list(
    `restaurant=${restaurant.id}&bookingStatus=completed&paymentStatus=Paid&payoutStatus=true&search=${encodeURIComponent(restaurant.name)}&limit=100`,
  );
  expect(body.count).toBe(
    await countWhere(
      and(
        eq(bookings.restaurantId, restaurant.id),
        eq(bookings.status, 'completed'),
        eq(bookings.paymentStatus, 'Paid'),
        eq(bookings.payout, true),
      ),
    ),
  );
  for (const row of body.data) {
    expect([row.restaurant._id, row.status, row.PaymentStatus, row.payout]).toEqual([
      restaurant.id,
      'completed',
      'Paid',
      true,
    ]);
  }
  const none = await list(`restaurant=${restaurant.id}&search=no-such-customer-anywhere`);
  expect(none).toMatchObject({ count: 0, data: [] });
});

test('sort=createdAt:desc: newest created first (Recent Bookings), not by arrival; paging and search keep that order', async () => {
  const db = t.database.db;
  const [{ restaurantId }] = await db
    .select({ restaurantId: bookings.restaurantId, n: count() })
    .from(bookings)
    .groupBy(bookings.restaurantId)
    .orderBy(desc(count()))
    .limit(1);
  const ofRestaurant = eq(bookings.restaurantId, restaurantId);
  // The restaurant's earliest arrival becomes its newest booking, its latest arrival its oldest:
  // creation and arrival order then disagree at both ends.
  const byArrival = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(ofRestaurant)
    .orderBy(bookings.arrivalDate, bookings.arrivalTime, bookings.bookingRef);
  expect(byArrival.length).toBeGreaterThan(10);
  const [{ newest, oldest }] = await db
    .select({
      newest: sql<string>`max(${bookings.createdAt})::text`,
      oldest: sql<string>`min(${bookings.createdAt})::text`,
    })
    .from(bookings);
  await db
    .update(bookings)
    .set({ createdAt: sql`${newest}::timestamptz + interval '1 minute'` })
    .where(eq(bookings.id, byArrival[0].id));
  await db
    .update(bookings)
    .set({ createdAt: sql`${oldest}::timestamptz - interval '1 minute'` })
    .where(eq(bookings.id, byArrival.at(-1)!.id));
  const expected = (
    await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(ofRestaurant)
      .orderBy(desc(bookings.createdAt), desc(bookings.bookingRef))
  ).map((b) => b.id);

  const recent = await list(`restaurant=${restaurantId}&limit=5&sort=createdAt:desc`);
  expect(recent.count).toBe(expected.length);
  expect(recent.data.map((b) => b._id)).toEqual(expected.slice(0, 5));
  expect(recent.data[0]._id).toBe(byArrival[0].id);
  // Without the parameter (and with the default named), the list keeps newest arrival first.
  for (const query of [
    `restaurant=${restaurantId}&limit=5`,
    `restaurant=${restaurantId}&limit=5&sort=arrivalDateTime:desc`,
  ]) {
    const arrival = await list(query);
    expect(arrival.data[0]._id).toBe(byArrival.at(-1)!.id);
  }
  // A page past the middle (read from the other end) and the last page, in the same order.
  for (const skip of [Math.floor(expected.length / 2) + 1, expected.length - 3]) {
    const page = await list(`restaurant=${restaurantId}&skip=${skip}&limit=5&sort=createdAt:desc`);
    expect(page.data.map((b) => b._id)).toEqual(expected.slice(skip, skip + 5));
  }
  expect(
    (
      await list(
        `restaurant=${restaurantId}&skip=${expected.length - 3}&limit=5&sort=createdAt:desc`,
      )
    ).data.at(-1)!._id,
  ).toBe(byArrival.at(-1)!.id);
  // With a search text (matches collected, then sorted), and across restaurants.
  const [{ name }] = await db
    .select({ name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  const searched = await list(
    `restaurant=${restaurantId}&search=${encodeURIComponent(name)}&limit=5&sort=createdAt:desc`,
  );
  expect(searched.data.map((b) => b._id)).toEqual(expected.slice(0, 5));
  const everyRestaurant = await list('limit=10&sort=createdAt:desc');
  expect(everyRestaurant.data.map((b) => b._id)).toEqual(
    (
      await db
        .select({ id: bookings.id })
        .from(bookings)
        .orderBy(desc(bookings.createdAt), desc(bookings.bookingRef))
        .limit(10)
    ).map((b) => b.id),
  );
  await t
    .as({ method: 'GET', url: '/api/v1/admin/bookings?sort=createdAt:asc' })
    .then((res) => expectContract(res, 'listBookings', 400));
});

test('one booking: orders, items, payment details in major units, 404 when unknown', async () => {
  const fixture = await createBookingFixture(t.database.db, {
    currency: 'JPY',
    orderTotals: [1500, 2500],
    fee: 300,
  });
  const body = await expectContract(
    await t.as({ method: 'GET', url: `/api/v1/admin/booking/${fixture.bookingId}` }),
    'getBooking',
    200,
  );
  expect(body.data).toMatchObject({
    currency: 'JPY',
    arrivalTime: '19:30',
    payoutStatus: 'Pending',
    payoutDateTime: null,
    refundHistory: [],
    paymentDetails: { total: 4000, fee: 300, netPayout: 3700, refundedTotal: 0 },
  });
  expect(
    body.data.orders.map(
      (o: { paymentDetails: { refundable: number } }) => o.paymentDetails.refundable,
    ),
  ).toEqual([1500, 2500]);
  expect(body.data.menuItems).toEqual([
    expect.objectContaining({ name: 'Dish 1', quantity: 1, price: 1500, total: 1500 }),
    expect.objectContaining({ name: 'Dish 2', quantity: 1, price: 2500, total: 2500 }),
  ]);
  // Each line carries its ordered item's id, a stable key for the table.
  expect(body.data.menuItems.map((m: { _id: string }) => m._id)).toEqual(
    body.data.orders.flatMap((o: { items: { _id: string }[] }) => o.items.map((i) => i._id)),
  );
  await expectContract(
    await t.as({
      method: 'GET',
      url: '/api/v1/admin/booking/00000000-0000-4000-8000-000000000000',
    }),
    'getBooking',
    404,
  );
});

test('admin notes are saved as the plain text typed, logged, and 404 for an unknown booking', async () => {
  const fixture = await createBookingFixture(t.database.db);
  const typed =
    'Call <b>before</b> arrival & confirm<img src=x onerror=alert(1)><script>alert(2)</script>';
  const notes = typed;
  const res = await t.as({
    method: 'PUT',
    url: `/api/v1/booking/${fixture.bookingId}`,
    payload: { adminNotes: typed },
  });
  const body = await expectContract(res, 'updateBookingNotes', 200);
  expect(body.message).toBe('Admin notes saved successfully');
  expect(body.data.adminNotes).toBe(notes);
  const reread = await expectContract(
    await t.as({ method: 'GET', url: `/api/v1/admin/booking/${fixture.bookingId}` }),
    'getBooking',
    200,
  );
  expect(reread.data.adminNotes).toBe(notes);
  const logged = await latestActivity(t);
  expect(logged).toMatchObject({ title: 'Booking notes updated', actorId: t.adminId });

  await expectContract(
    await t.as({
      method: 'PUT',
      url: '/api/v1/booking/00000000-0000-4000-8000-000000000000',
      payload: { adminNotes: 'x' },
    }),
    'updateBookingNotes',
    404,
  );
  await expectContract(
    await t.as({
      method: 'PUT',
      url: `/api/v1/booking/${fixture.bookingId}`,
      payload: { adminNotes: 'x'.repeat(5001) },
    }),
    'updateBookingNotes',
    400,
  );
  await expectContract(
    await t.as({
      method: 'PUT',
      url: `/api/v1/booking/${fixture.bookingId}`,
      payload: { adminNotes: 'x' },
      token: t.ownerToken,
    }),
    'updateBookingNotes',
    403,
  );
});

test('activities: newest first, with the creator or null for System', async () => {
  const fixture = await createBookingFixture(t.database.db);
  const event = {
    action: 'booking.activity',
    entityType: 'booking',
    entityId: fixture.bookingId,
    entityName: 'T-1',
  };
  await t.database.db.insert(auditEvents).values([
    {
      ...event,
      details: { activity: 'Payment received' },
      createdAt: new Date('2030-01-01T10:00:00Z'),
    },
    {
      ...event,
      details: { activity: 'Checked by admin' },
      actorId: t.adminId,
      actorName: 'Test Admin',
      actorRole: 'admin',
      createdAt: new Date('2030-01-02T10:00:00Z'),
    },
  ]);
  const body = await expectContract(
    await t.as({ method: 'GET', url: `/api/v1/activities?booking=${fixture.bookingId}` }),
    'listBookingActivities',
    200,
  );
  expect(body.data.map((a: { activity: string }) => a.activity)).toEqual([
    'Checked by admin',
    'Payment received',
  ]);
  expect(body.data[0].createdBy).toMatchObject({ role: 'admin' });
  expect(body.data[1].createdBy).toBeNull();
  await expectContract(
    await t.as({
      method: 'GET',
      url: '/api/v1/activities?booking=00000000-0000-4000-8000-000000000000',
    }),
    'listBookingActivities',
    404,
  );
});

test('the list needs an admin token', async () => {
  await expectContract(
    await t.as({ method: 'GET', url: '/api/v1/admin/bookings', token: null }),
    'listBookings',
    401,
  );
  await expectContract(
    await t.as({ method: 'GET', url: '/api/v1/admin/bookings', token: t.ownerToken }),
    'listBookings',
    403,
  );
});

describe('the bookings list checks the token in its own statement, with the same answers', () => {
  const get = (query: string, token: string | null) =>
    t.as({ method: 'GET', url: `/api/v1/admin/bookings?${query}`, token });
  const message = (response: { json(): unknown }) =>
    (response.json() as { message: string }).message;

  test.each([
    ['skip=0&limit=10'],
    ['arrivalDateTime=not-a-date'],
    ['limit=not-a-number'],
    ['search=Smith&bookingStatus=pending'],
  ])('%s: 401 for an unknown token, 403 for a non-admin, 401 without one', async (query) => {
    const unknown = await get(query, 'not-a-session');
    expect([unknown.statusCode, message(unknown)]).toEqual([
      401,
      'Authorization failed: invalid token',
    ]);
    const owner = await get(query, t.ownerToken);
    expect([owner.statusCode, message(owner)]).toEqual([
      403,
      'You are not authorized to access this panel',
    ]);
    const none = await get(query, null);
    expect([none.statusCode, message(none)]).toEqual([
      401,
      'Authentication required: send a bearer token',
    ]);
  });

  test('a deactivated admin is refused at once; a bad query of an admin stays a 400', async () => {
    expect((await get('arrivalDateTime=not-a-date', t.adminToken)).statusCode).toBe(400);
    expect((await get('limit=not-a-number', t.adminToken)).statusCode).toBe(400);
    await t.database.db.update(users).set({ status: false }).where(eq(users.id, t.adminId));
    try {
      const refused = await get('skip=0&limit=10', t.adminToken);
      expect([refused.statusCode, message(refused)]).toEqual([
        403,
        'You are not authorized to access this panel',
      ]);
    } finally {
      await t.database.db.update(users).set({ status: true }).where(eq(users.id, t.adminId));
    }
  });
});
