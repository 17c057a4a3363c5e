/** Restaurants: the list, the detail page, online/featured/commission updates, the name lookup. */
import { change, recordChange } from '../lib/audit.js';
import { badRequest, notFound } from '../lib/http-error.js';
import { fromMinor } from '../../../common/money.js';
import { iso } from '../lib/paging.js';
import {
  listRestaurants,
  RESTAURANT_NOT_FOUND,
  lockRestaurant,
  restaurantById,
  restaurantDetails,
  restaurantListItem,
  searchRestaurantNames,
  setRestaurantField,
  type RestaurantField,
} from '../queries/restaurants.js';
import type { Handlers } from './types.js';

const MESSAGES: Record<RestaurantField, string> = {
  online: 'Restaurant status updated successfully',
  isFeatured: 'Restaurant featured status updated successfully',
  platformCommission: 'Restaurant commission updated successfully',
};

export const restaurantsHandlers: Handlers = {
  async listRestaurants(req) {
    const { total, data } = await listRestaurants(req.server.db, req.query);
    return { success: true, message: 'Restaurants', count: total, data };
  },

  async getRestaurant(req) {
    const db = req.server.db;
    const restaurant = await restaurantById(db, req.params.id);
    if (!restaurant) throw notFound(RESTAURANT_NOT_FOUND);
    const {
      owner,
      staff,
      statistics: stats,
      menuItemCount,
    } = await restaurantDetails(db, restaurant);
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
            subRole: member.subRole ?? 'other',
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
    const field = (Object.keys(MESSAGES) as RestaurantField[]).find(
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
      const current = await lockRestaurant(tx, req.params.id);
      if (!current) throw notFound(RESTAURANT_NOT_FOUND);
      if (current[field] === value) return;
      await setRestaurantField(tx, current.id, field, value!);
      await recordChange(tx, {
        request: req,
        action: 'restaurant.update',
        entity: { type: 'restaurant', id: current.id, name: current.name },
        changes: [change(field, current[field] ?? null, value ?? null)],
      });
    });
    const row = await restaurantListItem(db, req.params.id);
    return { success: true, message: MESSAGES[field], data: row! };
  },

  async searchRestaurants(req) {
    const rows = await searchRestaurantNames(req.server.db, req.query.search);
    return { success: true, message: 'Restaurants', data: rows };
  },
};
