/**
 * Bookings: the filtered list and its export (one condition, one order), a booking in the
 * contract's shape (one statement for a whole page, never one query per row), its admin notes
 * and its activities (a view over the audit trail).
 */
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fromJsonRow, jsonValue } from '../db/json-row.js';
import { BATCH_SIZE, keyset, keysetBatches } from '../db/keyset.js';
import type { Paging } from '../db/paged.js';
import { queryPrepared } from '../db/prepared.js';
import {
  auditEvents,
  bookings,
  bookingStats,
  restaurantFigures,
  restaurants,
  users,
  type Booking,
} from '../db/schema.js';
import { bookingView, type BookingJson, type BookingView } from '../lib/booking-view.js';
import type { ListFilters } from '../lib/contract-types.js';
import type { CsvColumn } from '../lib/csv-export.js';
import { badRequest } from '../lib/http-error.js';
import { likePattern, utcDayRange } from '../lib/paging.js';
import { liveSessionJson, type Liveness, type RequestSession } from './sessions.js';
import { auditOrder } from './audit.js';

/** The answer to an id that names no booking (booking and refund operations). */
export const BOOKING_NOT_FOUND = 'Booking not found';

/** The list's parameters less paging (what the export takes). */
type BookingsFilters = ListFilters<'listBookings'>;
type Reader = Pick<Db, 'select' | 'execute'>;

/**
 * The list's order, newest arrival first (bookings_list_idx and the per-filter indexes end in
 * these columns), for the list's statement and its export.
 */
const ORDER_COLUMNS = [bookings.arrivalDate, bookings.arrivalTime, bookings.bookingRef];
/**
 * sort=createdAt:desc, newest created first (the restaurant page's Recent Bookings):
 * bookings_restaurant_created_idx for one restaurant, bookings_created_idx otherwise.
 */
const CREATED_ORDER_COLUMNS = [bookings.createdAt, bookings.bookingRef];
const bookingsOrder = keyset(ORDER_COLUMNS.map((column) => ({ column, direction: 'desc' })));
const orderColumns = (sort: BookingsFilters['sort']) =>
  sort === 'createdAt:desc' ? CREATED_ORDER_COLUMNS : ORDER_COLUMNS;
/** The order by column name (of the table or an alias of it), newest first, and reversed. */
const listOrder = (sort: BookingsFilters['sort'], alias?: string) =>
  sql.raw(
    orderColumns(sort)
      .map((c) => `${alias ? `${alias}.` : ''}${c.name} desc`)
      .join(', '),
  );
const reverseOrder = (sort: BookingsFilters['sort']) =>
  sql.raw(
    orderColumns(sort)
      .map((c) => c.name)
      .join(', '),
  );

/** Every searched booking field in one text, as indexed by bookings_search_idx (trigrams). */
const searchText = sql`(${bookings.bookingRef} || ' ' || ${bookings.firstName} || ' ' || ${bookings.lastName} || ' ' || ${bookings.email})`;

/**
 * The digits of a text shaped like a booking reference (`BK-100500`, `bk-1005`, `K-100500`,
 * `100500`: "BK-", its end or nothing, then three digits or more), else undefined.
 */
function referenceDigits(search: string): string | undefined {
  return /^(?:b?k)?-?(\d{3,})$/i.exec(search.trim())?.[1];
}

/**
 * What the trigram index is asked for: the text; for a reference its digits; for an e-mail
 * address its name and the `@`. Any part of the text is implied by the exact test (below), so
 * each only narrows the rows tested. "BK-" is in every booking (its trigrams " bk" and "bk "
 * have a posting list of every booking, which GIN reads whole: 50 ms at ten million), and an
 * e-mail domain is shared by many bookings (a third at ten million: 0.58 s for its trigrams),
 * the digits and the name before the `@` by few; the whole text is then tested on those few.
 */
function indexedSearchText(search: string): string {
  const text = search.trim();
  const digits = referenceDigits(text);
  if (digits) return digits;
  const at = text.indexOf('@');
  return at >= 2 ? text.slice(0, at + 1) : text;
}

/**
 * The search: reference, first, last or full name, email, or the restaurant's name contains the
 * text. Each booking field is part of searchText, so `searchText ILIKE` a part of the text
 * (served by the trigram index, indexedSearchText) is implied by the exact test and only narrows
 * the rows it runs on.
 */
