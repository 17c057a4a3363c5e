/**
 * Menu items: one item in the contract's shape (category, ingredients by role, image URLs in
 * order), a restaurant's items page by page, and what a bulk-upload row reads and writes.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { countOf, pageOf, withTotal, type Paging } from '../db/paged.js';
import { keyset } from '../db/keyset.js';
import { menuItemImages, menuItemIngredients, menuItems, referenceItems } from '../db/schema.js';
import { imageUrl } from '../lib/images.js';
import { fromMinor } from '../../../common/money.js';
import { iso } from '../lib/paging.js';

type Tx = Pick<Db, 'select' | 'insert'>;
export type Ingredient = typeof referenceItems.$inferSelect;
/** An ingredient's part in an item: ingredient | removable | new | extra (priced). */
export type IngredientRole = { ingredientId: string; role: string; price: number | null };

type MenuItemRow = typeof menuItems.$inferSelect;
type NamedRef = { _id: string; name: string };

async function menuItemDtos(db: Pick<Db, 'select'>, items: MenuItemRow[], currency: string) {
  if (items.length === 0) return [];
  const ids = items.map((item) => item.id);
  const [links, pictures] = await Promise.all([
    db
      .select({
        menuItemId: menuItemIngredients.menuItemId,
        role: menuItemIngredients.role,
        price: menuItemIngredients.price,
        _id: referenceItems.id,
        name: referenceItems.name,
      })
      .from(menuItemIngredients)
      .innerJoin(referenceItems, eq(referenceItems.id, menuItemIngredients.ingredientId))
      .where(inArray(menuItemIngredients.menuItemId, ids))
      .orderBy(asc(referenceItems.name)),
    db
      .select()
      .from(menuItemImages)
      .where(inArray(menuItemImages.menuItemId, ids))
      .orderBy(asc(menuItemImages.position)),
  ]);
  const categoryIds = [...new Set(items.map((item) => item.categoryId))];
  const categories = await db
    .select({ _id: referenceItems.id, name: referenceItems.name })
    .from(referenceItems)
    .where(inArray(referenceItems.id, categoryIds));
  const categoryById = new Map(categories.map((c) => [c._id, c]));

  return items.map((item) => {
    const mine = links.filter((link) => link.menuItemId === item.id);
    const byRole = (role: string): NamedRef[] =>
      mine.filter((l) => l.role === role).map(({ _id, name }) => ({ _id, name }));
    return {
      _id: item.id,
      itemName: item.name,
      category: categoryById.get(item.categoryId) ?? { _id: item.categoryId, name: '' },
      itemPrice: fromMinor(item.itemPrice, currency),
      discountedPrice:
        item.discountedPrice === null ? null : fromMinor(item.discountedPrice, currency),
      itemDetail: item.itemDetail,
      currency,
      media: pictures.filter((p) => p.menuItemId === item.id).map((p) => imageUrl(p.imageId)),
      ingredients: byRole('ingredient'),
      removableIngredients: byRole('removable'),
      newIngredients: byRole('new'),
      extraIngredients: mine
        .filter((l) => l.role === 'extra')
        .map(({ _id, name, price }) => ({
          ingredient: { _id, name },
          ingredientPrice: fromMinor(price ?? 0, currency),
        })),
      createdAt: iso(item.createdAt),
    };
  });
}

const menuItemsOrder = keyset([
  { column: menuItems.createdAt, direction: 'desc' },
  { column: menuItems.id, direction: 'desc' },
]);

/** A page of the restaurant's items, newest first, with their total. */
export async function listMenuItems(
  db: Db,
  restaurant: { id: string; currency: string },
  query: Paging,
) {
  const { skip, limit } = pageOf(query);
  const where = eq(menuItems.restaurantId, restaurant.id);
  const page = await withTotal(
    db
      .select()
      .from(menuItems)
      .where(where)
      .orderBy(...menuItemsOrder.orderBy)
      .offset(skip)
      .limit(limit),
    countOf(db, menuItems, where),
  );
  return { total: page.total, data: await menuItemDtos(db, page.rows, restaurant.currency) };
}

/** Whether the restaurant has an item of this name, ignoring case. */
export async function isMenuItemNameTaken(
  tx: Pick<Db, 'select'>,
  restaurantId: string,
  name: string,
) {
  const [duplicate] = await tx
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(
      and(
        eq(menuItems.restaurantId, restaurantId),
        sql`lower(${menuItems.name}) = ${name.toLowerCase()}`,
      ),
    );
  return duplicate !== undefined;
}

/** The reference item of this kind and name, ignoring case. */
export async function referenceByName(
  tx: Pick<Db, 'select'>,
  kind: 'category' | 'ingredient',
  name: string,
) {
  const [row] = await tx
    .select()
    .from(referenceItems)
    .where(
      and(
        eq(referenceItems.kind, kind),
        sql`lower(${referenceItems.name}) = ${name.toLowerCase()}`,
      ),
    );
  return row as Ingredient | undefined;
}

/** The ingredients with these names (ignoring case), by lower-cased name. */
export async function ingredientsByName(
  tx: Pick<Db, 'select'>,
  names: string[],
): Promise<Map<string, Ingredient>> {
  if (names.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(referenceItems)
    .where(
      and(
        eq(referenceItems.kind, 'ingredient'),
        inArray(
          sql`lower(${referenceItems.name})`,
          names.map((n) => n.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((row) => [row.name.toLowerCase(), row]));
}

/** Creates the ingredients; a name another request just created is left as it is. */
export async function createIngredients(tx: Tx, names: string[], addedById: string) {
  await tx
    .insert(referenceItems)
    .values(names.map((name) => ({ kind: 'ingredient', name, addedById })))
    .onConflictDoNothing();
}

/** Stores the item with its ingredients and its images (in order); returns it as the contract's. */
export async function insertMenuItem(
  tx: Tx,
  item: typeof menuItems.$inferInsert,
  roles: IngredientRole[],
  imageIds: string[],
  currency: string,
) {
  const [row] = await tx.insert(menuItems).values(item).returning();
  if (roles.length) {
    await tx.insert(menuItemIngredients).values(roles.map((r) => ({ ...r, menuItemId: row.id })));
  }
  for (const [position, imageId] of imageIds.entries()) {
    await tx.insert(menuItemImages).values({ menuItemId: row.id, imageId, position });
  }
  const [dto] = await menuItemDtos(tx, [row], currency);
  return { row, dto };
}
