/** Menu items as the contract's MenuItem: category, ingredients by role, image URLs in order. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { menuItemImages, menuItemIngredients, menuItems, referenceItems } from '../db/schema.js';
import { fromMinor } from '../lib/money.js';
import { iso } from '../lib/paging.js';
import { imageUrl } from '../lib/images.js';

type MenuItemRow = typeof menuItems.$inferSelect;
type NamedRef = { _id: string; name: string };

export async function menuItemDtos(db: Pick<Db, 'select'>, items: MenuItemRow[], currency: string) {
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