function searchCondition(search: string | undefined): SQL | undefined {
  const pattern = likePattern(search);
  if (!pattern || !search) return undefined;
  return or(
    and(
      ilike(searchText, likePattern(indexedSearchText(search)) ?? pattern),
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
function valueFilters(table: typeof bookings | typeof bookingStats, query: BookingsFilters): SQL[] {
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

function arrivalDay(query: BookingsFilters): string | undefined {
  if (!query.arrivalDateTime) return undefined;
  const range = utcDayRange(query.arrivalDateTime);
  if (!range) throw badRequest('arrivalDateTime must be a date (YYYY-MM-DD)');
  return range[0].toISOString().slice(0, 10);
}

/**
 * The list's condition: `base` (day and value filters, what the list reads without a search text)
 * and `search` (the text's condition, when there is one).
 */
function bookingsWhere(query: BookingsFilters) {
  const day = arrivalDay(query);
  const search = searchCondition(query.search);
  const base = and(
    day ? eq(bookings.arrivalDate, day) : undefined,
    ...valueFilters(bookings, query),
  );
  return { base, search, where: and(search, base) };
}

/**
 * How many bookings, in the list's order, a search reads and tests before it collects the
 * matches through the trigram index instead (measured at a million bookings, docs/scale.md).
 * A setting only so that a test can lower it and keep its data small; `referencesFirst` (the
 * matches of a reference looked for before the walk, searchCtes) only so that a test can compare
 * the answers with and without it.
 */
export const searchWalk = { rows: 20_000, referencesFirst: true };
/** The matches the walk looks for at least, past the page, for the estimate of the total. */
export const ESTIMATE_MATCHES = 100;

/**
 * The number of bookings the value filters and the day select (the list without a search), read
 * when `when` holds: with a day, counted in bookings_list_idx; with a status, payment or payout
 * filter, summed over booking_stats; otherwise summed over restaurant_figures (a row per
 * restaurant, migration 0022; booking_stats has about 21 per restaurant).
 */
function unsearchedTotal(query: BookingsFilters, filter: SQL, when: SQL = sql`true`) {
  if (query.arrivalDateTime) {
    return sql`select count(*)::int as n from ${bookings} where ${filter} and ${when}`;
  }
  if (query.bookingStatus || query.paymentStatus || query.payoutStatus !== undefined) {
    return sql`select coalesce(sum(${bookingStats.bookings}), 0)::int as n from ${bookingStats}
        where ${and(...valueFilters(bookingStats, query))} and ${when}`;
  }
  const figures = restaurantFigures;
  return sql`select coalesce(sum(${figures.bookings}), 0)::int as n from ${figures}
      where ${query.restaurant ? eq(figures.restaurantId, query.restaurant) : sql`true`} and ${when}`;
}

/**
 * What the walk reads of each booking: its order and what the search tests, all in
 * bookings_list_idx (migration 0020), so that the walk in the list's order reads the index alone.
 */
const walkColumns = (sort: BookingsFilters['sort']) =>
  sql.raw(
    [
      ...new Set([
        'id',
        ...orderColumns(sort).map((c) => c.name),
        'restaurant_id',
        'first_name',
        'last_name',
        'email',
      ]),
    ].join(', '),
  );

/**
 * A search (CTEs `total` and `page`). First the walk: the bookings the other filters select, read
 * in the list's order through the same index as without a search, at most searchWalk.rows of
 * them, each tested against the text. When the other filters select no more than that, the walk
 * reads them all and gives the exact total and the page. Otherwise it stops at ESTIMATE_MATCHES
 * matches, or at the page's last match and one more if that is further; when it finds the page
 * and one more, the page is theirs and the total an estimate: the share of matches among the rows
 * read times the bookings the other filters select, never fewer than the matches found. When it
 * does not (a rare text, a miss, a deep page), the matches are
 * collected through the trigram and restaurant indexes and sorted, which gives the exact total
 * and the page; that branch is gated by a one-time condition and not run when the walk answered.
 *
 * A reference (referenceDigits) is rare, and its digits' trigrams are few: first (CTEs `found`
 * and `rare`) the matches are looked for through the trigram index, at most the page's end and
 * one more. Fewer
 * than that are all the matches there are, and the walk could not have filled the page: it and
 * the count without the text are skipped (one-time conditions) and the matches collected, as
 * the walk would have ended. Otherwise everything goes on as for any text, so the answer is the
 * same either way.
 */
function searchCtes(query: BookingsFilters & Paging, base: SQL | undefined, search: SQL) {
  const { skip = 0, limit = 10 } = query;
  const filter = sql`${base ?? sql`true`} and (select ok from allowed)`;
  const want = skip + limit + 1;
  const rows = searchWalk.rows;
  const enough = Math.max(want, ESTIMATE_MATCHES);
  const order = listOrder(query.sort);
  const walked = sql`(select answered from walked)`;
  const first =
    searchWalk.referencesFirst &&
    query.search !== undefined &&
    referenceDigits(query.search) !== undefined;
  // `found` is planned for all its rows, as `matches` is (through the trigram index), and read
  // only as far as `rare` asks: a limit in the same query let the planner walk the bookings for
  // the few matches it expected early (a sequential scan, 0.3 s at a million for a missing one).
  const rare = first
    ? sql`found as materialized (select 1 from ${bookings} where ${search} and ${filter}),
      rare as materialized (select count(*) < ${want}::int as yes from (
        select 1 from found limit ${want}::int) as first_found),`
    : sql``;
  const unlessRare = first ? sql`not (select yes from rare)` : sql`true`;
  const ifWalked = first ? sql`not (select yes from rare) and ` : sql``;
  return sql`${rare}
    unsearched as materialized (${unsearchedTotal(query, filter, unlessRare)}),
    walk as materialized (
      select id, rn from (
        select ${walkColumns(query.sort)}, row_number() over (order by ${order}) as rn
        from ${bookings} where ${filter} and ${unlessRare}
        order by ${order} limit ${rows}::int) as bookings
      where ${search}
      order by ${order}
      limit case when (select n from unsearched) <= ${rows}::int
        then ${rows}::int else ${enough}::int end),
    walked as materialized (
      select ${ifWalked}u.n <= ${rows}::int as exhaustive,
        ${ifWalked}(u.n <= ${rows}::int or w.k >= ${want}::int) as answered,
        ${ifWalked}u.n > ${rows}::int and w.k >= ${want}::int as estimated,
        w.k, w.examined, u.n as unsearched
      from unsearched u, (select count(*)::int as k, max(rn)::int as examined from walk) w),
    matches as materialized (
      select ${bookings.id}, ${bookings.arrivalDate}, ${bookings.arrivalTime}, ${bookings.bookingRef},
        ${bookings.createdAt}
      from ${bookings} where ${search} and ${filter} and not ${walked}),
    total as (
      select case when w.exhaustive then w.k
        when w.estimated then greatest(round(case when w.k >= ${enough}::int
          then (w.k - 1)::numeric * w.unsearched / greatest(w.examined - 1, 1)
          else w.k::numeric * w.unsearched / ${rows}::int end)::int, ${want}::int)
        else (select count(*)::int from matches) end as n,
        w.estimated
      from walked w),
    page as (
      (select id from walk where ${walked} order by rn offset ${skip}::int limit ${limit}::int)
      union all
      (select id from matches order by ${order} offset ${skip}::int limit ${limit}::int))`;
}

/**
 * The CTEs `total` (the number of bookings the filters select, exact at every page) and `page`
 * (the ids of the page), read only when `allowed` holds; with a search text, searchCtes.
 *
 * The page comes from an index that starts with the filter's column and goes on in the list's
 * order; without a date the total is a sum over booking_stats (one row per restaurant and status
 * values, kept by triggers in the same transaction as every write to bookings), with one a count
 * over that day in bookings_list_idx, which carries the other filter columns. A page past the
 * middle is read from the other end of the index (the same rows, reversed; the page is sorted
 * again at the end), so the last page is as quick as the first.
 */
function pageCtes(query: BookingsFilters & Paging, base: SQL | undefined, search: SQL | undefined) {
  if (search) return searchCtes(query, base, search);
  const { skip = 0, limit = 10 } = query;
  const filter = sql`${base ?? sql`true`} and (select ok from allowed)`;
  const n = sql`(select n from total)`;
  return sql`total as materialized (${unsearchedTotal(query, filter)}),
    page as (
      (select ${bookings.id} from ${bookings} where ${filter} and ${skip}::int * 2 <= ${n}
        order by ${listOrder(query.sort)} offset ${skip}::int limit ${limit}::int)
      union all
      (select ${bookings.id} from ${bookings} where ${filter} and ${skip}::int * 2 > ${n}
        order by ${reverseOrder(query.sort)}
        offset greatest(${n} - ${skip}::int - ${limit}::int, 0)
        limit greatest(least(${limit}::int, ${n} - ${skip}::int), 0)))`;
}

/**
 * A booking (alias `b`, its restaurant `r`) with everything its view shows, as one JSON value
 * built by the database: the row, the restaurant's name, the orders with their items, the
 * refunds with who processed (and approved) them, the refunds waiting for approval, and its audit events (its activityLog), each in the order the
 * view lists them. A page of bookings is then one statement, whatever else it carries.
 */
const bookingJson = sql`json_build_object(
  'booking', row_to_json(b),
  'restaurantName', r.name,
  'orders', coalesce((select json_agg(json_build_object('order', row_to_json(o), 'items',
      coalesce((select json_agg(i order by i.id) from order_items i where i.order_id = o.id),
        '[]'::json)) order by o.created_at, o.id)
    from orders o where o.booking_id = b.id), '[]'::json),
  'refunds', coalesce((select json_agg(json_build_object('refund', row_to_json(f),
      'firstName', u.first_name, 'lastName', u.last_name,
      'approvedBy', (select d.first_name || ' ' || d.last_name from approval_requests a
        join users d on d.id = a.decided_by where a.refund_id = f.id))
      order by f.created_at, f.id)
    from refunds f left join users u on u.id = f.processed_by where f.booking_id = b.id),
    '[]'::json),
  'pendingApprovals', coalesce((select json_agg(json_build_object('approval', row_to_json(a),
      'firstName', u.first_name, 'lastName', u.last_name) order by a.requested_at, a.id)
    from approval_requests a join users u on u.id = a.requested_by
    where a.booking_id = b.id and a.status = 'pending' and a.expires_at > now()), '[]'::json),
  'events', coalesce((select json_agg(e order by e.created_at, e.id) from audit_events e
    where e.entity_type = 'booking' and e.entity_id = b.id::text), '[]'::json))`;

/**
 * One statement (one round trip): the live session of the token's hash and its user (as
 * bearerAuth finds them), the total and the page's bookings, the page read only when that user
 * may see it.
 */
export async function listBookingsWithSession(
  db: Db,
  tokenHash: string,
  liveness: Liveness,
  query: BookingsFilters & Paging,
) {
  const { base, search } = bookingsWhere(query);
  const [row] = await queryPrepared<{
    user: unknown;
    total: number;
    estimated: boolean | null;
    data: unknown;
  }>(
    db,
    sql`
      with auth as materialized (select ${liveSessionJson(tokenHash, liveness)} as u),
        allowed as materialized (select coalesce(u->'user'->>'role' = 'admin'
          and (u->'user'->>'status')::boolean, false) as ok from auth),
        ${pageCtes(query, base, search)}
      select (select u from auth) as "user", (select n from total) as total,
        ${search ? sql`(select estimated from total)` : sql`false`} as estimated,
        (select coalesce(json_agg(${bookingJson} order by ${listOrder(query.sort, 'b')}), '[]'::json)
          from bookings b join restaurants r on r.id = b.restaurant_id
          -- An array of ids, not a join: the planner cannot tell how many rows the page's limit
          -- (computed from the total) lets through, and would plan for a tenth of the bookings.
          where b.id = any(array(select id from page))) as data`,
  );
  const found = row.user
    ? jsonValue<{
        user: Record<string, unknown>;
        id: string;
        lastUsedAt: string;
        verifiedAt: string | null;
        hasFactor: boolean;
      }>(row.user)
    : undefined;
  const session: RequestSession | undefined = found && {
    id: found.id,
    lastUsedAt: new Date(found.lastUsedAt),
    verifiedAt: found.verifiedAt ? new Date(found.verifiedAt) : null,
    hasFactor: found.hasFactor,
  };
  return {
    found: found && session && { user: fromJsonRow(users, found.user), session },
    total: row.total,
    /** True when the total is an estimate (a search whose walk filled the page, searchCtes). */
    totalIsEstimate: row.estimated === true,
    data: jsonValue<BookingJson[]>(row.data).map(bookingView),
  };
}

/** One booking in the contract's shape, or undefined for an unknown id. */
export async function loadBookingView(db: Reader, id: string): Promise<BookingView | undefined> {
  const { rows } = (await db.execute(sql`
    select ${bookingJson} as data
    from bookings b join restaurants r on r.id = b.restaurant_id
    where b.id = ${id}::uuid`)) as unknown as { rows: { data: unknown }[] };
  return rows.length ? bookingView(jsonValue<BookingJson>(rows[0].data)) : undefined;
}

type Locked = { id: string; bookingRef: string; adminNotes: string; version: number };

/** The booking's reference, notes and version, locked for a change to the booking. */
export async function lockBooking(tx: Pick<Db, 'select'>, id: string) {
  const [current] = await tx
    .select({
      id: bookings.id,
      bookingRef: bookings.bookingRef,
      adminNotes: bookings.adminNotes,
      version: bookings.version,
    })
    .from(bookings)
    .where(eq(bookings.id, id))
    .for('update');
  return current as Locked | undefined;
}

/** Saves the notes; returns the booking's new version. */
export async function setBookingNotes(tx: Pick<Db, 'update'>, id: string, adminNotes: string) {
  const [row] = await tx
    .update(bookings)
    .set({ adminNotes })
    .where(eq(bookings.id, id))
    .returning({ version: bookings.version });
  return row.version;
}

export async function bookingExists(db: Pick<Db, 'select'>, id: string) {
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id));
  return row !== undefined;
}

/** The booking's audit events, newest first. */
export function bookingEvents(db: Pick<Db, 'select'>, id: string) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'booking'), eq(auditEvents.entityId, id)))
    .orderBy(...auditOrder.orderBy);
}

