import { and, asc, count, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { bookings, menuItems, restaurants, users } from '../src/db/schema.js';
import { latestActivity as activityOf } from './helpers/audit.js';
import { currencyDecimals } from '../../common/money.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';

const restaurantNamed = async (name: string) =>
  (await t.database.db.select().from(restaurants).where(eq(restaurants.name, name)))[0];
const latestActivity = () => activityOf(t);
const countWhere = async (where: SQL | undefined) =>
  (await t.database.db.select({ n: count() }).from(restaurants).where(where))[0].n;

describe('listRestaurants', () => {
  test('pages newest first with the total count and per-row figures', async () => {
    const total = await countWhere(undefined);
    const page1 = await expectContract(
      await t.api('GET', '/admin/restaurants?skip=0&limit=10'),
      'listRestaurants',
      200,
    );
    expect(page1.count).toBe(total);
    expect(page1.data).toHaveLength(10);
    const dates = page1.data.map((r: { createdAt: string }) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page3 = await expectContract(
      await t.api('GET', '/admin/restaurants?skip=20&limit=10'),
      'listRestaurants',
      200,
    );
    expect(page3.data).toHaveLength(total - 20);

    const golden =
      page1.data.concat(page3.data).find((r: { name: string }) => r.name === 'The Golden Fork') ??
      (
        await expectContract(
          await t.api('GET', '/admin/restaurants?search=golden%20fork'),
          'listRestaurants',
          200,
        )
      ).data[0];
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(bookings)
      .where(eq(bookings.restaurantId, golden._id));
    expect(golden.totalBookings).toBe(n);
    expect(golden.currency).toBe('USD');
  });

  test('search by name is case-insensitive and trimmed', async () => {
    const res = await expectContract(
      await t.api('GET', '/admin/restaurants?search=%20%20gOLDEN%20fORK%20'),
      'listRestaurants',
      200,
    );
    expect(res.count).toBe(1);
    expect(res.data[0].name).toBe('The Golden Fork');
    const bistro = await countWhere(ilike(restaurants.name, '%bistro%'));
    expect(
      (
        await expectContract(
          await t.api('GET', '/admin/restaurants?search=BISTRO'),
          'listRestaurants',
          200,
        )
      ).count,
    ).toBe(bistro);
    expect(
      (
        await expectContract(
          await t.api('GET', '/admin/restaurants?search=zz-none-zz'),
          'listRestaurants',
          200,
        )
      ).data,
    ).toEqual([]);
  });

  test('filters by online, featured and created day, combined', async () => {
    for (const [query, where] of [
      ['online=true', eq(restaurants.online, true)],
      ['online=false', eq(restaurants.online, false)],
      ['isFeatured=true', eq(restaurants.isFeatured, true)],
      ['isFeatured=false', eq(restaurants.isFeatured, false)],
      [
        'online=true&isFeatured=false',
        and(eq(restaurants.online, true), eq(restaurants.isFeatured, false)),
      ],
    ] as const) {
      const res = await expectContract(
        await t.api('GET', `/admin/restaurants?limit=100&${query}`),
        'listRestaurants',
        200,
      );
      expect(res.count).toBe(await countWhere(where));
      expect(res.data).toHaveLength(res.count);
    }
    const golden = await restaurantNamed('The Golden Fork');
    const day = golden.createdAt.toISOString().slice(0, 10);
    const start = new Date(`${day}T00:00:00Z`);
    const sameDay = await countWhere(
      and(
        gte(restaurants.createdAt, start),
        lt(restaurants.createdAt, new Date(start.getTime() + 86_400_000)),
      ),
    );
    for (const value of [day, `${day}T15:00:00.000Z`]) {
      const res = await expectContract(
        await t.api('GET', `/admin/restaurants?createdAt=${encodeURIComponent(value)}`),
        'listRestaurants',
        200,
      );
      expect(res.count).toBe(sameDay);
      expect(res.data.map((r: { _id: string }) => r._id)).toContain(golden.id);
    }
    expect(
      (
        await expectContract(
          await t.api('GET', '/admin/restaurants?createdAt=1999-01-01'),
          'listRestaurants',
          200,
        )
      ).count,
    ).toBe(0);
  });

  test('bad filters and paging are 400; 401 and 403', async () => {
    for (const query of [
      'online=maybe',
      'isFeatured=2',
      'createdAt=yesterday',
      'createdAt=2024-13-45',
      'limit=0',
      'skip=-1',
    ]) {
      await expectContract(
        await t.api('GET', `/admin/restaurants?${query}`),
        'listRestaurants',
        400,
      );
    }
    await expectContract(
      await t.api('GET', '/admin/restaurants', undefined, { token: null }),
      'listRestaurants',
      401,
    );
    await expectContract(
      await t.api('GET', '/admin/restaurants', undefined, { token: t.ownerToken }),
      'listRestaurants',
      403,
    );
  });
});

describe('updateRestaurant', () => {
  test('online, featured and commission are saved, with the spec messages and an activity entry', async () => {
    const r = await restaurantNamed('The Golden Fork');
    const url = `/restaurant/${r.id}`;
    const online = await expectContract(
      await t.api('PUT', url, { online: !r.online }),
      'updateRestaurant',
      200,
    );
    expect(online).toMatchObject({
      message: 'Restaurant status updated successfully',
      data: { _id: r.id, online: !r.online },
    });
    expect((await latestActivity()).title).toBe('Restaurant status updated');

    const featured = await expectContract(
      await t.api('PUT', url, { isFeatured: !r.isFeatured }),
      'updateRestaurant',
      200,
    );
    expect(featured).toMatchObject({
      message: 'Restaurant featured status updated successfully',
      data: { isFeatured: !r.isFeatured, online: !r.online },
    });
    expect((await latestActivity()).title).toBe('Restaurant featured status updated');

    const commission = await expectContract(
      await t.api('PUT', url, { platformCommission: 7.25 }),
      'updateRestaurant',
      200,
    );
    expect(commission).toMatchObject({
      message: 'Restaurant commission updated successfully',
      data: { platformCommission: 7.25 },
    });
    expect(await latestActivity()).toMatchObject({
      title: 'Restaurant commission updated',
      actorId: t.adminId,
    });
    await expectContract(
      await t.api('PUT', url, { platformCommission: 0 }),
      'updateRestaurant',
      200,
    );

    const [stored] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, r.id));
    expect(stored).toMatchObject({
      online: !r.online,
      isFeatured: !r.isFeatured,
      platformCommission: 0,
    });
  });

  test('bad bodies are 400 and change nothing', async () => {
    const r = await restaurantNamed('The Golden Fork');
    const url = `/restaurant/${r.id}`;
    const before = (
      await t.database.db.select().from(restaurants).where(eq(restaurants.id, r.id))
    )[0];
    for (const payload of [
      {},
      { platformCommission: -1 },
      { platformCommission: 'abc' },
      { platformCommission: null },
      { platformCommission: true },
      { platformCommission: 1.005 },
      { online: null },
      { isFeatured: null },
      { online: true, isFeatured: true },
      { name: 'x' },
    ]) {
      await expectContract(await t.api('PUT', url, payload), 'updateRestaurant', 400);
    }
    const after = (
      await t.database.db.select().from(restaurants).where(eq(restaurants.id, r.id))
    )[0];
    expect(after).toEqual(before);
  });

  test('unknown restaurant 404; 401 and 403', async () => {
    const missing = await expectContract(
      await t.api('PUT', `/restaurant/${MISSING}`, { online: true }),
      'updateRestaurant',
      404,
    );
    expect(missing.message).toBe('Restaurant not found');
    const r = await restaurantNamed('The Golden Fork');
    await expectContract(
      await t.api('PUT', `/restaurant/${r.id}`, { online: true }, { token: null }),
      'updateRestaurant',
      401,
    );
    await expectContract(
      await t.api('PUT', `/restaurant/${r.id}`, { online: true }, { token: t.ownerToken }),
      'updateRestaurant',
      403,
    );
  });
});

