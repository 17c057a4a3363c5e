/**
 * A deterministic demo data set (fixed faker seed): every entity, every status value, several
 * currencies. `seedIfEmpty` (seed-if-empty.ts) runs it at start; scripts/seed.ts builds larger sets
 * for benchmarks.
 */
import { faker } from '@faker-js/faker';
import type { Db } from '../db/client.js';
import * as t from '../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { exponentOf, fromMinor } from '../lib/money.js';
import { bulkLoad, type RowWriter } from './bulk-load.js';
import { seedContent } from './seed-content.js';
import { initialsImage } from './initials-image.js';
import * as names from './reference-names.js';

export type SeedOptions = {
  adminEmail: string;
  adminPassword: string;
  users?: number;
  restaurants?: number;
  bookings?: number;
  reviews?: number;
};

export const OWNER_EMAIL = 'owner@example.com';
export const OWNER_PASSWORD = 'owner1234';
/** A second administrator, so that one admin can deactivate another (and see the login refused). */
export const SUPPORT_ADMIN = {
  id: '5a7e0c1d-2b3f-4e6a-8c9d-0e1f2a3b4c5d',
  email: 'support@example.com',
  password: 'support1234',
};
const DAY = 86_400_000;

/** Bookings are generated, inserted and forgotten this many at a time (flat memory at any size). */
const BOOKING_BATCH = 2_000;

/**
 * Seeds an empty database in one transaction (seed/bulk-load.ts: COPY on PostgreSQL, the bulk
 * tables' indexes and figure triggers rebuilt once at the end).
 */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  await bulkLoad(db, (tx, write) => seedRows(tx, write, options));
}

