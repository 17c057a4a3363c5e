/** Bookings with orders made for one test, so refund tests never depend on seeded amounts. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { bookings, orderItems, orders, restaurants, type Booking } from '../../src/db/schema.js';

export type FixtureOptions = {
  currency?: string;
  /** order totals in minor units; empty for a deposit booking without orders */
  orderTotals?: number[];
  /** total of a booking without orders, minor units */
  depositTotal?: number;
  /** any spelling: a backend's data may differ in case from the contract's, and refunds allow it */
  status?: string;
  paymentStatus?: string;
  fee?: number;
};

export async function createBookingFixture(db: Db, options: FixtureOptions = {}) {
  const currency = options.currency ?? 'USD';
  const [restaurant] = await db
    .select()
    .from(restaurants)
    .where(eq(restaurants.currency, currency))
    .limit(1);
  if (!restaurant) throw new Error(`No seeded restaurant in ${currency}`);
  const orderTotals = options.orderTotals ?? [3000];
  const total = orderTotals.length
    ? orderTotals.reduce((a, b) => a + b, 0)
    : (options.depositTotal ?? 5000);
  const fee = options.fee ?? 0;
  const bookingId = randomUUID();
  await db.insert(bookings).values({
    id: bookingId,
    bookingRef: `FX-${randomUUID().slice(0, 8)}`,
    restaurantId: restaurant.id,
    firstName: 'Fixture',
    lastName: 'Guest',
    email: 'fixture.guest@example.com',
    phone: '+1 555 0100',
    arrivalDate: '2030-01-15',
    arrivalTime: '19:30:00',
    guest: 2,
    type: 'Dine-in',
    status: (options.status ?? 'confirmed') as Booking['status'],
    paymentStatus: (options.paymentStatus ?? 'Paid') as Booking['paymentStatus'],
    currency,
    subTotal: total,
    total,
    fee,
    platformFee: fee,
    netPayout: total - fee,
  });
  const orderIds: string[] = [];
  for (const [i, orderTotal] of orderTotals.entries()) {
    const orderId = randomUUID();
    orderIds.push(orderId);
    await db.insert(orders).values({
      id: orderId,
      bookingId,
      customerName: `Eater ${i + 1}`,
      subTotal: orderTotal,
      total: orderTotal,
      createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, i)),
    });
    await db
      .insert(orderItems)
      .values({ orderId, name: `Dish ${i + 1}`, quantity: 1, itemPrice: orderTotal });
  }
  return { bookingId, orderIds, restaurant, total };
}
