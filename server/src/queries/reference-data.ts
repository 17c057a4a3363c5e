/**
 * The reference lists (one table, each list an entry of common/reference-lists.ts): a list with its
 * counts and its export (one search, one order), an entry, a name's uniqueness, and the writes.
 * Counts are computed from the data on every read, never stored.
 */
import { and, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { BATCH_SIZE, keyset, keysetBatches } from '../db/keyset.js';
import { countOf, withTotal } from '../db/paged.js';
import {
  images,
  menuItemIngredients,
  menuItems,
  referenceItems,
  restaurantReferences,
  userReferences,
} from '../db/schema.js';
import type { CsvColumn } from '../lib/csv-export.js';
import { imageUrl } from '../lib/images.js';
import { iso, likePattern } from '../lib/paging.js';
import {
  COUNT_COLUMNS,
  COUNT_TITLES,
  type CountsKind,
  type ReferenceList,
} from '../../../common/reference-lists.js';

const item = referenceItems;
type Item = typeof referenceItems.$inferSelect;
type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

const countColumn = (query: SQL) => sql<number>`(${query})`.mapWith(Number);

function countColumns(counts: CountsKind): Record<string, SQL<number>> {
  const restaurantRefs = countColumn(
    sql`select count(*)::int from ${restaurantReferences} where ${restaurantReferences.itemId} = ${item.id}`,
  );
  switch (counts) {
    case 'categoryDishes':
      return {
        restaurantCount: countColumn(
          sql`select count(distinct ${menuItems.restaurantId})::int from ${menuItems} where ${menuItems.categoryId} = ${item.id}`,
        ),
        dishesCount: countColumn(
          sql`select count(*)::int from ${menuItems} where ${menuItems.categoryId} = ${item.id}`,
        ),
      };
    case 'ingredientDishes':
      return {
        // Both from the ingredient's entries in menu_item_ingredients_ingredient_idx, which carry
        // each dish's restaurant (migration 0022): joining menu_items read every dish of every
        // restaurant for each ingredient.
        restaurantCount: countColumn(
          sql`select count(distinct ${menuItemIngredients.restaurantId})::int from ${menuItemIngredients}
              where ${menuItemIngredients.ingredientId} = ${item.id}`,
        ),
        dishesCount: countColumn(
          sql`select count(distinct ${menuItemIngredients.menuItemId})::int from ${menuItemIngredients}
              where ${menuItemIngredients.ingredientId} = ${item.id}`,
        ),
      };
    case 'restaurantsAndUsers':
      return {
        restaurantCount: restaurantRefs,
        userCount: countColumn(
          sql`select count(*)::int from ${userReferences} where ${userReferences.itemId} = ${item.id}`,
        ),
      };
    case 'restaurants':
      return { restaurantCount: restaurantRefs };
    case 'none':
      return {};
  }
}

type Row = Item & Record<string, unknown>;

/** The entity as the contract shows it for this list. */
export function referenceView(config: ReferenceList, row: Row) {
  const {
    id,
    kind: _kind,
    name,
    status,
    imageId,
    addedById: _by,
    createdAt,
    version,
    ...counts
  } = row;
  return {
    _id: id,
    name,
    createdAt: iso(createdAt),
    version,
    ...counts,
    ...(config.hasStatus ? { status } : {}),
    ...(config.hasImage ? { image: imageId ? imageUrl(imageId) : null } : {}),
  };
}

const referenceOrder = keyset([
  { column: item.createdAt, direction: 'desc' },
  { column: item.id, direction: 'desc' },
]);

function selectRows(db: Pick<Db, 'select'>, config: ReferenceList, where: SQL | undefined) {
  return db
    .select({
      id: item.id,
      kind: item.kind,
      name: item.name,
      status: item.status,
      imageId: item.imageId,
      addedById: item.addedById,
      createdAt: item.createdAt,
      version: item.version,
      ...countColumns(config.counts),
    })
    .from(item)
    .where(and(eq(item.kind, config.key), where))
    .orderBy(...referenceOrder.orderBy)
    .$dynamic();
}

/** A list's search (name contains the text), for the list and its export. */
function referenceSearch(search: string | undefined): SQL | undefined {
  const pattern = likePattern(search);
  return pattern ? ilike(item.name, pattern) : undefined;
}

export async function listReferenceItems(
  db: Db,
  config: ReferenceList,
  query: { skip: number; limit: number; search?: string },
) {
  const where = referenceSearch(query.search);
  const page = await withTotal(
    selectRows(db, config, where).offset(query.skip).limit(query.limit) as Promise<Row[]>,
    countOf(db, item, and(eq(item.kind, config.key), where)),
  );
  return { total: page.total, data: page.rows.map((row) => referenceView(config, row)) };
}

/** The list's entry with this id, with its counts. */
export async function referenceItemById(db: Pick<Db, 'select'>, config: ReferenceList, id: string) {
  const [row] = (await selectRows(db, config, eq(item.id, id))) as Row[];
  return row as Row | undefined;
}

/** Whether another entry of the list has this name, ignoring case. */
export async function isReferenceNameTaken(
  db: Pick<Db, 'select'>,
  config: ReferenceList,
  name: string,
  exceptId?: string,
) {
  const [taken] = await db
    .select({ id: item.id })
    .from(item)
    .where(
      and(
        eq(item.kind, config.key),
        sql`lower(${item.name}) = lower(${name})`,
        exceptId ? ne(item.id, exceptId) : undefined,
      ),
    );
  return taken !== undefined;
}

export async function insertReferenceItem(tx: Tx, values: typeof item.$inferInsert) {
  const [row] = await tx.insert(item).values(values).returning({ id: item.id });
  return row.id;
}

/** The entry, locked for the transaction's update. */
export async function lockReferenceItem(tx: Pick<Db, 'select'>, id: string) {
  const [row] = await tx.select().from(item).where(eq(item.id, id)).for('update');
  return row as Item | undefined;
}

/**
 * Changes the entry; a replaced image belonged to this entry alone and is deleted. Returns the
 * entry's new version.
 */
export async function updateReferenceItem(
  tx: Tx,
  before: Item,
  set: { name?: string; status?: boolean; imageId?: string },
): Promise<number> {
  const [row] = await tx
    .update(item)
    .set(set)
    .where(eq(item.id, before.id))
    .returning({ version: item.version });
  if (set.imageId && before.imageId) await tx.delete(images).where(eq(images.id, before.imageId));
  return row.version;
}

/** Deletes the entry and its image. */
export async function deleteReferenceItem(tx: Tx, current: { id: string; imageId: string | null }) {
  await tx.delete(item).where(eq(item.id, current.id));
  if (current.imageId) await tx.delete(images).where(eq(images.id, current.imageId));
}

type ReferenceRow = {
  item: typeof referenceItems.$inferSelect;
  counts: Record<string, number>;
  keys: string[];
};

/** Name, the list's counts, status and image where it has them, then the creation time. */
export function referenceColumns(config: ReferenceList): CsvColumn<ReferenceRow>[] {
  return [
    { title: 'Name', value: (r) => r.item.name },
    ...COUNT_COLUMNS[config.counts].map((name) => ({
      title: COUNT_TITLES[name],
      value: (r: ReferenceRow) => r.counts[name],
    })),
    ...(config.hasStatus ? [{ title: 'Active', value: (r: ReferenceRow) => r.item.status }] : []),
    ...(config.hasImage
      ? [
          {
            title: 'Image',
            value: (r: ReferenceRow) => (r.item.imageId ? imageUrl(r.item.imageId) : null),
          },
        ]
      : []),
    { title: 'Created At', value: (r) => r.item.createdAt },
  ];
}

export function referenceBatches(
  db: Db,
  config: ReferenceList,
  query: { search?: string },
  batchSize = BATCH_SIZE,
) {
  const where = and(eq(item.kind, config.key), referenceSearch(query.search));
  return keysetBatches<ReferenceRow>(
    (after, limit) =>
      db
        .select({
          item: referenceItems,
          counts: countColumns(config.counts),
          keys: referenceOrder.keys,
        })
        .from(referenceItems)
        .where(and(where, after))
        .orderBy(...referenceOrder.orderBy)
        .limit(limit) as Promise<ReferenceRow[]>,
    referenceOrder,
    batchSize,
  );
}
