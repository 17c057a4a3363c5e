/**
 * Restaurants: the list and its export (one condition, one order), the detail page, the name
 * lookup, the top restaurants, and the one-field updates. Figures (bookings, revenue, earnings,
 * payouts) come from booking_stats, kept by triggers on bookings, so no query reads every
 * booking; the rating from the reviews.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { BATCH_SIZE, keyset, keysetBatches } from '../db/keyset.js';
import { countOf, pageOf, withTotal, type Paging } from '../db/paged.js';
import {
  bookingStats,
  menuItems,
  restaurantFigures as figures,
  restaurants,
  reviews,
  users,
  type Restaurant,
} from '../db/schema.js';
import type { ListFilters, ResultOf } from '../lib/contract-types.js';
import type { CsvColumn } from '../lib/csv-export.js';
import { badRequest } from '../lib/http-error.js';
import { fromMinor } from '../../../common/money.js';
import { iso, likePattern, utcDayRange } from '../lib/paging.js';

type RestaurantsFilters = ListFilters<'listRestaurants'>;
type ListItem = ResultOf<'listRestaurants'>['data'][number];
/** The fields a restaurant's update changes, one per call. */
export type RestaurantField = 'online' | 'isFeatured' | 'platformCommission';

/** The answer to an id that names no restaurant (restaurant and menu operations). */
export const RESTAURANT_NOT_FOUND = 'Restaurant not found';
const LOOKUP_LIMIT = 20;

/** Name contains the text; online, featured; created on a UTC day (400 for another value). */
function restaurantsWhere(query: RestaurantsFilters): SQL | undefined {
  const { search, online, isFeatured, createdAt } = query;
  const pattern = likePattern(search);
  const conditions: (SQL | undefined)[] = [
    pattern ? ilike(restaurants.name, pattern) : undefined,
    online === undefined ? undefined : eq(restaurants.online, online),
    isFeatured === undefined ? undefined : eq(restaurants.isFeatured, isFeatured),
  ];
  if (createdAt !== undefined) {
    const range = utcDayRange(createdAt);
    if (!range) throw badRequest('createdAt must be a date (YYYY-MM-DD) or an ISO date-time');
    conditions.push(gte(restaurants.createdAt, range[0]), lt(restaurants.createdAt, range[1]));
  }
  return and(...conditions);
}

const restaurantsOrder = keyset([
  { column: restaurants.createdAt, direction: 'desc' },
  { column: restaurants.id, direction: 'asc' },
]);

const statsOf = (column: AnyPgColumn) =>
  sql<string>`(select coalesce(sum(${column}), 0) from ${bookingStats} where ${bookingStats.restaurantId} = ${restaurants.id})`;

/** Correlated columns for a select over restaurants: computed for the rows it returns only. */
const restaurantFigures = {
  totalBookings: sql<number>`${statsOf(bookingStats.bookings)}::int`,
  earningsMinor: statsOf(bookingStats.collectedMinor),
  /** Average of the reviews that were not rejected, to one decimal place. */
  averageRating: sql<string>`(select coalesce(round(avg(${reviews.rating}), 1), 0) from ${reviews} where ${reviews.restaurantId} = ${restaurants.id} and ${reviews.status} <> 'rejected')`,
};

type FiguredRow = {
  restaurant: Restaurant;
  totalBookings: number;
  earningsMinor: string;
  averageRating: string;
};

const listItem = ({
  restaurant: r,
  totalBookings,
  earningsMinor,
  averageRating,
}: FiguredRow): ListItem => ({
  _id: r.id,
  name: r.name,
  address: r.address,
  email: r.email,
  createdAt: iso(r.createdAt),
  platformCommission: r.platformCommission,
  online: r.online,
  isFeatured: r.isFeatured,
  profilePicture: r.logo,
  averageRating: Number(averageRating),
  totalBookings,
  totalEarnings: fromMinor(Number(earningsMinor), r.currency),
  currency: r.currency,
  version: r.version,
});

const selectFigured = (db: Pick<Db, 'select'>, where: SQL | undefined) =>
  db
    .select({ restaurant: restaurants, ...restaurantFigures })
    .from(restaurants)
    .where(where)
    .orderBy(...restaurantsOrder.orderBy)
    .$dynamic();

export async function listRestaurants(db: Db, query: RestaurantsFilters & Paging) {
  const { skip, limit } = pageOf(query);
  const where = restaurantsWhere(query);
  const page = await withTotal(
    selectFigured(db, where).offset(skip).limit(limit),
    countOf(db, restaurants, where),
  );
  return { total: page.total, data: page.rows.map(listItem) };
}

/** One restaurant as a list row (with its figures). */
export async function restaurantListItem(
  db: Pick<Db, 'select'>,
  id: string,
): Promise<ListItem | undefined> {
  const [row] = await selectFigured(db, eq(restaurants.id, id));
  return row && listItem(row);
}

type RestaurantRow = FiguredRow & { keys: string[] };

export const RESTAURANT_COLUMNS: readonly CsvColumn<RestaurantRow>[] = [
  { title: 'Name', value: (r) => r.restaurant.name },
  { title: 'Address', value: (r) => r.restaurant.address },
  { title: 'Email', value: (r) => r.restaurant.email },
  { title: 'Online', value: (r) => r.restaurant.online },
  { title: 'Featured', value: (r) => r.restaurant.isFeatured },
  { title: 'Commission (%)', value: (r) => r.restaurant.platformCommission },
  { title: 'Average Rating', value: (r) => Number(r.averageRating) },
  { title: 'Total Bookings', value: (r) => r.totalBookings },
  { title: 'Currency', value: (r) => r.restaurant.currency },
  {
    title: 'Total Earnings',
    value: (r) => ({ minor: Number(r.earningsMinor), currency: r.restaurant.currency }),
  },
  { title: 'Created At', value: (r) => r.restaurant.createdAt },
];

