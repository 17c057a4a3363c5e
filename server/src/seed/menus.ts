/** The seed's menus: a few dishes per restaurant, each with its ingredients and one paid extra. */
import type * as t from '../db/schema.js';
import { priceMinor, type SeedContext } from './context.js';
import type { ReferenceLists } from './reference-items.js';

/** A menu item with its restaurant's currency (which the table does not hold). */
export type Dish = typeof t.menuItems.$inferInsert & {
  id: string;
  itemPrice: number;
  currency: string;
};

/** Three to eight dishes per restaurant, in active categories. */
export function generateMenus(
  ctx: SeedContext,
  restaurants: t.Restaurant[],
  lists: ReferenceLists,
): Dish[] {
  const { faker, uuid, pastDate } = ctx;
  const activeCategories = lists.category.slice(0, -1);
  return restaurants.flatMap((r) =>
    faker.helpers
      .uniqueArray(() => faker.food.dish(), faker.number.int({ min: 3, max: 8 }))
      .map((dish) => ({
        id: uuid(),
        restaurantId: r.id,
        categoryId: faker.helpers.arrayElement(activeCategories).id,
        name: dish,
        itemPrice: priceMinor(ctx, r.currency, 6, 40),
        discountedPrice: null,
        itemDetail: faker.food.description(),
        createdAt: pastDate(100),
        currency: r.currency,
      })),
  );
}

/** Two to five active ingredients per dish; the first is an extra with a price. */
export function generateMenuIngredients(
  ctx: SeedContext,
  dishes: Dish[],
  lists: ReferenceLists,
): (typeof t.menuItemIngredients.$inferInsert)[] {
  const activeIngredients = lists.ingredient.slice(0, -1);
  return dishes.flatMap((m) =>
    ctx.faker.helpers.arrayElements(activeIngredients, { min: 2, max: 5 }).map((ingredient, i) => ({
      menuItemId: m.id,
      ingredientId: ingredient.id,
      role: i === 0 ? 'extra' : 'ingredient',
      price: i === 0 ? priceMinor(ctx, m.currency, 1, 3) : null,
    })),
  );
}

/** The menu item row of a dish. */
export const menuItemRow = ({ currency: _currency, ...row }: Dish) => row;
