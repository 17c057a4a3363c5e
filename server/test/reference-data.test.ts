/** The six reference lists through the one shared module: CRUD, validation, counts, access. */
import { and, count, countDistinct, eq, sql } from 'drizzle-orm';
import {
  auditEvents,
  images,
  menuItemIngredients,
  menuItems,
  referenceItems,
  restaurantReferences,
  restaurants,
  userReferences,
  users,
} from '../src/db/schema.js';
import { REFERENCE_LIST_KEYS, REFERENCE_LISTS } from '../../common/reference-lists.js';
import { explain, statementsOf } from './helpers/query-plans.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';
import { makePng, multipart } from './helpers/uploads.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The lists sent as JSON: list path, create path, update path prefix, operation ids, texts. */
const LISTS = REFERENCE_LIST_KEYS.map((key) => REFERENCE_LISTS[key])
  .filter((list) => list.encoding === 'json')
  .map(({ key, operations, texts, messages }) => ({
    kind: key,
    list: operations.list.path,
    create: operations.create.path,
    one: operations.update.path.replace('/{id}', ''),
    ops: [
      operations.list.operationId,
      operations.create.operationId,
      operations.update.operationId,
    ] as const,
    blank: texts.nameRequired,
    created: messages.created,
  }));

describe.each(LISTS)('$kind', (c) => {
  const [listOp, createOp, updateOp] = c.ops;

  test('create (trimmed, active), rename, deactivate, activate, then find it by search', async () => {
    const created = await expectContract(
      await t.api('POST', c.create, { name: `  Zest ${c.kind}  ` }),
      createOp,
      201,
    );
    expect(created.message).toBe(c.created);
    expect(created.data).toMatchObject({
      name: `Zest ${c.kind}`,
      status: true,
      restaurantCount: 0,
    });
    const id = created.data._id;

    const renamed = await expectContract(
      await t.api('PUT', `${c.one}/${id}`, { name: `Zesty ${c.kind}` }),
      updateOp,
      200,
    );
    expect(renamed.data).toMatchObject({ _id: id, name: `Zesty ${c.kind}`, status: true });
    const off = await expectContract(
      await t.api('PUT', `${c.one}/${id}`, { status: false }),
      updateOp,
      200,
    );
    expect(off.data).toMatchObject({ name: `Zesty ${c.kind}`, status: false });
    const on = await expectContract(
      await t.api('PUT', `${c.one}/${id}`, { status: true }),
      updateOp,
      200,
    );
    expect(on.data.status).toBe(true);

    const found = await expectContract(
      await t.api('GET', `${c.list}?search=%20zESTY%20`),
      listOp,
      200,
    );
    expect(found.count).toBe(1);
    expect(found.data[0]._id).toBe(id);

    // One audit event per change, by the admin, in order.
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.actorId, t.adminId)))
      .orderBy(auditEvents.createdAt);
    expect(events.map((e) => [e.action, e.entityType, e.changes])).toEqual([
      ['reference.create', c.kind, [{ field: 'name', before: null, after: `Zest ${c.kind}` }]],
      [
        'reference.update',
        c.kind,
        [{ field: 'name', before: `Zest ${c.kind}`, after: `Zesty ${c.kind}` }],
      ],
      ['reference.status', c.kind, [{ field: 'status', before: true, after: false }]],
      ['reference.status', c.kind, [{ field: 'status', before: false, after: true }]],
    ]);
  });

  test('a blank name gets the spec message; a duplicate (any case) is a 409', async () => {
    expect(
      (await expectContract(await t.api('POST', c.create, { name: '   ' }), createOp, 400)).message,
    ).toBe(c.blank);
    const a = await expectContract(
      await t.api('POST', c.create, { name: `Dup ${c.kind}` }),
      createOp,
      201,
    );
    const dup = await expectContract(
      await t.api('POST', c.create, { name: `  DUP ${c.kind.toUpperCase()} ` }),
      createOp,
      409,
    );
    expect(dup.message).toMatch(/already exists/);
    const b = await expectContract(
      await t.api('POST', c.create, { name: `Other ${c.kind}` }),
      createOp,
      201,
    );
    await expectContract(
      await t.api('PUT', `${c.one}/${b.data._id}`, { name: `dup ${c.kind}` }),
      updateOp,
      409,
    );
    expect(
      (
        await expectContract(
          await t.api('PUT', `${c.one}/${a.data._id}`, { name: ' ' }),
          updateOp,
          400,
        )
      ).message,
    ).toBe(c.blank);
    // Renaming to its own name in another case is fine.
    await expectContract(
      await t.api('PUT', `${c.one}/${a.data._id}`, { name: `DUP ${c.kind}` }),
      updateOp,
      200,
    );
  });

  test('an empty update, an unknown field, an unknown id', async () => {
    await expectContract(
      await t.api('PUT', `${c.one}/00000000-0000-4000-8000-000000000000`, { status: true }),
      updateOp,
      404,
    );
    const [row] = await t.database.db
      .select()
      .from(referenceItems)
      .where(eq(referenceItems.kind, c.kind))
      .limit(1);
    await expectContract(await t.api('PUT', `${c.one}/${row.id}`, {}), updateOp, 400);
    await expectContract(
      await t.api('PUT', `${c.one}/${row.id}`, { status: true, colour: 'red' }),
      updateOp,
      400,
    );
  });

  test('newest first, paged by skip and limit, with the total count', async () => {
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(referenceItems)
      .where(eq(referenceItems.kind, c.kind));
    const first = await expectContract(await t.api('GET', `${c.list}?skip=0&limit=3`), listOp, 200);
    const second = await expectContract(
      await t.api('GET', `${c.list}?skip=3&limit=3`),
      listOp,
      200,
    );
    expect(first.count).toBe(n);
    expect(first.data).toHaveLength(3);
    const dates = [...first.data, ...second.data].map((r: { createdAt: string }) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set([...first.data, ...second.data].map((r: { _id: string }) => r._id)).size).toBe(
      6,
    );
  });

  test('needs an admin token', async () => {
    await expectContract(
      await t.as({ method: 'GET', url: `/api/v1${c.list}`, token: null }),
      listOp,
      401,
    );
    await expectContract(
      await t.as({ method: 'GET', url: `/api/v1${c.list}`, token: t.ownerToken }),
      listOp,
      403,
    );
    await expectContract(
      await t.as({
        method: 'POST',
        url: `/api/v1${c.create}`,
        payload: { name: 'X' },
        token: t.ownerToken,
      }),
      createOp,
      403,
    );
  });
});

