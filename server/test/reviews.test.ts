/** Review moderation: search, filters, paging, every status transition, the activity log. */
import { and, count, eq, ilike, or } from 'drizzle-orm';
import { restaurants, reviews } from '../src/db/schema.js';
import { activityTitle } from '../src/lib/activity-text.js';
import { eventsOf } from './helpers/audit.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (query = '') =>
  expectContract(
    await t.as({ method: 'GET', url: `/api/v1/admin/reviews${query}` }),
    'listReviews',
    200,
  );
const setStatus = (id: string, status: string, token?: string | null) =>
  t.as({ method: 'PUT', url: `/api/v1/admin/review/${id}`, payload: { status }, token });

type Row = {
  _id: string;
  status: string;
  rating: number;
  restaurantName: string;
  description: string;
  userEmail: string;
  createdAt: string;
};

test('newest first, 10 by default, with the total count, user email and restaurant name', async () => {
  const [{ n }] = await t.database.db.select({ n: count() }).from(reviews);
  const body = await list();
  expect(body.count).toBe(n);
  expect(body.data).toHaveLength(10);
  const dates = body.data.map((r: Row) => r.createdAt);
  expect([...dates].sort().reverse()).toEqual(dates);
  expect(body.data[0].userEmail).toMatch(/@/);
  const page2 = await list('?skip=10&limit=10');
  expect(page2.data.map((r: Row) => r._id)).not.toContain(body.data[0]._id);
});

test('status and rating filters, alone and together', async () => {
  for (const status of ['pending', 'approved', 'rejected'] as const) {
    const body = await list(`?status=${status}&limit=1000`);
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(reviews)
      .where(eq(reviews.status, status));
    expect(body.count).toBe(n);
    expect(body.data.every((r: Row) => r.status === status)).toBe(true);
  }
  const both = await list('?status=approved&rating=5&limit=1000');
  const [{ n }] = await t.database.db
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.status, 'approved'), eq(reviews.rating, 5)));
  expect(both.count).toBe(n);
  expect(both.data.every((r: Row) => r.status === 'approved' && r.rating === 5)).toBe(true);
});

test('search matches the restaurant name or the comment, case-insensitive and trimmed', async () => {
  const [restaurant] = await t.database.db.select().from(restaurants).limit(1);
  const word = restaurant.name.split(' ')[0];
  const body = await list(`?search=%20${encodeURIComponent(word.toUpperCase())}%20&limit=1000`);
  const pattern = `%${word}%`;
  const [{ n }] = await t.database.db
    .select({ n: count() })
    .from(reviews)
    .innerJoin(restaurants, eq(restaurants.id, reviews.restaurantId))
    .where(or(ilike(restaurants.name, pattern), ilike(reviews.description, pattern)));
  expect(body.count).toBe(n);
  const [review] = await t.database.db.select().from(reviews).limit(1);
  const phrase = review.description.slice(0, 12);
  const byText = await list(`?search=${encodeURIComponent(phrase)}&limit=1000`);
  expect(byText.data.map((r: Row) => r._id)).toContain(review.id);
});

test('bad filter values are a 400', async () => {
  await expectContract(
    await t.as({ method: 'GET', url: '/api/v1/admin/reviews?status=hidden' }),
    'listReviews',
    400,
  );
  await expectContract(
    await t.as({ method: 'GET', url: '/api/v1/admin/reviews?rating=6' }),
    'listReviews',
    400,
  );
});

test('every status can move to either other one; each decision is logged', async () => {
  const [review] = await t.database.db
    .select()
    .from(reviews)
    .where(eq(reviews.status, 'pending'))
    .limit(1);
  for (const status of ['approved', 'rejected', 'pending', 'rejected', 'approved', 'pending']) {
    const body = await expectContract(
      await setStatus(review.id, status),
      'updateReviewStatus',
      200,
    );
    expect(body.message).toBe(`Review ${status} successfully`);
    expect(body.data).toMatchObject({ _id: review.id, status });
    const [stored] = await t.database.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(stored.status).toBe(status);
  }
  const logs = (await eventsOf(t.database.db, 'review.moderate'))
    .filter((e) => e.actorId === t.adminId)
    .map(activityTitle);
  expect(logs.map((l) => l.title).sort()).toEqual(
    [
      'Review approved',
      'Review approved',
      'Review pending',
      'Review pending',
      'Review rejected',
      'Review rejected',
    ].sort(),
  );
});

test('unknown review 404, bad status 400, 401 and 403', async () => {
  await expectContract(
    await setStatus('00000000-0000-4000-8000-000000000000', 'approved'),
    'updateReviewStatus',
    404,
  );
  const [review] = await t.database.db.select().from(reviews).limit(1);
  await expectContract(await setStatus(review.id, 'deleted'), 'updateReviewStatus', 400);
  await expectContract(await setStatus(review.id, 'approved', null), 'updateReviewStatus', 401);
  await expectContract(
    await setStatus(review.id, 'approved', t.ownerToken),
    'updateReviewStatus',
    403,
  );
  await expectContract(
    await t.as({ method: 'GET', url: '/api/v1/admin/reviews', token: t.ownerToken }),
    'listReviews',
    403,
  );
});
