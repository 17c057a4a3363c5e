/**
 * The bookings list's search and filters, one builder for the list and its export: the same
 * query parameters select the same bookings.
 */
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { bookings, bookingStats, restaurants } from '../db/schema.js';
import { badRequest } from '../lib/http-error.js';
import { likePattern, utcDayRange } from '../lib/paging.js';
import type { QueryOf } from '../lib/contract-types.js';

/** The list's parameters less paging (what the export takes). */
export type BookingsQuery = Omit<QueryOf<'listBookings'>, 'skip' | 'limit'>;

/** Every searched booking field in one text, as indexed by bookings_search_idx (trigrams). */
const searchText = sql`(${bookings.bookingRef} || ' ' || ${bookings.firstName} || ' ' || ${bookings.lastName} || ' ' || ${bookings.email})`;

/**
 * The search: reference, first, last or full name, email, or the restaurant's name contains the
 * text. Each booking field is part of searchText, so `searchText ILIKE` (served by the trigram
 * index) is implied by the exact test and only narrows the rows it runs on.
 */
function searchCondition(search: string | undefined): SQL | undefined {
  const pattern = likePattern(search);
  if (!pattern) return undefined;
  return or(
    and(
      ilike(searchText, pattern),
      or(
        ilike(bookings.bookingRef, pattern),
        ilike(bookings.firstName, pattern),
        ilike(bookings.lastName, pattern),
        ilike(sql`${bookings.firstName} || ' ' || ${bookings.lastName}`, pattern),
        ilike(bookings.email, pattern),
      ),
    ),
    sql`${bookings.restaurantId} = any(array(${sql`select ${restaurants.id} from ${restaurants} where ${ilike(restaurants.name, pattern)}`}))`,
  );
}

/** The filters that are one value of a column, on bookings or on its figures per value. */
export function valueFilters(
  table: typeof bookings | typeof bookingStats,
  query: BookingsQuery,
): SQL[] {
  const conditions: (SQL | undefined)[] = [
    query.restaurant ? eq(table.restaurantId, query.restaurant) : undefined,
    query.bookingStatus ? eq(table.status, query.bookingStatus) : undefined,
    query.paymentStatus
      ? sql`lower(${table.paymentStatus}) = lower(${query.paymentStatus})`
      : undefined,
    query.payoutStatus === undefined ? undefined : eq(table.payout, query.payoutStatus),
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
}

function arrivalDay(query: BookingsQuery): string | undefined {
  if (!query.arrivalDateTime) return undefined;
  const range = utcDayRange(query.arrivalDateTime);
  if (!range) throw badRequest('arrivalDateTime must be a date (YYYY-MM-DD)');
  return range[0].toISOString().slice(0, 10);
}

/** The list's condition; `searched` when a search text takes part (the list reads it otherwise). */
export function bookingsWhere(query: BookingsQuery): { where: SQL | undefined; searched: boolean } {
  const day = arrivalDay(query);
  const search = searchCondition(query.search);
  const where = and(
    search,
    day ? eq(bookings.arrivalDate, day) : undefined,
    ...valueFilters(bookings, query),
  );
  return { where, searched: search !== undefined };
}
