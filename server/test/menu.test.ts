import { and, count, eq, sql } from 'drizzle-orm';
import { images, menuItems, referenceItems, restaurants } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';
import { JPEG_HEADER, makePng, pngPart, type Part } from './helpers/uploads.js';

let t: TestApp;
let usd: { id: string; name: string };
let jpy: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  [usd] = await db.select().from(restaurants).where(eq(restaurants.currency, 'USD')).limit(1);
  [jpy] = await db.select().from(restaurants).where(eq(restaurants.currency, 'JPY')).limit(1);
});
afterAll(() => t.close());

let counter = 0;
const uniqueName = (label: string) => `${label} ${++counter} ${Date.now()}`;

const upload = (fields: Record<string, Part | Part[]>, token?: string | null) =>
  t.upload('POST', '/menu/bulk', fields, { token });

const base = (overrides: Record<string, Part | Part[]> = {}) => ({
  itemName: uniqueName('Dish'),
  restaurant: usd.id,
  category: 'Mains',
  itemPrice: '11.00',
  ...overrides,
});

async function tableCounts() {
  const db = t.database.db;
  const [[m], [i], [r]] = await Promise.all([
    db.select({ n: count() }).from(menuItems),
    db.select({ n: count() }).from(images),
    db.select({ n: count() }).from(referenceItems).where(eq(referenceItems.kind, 'ingredient')),
  ]);
  return { menuItems: m.n, images: i.n, ingredients: r.n };
}

/** Sends a bad row and checks the status, that the message names `field`, and that nothing was stored. */
async function expectRefused(fields: Record<string, Part | Part[]>, status: number, field: RegExp) {
  const before = await tableCounts();
  const res = await upload(fields);
  const body = await expectContract(res, 'createMenuItem', status);
  expect(body.success).toBe(false);
  expect(body.message).toMatch(field);
  expect(await tableCounts()).toEqual(before);
  return body.message as string;
}

test('a good row with images is stored with its category, ingredients, extras and prices', async () => {
  const newName = uniqueName('Truffle');
  const itemName = uniqueName('Margherita');
  const res = await upload(
    base({
      itemName,
      discountedPrice: '2',
      itemDetail: '  Wood-fired  ',
      'ingredients[]': ['Tomato', 'mozzarella', 'Tomato', newName],
      'removableIngredients[]': 'Basil',
      'newIngredients[]': newName,
      extraIngredients: [
        JSON.stringify({ ingredient: 'Parmesan', ingredientPrice: 1.5 }),
        JSON.stringify({ ingredient: 'Mushroom', ingredientPrice: 0.95 }),
      ],
      media: [
        pngPart('a.png'),
        {
          bytes: JPEG_HEADER,
          filename: 'b.jpg',
          type: 'image/jpeg',
        },
      ],
    }),
  );
  const body = await expectContract(res, 'createMenuItem', 201);
  const item = body.data;
  expect(item).toMatchObject({
    itemName,
    category: { name: 'Mains' },
    itemPrice: 11,
    discountedPrice: 2,
    itemDetail: 'Wood-fired',
    currency: 'USD',
  });
  expect(item.ingredients.map((i: { name: string }) => i.name).sort()).toEqual(
    [newName, 'Mozzarella', 'Tomato'].sort(),
  );
  expect(item.removableIngredients.map((i: { name: string }) => i.name)).toEqual(['Basil']);
  expect(item.newIngredients.map((i: { name: string }) => i.name)).toEqual([newName]);
  expect(
    item.extraIngredients.map((e: { ingredient: { name: string }; ingredientPrice: number }) => [
      e.ingredient.name,
      e.ingredientPrice,
    ]),
  ).toEqual([
    ['Mushroom', 0.95],
    ['Parmesan', 1.5],
  ]);
  expect(item.media).toHaveLength(2);
  const [stored] = await t.database.db.select().from(menuItems).where(eq(menuItems.id, item._id));
  expect(stored).toMatchObject({ itemPrice: 1100, discountedPrice: 200 });

  // The images are served by their URL with the type found in their bytes.
  const image = await t.as({ method: 'GET', url: item.media[0], token: null });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/png');

  // And the restaurant's list shows the item, newest first.
  const list = await expectContract(
    await t.as({ method: 'GET', url: `/api/v1/admin/restaurant/${usd.id}/menu-items?limit=1` }),
    'listRestaurantMenuItems',
    200,
  );
  expect(list.data[0]._id).toBe(item._id);
  const [{ n }] = await t.database.db
    .select({ n: count() })
    .from(menuItems)
    .where(eq(menuItems.restaurantId, usd.id));
  expect(list.count).toBe(n);
});

test('prices are converted exactly in the currency; a zero-decimal currency refuses decimals', async () => {
  const ok = await expectContract(
    await upload(base({ restaurant: jpy.id, itemPrice: '1500' })),
    'createMenuItem',
    201,
  );
  expect(ok.data).toMatchObject({ itemPrice: 1500, currency: 'JPY', discountedPrice: null });
  await expectRefused(base({ restaurant: jpy.id, itemPrice: '15.5' }), 400, /itemPrice/);
  await expectRefused(base({ itemPrice: '0.105' }), 400, /itemPrice/);
});

test('an item the restaurant already has (any case) is refused, so a retry never duplicates', async () => {
  const itemName = uniqueName('Soup');
  await expectContract(
    await upload(base({ itemName, media: pngPart('dish.png') })),
    'createMenuItem',
    201,
  );
  const message = await expectRefused(
    base({ itemName: itemName.toUpperCase(), media: pngPart('dish.png') }),
    409,
    /already exists/,
  );
  expect(message).toContain(itemName.toUpperCase());
  // Another restaurant may have a dish of the same name.
  await expectContract(
    await upload(base({ itemName, restaurant: jpy.id, itemPrice: '900' })),
    'createMenuItem',
    201,
  );
});

