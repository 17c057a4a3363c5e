/**
 * Restaurants: the list, the detail page, online/featured/commission updates (of one or several),
 * the name lookup.
 */
import { change, recordChange } from '../lib/audit.js';
import { bulkMessage, eachRow } from '../lib/bulk.js';
import { badRequest, conflict, notFound } from '../lib/http-error.js';
import { setETag, type Precondition } from '../lib/versions.js';
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
import { checkVersion } from '../queries/versions.js';
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
 * The field saved on the locked restaurant (404 when there is none), after the check of the
 * version the request sent (If-Match, or a bulk row's; an approval carried out has no request:
 * the approval was its check): the restaurant as it was, its change (none when the value is the
 * same) and its version after.
 */
async function writeField(
  tx: Transaction,
  req: FastifyRequest | null,
  id: string,
  field: RestaurantField,
  value: Restaurant[RestaurantField],
  precondition?: Precondition,
) {
  const current = await lockRestaurant(tx, id);
  if (!current) throw notFound(RESTAURANT_NOT_FOUND);
  if (req) {
    const record = { type: 'restaurant', id: current.id, version: current.version };
    await checkVersion(tx, req, record, () => restaurantListItem(tx, current.id), precondition);
  }
  if (current[field] === value) return { current, changes: [], version: current.version };
  const version = await setRestaurantField(tx, current.id, field, value);
  return { current, changes: [change(field, current[field] ?? null, value ?? null)], version };
}

/** One field changed, with its audit event, in a transaction of its own. */
async function setField(
  req: FastifyRequest,
  id: string,
  field: RestaurantField,
  value: Restaurant[RestaurantField],
  precondition?: Precondition,
) {
  await req.server.db.transaction(async (tx) => {
    const { current, changes, version } = await writeField(tx, req, id, field, value, precondition);
    await recordChange(tx, {
      request: req,
      action: 'restaurant.update',
      entity: { type: 'restaurant', id: current.id, name: current.name },
      version,
      changes,
    });
  });
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
    const { current, changes, version } = await writeField(
      tx,
      null,
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
      version,
    };
  },
};

export const restaurantsHandlers: Handlers = {
  async listRestaurants(req) {
    const { total, data } = await listRestaurants(req.server.db, req.query);
    return { success: true, message: 'Restaurants', count: total, data };
  },

  async getRestaurant(req, reply) {
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
    setETag(reply, restaurant.version);
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
          version: restaurant.version,
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
    await setField(req, req.params.id, field, value!);
    const row = (await restaurantListItem(db, req.params.id))!;
    setETag(reply, row.version);
    return { success: true, message: MESSAGES[field], data: row };
  },

  async bulkUpdateRestaurants(req) {
    const body = req.body as { items: { _id: string; version: number }[] } & Partial<
      Record<'online' | 'isFeatured', boolean>
    >;
    const field = body.online === undefined ? 'isFeatured' : 'online';
    const value = body[field]!;
    const data = await eachRow(body.items, async (item) => {
      await setField(req, item._id, field, value, [item.version]);
      return MESSAGES[field];
    });
    return { success: true, message: bulkMessage(data, 'restaurant', 'updated'), data };
  },

  async searchRestaurants(req) {
    const rows = await searchRestaurantNames(req.server.db, req.query.search);
    return { success: true, message: 'Restaurants', data: rows };
  },
};
