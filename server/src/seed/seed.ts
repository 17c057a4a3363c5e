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
import { bulkLoad, type LoadOptions, type RowWriter } from './bulk-load.js';
import {
  BOOKING_BATCH,
  batchContext,
  batchTables,
  bookingWorld,
  generateBatch,
  type BookingWorld,
} from './bookings.js';
import { copyBatchesInThreads } from './booking-threads.js';
import { generateContent } from './content.js';
import { SEED, seedContext, type SeedContext } from './context.js';
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

/**
 * Seeds an empty database in one transaction (seed/bulk-load.ts: COPY on PostgreSQL, the bulk
 * tables' indexes and figure triggers rebuilt once at the end); with `reset`, any database,
 * emptied in that same transaction.
 */
export async function seed(db: Db, options: SeedOptions, load: LoadOptions = {}): Promise<void> {
  await bulkLoad(db, (tx, write) => seedRows(tx, write, options), load);
}

/** Generates every row of `options` and hands it to `write` (the few single rows to `db`). */
export async function seedRows(db: Db, write: RowWriter, options: SeedOptions): Promise<void> {
  faker.seed(SEED);
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
  await writeBookings(write, ctx, world, sizes.bookings);

  await write(t.reviews, generateReviews(ctx, sizes.reviews, { diners, restaurants }));
  await db.insert(t.staticContents).values(generateContent(ctx));
}

/**
 * Generates `count` bookings and writes them in batches of BOOKING_BATCH (bookings.ts): the first
 * from the seed's random source, the others each from its own. With PostgreSQL's writer the
 * batches after the first are made in worker threads (booking-threads.ts); otherwise here, a batch
 * generated while the one before is written.
 */
async function writeBookings(
  write: RowWriter,
  ctx: SeedContext,
  world: BookingWorld,
  count: number,
): Promise<void> {
  const batches = Math.ceil(count / BOOKING_BATCH);
  const writeBatch = (rows: ReturnType<typeof generateBatch>) =>
    Promise.all(batchTables(rows).map(([table, tableRows]) => write(table, tableRows)));
  let writing = writeBatch(generateBatch(ctx, world, 0, count));
  if (write.copy && batches > 1) {
    await writing;
    await copyBatchesInThreads({ world, now: ctx.now, count }, 1, batches, write.copy);
    return;
  }
  for (let batch = 1; batch < batches; batch += 1) {
    const rows = generateBatch(batchContext(ctx.now, batch), world, batch, count);
    await writing;
    writing = writeBatch(rows);
  }
  await writing;
}
