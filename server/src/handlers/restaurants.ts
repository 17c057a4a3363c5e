/** Restaurants: the list, the detail page, online/featured/commission updates, the name lookup. */
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { menuItems, restaurants, users } from '../db/schema.js';
import { change, recordChange } from '../lib/audit.js';
import { badRequest, notFound } from '../lib/http-error.js';
import { fromMinor } from '../lib/money.js';
import { iso, likePattern } from '../lib/paging.js';
import { restaurantFigures, restaurantStatistics } from '../queries/restaurant-stats.js';
import { restaurantsWhere } from '../queries/restaurants-filter.js';
import type { Handlers } from './types.js';
import type { ResultOf } from '../lib/contract-types.js';

export const RESTAURANT_NOT_FOUND = 'Restaurant not found';
const LOOKUP_LIMIT = 20;

type ListItem = ResultOf<'listRestaurants'>['data'][number];

/** List rows with their booking count, revenue and rating, filtered by `where`. */
async function restaurantRows(
  db: Db,
  where: SQL | undefined,
  page?: { skip: number; limit: number },
) {
  const query = db
    .select({ restaurant: restaurants, ...restaurantFigures })
    .from(restaurants)
    .where(where)
    .orderBy(desc(restaurants.createdAt), restaurants.id)
    .$dynamic();
  const rows = await (page ? query.offset(page.skip).limit(page.limit) : query);
  return rows.map(({ restaurant: r, totalBookings, earningsMinor, averageRating }): ListItem => ({
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
  }));
}

const MESSAGES = {
  online: 'Restaurant status updated successfully',
  isFeatured: 'Restaurant featured status updated successfully',
  platformCommission: 'Restaurant commission updated successfully',
} as const;

export const restaurantsHandlers: Handlers = {
  async listRestaurants(req) {
    const db = req.server.db;
    const { skip = 0, limit = 10 } = req.query;
    const where = restaurantsWhere(req.query);
    const [rows, [{ total }]] = await Promise.all([
      restaurantRows(db, where, { skip, limit }),
      db.select({ total: count() }).from(restaurants).where(where),
    ]);
    return { success: true, message: 'Restaurants', count: total, data: rows };
  },

  async getRestaurant(req) {
    const db = req.server.db;
    const [restaurant] = await db
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, req.params.id));
    if (!restaurant) throw notFound(RESTAURANT_NOT_FOUND);
    const [[owner], staff, stats, [{ menuItemCount }]] = await Promise.all([
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
    const money = (minor: string) => fromMinor(Number(minor), restaurant.currency);
    return {
      success: true,
      message: 'Restaurant details',
      data: [
        {
          _id: restaurant.id,
          restaurantName: restaurant.name,
          restaurantLogo: restaurant.logo,
          online: restaurant.online,
          isFeatured: restaurant.isFeatured,
          email: restaurant.email,
          currency: restaurant.currency,
          createdAt: iso(restaurant.createdAt),
          platformCommission: restaurant.platformCommission,
          menuItemCount,
          primaryUser: {
            _id: owner.id,
            email: owner.email,
            phoneNo: owner.phoneNo,
            role: owner.role,
          },
          staff: staff.map((member) => ({
            _id: member.id,
            name: `${member.firstName} ${member.lastName}`,
            email: member.email,
            phoneNo: member.phoneNo,
            role: member.role,
            subRole: (member.subRole ?? 'other') as 'other',
          })),
          statistics: {
            restaurant_Revenue: money(stats.revenue),
            restaurant_earnings: money(stats.earnings),
            total_bookings: stats.total,
            total_payout: money(stats.payouts),
          },
          location: {
            address: restaurant.address,
            country: restaurant.country,
            state: restaurant.state,
            postalCode: restaurant.postalCode,
            latitude: restaurant.latitude,
            longitude: restaurant.longitude,
            offset_sec: restaurant.offsetSec,
          },
        },
      ],
    };
  },

  async updateRestaurant(req) {
    const db = req.server.db;
    const body = req.body as {
      online?: boolean;
      isFeatured?: boolean;
      platformCommission?: number;
    };
    const field = (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).find(
      (key) => body[key] !== undefined,
    );
    if (!field) throw badRequest('Send one of online, isFeatured or platformCommission');
    const value = body[field];
    if (field === 'platformCommission') {
      const commission = value as number;
      if (!Number.isFinite(commission) || commission < 0) {
        throw badRequest('Commission must be a positive number');
      }
      if (Math.round(commission * 100) / 100 !== commission || commission >= 1e10) {
        throw badRequest('Commission can have at most 2 decimals and must be below 10,000,000,000');
      }
    }
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(restaurants)
        .where(eq(restaurants.id, req.params.id))
        .for('update');
      if (!current) throw notFound(RESTAURANT_NOT_FOUND);
      if (current[field] === value) return;
      await tx
        .update(restaurants)
        .set({ [field]: value })
        .where(eq(restaurants.id, current.id));
      await recordChange(tx, {
        request: req,
        action: 'restaurant.update',
        entity: { type: 'restaurant', id: current.id, name: current.name },
        changes: [change(field, current[field] ?? null, value ?? null)],
      });
    });
    const [row] = await restaurantRows(db, eq(restaurants.id, req.params.id));
    return { success: true, message: MESSAGES[field], data: row };
  },

  async searchRestaurants(req) {
    const pattern = likePattern(req.query.search);
    const rows = await req.server.db
      .select({ _id: restaurants.id, name: restaurants.name })
      .from(restaurants)
      .where(pattern ? ilike(restaurants.name, pattern) : undefined)
      .orderBy(asc(restaurants.name), restaurants.id)
      .limit(LOOKUP_LIMIT);
    return { success: true, message: 'Restaurants', data: rows };
  },
};