describe('counts are computed from the data', () => {
  const all = async (url: string, op: string) =>
    (await expectContract(await t.api('GET', `${url}?limit=1000`), op, 200)).data;

  test('categories: distinct restaurants and menu items in the category', async () => {
    const db = t.database.db;
    const expected = await db
      .select({
        id: menuItems.categoryId,
        dishes: count(),
        restaurants: countDistinct(menuItems.restaurantId),
      })
      .from(menuItems)
      .groupBy(menuItems.categoryId);
    const rows = await all('/admin/categories', 'listCategories');
    expect(expected.length).toBeGreaterThan(0);
    for (const e of expected) {
      const row = rows.find((r: { _id: string }) => r._id === e.id);
      expect(row).toMatchObject({ dishesCount: e.dishes, restaurantCount: e.restaurants });
    }
    // A new menu item moves the counts.
    const cat = rows.find((r: { dishesCount: number }) => r.dishesCount === 0) ?? rows[0];
    const [restaurant] = await db.select().from(restaurants).limit(1);
    await db.insert(menuItems).values({
      restaurantId: restaurant.id,
      categoryId: cat._id,
      name: `Count probe ${Date.now()}`,
    });
    const after = (await all('/admin/categories', 'listCategories')).find(
      (r: { _id: string }) => r._id === cat._id,
    );
    expect(after.dishesCount).toBe(cat.dishesCount + 1);
  });

  test('ingredients: distinct menu items and restaurants using it', async () => {
    const db = t.database.db;
    const expectCounts = async () => {
      const expected = await db
        .select({
          id: menuItemIngredients.ingredientId,
          dishes: countDistinct(menuItemIngredients.menuItemId),
          restaurants: countDistinct(menuItems.restaurantId),
        })
        .from(menuItemIngredients)
        .innerJoin(menuItems, eq(menuItems.id, menuItemIngredients.menuItemId))
        .groupBy(menuItemIngredients.ingredientId);
      const rows = await all('/admin/ingredients', 'listIngredients');
      expect(expected.length).toBeGreaterThan(0);
      for (const e of expected) {
        expect(rows.find((r: { _id: string }) => r._id === e.id)).toMatchObject({
          dishesCount: e.dishes,
          restaurantCount: e.restaurants,
        });
      }
    };
    await expectCounts();
    // The restaurant each entry carries (migration 0022) follows its dish: a dish moved to
    // another restaurant, an entry moved to another dish, one written with a wrong restaurant.
    const [entry] = await db.select().from(menuItemIngredients).limit(1);
    const [dish] = await db.select().from(menuItems).where(eq(menuItems.id, entry.menuItemId));
    const [other] = await db
      .select()
      .from(menuItems)
      .where(sql`${menuItems.restaurantId} <> ${dish.restaurantId}`)
      .limit(1);
    await db
      .update(menuItems)
      .set({ restaurantId: other.restaurantId })
      .where(eq(menuItems.id, dish.id));
    await expectCounts();
    await db
      .update(menuItemIngredients)
      .set({ menuItemId: other.id, restaurantId: dish.restaurantId })
      .where(
        and(
          eq(menuItemIngredients.menuItemId, entry.menuItemId),
          eq(menuItemIngredients.ingredientId, entry.ingredientId),
          eq(menuItemIngredients.role, entry.role),
        ),
      );
    await expectCounts();
    const [unused] = await db
      .select({ id: referenceItems.id })
      .from(referenceItems)
      .where(
        sql`${referenceItems.kind} = 'ingredient' and not exists (select 1 from menu_item_ingredients m
          where m.ingredient_id = ${referenceItems.id} and m.menu_item_id = ${dish.id})`,
      )
      .limit(1);
    await db.insert(menuItemIngredients).values({
      menuItemId: dish.id,
      ingredientId: unused.id,
      role: 'ingredient',
      restaurantId: dish.restaurantId,
    });
    await expectCounts();
    const wrong = (await db.execute(
      sql`select count(*)::int as n from menu_item_ingredients i join menu_items m
        on m.id = i.menu_item_id where i.restaurant_id is distinct from m.restaurant_id`,
    )) as unknown as { rows: { n: number }[] };
    expect(wrong.rows).toEqual([{ n: 0 }]);
    // Both counts read the ingredient's index entries alone, never a dish.
    const { sent } = await statementsOf(t, () =>
      t.as({ method: 'GET', url: '/api/v1/admin/ingredients?skip=0&limit=10' }),
    );
    const statement = sent.find((s) => s.text.includes('"menu_item_ingredients"'));
    expect(statement).toBeDefined();
    const plan = await explain(t, { ...statement!, text: `(COSTS OFF) ${statement!.text}` }, [
      'enable_seqscan',
      'enable_bitmapscan',
    ]);
    expect(plan).toMatch(/Index Only Scan using menu_item_ingredients_ingredient_idx/);
    expect(plan).not.toMatch(/ on menu_items /);
  });

  test.each(
    REFERENCE_LIST_KEYS.filter((key) => REFERENCE_LISTS[key].counts === 'restaurantsAndUsers').map(
      (key) => {
        const { list } = REFERENCE_LISTS[key].operations;
        return [key, list.path, list.operationId];
      },
    ),
  )('%s: restaurants and users that chose it', async (kind, url, op) => {
    const db = t.database.db;
    const rows = await all(url, op);
    for (const row of rows) {
      const [[r], [u]] = await Promise.all([
        db
          .select({ n: count() })
          .from(restaurantReferences)
          .where(eq(restaurantReferences.itemId, row._id)),
        db.select({ n: count() }).from(userReferences).where(eq(userReferences.itemId, row._id)),
      ]);
      expect([kind, row.restaurantCount, row.userCount]).toEqual([kind, r.n, u.n]);
    }
    expect(rows.some((r: { userCount: number }) => r.userCount > 0)).toBe(true);
    const [diner] = await db.select().from(users).where(eq(users.role, 'user')).limit(1);
    const target = rows.find((r: { _id: string }) => r._id);
    await db
      .insert(userReferences)
      .values({ userId: diner.id, itemId: target._id })
      .onConflictDoNothing();
    const [{ n }] = await db
      .select({ n: count() })
      .from(userReferences)
      .where(eq(userReferences.itemId, target._id));
    expect((await all(url, op)).find((r: { _id: string }) => r._id === target._id).userCount).toBe(
      n,
    );
  });

  test('cuisines: restaurants offering it', async () => {
    const rows = await all('/admin/cuisines', 'listCuisines');
    for (const row of rows) {
      const [r] = await t.database.db
        .select({ n: count() })
        .from(restaurantReferences)
        .where(eq(restaurantReferences.itemId, row._id));
      expect(row.restaurantCount).toBe(r.n);
    }
    expect(rows.some((r: { restaurantCount: number }) => r.restaurantCount > 0)).toBe(true);
  });
});

