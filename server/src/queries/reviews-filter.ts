/** The reviews list's search and filters, one builder for the list and its export. */
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import { restaurants, reviews } from '../db/schema.js';
import { likePattern } from '../lib/paging.js';
import type { QueryOf } from '../handlers/types.js';

export type ReviewsQuery = Omit<QueryOf<'listReviews'>, 'skip' | 'limit'>;

/** Restaurant name or review text contains the text; status; rating (over reviews ⋈ restaurants). */
export function reviewsWhere({ search, status, rating }: ReviewsQuery): SQL | undefined {
  const pattern = likePattern(search);
  return and(
    pattern ? or(ilike(restaurants.name, pattern), ilike(reviews.description, pattern)) : undefined,
    status ? eq(reviews.status, status) : undefined,
    rating ? eq(reviews.rating, rating) : undefined,
  );
}
