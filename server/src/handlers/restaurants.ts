/** Restaurants: the list, the detail page, online/featured/commission updates, the name lookup. */
import { change, recordChange } from '../lib/audit.js';
import { badRequest, conflict, notFound } from '../lib/http-error.js';
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
import { approvalRequested, requestApproval } from '../auth/approval-gate.js';
import { approvalTexts, changedSince, commissionNeedsApproval } from '../lib/approval-rules.js';
import type { FastifyRequest } from 'fastify';
import type { Restaurant } from '../db/schema.js';
import type { ApprovalExecutor, Handlers, Transaction } from './types.js';

const MESSAGES: Record<RestaurantField, string> = {
  online: 'Restaurant status updated successfully',
  isFeatured: 'Restaurant featured status updated successfully',
  platformCommission: 'Restaurant commission updated successfully',
};

/**
 * The field saved on the locked restaurant (404 when there is none): the restaurant as it was,
 * and its change (none when the value is the same).
 */
async function writeField(
  tx: Transaction,
  id: string,
  field: RestaurantField,
  value: Restaurant[RestaurantField],
) {
  const current = await lockRestaurant(tx, id);
  if (!current) throw notFound(RESTAURANT_NOT_FOUND);
  if (current[field] === value) return { current, changes: [] };
  await setRestaurantField(tx, current.id, field, value);
  return { current, changes: [change(field, current[field] ?? null, value ?? null)] };
}

/** A commission change that moves it by more than COMMISSION_APPROVAL_POINTS waits for approval. */
async function commissionRequest(req: FastifyRequest, id: string, commission: number) {
  const { feeChanges, commissionPoints } = req.server.config.approvals;
  if (!feeChanges) return undefined;
  const restaurant = await restaurantById(req.server.db, id);
  if (!restaurant) throw notFound(RESTAURANT_NOT_FOUND);
  const before = restaurant.platformCommission;
  if (!commissionNeedsApproval(before, commission, commissionPoints)) return undefined;
  const texts = approvalTexts.commission(restaurant.name, before, commission);
  const { approval } = await requestApproval(req, {
    kind: 'commission',
    subject: `restaurant:${restaurant.id}`,
    operationId: 'updateRestaurant',
    arguments: { platformCommission: commission },
    restaurantId: restaurant.id,
    valueBefore: before,
    valueAfter: commission,
    summary: texts.summary,
    why: `Commission changes of more than ${commissionPoints} percentage points need a second admin's approval.`,
  });
  return { approval, message: texts.sent };
}

/** An approved commission change: the value asked for, saved as any change is. */
export const commissionApprovals: ApprovalExecutor = {
  async carryOut(tx, approval) {
    const { platformCommission } = approval.arguments as { platformCommission: number };
    const { current, changes } = await writeField(
      tx,
      approval.restaurantId!,
      'platformCommission',
      platformCommission,
    );
    const changed = changedSince(
      `The commission of ${current.name}`,
      current.platformCommission,
      approval.valueBefore,
    );
    if (changed) throw conflict(changed);
    return {
      message: approvalTexts.commission(
        current.name,
        current.platformCommission,
        platformCommission,
      ).approved,
      changes,
    };
  },
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

  async updateRestaurant(req, reply) {
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
    if (field === 'platformCommission') {
      const request = await commissionRequest(req, req.params.id, value as number);
      if (request) return approvalRequested(reply, request.message, request.approval);
    }
    await db.transaction(async (tx) => {
      const { current, changes } = await writeField(tx, req.params.id, field, value!);
      await recordChange(tx, {
        request: req,
        action: 'restaurant.update',
        entity: { type: 'restaurant', id: current.id, name: current.name },
        changes,
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
