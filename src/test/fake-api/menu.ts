/**
 * The bulk menu upload's side of the API: the restaurant lookup by name and the menu items a
 * row creates (POST /menu/bulk, multipart), refused as the server refuses them.
 */
import type { components } from '../../../openapi/schema';
import { reply, replyOf } from './reply';
import type { Routes } from './types';

type MenuItem = components['schemas']['MenuItem'];
type Currency = components['schemas']['Currency'];

/** A restaurant items are uploaded to. */
export interface MenuRestaurant {
  _id: string;
  name: string;
  currency: Currency;
}

let sequence = 0;
const nextId = () => `00000000-0000-4000-8000-${String(970_000 + ++sequence).padStart(12, '0')}`;

const refusal = (status: 404 | 409, message: string) =>
  replyOf('createMenuItem', status, { success: false, message, status_code: status });

/** Starts with the `restaurants` and the (active) `categories` by name; no items. */
export function menuFake({
  restaurants,
  categories,
}: {
  restaurants: MenuRestaurant[];
  categories: string[];
}) {
  const items: (MenuItem & { restaurantId: string })[] = [];
  const categoryRefs = categories.map((name) => ({ _id: nextId(), name }));
  const named = (names: FormDataEntryValue[]) =>
    names.map((name) => ({ _id: nextId(), name: String(name) }));
  return {
    items,
    routes: {
      searchRestaurants: ({ url }) => {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const data = restaurants
          .filter((r) => r.name.toLowerCase().includes(search))
          .sort((a, b) => a.name.localeCompare(b.name))
          .slice(0, 20)
          .map(({ _id, name }) => ({ _id, name }));
        return reply('searchRestaurants', 200, { success: true, message: 'Restaurants', data });
      },
      createMenuItem: ({ body }) => {
        const form = body as FormData;
        const itemName = String(form.get('itemName')).trim();
        const restaurantId = String(form.get('restaurant'));
        const restaurant = restaurants.find((r) => r._id === restaurantId);
        if (!restaurant) {
          return refusal(404, `restaurant: no restaurant with the ID ${restaurantId}`);
        }
        const taken = items.some(
          (item) =>
            item.restaurantId === restaurantId &&
            item.itemName.toLowerCase() === itemName.toLowerCase(),
        );
        if (taken) {
          return refusal(409, `A menu item named "${itemName}" already exists for this restaurant`);
        }
        const categoryName = String(form.get('category')).trim();
        const category = categoryRefs.find(
          (c) => c.name.toLowerCase() === categoryName.toLowerCase(),
        );
        if (!category) {
          return refusal(404, `category: the category "${categoryName}" does not exist`);
        }
        const discounted = form.get('discountedPrice');
        const item = {
          restaurantId,
          _id: nextId(),
          itemName,
          category,
          itemPrice: Number(form.get('itemPrice')),
          discountedPrice: discounted === null ? null : Number(discounted),
          itemDetail: String(form.get('itemDetail') ?? '').trim(),
          currency: restaurant.currency,
          media: form.getAll('media').map(() => `/api/v1/images/${nextId()}`),
          ingredients: named(form.getAll('ingredients[]')),
          removableIngredients: named(form.getAll('removableIngredients[]')),
          newIngredients: named(form.getAll('newIngredients[]')),
          extraIngredients: form.getAll('extraIngredients').map((extra) => {
            const { ingredient, ingredientPrice } = JSON.parse(String(extra)) as {
              ingredient: string;
              ingredientPrice: number;
            };
            return { ingredient: { _id: nextId(), name: ingredient }, ingredientPrice };
          }),
          createdAt: new Date().toISOString(),
        };
        items.push(item);
        const { restaurantId: _restaurant, ...data } = item;
        return reply('createMenuItem', 201, {
          success: true,
          message: 'Menu item created successfully',
          data,
        });
      },
    } satisfies Routes,
  };
}
