/** Dashboard: totals with their change over 30 days, top restaurants, recent activity. */
import { count, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { auditEventCounts, auditEvents, restaurants, users } from '../db/schema.js';
import { activityTitle } from '../lib/activity-text.js';
import { exponentOf, fromMinor } from '../lib/money.js';
import { toUsdCents } from '../lib/usd-rates.js';
import { iso } from '../lib/paging.js';
import { bookingFigures } from '../queries/booking-figures.js';
import { allRestaurantFigures } from '../queries/restaurant-stats.js';
import type { Handlers } from './types.js';

const DAY = 86_400_000;

/** Change of the last 30 days against the 30 days before, in percent to 2 decimals. */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return 0;
  return Math.round(((current - previous) / previous) * 10_000) / 100;
}

function windows(now = Date.now()) {
  return { recent: new Date(now - 30 * DAY), previous: new Date(now - 60 * DAY) };
}

async function countWithChange(db: Db, table: PgTable, createdAt: AnyPgColumn) {
  const { recent, previous } = windows();
  const [row] = await db
    .select({
      total: count(),
      recent: sql<number>`count(*) filter (where ${createdAt} >= ${recent})::int`,
      previous: sql<number>`count(*) filter (where ${createdAt} >= ${previous} and ${createdAt} < ${recent})::int`,
    })
    .from(table);
  return { total: row.total, change: percentChange(row.recent, row.previous) };
}

async function usdRevenue(db: Db, from?: Date, to?: Date): Promise<bigint> {
  const rows = await bookingFigures(db, from, to);
  return rows.reduce(
    (sum, row) => sum + toUsdCents(row.collectedMinor, row.currency, exponentOf(row.currency)),
    0n,
  );
}

export const dashboardHandlers: Handlers = {
  async getTotalBookings(req) {
    const db = req.server.db;
    const { recent, previous } = windows();
    const count = async (from?: Date, to?: Date) =>
      (await bookingFigures(db, from, to)).reduce((sum, row) => sum + row.bookings, 0);
    const [total, last, before] = await Promise.all([
      count(),
      count(recent),
      count(previous, recent),
    ]);
    return {
      success: true,
      message: 'Total bookings',
      status_code: 200,
      data: { bookingCount: total, percentageIncrease: percentChange(last, before) },
    };
  },

  async getTotalUsers(req) {
    const { total, change } = await countWithChange(req.server.db, users, users.createdAt);
    return {
      success: true,
      message: 'Total users',
      data: { userCount: total, percentageIncrease: change },
    };
  },

  async getTotalRestaurants(req) {
    const { total, change } = await countWithChange(
      req.server.db,
      restaurants,
      restaurants.createdAt,
    );
    return {
      success: true,
      message: 'Total restaurants',
      data: { restaurantCount: total, percentageIncrease: change },
    };
  },

  async getTotalRevenue(req) {
    const db = req.server.db;
    const { recent, previous } = windows();
    const [all, last, before] = await Promise.all([
      usdRevenue(db),
      usdRevenue(db, recent),
      usdRevenue(db, previous, recent),
    ]);
    return {
      success: true,
      message: 'Total revenue in USD',
      data: {
        totalRevenue: fromMinor(Number(all), 'USD'),
        percentageIncrease: percentChange(Number(last), Number(before)),
      },
    };
  },

  async getTopRestaurants(req) {
    const db = req.server.db;
    const { stats, rating, columns } = allRestaurantFigures(db);
    const rows = await db
      .select({
        id: restaurants.id,
        name: restaurants.name,
        logo: restaurants.logo,
        currency: restaurants.currency,
        ...columns,
      })
      .from(restaurants)
      .leftJoin(stats, eq(stats.restaurantId, restaurants.id))
      .leftJoin(rating, eq(rating.restaurantId, restaurants.id))
      .orderBy(desc(columns.totalBookings), desc(columns.averageRating), restaurants.name)
      .limit(5);
    return {
      success: true,
      message: 'Top restaurants',
      data: rows.map((row) => ({
        _id: row.id,
        name: row.name,
        profilePicture: row.logo,
        averageRating: Number(row.averageRating),
        totalBookings: row.totalBookings,
        totalEarnings: fromMinor(Number(row.earningsMinor), row.currency),
        currency: row.currency,
      })),
    };
  },

  async listActivityLogs(req) {
    const db = req.server.db;
    const { skip = 0, limit = 20 } = req.query;
    // A view over the audit trail without sign-ins; both queries use its partial index.
    const activity = sql`${auditEvents.action} NOT LIKE 'auth.%'`;
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(auditEvents)
        .where(activity)
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .offset(skip)
        .limit(limit),
      // Kept by triggers on audit_events (migration 0007), exact, without counting the events.
      db
        .select({ total: sql<number>`coalesce(sum(${auditEventCounts.events}), 0)::int` })
        .from(auditEventCounts)
        .where(eq(auditEventCounts.kind, 'activity')),
    ]);
    return {
      status_code: 200,
      success: true,
      message: 'Activity logs',
      count: total,
      data: rows.map((event) => ({
        _id: event.id,
        ...activityTitle(event),
        createdAt: iso(event.createdAt),
      })),
    };
  },
};