describe('getRestaurant', () => {
  const COLLECTED = ['Paid', 'Completed', 'Deposited', 'Refund'];

  test('detail with owner, staff, statistics from the bookings, location and menu count', async () => {
    const db = t.database.db;
    const [r] = await db
      .select()
      .from(restaurants)
      .where(eq(restaurants.currency, 'JPY'))
      .orderBy(asc(restaurants.createdAt))
      .limit(1);
    for (const target of [await restaurantNamed('The Golden Fork'), r]) {
      const body = await expectContract(
        await t.api('GET', `/admin/restaurant/${target.id}`),
        'getRestaurant',
        200,
      );
      const detail = body.data[0];
      const [owner] = await db.select().from(users).where(eq(users.id, target.ownerId));
      const staff = await db
        .select()
        .from(users)
        .where(and(eq(users.restaurantId, target.id), eq(users.role, 'staff')));
      const rows = await db.select().from(bookings).where(eq(bookings.restaurantId, target.id));
      const [{ menu }] = await db
        .select({ menu: count() })
        .from(menuItems)
        .where(eq(menuItems.restaurantId, target.id));
      const scale = 10 ** currencyDecimals(target.currency);
      let revenue = 0;
      let earnings = 0;
      let payouts = 0;
      for (const b of rows) {
        const collected = COLLECTED.includes(b.paymentStatus) ? b.total - b.refundedTotal : 0;
        revenue += collected;
        if (collected > 0) earnings += Math.max(collected - b.fee, 0);
        if (b.payout) payouts += b.netPayout;
      }
      expect(detail).toMatchObject({
        _id: target.id,
        restaurantName: target.name,
        online: target.online,
        isFeatured: target.isFeatured,
        email: target.email,
        currency: target.currency,
        menuItemCount: menu,
        primaryUser: { _id: owner.id, email: owner.email, role: 'owner' },
        statistics: {
          total_bookings: rows.length,
          restaurant_Revenue: revenue / scale,
          restaurant_earnings: earnings / scale,
          total_payout: payouts / scale,
        },
        location: {
          address: target.address,
          country: target.country,
          offset_sec: target.offsetSec,
        },
      });
      expect(detail.statistics.restaurant_earnings).toBeLessThanOrEqual(
        detail.statistics.restaurant_Revenue,
      );
      expect(detail.staff.map((s: { _id: string }) => s._id).sort()).toEqual(
        staff.map((s) => s.id).sort(),
      );
    }
  });

  test('the first restaurants have staff of every sub-role; a restaurant may have none', async () => {
    const golden = await restaurantNamed('The Golden Fork');
    const body = await expectContract(
      await t.api('GET', `/admin/restaurant/${golden.id}`),
      'getRestaurant',
      200,
    );
    expect(body.data[0].staff.map((s: { subRole: string }) => s.subRole).sort()).toEqual([
      'accounting staff',
      'booking staff',
      'kitchen staff',
      'manager',
      'other',
    ]);
    const staffed = await t.database.db
      .selectDistinct({ id: users.restaurantId })
      .from(users)
      .where(eq(users.role, 'staff'));
    const [lonely] = (await t.database.db.select().from(restaurants)).filter(
      (r) => !staffed.some((s) => s.id === r.id),
    );
    const none = await expectContract(
      await t.api('GET', `/admin/restaurant/${lonely.id}`),
      'getRestaurant',
      200,
    );
    expect(none.data[0].staff).toEqual([]);
  });

  test('unknown id 404 "Restaurant not found"; malformed id 400; 401 and 403', async () => {
    const res = await expectContract(
      await t.api('GET', `/admin/restaurant/${MISSING}`),
      'getRestaurant',
      404,
    );
    expect(res.message).toBe('Restaurant not found');
    await expectContract(await t.api('GET', '/admin/restaurant/abc'), 'getRestaurant', 400);
    const golden = await restaurantNamed('The Golden Fork');
    await expectContract(
      await t.api('GET', `/admin/restaurant/${golden.id}`, undefined, { token: null }),
      'getRestaurant',
      401,
    );
    await expectContract(
      await t.api('GET', `/admin/restaurant/${golden.id}`, undefined, { token: t.ownerToken }),
      'getRestaurant',
      403,
    );
  });
});