export async function seedRows(db: Db, write: RowWriter, options: SeedOptions): Promise<void> {
  faker.seed(20261122);
  const now = Date.now();
  const pastDate = (maxDays: number) =>
    new Date(now - faker.number.int({ min: 0, max: maxDays * DAY }));
  const uuid = () => faker.string.uuid();
  const sizes = {
    users: options.users ?? 60,
    restaurants: options.restaurants ?? 24,
    bookings: options.bookings ?? 300,
    reviews: options.reviews ?? 80,
  };

  // People: the admin, the demo owner, more owners, staff of every sub-role, diners.
  const [adminHash, ownerHash, supportHash] = await Promise.all([
    hashPassword(options.adminPassword),
    hashPassword(OWNER_PASSWORD),
    hashPassword(SUPPORT_ADMIN.password),
  ]);
  const admin: t.User = {
    id: uuid(),
    firstName: 'Ada',
    lastName: 'Admin',
    email: options.adminEmail,
    passwordHash: adminHash,
    role: 'admin',
    subRole: null,
    phoneNo: '+1 555 0100',
    avatar: null,
    status: true,
    restaurantId: null,
    createdAt: new Date(now - 400 * DAY),
  };
  const support: t.User = {
    ...admin,
    id: SUPPORT_ADMIN.id,
    firstName: 'Sam',
    lastName: 'Support',
    email: SUPPORT_ADMIN.email,
    passwordHash: supportHash,
    phoneNo: '+1 555 0102',
    createdAt: new Date(now - 200 * DAY),
  };
  const person = (role: string, createdAt: Date): t.User => {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    return {
      id: uuid(),
      firstName,
      lastName,
      role,
      subRole: null,
      passwordHash: null,
      restaurantId: null,
      email: faker.internet.email({ firstName, lastName, provider: 'example.net' }).toLowerCase(),
      phoneNo: faker.phone.number({ style: 'international' }),
      avatar: faker.datatype.boolean(0.6)
        ? initialsImage(`${firstName} ${lastName}`, firstName.length)
        : null,
      status: faker.datatype.boolean(0.9),
      createdAt,
    };
  };
  const owners = Array.from({ length: sizes.restaurants }, (_, i) => {
    const owner = person('owner', pastDate(365));
    owner.status = true;
    if (i === 0)
      Object.assign(owner, {
        email: OWNER_EMAIL,
        passwordHash: ownerHash,
        firstName: 'Olive',
        lastName: 'Owner',
      });
    return owner;
  });
  const diners = Array.from({ length: sizes.users }, () => person('user', pastDate(90)));
  const emails = new Set<string>();
  for (const u of [admin, support, ...owners, ...diners]) {
    while (emails.has(u.email)) u.email = `${faker.string.alphanumeric(4)}.${u.email}`;
    emails.add(u.email);
  }

  // Restaurants in several currencies; the first ones get staff of every sub-role.
  const restaurants: t.Restaurant[] = owners.map((owner, i) => {
    const currency = names.CURRENCIES[i % names.CURRENCIES.length];
    const name =
      i === 0
        ? 'The Golden Fork'
        : `${faker.company.name().split(/[ ,-]/)[0]} ${faker.helpers.arrayElement(['Bistro', 'Kitchen', 'Trattoria', 'Grill', 'Table', 'House', 'Diner', 'Brasserie', 'Izakaya', 'Cantina'])}`;
    return {
      id: uuid(),
      name,
      currency,
      ownerId: owner.id,
      logo: i % 4 === 3 ? null : initialsImage(name, i),
      email: `contact@${name.toLowerCase().replace(/[^a-z]+/g, '')}${i}.example.com`,
      online: faker.datatype.boolean(0.75),
      isFeatured: faker.datatype.boolean(0.3),
      platformCommission: faker.datatype.boolean(0.85)
        ? faker.number.int({ min: 500, max: 2000 }) / 100
        : null,
      address: faker.location.streetAddress(),
      country: faker.location.country(),
      state: faker.location.state(),
      postalCode: faker.location.zipCode(),
      latitude: faker.location.latitude(),
      longitude: faker.location.longitude(),
      offsetSec: faker.helpers.arrayElement([-18000, -14400, 0, 3600, 7200, 19800, 32400]),
      createdAt: pastDate(120),
    };
  });
  const staff: t.User[] = [];
  restaurants.forEach((restaurant, i) => {
    const subRoles =
      i < 3 ? names.STAFF_SUB_ROLES : i % 4 === 3 ? [] : names.STAFF_SUB_ROLES.slice(0, 2);
    for (const subRole of subRoles) {
      const member = person('staff', restaurant.createdAt);
      member.email = `${subRole.replace(/\s/g, '.')}.${i}.${member.email}`;
      staff.push({ ...member, subRole, restaurantId: restaurant.id, status: true });
    }
  });
  await write(t.users, [admin, support, ...owners, ...staff, ...diners]);
  await write(t.restaurants, restaurants);
  await db.insert(t.configuration).values({ id: 1, platformFee: 10 });

  // Reference lists, one inactive entry in each kind that has a status.
  const reference = (kind: string, list: string[]) =>
    list.map((name, i) => ({
      id: uuid(),
      kind,
      name,
      status: kind === 'bookingType' || i !== list.length - 1,
      imageId: null,
      addedById: admin.id,
      createdAt: pastDate(200),
    }));
  const bookingTypes = reference('bookingType', names.BOOKING_TYPES);
  const categories = reference('category', names.CATEGORIES);
  const ingredients = reference('ingredient', names.INGREDIENTS);
  const allergies = reference('allergy', names.ALLERGIES);
  const dietaries = reference('dietary', names.DIETARIES);
  const cuisines = reference('cuisine', names.CUISINES);
  await write(t.referenceItems, [
    ...bookingTypes,
    ...categories,
    ...ingredients,
    ...allergies,
    ...dietaries,
    ...cuisines,
  ]);
  await write(
    t.restaurantReferences,
    restaurants.flatMap((r) =>
      [
        ...faker.helpers.arrayElements(cuisines, { min: 1, max: 2 }),
        ...faker.helpers.arrayElements(allergies, { min: 0, max: 3 }),
        ...faker.helpers.arrayElements(dietaries, { min: 0, max: 3 }),
      ].map((item) => ({ restaurantId: r.id, itemId: item.id })),
    ),
  );
  await write(
    t.userReferences,
    diners.flatMap((u) =>
      [
        ...faker.helpers.arrayElements(allergies, { min: 0, max: 2 }),
        ...faker.helpers.arrayElements(dietaries, { min: 0, max: 2 }),
      ].map((item) => ({ userId: u.id, itemId: item.id })),
    ),
  );

  // Menus: a few dishes per restaurant with ingredients.
  const menu = restaurants.flatMap((r) =>
    faker.helpers
      .uniqueArray(() => faker.food.dish(), faker.number.int({ min: 3, max: 8 }))
      .map((dish) => ({
        id: uuid(),
        restaurantId: r.id,
        categoryId: faker.helpers.arrayElement(categories.slice(0, -1)).id,
        name: dish,
        itemPrice: priceMinor(r.currency, 6, 40),
        discountedPrice: null,
        itemDetail: faker.food.description(),
        createdAt: pastDate(100),
        currency: r.currency,
      })),
  );
  await write(
    t.menuItems,
    menu.map(({ currency: _c, ...row }) => row),
  );
  await write(
    t.menuItemIngredients,
    menu.flatMap((m) =>
      faker.helpers.arrayElements(ingredients.slice(0, -1), { min: 2, max: 5 }).map((ing, i) => ({
        menuItemId: m.id,
        ingredientId: ing.id,
        role: i === 0 ? 'extra' : 'ingredient',
        price: i === 0 ? priceMinor(m.currency, 1, 3) : null,
      })),
    ),
  );

  const platformFeePct = 10;
  let bookingRows: t.Booking[] = [];
  let orderRows: t.Order[] = [];
  let itemRows: (typeof t.orderItems.$inferInsert)[] = [];
  let refundRows: (typeof t.refunds.$inferInsert)[] = [];
  let activityRows: (typeof t.auditEvents.$inferInsert)[] = [];
  // A booking's history as audit events by its diner, the restaurant's staff or the system.
  const bookingEvent = (
    booking: { id: string; bookingRef: string },
    restaurantName: string,
    activity: string,
    actor: t.User | null,
    createdAt: Date,
  ): typeof t.auditEvents.$inferInsert => ({
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
  });
  // A batch is written while the next one is generated (the database works on the other core);
  // at most two batches are held at a time.
  let writing: Promise<void> = Promise.resolve();
  const flushBookings = async () => {
    await writing;
    const batch = [bookingRows, orderRows, itemRows, refundRows, activityRows] as const;
    [bookingRows, orderRows, itemRows, refundRows, activityRows] = [[], [], [], [], []];
    writing = (async () => {
      await write(t.bookings, batch[0]);
      await write(t.orders, batch[1]);
      await write(t.orderItems, batch[2]);
      await write(t.refunds, batch[3]);
      await write(t.auditEvents, batch[4]);
    })();
    // Its failure is raised by the next await of it, not as an unhandled rejection meanwhile.
    writing.catch(() => {});
  };
  const menuByRestaurant = new Map<string, typeof menu>();
  for (const m of menu)
    menuByRestaurant.set(m.restaurantId, [...(menuByRestaurant.get(m.restaurantId) ?? []), m]);
  const staffByRestaurant = new Map<string, t.User[]>();
  for (const s of staff)
    staffByRestaurant.set(s.restaurantId!, [...(staffByRestaurant.get(s.restaurantId!) ?? []), s]);

  for (let i = 0; i < sizes.bookings; i += 1) {
    const restaurant = i < 40 ? restaurants[i % 3] : faker.helpers.arrayElement(restaurants);
    const customer = faker.helpers.arrayElement(diners);
    const status = names.BOOKING_STATUSES[i % names.BOOKING_STATUSES.length];
    const paymentStatus =
      status === 'cancelled'
        ? faker.helpers.arrayElement(['Declined', 'Pending', 'Refund'])
        : status === 'pending'
          ? faker.helpers.arrayElement(['Pending', 'Paid'])
          : status === 'refunded'
            ? 'Refund'
            : faker.helpers.arrayElement(['Paid', 'Paid', 'Completed', 'Deposited', 'Paid']);
    const createdAt = pastDate(90);
    const arrival = new Date(createdAt.getTime() + faker.number.int({ min: 0, max: 45 }) * DAY);
    arrival.setUTCHours(
      faker.number.int({ min: 11, max: 21 }),
      faker.helpers.arrayElement([0, 15, 30, 45]),
      0,
      0,
    );
    const currency = restaurant.currency;
    const commissionPct = restaurant.platformCommission ?? 0;
    const bookingId = uuid();
    const dishes = menuByRestaurant.get(restaurant.id) ?? [];
    const orderCount = i % 7 === 0 ? 0 : faker.number.int({ min: 1, max: 3 });
    const sums = { subTotal: 0, discount: 0, tax: 0, platformFee: 0, total: 0 };
    const orders: t.Order[] = [];
    for (let o = 0; o < orderCount; o += 1) {
      const eater = o === 0 ? customer : faker.helpers.arrayElement(diners);
      const orderId = uuid();
      let subTotal = 0;
      for (const dish of faker.helpers.arrayElements(dishes, { min: 1, max: 3 })) {
        const quantity = faker.number.int({ min: 1, max: 3 });
        const discounted = faker.datatype.boolean(0.2) ? Math.floor(dish.itemPrice * 0.8) : null;
        const custom = faker.datatype.boolean(0.4)
          ? {
              addedIngredients: [{ name: faker.helpers.arrayElement(ingredients).name }],
              removedIngredients: faker.datatype.boolean(0.5)
                ? [{ name: faker.helpers.arrayElement(ingredients).name }]
                : [],
              price: priceMinor(currency, 1, 2),
            }
          : { addedIngredients: [], removedIngredients: [], price: 0 };
        subTotal += ((discounted ?? dish.itemPrice) + custom.price) * quantity;
        itemRows.push({
          id: uuid(),
          orderId,
          name: dish.name,
          quantity,
          itemPrice: dish.itemPrice,
          discountedPrice: discounted,
          customizations: custom,
        });
      }
      const discount = faker.datatype.boolean(0.2) ? Math.round(subTotal * 0.1) : 0;
      const tax = Math.round((subTotal - discount) * 0.08);
      const platformFee = Math.round((subTotal * platformFeePct) / 100);
      const total = subTotal - discount + tax + platformFee;
      orders.push({
        id: orderId,
        bookingId,
        customerId: eater.id,
        customerName: `${eater.firstName} ${eater.lastName}`,
        customerAvatar: eater.avatar,
        subTotal,
        discount,
        tax,
        fee: platformFee,
        total,
        refunded: 0,
        createdAt,
      });
      sums.subTotal += subTotal;
      sums.discount += discount;
      sums.tax += tax;
      sums.platformFee += platformFee;
      sums.total += total;
    }
    if (orderCount === 0) {
      // A table deposit with no food ordered.
      sums.subTotal = priceMinor(currency, 10, 50);
      sums.platformFee = Math.round((sums.subTotal * platformFeePct) / 100);
      sums.total = sums.subTotal + sums.platformFee;
    }
    const platformCommission = Math.round((sums.subTotal * commissionPct) / 100);
    const fee = sums.platformFee + platformCommission;

    // Refunds: full for Refund, partial for some paid bookings.
    let refundedTotal = 0;
    const refundable =
      paymentStatus === 'Refund' || (['Paid', 'Completed'].includes(paymentStatus) && i % 11 === 0);
    const refundAt = new Date(Math.min(now, createdAt.getTime() + 2 * DAY));
    if (refundable) {
      const targets = orders.length ? orders : [undefined];
      for (const order of targets) {
        const base = order ? order.total : sums.total;
        const amount = paymentStatus === 'Refund' ? base : Math.max(1, Math.floor(base / 4));
        if (order) order.refunded = amount;
        refundedTotal += amount;
        refundRows.push({
          id: uuid(),
          bookingId,
          orderId: order?.id ?? null,
          amount,
          reason: 'Refund processed via admin panel',
          processedBy: admin.id,
          createdAt: refundAt,
        });
        const amountText = `${(amount / 10 ** exponentOf(currency)).toFixed(exponentOf(currency))} ${currency}`;
        activityRows.push({
          ...bookingEvent(
            { id: bookingId, bookingRef: `BK-${String(100000 + i)}` },
            restaurant.name,
            '',
            admin,
            refundAt,
          ),
          action: 'refund.create',
          changes: [
            {
              field: 'amount',
              before: null,
              after: { amount: fromMinor(amount, currency), currency },
            },
            { field: 'reason', before: null, after: 'requested_by_customer' },
            { field: 'note', before: null, after: 'Refund processed via admin panel' },
          ],
          details: {
            amountText,
            restaurantId: restaurant.id,
            ...(order ? { orderId: order.id, customerName: order.customerName } : {}),
          },
        });
      }
    }
    orderRows.push(...orders);
    const payout =
      paymentStatus === 'Deposited' ||
      status === 'payout' ||
      (status === 'completed' && i % 2 === 0);
    const card = faker.datatype.boolean(0.8)
      ? faker.finance.creditCardNumber('################').slice(-4)
      : null;
    bookingRows.push({
      id: bookingId,
      bookingRef: `BK-${String(100000 + i)}`,
      restaurantId: restaurant.id,
      customerId: customer.id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phoneNo,
      arrivalDate: arrival.toISOString().slice(0, 10),
      arrivalTime: arrival.toISOString().slice(11, 19),
      guest: faker.number.int({ min: 1, max: 10 }),
      type: faker.helpers.arrayElement(names.BOOKING_TYPES),
      status,
      paymentStatus,
      payout,
      payoutDateTime: payout ? new Date(Math.min(now, arrival.getTime() + 3 * DAY)) : null,
      refundProcessed: refundedTotal > 0,
      adminNotes: i % 9 === 0 ? 'Guest asked for a window table.' : '',
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
      refundedTotal,
      createdAt,
    });
    const staffOfRestaurant = staffByRestaurant.get(restaurant.id) ?? [];
    const ref = { id: bookingId, bookingRef: `BK-${String(100000 + i)}` };
    activityRows.push(bookingEvent(ref, restaurant.name, 'Booking created', customer, createdAt));
    if (status !== 'pending' && staffOfRestaurant.length) {
      activityRows.push(
        bookingEvent(
          ref,
          restaurant.name,
          `Booking ${status === 'cancelled' ? 'cancelled' : 'confirmed'} by the restaurant`,
          faker.helpers.arrayElement(staffOfRestaurant),
          new Date(createdAt.getTime() + 3_600_000),
        ),
      );
    }
    if (paymentStatus !== 'Pending') {
      activityRows.push(
        bookingEvent(
          ref,
          restaurant.name,
          `Payment ${paymentStatus === 'Declined' ? 'declined' : 'received'}`,
          null,
          new Date(createdAt.getTime() + 60_000),
        ),
      );
    }
    if (bookingRows.length === BOOKING_BATCH) await flushBookings();
    // Lets the batch being written go on (its next table) while this one is generated.
    else if (i % 250 === 249) await new Promise((resolve) => setImmediate(resolve));
  }
  await flushBookings();
  await writing;

  await write(
    t.reviews,
    Array.from({ length: sizes.reviews }, (_, i) => ({
      id: uuid(),
      userId: faker.helpers.arrayElement(diners).id,
      restaurantId: faker.helpers.arrayElement(restaurants).id,
      rating: faker.number.int({ min: 1, max: 5 }),
      description: faker.lorem.sentences({ min: 1, max: 3 }),
      status: (['pending', 'approved', 'rejected'] as const)[i % 3],
      createdAt: pastDate(60),
    })),
  );

  await seedContent(db, { uuid, pastDate });
}

/** A price between min and max major units, in the currency's minor units (JPY: ×150, whole). */
function priceMinor(currency: string, min: number, max: number): number {
  const exponent = exponentOf(currency);
  if (exponent === 0) return faker.number.int({ min: min * 150, max: max * 150 });
  return faker.number.int({ min: min * 100, max: max * 100 });
}
