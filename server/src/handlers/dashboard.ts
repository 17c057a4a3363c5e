/** Dashboard: totals with their change over 30 days, top restaurants, recent activity. */
import type { Db } from '../db/client.js';
import { activityTitle } from '../lib/activity-text.js';
import { currencyDecimals, fromMinor } from '../../../common/money.js';
import { toUsdCents } from '../../../common/usd-rates.js';
import { iso } from '../lib/paging.js';
import { bookingFigures, createdCounts, listActivity } from '../queries/dashboard.js';
import { topRestaurants } from '../queries/restaurants.js';
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

async function countWithChange(db: Db, of: 'users' | 'restaurants') {
  const row = await createdCounts(db, of, windows());
  return { total: row.total, change: percentChange(row.recent, row.previous) };
}

async function usdRevenue(db: Db, from?: Date, to?: Date): Promise<bigint> {
  const rows = await bookingFigures(db, from, to);
  return rows.reduce(
    (sum, row) =>
      sum + toUsdCents(row.collectedMinor, row.currency, currencyDecimals(row.currency)),
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
    const { total, change } = await countWithChange(req.server.db, 'users');
    return {
      success: true,
      message: 'Total users',
      data: { userCount: total, percentageIncrease: change },
    };
  },

  async getTotalRestaurants(req) {
    const { total, change } = await countWithChange(req.server.db, 'restaurants');
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
    const rows = await topRestaurants(req.server.db, 5);
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
    const { rows, total } = await listActivity(req.server.db, req.query);
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
