/** The restaurants list's search and filters, one builder for the list and its export. */
import { and, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { restaurants } from '../db/schema.js';
import { badRequest } from '../lib/http-error.js';
import { likePattern, utcDayRange } from '../lib/paging.js';
import type { QueryOf } from '../lib/contract-types.js';

export type RestaurantsQuery = Omit<QueryOf<'listRestaurants'>, 'skip' | 'limit'>;

/** Name contains the text; online, featured; created on a UTC day (400 for another value). */
export function restaurantsWhere(query: RestaurantsQuery): SQL | undefined {
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
