/**
 * Menu items: createMenuItem (one bulk-upload row per call, multipart with up to 5 images) and
 * listRestaurantMenuItems. A row is written in one transaction: on any refusal nothing of it is
 * stored, and a row whose name the restaurant already has (case-insensitively) is refused with
 * 409, so retrying a row never duplicates it.
 */
import type { Db } from '../db/client.js';
import { conflictOnDuplicate } from '../db/pg-error.js';
import { change, money, recordChange } from '../lib/audit.js';
import type { BodyOf } from '../lib/contract-types.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-error.js';
import { checkImage } from '../lib/images.js';
import { storeImage } from '../queries/images.js';
import { toMinor } from '../../../common/money.js';
import { MAX_IMAGES, uploadedFiles } from '../lib/multipart.js';
import {
  createIngredients,
  ingredientsByName,
  insertMenuItem,
  isMenuItemNameTaken,
  listMenuItems,
  referenceByName,
  type Ingredient,
  type IngredientRole,
} from '../queries/menu.js';
import { RESTAURANT_NOT_FOUND, restaurantById } from '../queries/restaurants.js';
import type { Handlers } from './types.js';

type Upload = BodyOf<'createMenuItem'>;
type Extra = { name: string; price: number | string; field: string };
type Tx = Pick<Db, 'select' | 'insert'>;

const list = (value: unknown): string[] =>
  value === undefined || value === null ? [] : (Array.isArray(value) ? value : [value]).map(String);

/** Trimmed names without case-insensitive repeats, first spelling kept. */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of names) {
    const name = raw.trim();
    if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}

function readExtras(value: unknown, field: string): Extra[] {
  return list(value).map((entry) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(entry);
    } catch {
      throw badRequest(
        `${field}: each entry must be JSON {"ingredient", "ingredientPrice"}, got ${entry.slice(0, 80)}`,
      );
    }
    const { ingredient, ingredientPrice = 0 } = (parsed ?? {}) as {
      ingredient?: unknown;
      ingredientPrice?: unknown;
    };
    if (typeof ingredient !== 'string' || !ingredient.trim() || ingredient.trim().length > 100) {
      throw badRequest(`${field}: every entry needs an ingredient name (1 to 100 characters)`);
    }
    if (typeof ingredientPrice !== 'number' && typeof ingredientPrice !== 'string') {
      throw badRequest(`${field}: the price of "${ingredient.trim()}" must be a number ≥ 0`);
    }
    return { name: ingredient.trim(), price: ingredientPrice, field };
  });
}

function minorOf(amount: number | string, currency: string, field: string): number {
  const minor = toMinor(amount, currency, 'refuse');
  if (minor === undefined) {
    throw badRequest(
      `${field}: ${amount} is not an amount in ${currency} (a number ≥ 0 with the currency's decimals)`,
    );
  }
  if (minor < 0) throw badRequest(`${field} must not be negative`);
  return minor;
}

const duplicateMessage = (name: string) =>
  `A menu item named "${name}" already exists for this restaurant`;

/** Ingredients by lower-cased name: existing ones, plus those created for newIngredients[]. */
async function resolveIngredients(
  tx: Tx,
  body: Upload,
  extras: Extra[],
  addedById: string,
): Promise<Map<string, Ingredient>> {
  const newNames = uniqueNames([
    ...list(body['newIngredients[]']),
    ...extras.filter((e) => e.field === 'newExtraIngredients').map((e) => e.name),
  ]);
  const allNames = uniqueNames([
    ...list(body['ingredients[]']),
    ...list(body['removableIngredients[]']),
    ...newNames,
    ...extras.map((e) => e.name),
  ]);
  const existing = await ingredientsByName(tx, allNames);
  const missing = newNames.filter((name) => !existing.has(name.toLowerCase()));
  if (missing.length === 0) return existing;
  await createIngredients(tx, missing, addedById);
  return ingredientsByName(tx, allNames);
}

function pick(found: Map<string, Ingredient>, names: string[], field: string): Ingredient[] {
  return uniqueNames(names).map((name) => {
    const row = found.get(name.toLowerCase());
    if (!row)
      throw notFound(
        `${field}: the ingredient "${name}" does not exist (list it under newIngredients to create it)`,
      );
    if (!row.status && field !== 'newIngredients[]')
      throw badRequest(`${field}: the ingredient "${row.name}" is inactive`);
    return row;
  });
}