describe('searchRestaurants', () => {
  test('looks up by name, case-insensitive and trimmed, sorted, at most 20', async () => {
    const res = await expectContract(
      await t.api('GET', '/restaurants?search=%20golden%20FORK%20'),
      'searchRestaurants',
      200,
    );
    const golden = await restaurantNamed('The Golden Fork');
    expect(res.data).toEqual([{ _id: golden.id, name: 'The Golden Fork' }]);
    const all = await expectContract(await t.api('GET', '/restaurants'), 'searchRestaurants', 200);
    expect(all.data).toHaveLength(20);
    const first20 = await t.database.db
      .select({ _id: restaurants.id, name: restaurants.name })
      .from(restaurants)
      .orderBy(asc(restaurants.name), restaurants.id)
      .limit(20);
    expect(all.data).toEqual(first20);
    expect(
      (
        await expectContract(
          await t.api('GET', '/restaurants?search=zz-none'),
          'searchRestaurants',
          200,
        )
      ).data,
    ).toEqual([]);
  });

  test('401 and 403', async () => {
    await expectContract(
      await t.api('GET', '/restaurants', undefined, { token: null }),
      'searchRestaurants',
      401,
    );
    await expectContract(
      await t.api('GET', '/restaurants', undefined, { token: t.ownerToken }),
      'searchRestaurants',
      403,
    );
  });
});
