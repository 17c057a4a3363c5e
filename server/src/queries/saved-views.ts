/**
 * Saved views: a screen's views by name, one view, a name's uniqueness, the restaurants a view's
 * filters name, and the writes.
 */
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { savedViews, users } from '../db/schema.js';
import type { ResultOf } from '../lib/contract-types.js';
import { iso } from '../lib/paging.js';
import { applicable, type Filters, type Screen } from '../lib/saved-view-filters.js';
import { existingRestaurants } from './restaurants.js';

type View = ResultOf<'createSavedView'>['data'];
type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

function selectViews(db: Pick<Db, 'select'>, where: SQL | undefined) {
  return db
    .select({
      id: savedViews.id,
      screen: savedViews.screen,
      name: savedViews.name,
      filters: savedViews.filters,
      createdAt: savedViews.createdAt,
      version: savedViews.version,
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
}

type Row = Awaited<ReturnType<typeof selectViews>>[number];

/** The views as the contract's, each with the filters that still apply. */
async function toViews(db: Pick<Db, 'select'>, rows: Row[]): Promise<View[]> {
  const restaurantIds = rows.flatMap((row) =>
    row.filters.restaurant ? [row.filters.restaurant] : [],
  );
  const existing = await existingRestaurants(db, restaurantIds);
  return Promise.all(
    rows.map(async (row) => {
      const { filters, ignored } = await applicable(row.screen, row.filters, existing);
      return {
        _id: row.id,
        screen: row.screen,
        name: row.name,
        filters,
        ignoredFilters: ignored,
        createdAt: iso(row.createdAt),
        version: row.version,
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

/** Which restaurants of these filters exist (a view naming one that is gone is refused). */
export const restaurantsOf = (db: Db, filters: Filters) =>
  existingRestaurants(db, filters.restaurant ? [filters.restaurant] : []);

/** The screen's views by name. */
export async function listViews(db: Db, screen: Screen) {
  return toViews(db, await selectViews(db, eq(savedViews.screen, screen)));
}

export async function viewById(db: Pick<Db, 'select'>, id: string): Promise<View | undefined> {
  const [view] = await toViews(db, await selectViews(db, eq(savedViews.id, id)));
  return view;
}

/** The stored view, locked for the transaction's change. */
export async function lockView(tx: Pick<Db, 'select'>, id: string) {
  const [row] = await selectViews(tx, eq(savedViews.id, id)).for('update', { of: savedViews });
  return row as Row | undefined;
}

/**
 * Makes the screen's creations wait for each other until the transaction ends (so its cap holds
 * under concurrent saves); returns how many views it holds.
 */
export async function lockScreen(tx: Tx, screen: Screen): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved_views:${screen}`}))`);
  const [{ total }] = await tx
    .select({ total: count() })
    .from(savedViews)
    .where(eq(savedViews.screen, screen));
  return total;
}

/** Whether another view of the screen has this name, ignoring case. */
export async function isNameTaken(
  db: Pick<Db, 'select'>,
  screen: Screen,
  name: string,
  except?: string,
) {
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
  return taken !== undefined;
}

export async function insertView(
  tx: Tx,
  values: { screen: Screen; name: string; filters: Filters; createdBy: string },
): Promise<string> {
  const [row] = await tx.insert(savedViews).values(values).returning({ id: savedViews.id });
  return row.id;
}

/** Renames the view; returns its new version. */
export async function renameView(tx: Tx, id: string, name: string): Promise<number> {
  const [row] = await tx
    .update(savedViews)
    .set({ name })
    .where(eq(savedViews.id, id))
    .returning({ version: savedViews.version });
  return row.version;
}

export async function deleteView(tx: Tx, id: string) {
  await tx.delete(savedViews).where(eq(savedViews.id, id));
}
