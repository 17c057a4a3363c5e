/**
 * The limits the contract states on what a client sends, as the server enforces them: integer
 * paging bounds, search length, and JSON bodies validated without type coercion.
 */
import { eq } from 'drizzle-orm';
import { restaurants, users } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('skip is at most 2147483647, limit at most 1000, page at most 1000000', async () => {
  const last = await expectContract(
    await t.api('GET', '/admin/users?skip=2147483647'),
    'listUsers',
    200,
  );
  expect(last.data).toEqual([]);
  await expectContract(await t.api('GET', '/admin/users?skip=2147483648'), 'listUsers', 400);
  await expectContract(
    await t.api('GET', '/admin/users?skip=99999999999999999999'),
    'listUsers',
    400,
  );
  await expectContract(await t.api('GET', '/admin/users?limit=1001'), 'listUsers', 400);
  await expectContract(
    await t.api('GET', '/admin/ingredients?page=1000000'),
    'listIngredients',
    200,
  );
  await expectContract(
    await t.api('GET', '/admin/ingredients?page=1000001'),
    'listIngredients',
    400,
  );
  await expectContract(await t.api('GET', '/admin/reviews?rating=6'), 'listReviews', 400);
});

test('search is at most 200 characters', async () => {
  await expectContract(
    await t.api('GET', `/admin/users?search=${'a'.repeat(200)}`),
    'listUsers',
    200,
  );
  const long = await expectContract(
    await t.api('GET', `/admin/users?search=${'a'.repeat(201)}`),
    'listUsers',
    400,
  );
  expect(long.message).toMatch(/search must NOT have more than 200 characters/);
});

test('query texts are still read as the numbers and booleans the contract names', async () => {
  const page = await expectContract(
    await t.api('GET', '/admin/users?skip=1&limit=2'),
    'listUsers',
    200,
  );
  expect(page.data).toHaveLength(2);
  await expectContract(
    await t.api('GET', '/admin/restaurants?online=true'),
    'listRestaurants',
    200,
  );
});

test('a JSON body is not coerced: "true", "5" and null are refused, nothing changes', async () => {
  const [diner] = await t.database.db.select().from(users).where(eq(users.role, 'user')).limit(1);
  for (const status of ['true', 'false', 1, 0, null]) {
    const res = await t.api('PUT', `/admin/user/${diner.id}`, { status });
    const body = await expectContract(res, 'updateUserStatus', 400);
    expect(body.message).toMatch(/status must be boolean/);
  }
  const [after] = await t.database.db.select().from(users).where(eq(users.id, diner.id));
  expect(after.status).toBe(diner.status);

  for (const platformFee of ['5', null, true]) {
    const body = await expectContract(
      await t.api('PUT', '/configuration', { platformFee }),
      'updateConfiguration',
      400,
    );
    expect(body.message).toMatch(/platformFee must be number/);
  }

  const [restaurant] = await t.database.db.select().from(restaurants).limit(1);
  for (const payload of [{ online: 'true' }, { isFeatured: 0 }, { platformCommission: '5' }]) {
    await expectContract(
      await t.api('PUT', `/restaurant/${restaurant.id}`, payload),
      'updateRestaurant',
      400,
    );
  }
  const [unchanged] = await t.database.db
    .select()
    .from(restaurants)
    .where(eq(restaurants.id, restaurant.id));
  expect(unchanged).toEqual(restaurant);
});