const money = (minor: (b: Booking) => number) => (row: ExportRow) => ({
  minor: minor(row.booking),
  currency: row.booking.currency,
});

type ExportRow = { booking: Booking; restaurant: string; keys: string[] };

export const BOOKING_COLUMNS: readonly CsvColumn<ExportRow>[] = [
  { title: 'Booking Ref', value: (r) => r.booking.bookingRef },
  { title: 'Restaurant', value: (r) => r.restaurant },
  { title: 'First Name', value: (r) => r.booking.firstName },
  { title: 'Last Name', value: (r) => r.booking.lastName },
  { title: 'Email', value: (r) => r.booking.email },
  { title: 'Phone', value: (r) => r.booking.phone },
  { title: 'Arrival Date', value: (r) => r.booking.arrivalDate },
  { title: 'Arrival Time', value: (r) => r.booking.arrivalTime.slice(0, 5) },
  { title: 'Guests', value: (r) => r.booking.guest },
  { title: 'Type', value: (r) => r.booking.type },
  { title: 'Booking Status', value: (r) => r.booking.status },
  { title: 'Payment Status', value: (r) => r.booking.paymentStatus },
  { title: 'Payout Status', value: (r) => (r.booking.payout ? 'Deposited' : 'Pending') },
  { title: 'Payout Date', value: (r) => (r.booking.payout ? r.booking.payoutDateTime : null) },
  { title: 'Currency', value: (r) => r.booking.currency },
  { title: 'Total', value: money((b) => b.total) },
  { title: 'Platform Fee', value: money((b) => b.platformFee) },
  { title: 'Net Payout', value: money((b) => b.netPayout) },
  { title: 'Refunded', value: money((b) => b.refundedTotal) },
  { title: 'Created At', value: (r) => r.booking.createdAt },
];

/** Every booking the list selects with these parameters, in its order (throws 400 as the list). */
export function bookingBatches(db: Db, query: BookingsFilters, batchSize = BATCH_SIZE) {
  const { where } = bookingsWhere(query);
  return keysetBatches<ExportRow>(
    (after, limit) =>
      db
        .select({ booking: bookings, restaurant: restaurants.name, keys: bookingsOrder.keys })
        .from(bookings)
        .innerJoin(restaurants, eq(restaurants.id, bookings.restaurantId))
        .where(and(where, after))
        .orderBy(...bookingsOrder.orderBy)
        .limit(limit),
    bookingsOrder,
    batchSize,
  );
}