test('bad rows get a 4xx naming the field, and nothing is stored', async () => {
  await expectRefused(
    base({ restaurant: '00000000-0000-4000-8000-000000000000' }),
    404,
    /restaurant/,
  );
  await expectRefused(base({ restaurant: 'not-an-id' }), 400, /restaurant/);
  await expectRefused(base({ category: 'Pastries' }), 404, /category.*Pastries/);
  await expectRefused(base({ category: 'Grill' }), 400, /category.*inactive/);
  const { itemName: _drop, ...noName } = base();
  await expectRefused(noName, 400, /itemName/);
  await expectRefused(base({ itemName: '   ' }), 400, /itemName/);
  await expectRefused(base({ itemPrice: '-1' }), 400, /itemPrice/);
  await expectRefused(base({ itemPrice: 'ten' }), 400, /itemPrice/);
  await expectRefused(base({ discountedPrice: '12' }), 400, /discountedPrice/);
  await expectRefused(
    base({ 'ingredients[]': 'Unobtainium' }),
    404,
    /ingredients\[\].*Unobtainium/,
  );
  await expectRefused(
    base({ extraIngredients: JSON.stringify({ ingredient: 'Caviar', ingredientPrice: 3 }) }),
    404,
    /extraIngredients.*Caviar/,
  );
  await expectRefused(base({ extraIngredients: 'Cheese:1.50' }), 400, /extraIngredients/);
  await expectRefused(
    base({ extraIngredients: JSON.stringify({ ingredient: 'Bacon', ingredientPrice: -1 }) }),
    400,
    /extraIngredients/,
  );
});

test('names that are Object.prototype keys are unknown ingredients and categories (404)', async () => {
  for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
    await expectRefused(base({ 'ingredients[]': key }), 404, new RegExp(`ingredients.*"${key}"`));
    await expectRefused(
      base({ extraIngredients: JSON.stringify({ ingredient: key, ingredientPrice: 1 }) }),
      404,
      new RegExp(`extraIngredients.*"${key}"`),
    );
    await expectRefused(base({ category: key }), 404, new RegExp(`category.*${key}`));
  }
});

test('files are checked by content and size, at most 5', async () => {
  await expectRefused(
    base({
      media: { bytes: Buffer.from('hello, not an image'), filename: 'x.png', type: 'image/png' },
    }),
    415,
    /x\.png/,
  );
  const big = Buffer.concat([makePng(), Buffer.alloc(5 * 1024 * 1024)]);
  await expectRefused(
    base({ media: { bytes: big, filename: 'big.png', type: 'image/png' } }),
    413,
    /5 MB/,
  );
  await expectRefused(
    base({ media: Array.from({ length: 6 }, (_, i) => pngPart(`p${i}.png`)) }),
    413,
    /5/,
  );
  const five = await upload(
    base({ media: Array.from({ length: 5 }, (_, i) => pngPart(`p${i}.png`)) }),
  );
  expect((await expectContract(five, 'createMenuItem', 201)).data.media).toHaveLength(5);
});

test('a failure late in the row rolls back everything, including new ingredients and images', async () => {
  const newName = uniqueName('Saffron');
  await expectRefused(
    base({
      'newIngredients[]': newName,
      'ingredients[]': ['Tomato', 'Unobtainium'],
      media: pngPart('dish.png'),
    }),
    404,
    /Unobtainium/,
  );
  const [{ n }] = await t.database.db
    .select({ n: count() })
    .from(referenceItems)
    .where(
      and(
        eq(referenceItems.kind, 'ingredient'),
        sql`lower(${referenceItems.name}) = ${newName.toLowerCase()}`,
      ),
    );
  expect(n).toBe(0);
  // The second of two files is not an image: the first is not stored either.
  await expectRefused(
    base({
      media: [
        pngPart('dish.png'),
        { bytes: Buffer.from('GIF89a'), filename: 'anim.gif', type: 'image/gif' },
      ],
    }),
    415,
    /anim\.gif/,
  );
});

test('only admins may upload or list', async () => {
  expect((await upload(base(), null)).statusCode).toBe(401);
  await expectContract(await upload(base(), t.ownerToken), 'createMenuItem', 403);
  const res = await t.as({
    method: 'GET',
    url: `/api/v1/admin/restaurant/${usd.id}/menu-items`,
    token: t.ownerToken,
  });
  await expectContract(res, 'listRestaurantMenuItems', 403);
});

test('listing the menu of an unknown restaurant is 404; pages by skip and limit', async () => {
  const missing = await t.as({
    method: 'GET',
    url: '/api/v1/admin/restaurant/00000000-0000-4000-8000-000000000000/menu-items',
  });
  await expectContract(missing, 'listRestaurantMenuItems', 404);
  const url = `/api/v1/admin/restaurant/${usd.id}/menu-items`;
  const all = await expectContract(
    await t.as({ method: 'GET', url: `${url}?limit=100` }),
    'listRestaurantMenuItems',
    200,
  );
  const second = await expectContract(
    await t.as({ method: 'GET', url: `${url}?skip=1&limit=2` }),
    'listRestaurantMenuItems',
    200,
  );
  expect(second.data.map((d: { _id: string }) => d._id)).toEqual(
    all.data.slice(1, 3).map((d: { _id: string }) => d._id),
  );
  expect(second.count).toBe(all.count);
});
