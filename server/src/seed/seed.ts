/**
 * A deterministic demo data set (fixed faker seed): every entity, every status value, several
 * currencies. `seedIfEmpty` (seed-if-empty.ts) runs it at start; scripts/seed.ts builds larger sets
 * for benchmarks. Each entity has its generator (people.ts, restaurants.ts, reference-items.ts,
 * menus.ts, bookings.ts, reviews.ts, content.ts); this file draws them in a fixed order from one
 * random source and writes what they return.
 */
import { faker } from '@faker-js/faker';
import type { Db } from '../db/client.js';
import * as t from '../db/schema.js';
import { bulkLoad, type RowWriter } from './bulk-load.js';
import { bookingWorld, generateBooking, type BookingRows } from './bookings.js';
import { generateContent } from './content.js';
import { seedContext } from './context.js';
import { generateMenuIngredients, generateMenus, menuItemRow } from './menus.js';
import { generatePeople, generateStaff, hashKnownPasswords } from './people.js';
import {
  generateReferenceLists,
  generateRestaurantReferences,
  generateUserReferences,
} from './reference-items.js';
import { generateRestaurants } from './restaurants.js';
import { generateReviews } from './reviews.js';

export type SeedOptions = {
  adminEmail: string;
  adminPassword: string;
  users?: number;
  restaurants?: number;
  bookings?: number;
  reviews?: number;
};

/** The platform fee in percent, stored in the configuration and charged on every order. */
const PLATFORM_FEE_PCT = 10;

/** Bookings are generated, inserted and forgotten this many at a time (flat memory at any size). */
const BOOKING_BATCH = 2_000;

/**
 * Seeds an empty database in one transaction (seed/bulk-load.ts: COPY on PostgreSQL, the bulk
 * tables' indexes and figure triggers rebuilt once at the end).
 */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  await bulkLoad(db, (tx, write) => seedRows(tx, write, options));
}

/** Generates every row of `options` and hands it to `write` (the few single rows to `db`). */
export async function seedRows(db: Db, write: RowWriter, options: SeedOptions): Promise<void> {
  faker.seed(20261122);
  const ctx = seedContext(faker, Date.now());
  const sizes = {
    users: options.users ?? 60,
    restaurants: options.restaurants ?? 24,
    bookings: options.bookings ?? 300,
    reviews: options.reviews ?? 80,
  };
  const hashes = await hashKnownPasswords(options.adminPassword);
  const { admin, support, team, owners, diners } = generatePeople(
    ctx,
    { adminEmail: options.adminEmail, ...sizes },
    hashes,
  );
  const restaurants = generateRestaurants(ctx, owners);
  const staff = generateStaff(ctx, restaurants);
  await write(t.users, [admin, support, ...team, ...owners, ...staff, ...diners]);
  await write(t.restaurants, restaurants);
  await db.insert(t.configuration).values({ id: 1, platformFee: PLATFORM_FEE_PCT });

  const lists = generateReferenceLists(ctx, admin.id);
  await write(t.referenceItems, Object.values(lists).flat());
  await write(t.restaurantReferences, generateRestaurantReferences(ctx, restaurants, lists));
  await write(t.userReferences, generateUserReferences(ctx, diners, lists));

  const dishes = generateMenus(ctx, restaurants, lists);
  await write(t.menuItems, dishes.map(menuItemRow));
  await write(t.menuItemIngredients, generateMenuIngredients(ctx, dishes, lists));

  const world = bookingWorld({
    admin,
    restaurants,
    diners,
    staff,
    dishes,
    ingredients: lists.ingredient,
    platformFeePct: PLATFORM_FEE_PCT,
  });
  await writeBookings(write, sizes.bookings, (index) => generateBooking(ctx, world, index));

  await write(t.reviews, generateReviews(ctx, sizes.reviews, { diners, restaurants }));
  await db.insert(t.staticContents).values(generateContent(ctx));
}

/**
 * Generates `count` bookings and writes them in batches of BOOKING_BATCH. A batch is handed to
 * `write` (which takes its rows at once) and generation goes on while the database reads it; the
 * batch before must be written before the next is generated, so at most two wait to be written.
 */
async function writeBookings(
  write: RowWriter,
  count: number,
  generate: (index: number) => BookingRows,
): Promise<void> {
  let batch: BookingRows[] = [];
  let writing: Promise<unknown> = Promise.resolve();
  const flush = async () => {
    const rows = batch;
    batch = [];
    const written = Promise.all([
      write(
        t.bookings,
        rows.map((r) => r.booking),
      ),
      write(
        t.orders,
        rows.flatMap((r) => r.orders),
      ),
      write(
        t.orderItems,
        rows.flatMap((r) => r.items),
      ),
      write(
        t.refunds,
        rows.flatMap((r) => r.refunds),
      ),
      write(
        t.auditEvents,
        rows.flatMap((r) => r.events),
      ),
    ]);
    // Its failure is raised by the next await of it, not as an unhandled rejection meanwhile.
    written.catch(() => {});
    await writing;
    writing = written;
  };
  for (let index = 0; index < count; index += 1) {
    batch.push(generate(index));
    if (batch.length === BOOKING_BATCH) await flush();
    // Lets the batch being written go on (its next table) while this one is generated.
    else if (index % 250 === 249) await new Promise((resolve) => setImmediate(resolve));
  }
  await flush();
  await writing;
}
