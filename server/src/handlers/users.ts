/** Users: the list, activating or deactivating an account, and the platform fee. */
import { count, desc, eq } from 'drizzle-orm';
import { configuration, users } from '../db/schema.js';
import { change, recordChange } from '../lib/audit.js';
import { badRequest, notFound } from '../lib/http-error.js';
import { usersWhere } from '../queries/users-filter.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { toSessionUser } from './auth.js';
import type { Handlers } from './types.js';

export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account';
export const INVALID_PLATFORM_FEE = 'Platform fee must be a number of at least 0';

const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`;

export const usersHandlers: Handlers = {
  async listUsers(req) {
    const db = req.server.db;
    const { skip = 0, limit = 10, search } = req.query;
    const where = usersWhere({ search });
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), users.id)
        .offset(skip)
        .limit(limit),
      db.select({ total: count() }).from(users).where(where),
    ]);
    return { success: true, message: 'Users', count: total, data: rows.map(toSessionUser) };
  },

  async updateUserStatus(req) {
    const db = req.server.db;
    const { status } = req.body;
    if (req.params.id === req.user.id && !status) throw badRequest(CANNOT_DEACTIVATE_SELF);
    const user = await db.transaction(async (tx) => {
      // Locked, so the status recorded as "before" is the one this update replaces.
      const [current] = await tx
        .select({ status: users.status })
        .from(users)
        .where(eq(users.id, req.params.id))
        .for('update');
      if (!current) throw notFound('User not found');
      const [updated] = await tx
        .update(users)
        .set({ status })
        .where(eq(users.id, req.params.id))
        .returning();
      // Access ends with every session; one that ended stays ended when access comes back.
      if (!status || !current.status) await revokeUserSessions(tx, updated.id);
      await recordChange(tx, {
        request: req,
        action: 'user.status',
        entity: { type: 'user', id: updated.id, name: fullName(updated) },
        changes: [change('status', current.status, status)],
        details: { email: updated.email },
      });
      return updated;
    });
    return {
      success: true,
      message: status ? 'User activated successfully' : 'User deactivated successfully',
      data: toSessionUser(user),
    };
  },

  async getConfiguration(req) {
    const [row] = await req.server.db.select().from(configuration).where(eq(configuration.id, 1));
    return {
      success: true,
      message: 'Configuration',
      data: { platformFee: row?.platformFee ?? 0 },
    };
  },

  async updateConfiguration(req) {
    const { platformFee } = req.body;
    // The contract rejects negatives; this also catches what JSON coercion could let through.
    if (typeof platformFee !== 'number' || !Number.isFinite(platformFee) || platformFee < 0) {
      throw badRequest(INVALID_PLATFORM_FEE);
    }
    // numeric(12,2): more decimals would be rounded silently, so refuse them.
    if (Math.round(platformFee * 100) / 100 !== platformFee || platformFee >= 1e10) {
      throw badRequest('Platform fee can have at most 2 decimals and must be below 10,000,000,000');
    }
    const db = req.server.db;
    const saved = await db.transaction(async (tx) => {
      const [previous] = await tx
        .select({ platformFee: configuration.platformFee })
        .from(configuration)
        .where(eq(configuration.id, 1))
        .for('update');
      const [row] = await tx
        .insert(configuration)
        .values({ id: 1, platformFee })
        .onConflictDoUpdate({
          target: configuration.id,
          set: { platformFee, updatedAt: new Date() },
        })
        .returning();
      await recordChange(tx, {
        request: req,
        action: 'configuration.update',
        entity: { type: 'configuration', id: null, name: 'Platform fee' },
        changes: [change('platformFee', previous?.platformFee ?? 0, row.platformFee)],
      });
      return row;
    });
    return {
      success: true,
      message: 'Platform fee updated successfully',
      data: { platformFee: saved.platformFee },
    };
  },
};
