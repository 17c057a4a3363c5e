/**
 * The seed's bookings, one at a time: `generateBooking` returns a booking with its orders, items,
 * refunds and history events, computed in integer minor units. It reads nothing and writes
 * nothing; its rows depend only on its arguments and the state of the context's random source.
 */
import { Faker, base, en } from '@faker-js/faker';
import * as t from '../db/schema.js';
import type { AnyTable } from '../db/schema.js';
import { change, money } from '../lib/audit.js';
import { decimalText } from '../../../common/money.js';
import { isRefundEligible } from '../../../common/refund-eligibility.js';
import { DAY, SEED, percentOf, priceMinor, seedContext, type SeedContext } from './context.js';
import type { Dish } from './menus.js';
import { BOOKING_STATUSES } from '../db/schema.js';
import { BOOKING_TYPES } from './reference-names.js';

type OrderItem = typeof t.orderItems.$inferInsert;
type Refund = typeof t.refunds.$inferInsert;
type AuditEvent = typeof t.auditEvents.$inferInsert;

/** What a booking shows of a person (its diner, an order's eater, an event's actor). */
type Person = Pick<
  t.User,
  'id' | 'firstName' | 'lastName' | 'email' | 'phoneNo' | 'avatar' | 'role'
>;

function person({ id, firstName, lastName, email, phoneNo, avatar, role }: Person): Person {
  return { id, firstName, lastName, email, phoneNo, avatar, role };
}

/**
 * What bookings are made of: the rows generated before them, people reduced to what a booking
 * shows of them (it is copied to each thread that generates bookings).
 */
export type BookingWorld = {
  admin: Person;
  restaurants: Pick<t.Restaurant, 'id' | 'name' | 'currency' | 'platformCommission'>[];
  diners: Person[];
  ingredientNames: string[];
  dishesByRestaurant: ReadonlyMap<string, Dish[]>;
  staffByRestaurant: ReadonlyMap<string, Person[]>;
  /** The platform fee in percent, charged to the diner on each order's subtotal. */
  platformFeePct: number;
};

