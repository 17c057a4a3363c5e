/**
 * Saved views: a list screen's search and filters under a name, shared by every admin. Names
 * are trimmed and unique per screen ignoring case; every write goes through the audit trail.
 */
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { savedViews, users } from '../db/schema.js';
import { recordChange } from '../lib/audit.js';
import { badRequest, conflict, notFound } from '../lib/http-error.js';
import { iso } from '../lib/paging.js';
import {
  applicable,
  checkFilters,
  existingRestaurants,
  type Filters,
  type Screen,
} from '../lib/saved-view-filters.js';
import type { Handlers, ResultOf } from './types.js';

/** Views one screen may hold, so that its select stays usable and the list needs no paging. */
export const MAX_VIEWS_PER_SCREEN = 100;
const DUPLICATE = 'A view with this name already exists';

type View = ResultOf<'createSavedView'>['data'];

async function selectViews(db: Db, where: SQL | undefined, lock = false) {
  const base = db
    .select({
      id: savedViews.id,
      screen: savedViews.screen,
      name: savedViews.name,
      filters: savedViews.filters,
      createdAt: savedViews.createdAt,
      creatorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(savedViews)
    .leftJoin(users, eq(users.id, savedViews.createdBy))
    .where(where)
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id))
    .$dynamic();
  return lock ? base.for('update', { of: savedViews }) : base;
}

type Row = Awaited<ReturnType<typeof selectViews>>[number];

async function toViews(db: Db, rows: Row[]): Promise<View[]> {
  const restaurantIds = rows.flatMap((row) =>
    row.filters.restaurant ? [row.filters.restaurant] : [],
  );
  const existing = await existingRestaurants(db, restaurantIds);
  return Promise.all(
    rows.map(async (row) => {
      const { filters, ignored } = await applicable(
        row.screen as Screen,
        row.filters,
        db,
        existing,
      );
      return {
        _id: row.id,
        screen: row.screen as Screen,
        name: row.name,
        filters,
        ignoredFilters: ignored,
        createdAt: iso(row.createdAt),
        createdBy: row.creatorId
          ? {
              _id: row.creatorId,
              name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
              email: row.email ?? '',
            }
          : null,
      };
    }),
  );
}

function cleanName(raw: string): string {
  const name = raw.trim();
  if (!name) throw badRequest('Name is required');
  if (name.length > 60) throw badRequest('Name must be at most 60 characters');
  return name;
}

/** 409 when another view of the screen has this name, ignoring case. */
async function assertFreeName(db: Db, screen: string, name: string, except?: string) {
  const [taken] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.screen, screen),
        sql`lower(${savedViews.name}) = lower(${name})`,
        except ? ne(savedViews.id, except) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(DUPLICATE);
}

/** The unique index's refusal when two admins save the same name at once. */
const isDuplicate = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

async function orDuplicate<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isDuplicate(error)) throw conflict(DUPLICATE);
    throw error;
  }
}

const entity = (id: string, name: string) => ({ type: 'saved_view', id, name });

export const savedViewsHandlers: Handlers = {
  async listSavedViews(req) {
    const db = req.server.db;
    const rows = await selectViews(db, eq(savedViews.screen, req.query.screen));
    const data = await toViews(db, rows);
    return { success: true, message: 'Saved views fetched successfully', count: data.length, data };
  },

  async createSavedView(req, reply) {
    const { screen } = req.body;
    const name = cleanName(req.body.name);
    const db = req.server.db;
    const filters: Filters = await checkFilters(screen, req.body.filters, db);
    const id = await orDuplicate(
      db.transaction(async (tx) => {
        // One screen's creations in turn, so that the cap holds under concurrent saves.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved_views:${screen}`}))`);
        const [{ total }] = await tx
          .select({ total: count() })
          .from(savedViews)
          .where(eq(savedViews.screen, screen));
        if (total >= MAX_VIEWS_PER_SCREEN) {
          throw badRequest(
            `A list holds at most ${MAX_VIEWS_PER_SCREEN} saved views; delete one first`,
          );
        }
        await assertFreeName(tx, screen, name);
        const [row] = await tx
          .insert(savedViews)
          .values({ screen, name, filters, createdBy: req.user.id })
          .returning({ id: savedViews.id });
        await recordChange(tx, {
          request: req,
          action: 'saved_view.create',
          entity: entity(row.id, name),
          changes: [{ field: 'name', before: null, after: name }],
          details: { screen, filters: JSON.stringify(filters) },
          always: true,
        });
        return row.id;
      }),
    );
    const [view] = await toViews(db, await selectViews(db, eq(savedViews.id, id)));
    return reply
      .status(201)
      .send({ success: true, message: 'View saved successfully', data: view });
  },

  async renameSavedView(req) {
    const { id } = req.params;
    const name = cleanName(req.body.name);
    const db = req.server.db;
    await orDuplicate(
      db.transaction(async (tx) => {
        const [current] = await selectViews(tx, eq(savedViews.id, id), true);
        if (!current) throw notFound('Saved view not found');
        await assertFreeName(tx, current.screen, name, id);
        await tx.update(savedViews).set({ name }).where(eq(savedViews.id, id));
        await recordChange(tx, {
          request: req,
          action: 'saved_view.rename',
          entity: entity(id, name),
          changes: [{ field: 'name', before: current.name, after: name }],
          details: { screen: current.screen },
        });
      }),
    );
    const [view] = await toViews(db, await selectViews(db, eq(savedViews.id, id)));
    return { success: true, message: 'View renamed successfully', data: view };
  },

  async deleteSavedView(req) {
    const { id } = req.params;
    await req.server.db.transaction(async (tx) => {
      const [current] = await selectViews(tx, eq(savedViews.id, id), true);
      if (!current) throw notFound('Saved view not found');
      await tx.delete(savedViews).where(eq(savedViews.id, id));
      await recordChange(tx, {
        request: req,
        action: 'saved_view.delete',
        entity: entity(id, current.name),
        changes: [{ field: 'name', before: current.name, after: null }],
        details: { screen: current.screen, filters: JSON.stringify(current.filters) },
        always: true,
      });
    });
    return { success: true, message: 'View deleted successfully' };
  },
};
