/**
 * The users, restaurants, reviews and content lists as CSV rows: each list's own condition
 * (queries/*-filter.ts) and order, read in keyset batches.
 */
import { and } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { restaurants } from '../db/schema.js';
import type { CsvColumn } from '../lib/csv-export.js';
import { BATCH_SIZE, keyset, keysetBatches } from '../db/keyset.js';
import { restaurantFigures } from './restaurant-stats.js';
import { restaurantsWhere, type RestaurantsQuery } from './restaurants-filter.js';

type Keyed<T> = T & { keys: string[] };

const restaurantsOrder = keyset([
  { column: restaurants.createdAt, direction: 'desc' },
  { column: restaurants.id, direction: 'asc' },
]);
type RestaurantRow = Keyed<{
  restaurant: typeof restaurants.$inferSelect;
  totalBookings: number;
  earningsMinor: string;
  averageRating: string;
}>;

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

export function restaurantBatches(db: Db, query: RestaurantsQuery, batchSize = BATCH_SIZE) {
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