/** The world of bookings from the rows generated before them. */
export function bookingWorld(rows: {
  admin: t.User;
  restaurants: t.Restaurant[];
  diners: t.User[];
  staff: t.User[];
  dishes: Dish[];
  ingredients: { name: string }[];
  platformFeePct: number;
}): BookingWorld {
  return {
    admin: person(rows.admin),
    restaurants: rows.restaurants.map(({ id, name, currency, platformCommission }) => ({
      id,
      name,
      currency,
      platformCommission,
    })),
    diners: rows.diners.map(person),
    ingredientNames: rows.ingredients.map((ingredient) => ingredient.name),
    dishesByRestaurant: groupBy(rows.dishes, (dish) => dish.restaurantId),
    staffByRestaurant: groupBy(
      rows.staff.map((member) => ({ ...person(member), restaurantId: member.restaurantId! })),
      (member) => member.restaurantId,
    ),
    platformFeePct: rows.platformFeePct,
  };
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

export type BookingRows = {
  booking: t.Booking;
  orders: t.Order[];
  items: OrderItem[];
  refunds: Refund[];
  events: AuditEvent[];
};

/** The money of a booking, the sum of its orders' (or a table deposit's). */
type Sums = { subTotal: number; discount: number; tax: number; platformFee: number; total: number };

const REFUND_NOTE = 'Refund processed via admin panel';

/** A payment status that fits the booking status. */
function paymentStatusOf(
  { faker }: SeedContext,
  status: t.Booking['status'],
): t.Booking['paymentStatus'] {
  if (status === 'cancelled') return faker.helpers.arrayElement(['Declined', 'Pending', 'Refund']);
  if (status === 'pending') return faker.helpers.arrayElement(['Pending', 'Paid']);
  if (status === 'refunded') return 'Refund';
  return faker.helpers.arrayElement(['Paid', 'Paid', 'Completed', 'Deposited', 'Paid']);
}

/** An arrival up to 45 days after the booking was made, at a quarter hour from 11:00 to 21:45. */
function arrivalAfter({ faker }: SeedContext, createdAt: Date): Date {
  const arrival = new Date(createdAt.getTime() + faker.number.int({ min: 0, max: 45 }) * DAY);
  arrival.setUTCHours(
    faker.number.int({ min: 11, max: 21 }),
    faker.helpers.arrayElement([0, 15, 30, 45]),
    0,
    0,
  );
  return arrival;
}

/** One diner's order of one to three dishes, some discounted or customized. */
function generateOrder(
  ctx: SeedContext,
  world: BookingWorld,
  at: { bookingId: string; eater: Person; dishes: Dish[]; currency: string; createdAt: Date },
): { order: t.Order; items: OrderItem[] } {
  const { faker, uuid } = ctx;
  const orderId = uuid();
  let subTotal = 0;
  const items = faker.helpers.arrayElements(at.dishes, { min: 1, max: 3 }).map((dish) => {
    const quantity = faker.number.int({ min: 1, max: 3 });
    // 20% off, to the minor unit below.
    const discounted = faker.datatype.boolean(0.2) ? Math.floor((dish.itemPrice * 4) / 5) : null;
    const custom = faker.datatype.boolean(0.4)
      ? {
          addedIngredients: [{ name: faker.helpers.arrayElement(world.ingredientNames) }],
          removedIngredients: faker.datatype.boolean(0.5)
            ? [{ name: faker.helpers.arrayElement(world.ingredientNames) }]
            : [],
          price: priceMinor(ctx, at.currency, 1, 2),
        }
      : { addedIngredients: [], removedIngredients: [], price: 0 };
    subTotal += ((discounted ?? dish.itemPrice) + custom.price) * quantity;
    return {
      id: uuid(),
      orderId,
      name: dish.name,
      quantity,
      itemPrice: dish.itemPrice,
      discountedPrice: discounted,
      customizations: custom,
    };
  });
  const discount = faker.datatype.boolean(0.2) ? percentOf(subTotal, 10) : 0;
  const tax = percentOf(subTotal - discount, 8);
  const platformFee = percentOf(subTotal, world.platformFeePct);
  const order: t.Order = {
    id: orderId,
    bookingId: at.bookingId,
    customerId: at.eater.id,
    customerName: `${at.eater.firstName} ${at.eater.lastName}`,
    customerAvatar: at.eater.avatar,
    subTotal,
    discount,
    tax,
    fee: platformFee,
    total: subTotal - discount + tax + platformFee,
    refunded: 0,
    createdAt: at.createdAt,
  };
  return { order, items };
}

function sumOf(orders: t.Order[]): Sums {
  const sums = { subTotal: 0, discount: 0, tax: 0, platformFee: 0, total: 0 };
  for (const order of orders) {
    sums.subTotal += order.subTotal;
    sums.discount += order.discount;
    sums.tax += order.tax;
    sums.platformFee += order.fee;
    sums.total += order.total;
  }
  return sums;
}

/** A table deposit with no food ordered. */
function depositSums(ctx: SeedContext, world: BookingWorld, currency: string): Sums {
  const subTotal = priceMinor(ctx, currency, 10, 50);
  const platformFee = percentOf(subTotal, world.platformFeePct);
  return { subTotal, discount: 0, tax: 0, platformFee, total: subTotal + platformFee };
}

/** A history event of a booking by its diner, the restaurant's staff, an admin or the system. */
function bookingEvent(
  { uuid }: SeedContext,
  booking: { id: string; bookingRef: string },
  restaurantName: string,
  activity: string,
  actor: Person | null,
  createdAt: Date,
): AuditEvent {
  return {
    id: uuid(),
    createdAt,
    actorId: actor?.id ?? null,
    actorName: actor ? `${actor.firstName} ${actor.lastName}` : null,
    actorEmail: actor?.email ?? null,
    actorRole: actor?.role ?? null,
    action: 'booking.activity',
    entityType: 'booking',
    entityId: booking.id,
    entityName: booking.bookingRef,
    changes: [],
    details: { activity, restaurantName },
  };
}

/**
 * Refunds by the admin two days after the booking (or now, if sooner): in full for a booking paid
 * back, a quarter (at least one minor unit) when a refund could be offered
 * (common/refund-eligibility.ts) and the index is a multiple of 11; one per order, or one for a
 * booking without orders. Each order's `refunded` is set to its refund.
 */
function generateRefunds(
  ctx: SeedContext,
  world: BookingWorld,
  at: {
    ref: { id: string; bookingRef: string };
    index: number;
    restaurant: BookingWorld['restaurants'][number];
    status: t.Booking['status'];
    paymentStatus: t.Booking['paymentStatus'];
    orders: t.Order[];
    total: number;
    createdAt: Date;
  },
): { refunds: Refund[]; events: AuditEvent[]; refundedTotal: number } {
  const refunds: Refund[] = [];
  const events: AuditEvent[] = [];
  let refundedTotal = 0;
  const full = at.paymentStatus === 'Refund';
  const partial = isRefundEligible(at) && at.index % 11 === 0;
  if (!full && !partial) return { refunds, events, refundedTotal };
  const { currency } = at.restaurant;
  const refundAt = new Date(Math.min(ctx.now, at.createdAt.getTime() + 2 * DAY));
  const targets = at.orders.length ? at.orders : [undefined];
  for (const order of targets) {
    const base = order ? order.total : at.total;
    const amount = full ? base : Math.max(1, Math.floor(base / 4));
    if (order) order.refunded = amount;
    refundedTotal += amount;
    refunds.push({
      id: ctx.uuid(),
      bookingId: at.ref.id,
      orderId: order?.id ?? null,
      amount,
      reason: REFUND_NOTE,
      processedBy: world.admin.id,
      createdAt: refundAt,
    });
    events.push({
      ...bookingEvent(ctx, at.ref, at.restaurant.name, '', world.admin, refundAt),
      action: 'refund.create',
      changes: [
        change('amount', null, money(amount, currency)),
        change('reason', null, 'requested_by_customer'),
        change('note', null, REFUND_NOTE),
      ],
      details: {
        amountText: `${decimalText(amount, currency)} ${currency}`,
        restaurantId: at.restaurant.id,
        ...(order ? { orderId: order.id, customerName: order.customerName } : {}),
      },
    });
  }
  return { refunds, events, refundedTotal };
}

/**
 * The `index`-th booking (reference BK-<100000 + index>): its status by turns through every
 * booking status, the first 40 at the first three restaurants (or as many as there are), every
 * seventh without orders.
 */
export function generateBooking(ctx: SeedContext, world: BookingWorld, index: number): BookingRows {
  const { faker } = ctx;
  const firstFew = Math.min(3, world.restaurants.length);
  const restaurant =
    index < 40
      ? world.restaurants[index % firstFew]
      : faker.helpers.arrayElement(world.restaurants);
  const customer = faker.helpers.arrayElement(world.diners);
  const status = BOOKING_STATUSES[index % BOOKING_STATUSES.length];
  const paymentStatus = paymentStatusOf(ctx, status);
  const createdAt = ctx.pastDate(90);
  const arrival = arrivalAfter(ctx, createdAt);
  const { currency } = restaurant;
  const ref = { id: ctx.uuid(), bookingRef: `BK-${String(100000 + index)}` };

  const dishes = world.dishesByRestaurant.get(restaurant.id) ?? [];
  const orderCount = index % 7 === 0 ? 0 : faker.number.int({ min: 1, max: 3 });
  const orders: t.Order[] = [];
  const items: OrderItem[] = [];
  for (let o = 0; o < orderCount; o += 1) {
    const eater = o === 0 ? customer : faker.helpers.arrayElement(world.diners);
    const generated = generateOrder(ctx, world, {
      bookingId: ref.id,
      eater,
      dishes,
      currency,
      createdAt,
    });
    orders.push(generated.order);
    items.push(...generated.items);
  }
  const sums = orders.length ? sumOf(orders) : depositSums(ctx, world, currency);
  const platformCommission = percentOf(sums.subTotal, restaurant.platformCommission ?? 0);
  const fee = sums.platformFee + platformCommission;

  const { refunds, events, refundedTotal } = generateRefunds(ctx, world, {
    ref,
    index,
    restaurant,
    status,
    paymentStatus,
    orders,
    total: sums.total,
    createdAt,
  });

  const payout =
    paymentStatus === 'Deposited' ||
    status === 'payout' ||
    (status === 'completed' && index % 2 === 0);
  const card = faker.datatype.boolean(0.8)
    ? faker.finance.creditCardNumber('################').slice(-4)
    : null;
  const booking: t.Booking = {
    id: ref.id,
    bookingRef: ref.bookingRef,
    restaurantId: restaurant.id,
    customerId: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phoneNo,
    arrivalDate: arrival.toISOString().slice(0, 10),
    arrivalTime: arrival.toISOString().slice(11, 19),
    guest: faker.number.int({ min: 1, max: 10 }),
    type: faker.helpers.arrayElement(BOOKING_TYPES),
    status,
    paymentStatus,
    payout,
    payoutDateTime: payout ? new Date(Math.min(ctx.now, arrival.getTime() + 3 * DAY)) : null,
    refundProcessed: refundedTotal > 0,
    adminNotes: index % 9 === 0 ? 'Guest asked for a window table.' : '',
    currency,
    cardLast4: card,
    paymentMethod: card ? 'card' : faker.helpers.arrayElement(['cash', 'paypal', null]),
    paymentMethodDetails: card
      ? [
          {
            type: faker.helpers.arrayElement(['visa', 'mastercard', 'amex']),
            cardNumber: `**** **** **** ${card}`,
          },
        ]
      : [],
    subTotal: sums.subTotal,
    discount: sums.discount,
    tax: sums.tax,
    fee,
    total: sums.total,
    platformFee: sums.platformFee,
    platformCommission,
    platformFeeCustomer: sums.platformFee,
    platformFeeRestaurant: platformCommission,
    netPayout: Math.max(0, sums.total - fee - refundedTotal),
    version: 1,
    refundedTotal,
    createdAt,
  };

  events.push(bookingEvent(ctx, ref, restaurant.name, 'Booking created', customer, createdAt));
  const staff = world.staffByRestaurant.get(restaurant.id) ?? [];
  if (status !== 'pending' && staff.length) {
    const by = faker.helpers.arrayElement(staff);
    const decided = status === 'cancelled' ? 'cancelled' : 'confirmed';
    events.push(
      bookingEvent(
        ctx,
        ref,
        restaurant.name,
        `Booking ${decided} by the restaurant`,
        by,
        new Date(createdAt.getTime() + 3_600_000),
      ),
    );
  }
  if (paymentStatus !== 'Pending') {
    const outcome = paymentStatus === 'Declined' ? 'declined' : 'received';
    events.push(
      bookingEvent(
        ctx,
        ref,
        restaurant.name,
        `Payment ${outcome}`,
        null,
        new Date(createdAt.getTime() + 60_000),
      ),
    );
  }
  return { booking, orders, items, refunds, events };
}

/** Bookings are generated, written and forgotten this many at a time (flat memory at any size). */
export const BOOKING_BATCH = 2_000;

/** Reused by every batch after the first in this thread (seeded again for each). */
let batchFaker: Faker | undefined;

/**
 * The random source of batch `batch` (1 and up): a stream of its own, seeded with its number, so
 * that a batch's rows are the same whichever thread makes it and in whatever order. Batch 0 draws
 * from the seed's one source instead, so the demo (one batch) is what it was row for row.
 */
export function batchContext(now: number, batch: number): SeedContext {
  batchFaker ??= new Faker({ locale: [en, base] });
  batchFaker.seed([SEED, batch]);
  const faker = batchFaker;
  return { ...seedContext(faker, now), uuid: () => uuidFrom(faker) };
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * A version 4 UUID from four draws of `faker` (faker.string.uuid draws once per hex digit: a
 * tenth of a ten-million-booking seed's time went there).
 */
function uuidFrom(faker: Faker): string {
  const bytes: number[] = [];
  for (let word = 0; word < 4; word += 1) {
    const value = faker.number.int(0xffffffff);
    for (let shift = 24; shift >= 0; shift -= 8) bytes.push((value >>> shift) & 0xff);
  }
  // The version (4) and the variant (10xx) bits.
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.map((byte) => HEX[byte]).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The bookings of batch `batch` out of `count`, drawn from `ctx` (batchContext after batch 0). */
export function generateBatch(
  ctx: SeedContext,
  world: BookingWorld,
  batch: number,
  count: number,
): BookingRows[] {
  const rows: BookingRows[] = [];
  const end = Math.min(count, (batch + 1) * BOOKING_BATCH);
  for (let index = batch * BOOKING_BATCH; index < end; index += 1) {
    rows.push(generateBooking(ctx, world, index));
  }
  return rows;
}

/** A batch's rows by table, in the order they are written. */
export function batchTables(rows: BookingRows[]): [AnyTable, object[]][] {
  return [
    [t.bookings, rows.map((r) => r.booking)],
    [t.orders, rows.flatMap((r) => r.orders)],
    [t.orderItems, rows.flatMap((r) => r.items)],
    [t.refunds, rows.flatMap((r) => r.refunds)],
    [t.auditEvents, rows.flatMap((r) => r.events)],
  ];
}