export function restaurantBatches(db: Db, query: RestaurantsFilters, batchSize = BATCH_SIZE) {
  const where = restaurantsWhere(query);
  return keysetBatches<RestaurantRow>(
    (after, limit) =>
      db
        .select({ restaurant: restaurants, ...restaurantFigures, keys: restaurantsOrder.keys })
        .from(restaurants)
        .where(and(where, after))
        .orderBy(...restaurantsOrder.orderBy)
        .limit(limit),
    restaurantsOrder,
    batchSize,
  );
}

export async function restaurantById(db: Pick<Db, 'select'>, id: string) {
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, id));
  return restaurant as Restaurant | undefined;
}

/**
 * Statistics of the detail page, in minor units: revenue is what was collected (see
 * queries/dashboard.ts collectedMinor), earnings that revenue less the platform's fee (never
 * below 0 per booking), payouts the net payout of bookings paid out to the restaurant.
 */
async function restaurantStatistics(db: Db, restaurantId: string) {
  const [row] = await db
    .select({
      revenue: sql<string>`coalesce(sum(${bookingStats.collectedMinor}), 0)`,
      earnings: sql<string>`coalesce(sum(${bookingStats.earningsMinor}), 0)`,
      total: sql<number>`coalesce(sum(${bookingStats.bookings}), 0)::int`,
      payouts: sql<string>`coalesce(sum(${bookingStats.payoutsMinor}), 0)`,
    })
    .from(bookingStats)
    .where(eq(bookingStats.restaurantId, restaurantId));
  return row;
}

/** What the detail page shows beside the restaurant: owner, staff, statistics, menu size. */
export async function restaurantDetails(db: Db, restaurant: Restaurant) {
  const [[owner], staff, statistics, [{ menuItemCount }]] = await Promise.all([
    db.select().from(users).where(eq(users.id, restaurant.ownerId)),
    db
      .select()
      .from(users)
      .where(and(eq(users.restaurantId, restaurant.id), eq(users.role, 'staff')))
      .orderBy(asc(users.createdAt), users.id),
    restaurantStatistics(db, restaurant.id),
    db
      .select({ menuItemCount: count() })
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurant.id)),
  ]);
  return { owner, staff, statistics, menuItemCount };
}

/** The restaurant, locked for the transaction's update. */
export async function lockRestaurant(tx: Pick<Db, 'select'>, id: string) {
  const [current] = await tx.select().from(restaurants).where(eq(restaurants.id, id)).for('update');
  return current as Restaurant | undefined;
}

/** Sets one field; returns the restaurant's new version. */
export async function setRestaurantField(
  tx: Pick<Db, 'update'>,
  id: string,
  field: RestaurantField,
  value: Restaurant[RestaurantField],
): Promise<number> {
  const [row] = await tx
    .update(restaurants)
    .set({ [field]: value })
    .where(eq(restaurants.id, id))
    .returning({ version: restaurants.version });
  return row.version;
}

/** Names containing the text, alphabetically, at most LOOKUP_LIMIT. */
export function searchRestaurantNames(db: Db, search: string | undefined) {
  const pattern = likePattern(search);
  return db
    .select({ _id: restaurants.id, name: restaurants.name })
    .from(restaurants)
    .where(pattern ? ilike(restaurants.name, pattern) : undefined)
    .orderBy(asc(restaurants.name), restaurants.id)
    .limit(LOOKUP_LIMIT);
}

/**
 * The restaurants with the most bookings (then the best rating, then by name), with their
 * figures. Each restaurant's bookings come from restaurant_figures (migration 0022), read
 * through its bookings index: the top `limit` are among the restaurants with at least the
 * `limit`-th most bookings (ties with it included), and only those are rated and sorted. When
 * fewer than `limit` restaurants have a booking, that bound is 0 and every restaurant is.
 */
export async function topRestaurants(db: Db, limit: number) {
  const least = sql`coalesce((select ${figures.bookings} from ${figures}
    order by ${figures.bookings} desc offset ${limit - 1}::int limit 1), 0)`;
  const candidates = sql`array(
    select ${figures.restaurantId} from ${figures} where ${least} > 0 and ${figures.bookings} >= ${least}
    union all select ${restaurants.id} from ${restaurants} where ${least} = 0)`;
  const columns = {
    totalBookings: sql<number>`coalesce(${figures.bookings}, 0)::int`,
    earningsMinor: sql<string>`coalesce(${figures.collectedMinor}::numeric, 0)`,
    averageRating: restaurantFigures.averageRating,
  };
  return db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      logo: restaurants.logo,
      currency: restaurants.currency,
      ...columns,
    })
    .from(restaurants)
    .leftJoin(figures, eq(figures.restaurantId, restaurants.id))
    .where(sql`${restaurants.id} = any(${candidates})`)
    .orderBy(desc(columns.totalBookings), desc(columns.averageRating), restaurants.name)
    .limit(limit);
}

/** Which of these restaurant ids exist (anything but a uuid is none). */
export async function existingRestaurants(
  db: Pick<Db, 'select'>,
  ids: readonly string[],
): Promise<Set<string>> {
  const uuids = ids.filter((id) =>
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id),
  );
  if (!uuids.length) return new Set();
  const rows = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(inArray(restaurants.id, uuids));
  return new Set(rows.map((row) => row.id));
}