describe('booking types', () => {
  test('create (form-encoded, as the screen sends it), rename, delete', async () => {
    const created = await expectContract(
      await t.as({
        method: 'POST',
        url: '/api/v1/bookingType',
        payload: 'name=%20Brunch%20Club%20',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      'createBookingType',
      201,
    );
    expect(created.message).toBe('Booking type created successfully');
    expect(created.data).toEqual({
      _id: expect.any(String),
      name: 'Brunch Club',
      createdAt: expect.any(String),
      version: 1,
    });
    const id = created.data._id;
    const renamed = await expectContract(
      await t.api('PUT', `/bookingType/${id}`, { name: 'Brunch Party' }),
      'updateBookingType',
      200,
    );
    expect(renamed).toMatchObject({
      message: 'Booking type updated successfully',
      data: { name: 'Brunch Party' },
    });

    const list = await expectContract(
      await t.api('GET', '/bookingTypes?skip=0&limit=1000'),
      'listBookingTypes',
      200,
    );
    expect(list.data[0]).toMatchObject({ _id: id, name: 'Brunch Party' });
    const alias = await expectContract(
      await t.api('GET', '/admin/booking-types?limit=1000'),
      'listAdminBookingTypes',
      200,
    );
    expect(alias.count).toBe(list.count);

    const deleted = await expectContract(
      await t.api('DELETE', `/bookingType/${id}`),
      'deleteBookingType',
      200,
    );
    expect(deleted.message).toBe('Booking type deleted successfully');
    await expectContract(await t.api('DELETE', `/bookingType/${id}`), 'deleteBookingType', 404);
    const after = await expectContract(
      await t.api('GET', '/bookingTypes?limit=1000'),
      'listBookingTypes',
      200,
    );
    expect(after.count).toBe(list.count - 1);
  });

  test('blank and duplicate names', async () => {
    const blank = await expectContract(
      await t.api('POST', '/bookingType', { name: ' ' }),
      'createBookingType',
      400,
    );
    expect(blank.message).toBe('Booking type name is required');
    const dup = await expectContract(
      await t.api('POST', '/bookingType', { name: 'dine-IN' }),
      'createBookingType',
      409,
    );
    expect(dup.message).toBe('A booking type named "dine-IN" already exists');
  });

  test('needs an admin token', async () => {
    await expectContract(
      await t.as({
        method: 'DELETE',
        url: '/api/v1/bookingType/00000000-0000-4000-8000-000000000000',
        token: null,
      }),
      'deleteBookingType',
      401,
    );
    await expectContract(
      await t.as({ method: 'GET', url: '/api/v1/bookingTypes', token: t.ownerToken }),
      'listBookingTypes',
      403,
    );
  });
});

describe('cuisines', () => {
  const send = async (
    method: 'POST' | 'PUT',
    url: string,
    fields: Parameters<typeof multipart>[0],
  ) => t.as({ method, url: `/api/v1${url}`, ...(await multipart(fields)) });

  test('add with an image, edit without (image kept), replace the image (old one removed), toggle status by JSON', async () => {
    const created = await expectContract(
      await send('POST', '/cuisine', {
        name: ' Georgian ',
        image: { bytes: makePng(), filename: 'g.png', type: 'image/png' },
      }),
      'createCuisine',
      201,
    );
    expect(created.data).toMatchObject({ name: 'Georgian', status: true, restaurantCount: 0 });
    const id = created.data._id;
    const firstImage = created.data.image;

    const edited = await expectContract(
      await send('PUT', `/cuisine/${id}`, { name: 'Georgian Feast' }),
      'updateCuisine',
      200,
    );
    expect(edited).toMatchObject({
      message: 'Cuisine preference updated successfully',
      data: { name: 'Georgian Feast', image: firstImage },
    });

    const replaced = await expectContract(
      await send('PUT', `/cuisine/${id}`, {
        name: 'Georgian Feast',
        image: { bytes: makePng(4, 4), filename: 'h.png' },
      }),
      'updateCuisine',
      200,
    );
    expect(replaced.data.image).not.toBe(firstImage);
    const oldId = firstImage.split('/').pop();
    expect(await t.database.db.select().from(images).where(eq(images.id, oldId))).toHaveLength(0);

    const off = await expectContract(
      await t.api('PUT', `/cuisine/${id}`, { status: false }),
      'updateCuisine',
      200,
    );
    expect(off.data).toMatchObject({
      status: false,
      name: 'Georgian Feast',
      image: replaced.data.image,
    });

    const found = await expectContract(
      await t.api('GET', '/admin/cuisines?search=georgian'),
      'listCuisines',
      200,
    );
    expect(found.data).toEqual([off.data]);
  });

  test('blank and duplicate names; a rejected image on edit leaves the cuisine as it was', async () => {
    const blank = await expectContract(
      await send('POST', '/cuisine', { name: '  ' }),
      'createCuisine',
      400,
    );
    expect(blank.message).toBe('Cuisine name is required');
    const dup = await expectContract(
      await send('POST', '/cuisine', { name: 'ITALIAN' }),
      'createCuisine',
      409,
    );
    expect(dup.message).toBe('A cuisine named "ITALIAN" already exists');
    const [italian] = await t.database.db
      .select()
      .from(referenceItems)
      .where(
        and(eq(referenceItems.kind, 'cuisine'), sql`lower(${referenceItems.name}) = 'italian'`),
      );
    const bad = await send('PUT', `/cuisine/${italian.id}`, {
      name: 'Italiano',
      image: { bytes: Buffer.from('plain text'), filename: 'x.png' },
    });
    await expectContract(bad, 'updateCuisine', 415);
    const [still] = await t.database.db
      .select()
      .from(referenceItems)
      .where(eq(referenceItems.id, italian.id));
    expect(still.name).toBe(italian.name);
  });
});
