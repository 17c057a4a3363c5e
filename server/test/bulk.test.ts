/**
 * Bulk actions on reviews, users and restaurants: one result per item in the order sent, each
 * row its own version check and audit event, a failed row never stopping the others; at most
 * 100 items. And "Save mine anyway": a write sent again over a colleague's change is recorded as
 * overriding it.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { auditEvents } from '../src/db/schema.js';
import { expectContract } from './helpers/contract.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Row = { _id: string; version: number };
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const eventsOf = (ids: string[]) =>
  t.database.db.select().from(auditEvents).where(inArray(auditEvents.entityId, ids));

test('reviews: five approved, one changed meanwhile is a conflict and stays as it was, an unknown id is not found, in the order sent', async () => {
  const pending: Row[] = (await t.api('GET', '/admin/reviews?status=pending&limit=5')).json().data;
  expect(pending).toHaveLength(5);
  // A colleague rejects the third one after this admin read the list.
  const changed = pending[2];
  await expectContract(
    await t.api(
      'PUT',
      `/admin/review/${changed._id}`,
      { status: 'rejected' },
      {
        headers: { 'if-match': `"${changed.version}"` },
      },
    ),
    'updateReviewStatus',
    200,
  );
  const items = [
    ...pending.map(({ _id, version }) => ({ _id, version })),
    { _id: UNKNOWN, version: 1 },
  ];
  const body = await expectContract(
    await t.api('POST', '/admin/reviews/bulk', { items, status: 'approved' }),
    'bulkUpdateReviewStatus',
    200,
  );
  expect(body.message).toBe('4 of 6 reviews approved; 2 not');
  expect(body.data.map((row: { _id: string; result: string }) => [row._id, row.result])).toEqual([
    [pending[0]._id, 'done'],
    [pending[1]._id, 'done'],
    [changed._id, 'conflict'],
    [pending[3]._id, 'done'],
    [pending[4]._id, 'done'],
    [UNKNOWN, 'not_found'],
  ]);
  expect(body.data[2].message).toMatch(
    /^Ada Admin changed this review at \d\d:\d\d \(Status pending → rejected\)\. Reload to see it\.$/,
  );
  expect(body.data[0].message).toBe('Review approved successfully');
  const after = (await t.api('GET', '/admin/reviews?limit=1000')).json().data as (Row & {
    status: string;
  })[];
  const status = (id: string) => after.find((review) => review._id === id)!.status;
  expect(pending.map((review) => status(review._id))).toEqual([
    'approved',
    'approved',
    'rejected',
    'approved',
    'approved',
  ]);
  // One event per row changed, each with the version it made.
  const events = await eventsOf(pending.map((review) => review._id));
  const moderated = events.filter((event) => event.action === 'review.moderate');
  expect(moderated).toHaveLength(5);
  expect(moderated.every((event) => typeof event.version === 'number')).toBe(true);
});

test('users: a deactivation of one`s own account is forbidden and the others go on; activation back', async () => {
  const users: (Row & { email: string })[] = (await t.api('GET', '/admin/users?limit=3')).json()
    .data;
  const own = { _id: t.adminId, version: 1 };
  const items = [users[0], own, users[1]].map(({ _id, version }) => ({ _id, version }));
  const body = await expectContract(
    await t.api('POST', '/admin/users/bulk', { items, status: false }),
    'bulkUpdateUserStatus',
    200,
  );
  expect(body.data.map((row: { result: string }) => row.result)).toEqual(
    users[0]._id === t.adminId ? ['forbidden', 'forbidden', 'done'] : ['done', 'forbidden', 'done'],
  );
  expect(body.data[1].message).toBe('You cannot deactivate your own account');
  // A version read before the change is stale now.
  const again = await expectContract(
    await t.api('POST', '/admin/users/bulk', { items: [items[2]], status: true }),
    'bulkUpdateUserStatus',
    200,
  );
  expect(again.data[0].result).toBe('conflict');
  const fresh = (await t.api('GET', '/admin/users?limit=3')).json().data as Row[];
  const row = fresh.find((user) => user._id === items[2]._id)!;
  const back = await expectContract(
    await t.api('POST', '/admin/users/bulk', {
      items: [{ _id: row._id, version: row.version }],
      status: true,
    }),
    'bulkUpdateUserStatus',
    200,
  );
  expect(back).toMatchObject({ message: '1 user activated', data: [{ result: 'done' }] });
});

test('restaurants: online or featured for several; a body with both, none or 101 items is a 400', async () => {
  const rows: Row[] = (await t.api('GET', '/admin/restaurants?limit=2')).json().data;
  const items = rows.map(({ _id, version }) => ({ _id, version }));
  const body = await expectContract(
    await t.api('POST', '/admin/restaurants/bulk', { items, online: false }),
    'bulkUpdateRestaurants',
    200,
  );
  expect(body).toMatchObject({
    message: '2 restaurants updated',
    data: items.map((item) => ({
      _id: item._id,
      result: 'done',
      message: 'Restaurant status updated successfully',
    })),
  });
  const [event] = await t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, items[0]._id), eq(auditEvents.action, 'restaurant.update')))
    .orderBy(desc(auditEvents.createdAt));
  expect(event.changes).toEqual([{ field: 'online', before: true, after: false }]);
  for (const refused of [
    { items, online: true, isFeatured: true },
    { items },
    { items: [], online: true },
    { items: Array.from({ length: 101 }, () => items[0]), online: true },
  ]) {
    await expectContract(
      await t.api('POST', '/admin/restaurants/bulk', refused),
      'bulkUpdateRestaurants',
      400,
    );
  }
});

test('"Save mine anyway": the write sent again over theirs is recorded as overriding the version it was made on', async () => {
  const [row]: Row[] = (await t.api('GET', '/admin/restaurants?limit=1')).json().data;
  await t.api(
    'PUT',
    `/restaurant/${row._id}`,
    { platformCommission: 11 },
    {
      headers: { 'if-match': `"${row.version}"` },
    },
  );
  const stale = await t.api(
    'PUT',
    `/restaurant/${row._id}`,
    { platformCommission: 13 },
    {
      headers: { 'if-match': `"${row.version}"` },
    },
  );
  const conflict = await expectContract(stale, 'updateRestaurant', 412);
  await expectContract(
    await t.api(
      'PUT',
      `/restaurant/${row._id}`,
      { platformCommission: 13 },
      {
        headers: {
          'if-match': `"${conflict.current.version}"`,
          'x-overrides-version': String(row.version),
        },
      },
    ),
    'updateRestaurant',
    200,
  );
  const [event] = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.entityId, row._id))
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  expect(event.details).toMatchObject({ overridesVersion: String(row.version) });
  expect(event.version).toBe(conflict.current.version + 1);
});
