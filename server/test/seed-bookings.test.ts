/** The seed's bookings: their money adds up, in integer minor units, and they are reproducible. */
import { faker } from '@faker-js/faker';
import {
  BOOKING_BATCH,
  batchContext,
  batchTables,
  bookingWorld,
  generateBatch,
  generateBooking,
  type BookingWorld,
} from '../src/seed/bookings.js';
import { copyBatchesInThreads } from '../src/seed/booking-threads.js';
import { auditEvents } from '../src/db/schema.js';
import { copyRows, type CopyRows } from '../src/seed/bulk-load.js';
import { percentOf, seedContext, type SeedContext } from '../src/seed/context.js';
import { generateMenus } from '../src/seed/menus.js';
import { generatePeople, generateStaff } from '../src/seed/people.js';
import { generateReferenceLists } from '../src/seed/reference-items.js';
import { generateRestaurants } from '../src/seed/restaurants.js';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');

function world(ctx: SeedContext): BookingWorld {
  const hashes = { admin: 'hash', owner: 'hash', support: 'hash', team: ['hash', 'hash', 'hash'] };
  const sizes = { adminEmail: 'admin@example.com', users: 20, restaurants: 8 };
  const { admin, owners, diners } = generatePeople(ctx, sizes, hashes);
  const restaurants = generateRestaurants(ctx, owners);
  const staff = generateStaff(ctx, restaurants);
  const lists = generateReferenceLists(ctx, admin.id);
  const dishes = generateMenus(ctx, restaurants, lists);
  return bookingWorld({
    admin,
    restaurants,
    diners,
    staff,
    dishes,
    ingredients: lists.ingredient,
    platformFeePct: 10,
  });
}

function generate(count: number) {
  faker.seed(7);
  const ctx = seedContext(faker, NOW);
  const bookingWorld = world(ctx);
  const bookings = Array.from({ length: count }, (_, index) =>
    generateBooking(ctx, bookingWorld, index),
  );
  return { bookingWorld, bookings };
}

test('percentages of money round half up in integer arithmetic', () => {
  expect(percentOf(375, 9.2)).toBe(35); // 34.5 exactly; 375 * 9.2 / 100 in floats is 34.4999…
  expect(percentOf(5, 10)).toBe(1);
  expect(percentOf(14, 10)).toBe(1);
  expect(percentOf(1234, 12.34)).toBe(152);
  expect(percentOf(1234, 0)).toBe(0);
});

test('a booking is its orders, fees and refunds added up in minor units', () => {
  const { bookingWorld, bookings } = generate(400);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  let refunded = 0;
  for (const { booking, orders, items, refunds, events } of bookings) {
    const restaurant = bookingWorld.restaurants.find((r) => r.id === booking.restaurantId)!;
    expect(booking.currency).toBe(restaurant.currency);
    if (orders.length) {
      expect(booking.subTotal).toBe(sum(orders.map((o) => o.subTotal)));
      expect(booking.total).toBe(sum(orders.map((o) => o.total)));
      for (const order of orders) {
        expect(order.total).toBe(order.subTotal - order.discount + order.tax + order.fee);
        expect(order.fee).toBe(percentOf(order.subTotal, 10));
        expect(items.filter((item) => item.orderId === order.id).length).toBeGreaterThan(0);
        const refund = refunds.find((r) => r.orderId === order.id);
        expect(order.refunded).toBe(refund?.amount ?? 0);
        expect(order.refunded).toBeLessThanOrEqual(order.total);
      }
    } else {
      expect(booking.total).toBe(booking.subTotal + booking.platformFee);
    }
    expect(booking.platformCommission).toBe(
      percentOf(booking.subTotal, restaurant.platformCommission ?? 0),
    );
    expect(booking.fee).toBe(booking.platformFee + booking.platformCommission);
    expect(booking.refundedTotal).toBe(sum(refunds.map((r) => r.amount!)));
    expect(booking.refundedTotal).toBeLessThanOrEqual(booking.total);
    if (booking.paymentStatus === 'Refund') expect(booking.refundedTotal).toBe(booking.total);
    expect(booking.refundProcessed).toBe(booking.refundedTotal > 0);
    expect(booking.netPayout).toBe(
      Math.max(0, booking.total - booking.fee - booking.refundedTotal),
    );
    expect(events.filter((e) => e.action === 'refund.create')).toHaveLength(refunds.length);
    expect(events.every((e) => e.entityId === booking.id)).toBe(true);
    refunded += refunds.length;
  }
  expect(refunded).toBeGreaterThan(0);
});

test('the same random state gives the same bookings', () => {
  expect(generate(50)).toEqual(generate(50));
});

test('COPY text writes dates as toISOString does, and escapes what it must', () => {
  const random = faker.helpers;
  faker.seed(11);
  const times = [
    0,
    1,
    999,
    59_999,
    86_399_999,
    86_400_000,
    Date.parse('2026-11-29T09:05:07.045Z'),
    253_402_300_799_999, // the last millisecond of 9999
    253_402_300_800_000,
    -1,
    -86_400_001,
    ...Array.from({ length: 20_000 }, () =>
      random.rangeToNumber({ min: 0, max: 4_102_444_800_000 }),
    ),
  ];
  const rows = times.map((ms) => ({ createdAt: new Date(ms), entityName: `a\tb\nc\\d\re ${ms}` }));
  const text = Buffer.concat(copyRows(auditEvents, rows).chunks).toString();
  expect(text).toBe(
    rows
      .map(
        ({ createdAt }) =>
          `${createdAt.toISOString()}\ta\\tb\\nc\\\\d\\re ${createdAt.getTime()}\n`,
      )
      .join(''),
  );
});

test('batches made in worker threads are the COPY text made here, written in their order', async () => {
  faker.seed(7);
  const ctx = seedContext(faker, NOW);
  const data = { world: world(ctx), now: NOW, count: 4 * BOOKING_BATCH + 5 };
  const written: CopyRows[] = [];
  await copyBatchesInThreads(data, 1, 5, async (rows) => {
    written.push(rows);
  });
  const here = [1, 2, 3, 4].flatMap((batch) =>
    batchTables(generateBatch(batchContext(NOW, batch), data.world, batch, data.count)).map(
      ([table, rows]) => copyRows(table, rows),
    ),
  );
  expect(written.map((rows) => rows.table)).toEqual(here.map((rows) => rows.table));
  expect(written).toEqual(here);
  // The last batch is the five bookings past four whole batches.
  expect(written.at(-5)).toMatchObject({ table: 'bookings' });
  expect(written.at(-5)!.chunks.join('').split('\n')).toHaveLength(6);
});

test('a failing batch fails the write, and the threads end', async () => {
  faker.seed(7);
  const ctx = seedContext(faker, NOW);
  const broken = { ...world(ctx), diners: [] };
  await expect(
    copyBatchesInThreads(
      { world: broken, now: NOW, count: 3 * BOOKING_BATCH },
      1,
      3,
      async () => {},
    ),
  ).rejects.toThrow(/Cannot get value from empty dataset/);
});

test("a later batch's ids are distinct version 4 UUIDs", () => {
  faker.seed(7);
  const ctx = seedContext(faker, NOW);
  const bookingWorld = world(ctx);
  const ids = [1, 2].flatMap((batch) =>
    generateBatch(batchContext(NOW, batch), bookingWorld, batch, 3 * BOOKING_BATCH).flatMap(
      (rows) => [rows.booking.id, ...rows.orders.map((o) => o.id), ...rows.events.map((e) => e.id)],
    ),
  );
  for (const id of ids)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(new Set(ids).size).toBe(ids.length);
});