export const menuHandlers: Handlers = {
  async createMenuItem(req, reply) {
    const body = req.body;
    const itemName = body.itemName.trim();
    if (!itemName) throw badRequest('itemName is required');
    const categoryName = body.category.trim();
    if (!categoryName) throw badRequest('category is required');
    const extras = [
      ...readExtras(body.extraIngredients, 'extraIngredients'),
      ...readExtras(body.newExtraIngredients, 'newExtraIngredients'),
    ];
    const files = uploadedFiles(req, 'media');
    if (files.length > MAX_IMAGES)
      throw new HttpError(413, `media: at most ${MAX_IMAGES} images per menu item`);
    files.forEach((file) => checkImage(file));

    const db = req.server.db;
    const created = await conflictOnDuplicate(
      db.transaction(async (tx) => {
        const restaurant = await restaurantById(tx, body.restaurant);
        if (!restaurant) throw notFound(`restaurant: no restaurant with the ID ${body.restaurant}`);
        const currency = restaurant.currency;
        const itemPrice = minorOf(body.itemPrice, currency, 'itemPrice');
        const discountedPrice =
          body.discountedPrice === undefined
            ? null
            : minorOf(body.discountedPrice, currency, 'discountedPrice');
        if (discountedPrice !== null && discountedPrice > itemPrice) {
          throw badRequest('discountedPrice must not be above itemPrice');
        }
        const extraMinor = extras.map((extra) =>
          minorOf(extra.price, currency, `${extra.field} (${extra.name})`),
        );

        if (await isMenuItemNameTaken(tx, restaurant.id, itemName))
          throw conflict(duplicateMessage(itemName));

        const category = await referenceByName(tx, 'category', categoryName);
        if (!category) throw notFound(`category: the category "${categoryName}" does not exist`);
        if (!category.status)
          throw badRequest(`category: the category "${category.name}" is inactive`);

        const found = await resolveIngredients(tx, body, extras, req.user.id);
        const roles: IngredientRole[] = [];
        const add = (rows: Ingredient[], role: string) => {
          for (const row of rows) {
            if (!roles.some((r) => r.ingredientId === row.id && r.role === role)) {
              roles.push({ ingredientId: row.id, role, price: null });
            }
          }
        };
        add(pick(found, list(body['ingredients[]']), 'ingredients[]'), 'ingredient');
        add(
          pick(found, list(body['removableIngredients[]']), 'removableIngredients[]'),
          'removable',
        );
        add(pick(found, list(body['newIngredients[]']), 'newIngredients[]'), 'new');
        extras.forEach((extra, i) => {
          const [row] = pick(found, [extra.name], extra.field);
          if (extra.field === 'newExtraIngredients') add([row], 'new');
          if (!roles.some((r) => r.ingredientId === row.id && r.role === 'extra')) {
            roles.push({ ingredientId: row.id, role: 'extra', price: extraMinor[i] });
          }
        });

        const imageIds: string[] = [];
        for (const file of files) imageIds.push((await storeImage(tx, file)).id);
        const { row: item, dto } = await insertMenuItem(
          tx,
          {
            restaurantId: restaurant.id,
            categoryId: category.id,
            name: itemName,
            itemPrice,
            discountedPrice,
            itemDetail: (body.itemDetail ?? '').trim(),
          },
          roles,
          imageIds,
          currency,
        );
        await recordChange(tx, {
          request: req,
          action: 'menu.bulk_item',
          entity: { type: 'menu_item', id: item.id, name: item.name },
          version: null,
          changes: [
            change('name', null, item.name),
            change('category', null, category.name),
            change('itemPrice', null, money(item.itemPrice, currency)),
            ...(item.discountedPrice === null
              ? []
              : [change('discountedPrice', null, money(item.discountedPrice, currency))]),
            change('images', null, files.length),
          ],
          details: { restaurantId: restaurant.id, restaurantName: restaurant.name },
        });
        return dto;
      }),
      // Two uploads of the same row at once: the unique index refuses the second.
      duplicateMessage(itemName),
    );
    return reply
      .code(201)
      .send({ success: true, message: 'Menu item created successfully', data: created });
  },

  async listRestaurantMenuItems(req) {
    const db = req.server.db;
    const restaurant = await restaurantById(db, req.params.id);
    if (!restaurant) throw notFound(RESTAURANT_NOT_FOUND);
    const { total, data } = await listMenuItems(db, restaurant, req.query);
    return { success: true, message: 'Menu items', count: total, data };
  },
};
