/**
 * Saved views: created, listed by screen, renamed and deleted by any admin; names trimmed,
 * required, at most 60 characters and unique per screen ignoring case; filters limited to the
 * screen's list parameters with values that list accepts; a value that stops applying is left
 * out when listed; each write is one audit event.
 */
import { eq } from 'drizzle-orm';
import { createSession } from '../src/auth/sessions.js';
import { restaurants, savedViews } from '../src/db/schema.js';
import { MAX_VIEWS_PER_SCREEN } from '../src/handlers/saved-views.js';
import { SUPPORT_ADMIN } from '../src/seed/people.js';
import { eventsOf } from './helpers/audit.js';
import { expectContract } from './helpers/contract.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { TEST_ADMIN } from './helpers/constants.js';

let t: TestApp;
let supportToken: string;
beforeAll(async () => {
  t = await createTestApp();
  supportToken = await createSession(t.database.db, SUPPORT_ADMIN.id, 3_600_000);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(savedViews);
});

const create = (payload: object, token?: string) =>
  t.as({ method: 'POST', url: '/api/v1/admin/saved-views', payload, token });
const list = async (screen: string, token?: string) =>
  expectContract(
    await t.as({ method: 'GET', url: `/api/v1/admin/saved-views?screen=${screen}`, token }),
    'listSavedViews',
    200,
  );
const rename = (id: string, name: string, token?: string) =>
  t.as({ method: 'PUT', url: `/api/v1/admin/saved-views/${id}`, payload: { name }, token });
const remove = (id: string, token?: string) =>
  t.as({ method: 'DELETE', url: `/api/v1/admin/saved-views/${id}`, token });

const message = (res: { json: () => { message: string } }) => res.json().message;

test('a view saved by one admin is listed for another with its creator, by screen', async () => {
  const res = await create({
    screen: 'bookings',
    name: '  Pending this weekend ',
    filters: { bookingStatus: 'pending', arrivalDateTime: '2026-11-28', search: 'smith' },
  });
  const created = await expectContract(res, 'createSavedView', 201);
  expect(created.data).toMatchObject({
    screen: 'bookings',
    name: 'Pending this weekend',
    filters: { bookingStatus: 'pending', arrivalDateTime: '2026-11-28', search: 'smith' },
    ignoredFilters: [],
    createdBy: { _id: t.adminId, email: TEST_ADMIN.adminEmail },
  });
  const seen = await list('bookings', supportToken);
  expect(seen.count).toBe(1);
  expect(seen.data[0]).toEqual(created.data);
  expect((await list('restaurants', supportToken)).data).toEqual([]);
});

test('views are listed by name, ignoring case', async () => {
  for (const name of ['beta', 'Alpha', 'gamma']) {
    await expectContract(
      await create({ screen: 'users', name, filters: {} }),
      'createSavedView',
      201,
    );
  }
  expect((await list('users')).data.map((v: { name: string }) => v.name)).toEqual([
    'Alpha',
    'beta',
    'gamma',
  ]);
});

test('names: required, at most 60 characters, unique per screen ignoring case', async () => {
  const blank = await create({ screen: 'users', name: '   ', filters: {} });
  expect(blank.statusCode).toBe(400);
  expect(message(blank)).toBe('Name is required');
  const long = await create({ screen: 'users', name: 'x'.repeat(61), filters: {} });
  expect(long.statusCode).toBe(400);
  await expectContract(
    await create({ screen: 'users', name: 'y'.repeat(60), filters: {} }),
    'createSavedView',
    201,
  );
  await expectContract(
    await create({ screen: 'users', name: 'Admins', filters: {} }),
    'createSavedView',
    201,
  );
  const duplicate = await create({ screen: 'users', name: ' admins ', filters: { search: 'x' } });
  await expectContract(duplicate, 'createSavedView', 409);
  expect(message(duplicate)).toBe('A view with this name already exists');
  // Another screen may use the same name.
  await expectContract(
    await create({ screen: 'reviews', name: 'Admins', filters: {} }),
    'createSavedView',
    201,
  );
});

test('filters: only the screen list parameters, with values that list accepts, bounded', async () => {
  const cases: [object, string][] = [
    [{ skip: '10' }, 'The users list has no filter named "skip"'],
    [{ status: 'active' }, 'The users list has no filter named "status"'],
    [{ search: 'x'.repeat(201) }, ''],
  ];
  for (const [filters, text] of cases) {
    const res = await create({ screen: 'users', name: 'Bad', filters });
    await expectContract(res, 'createSavedView', 400);
    if (text) expect(message(res)).toBe(text);
  }
  const badStatus = await create({ screen: 'reviews', name: 'Bad', filters: { status: 'lost' } });
  await expectContract(badStatus, 'createSavedView', 400);
  expect(message(badStatus)).toBe('"lost" is not a valid status for the reviews list');
  const badRating = await create({ screen: 'reviews', name: 'Bad', filters: { rating: '9' } });
  expect(badRating.statusCode).toBe(400);
  const nested = await create({ screen: 'reviews', name: 'Bad', filters: { status: { a: 1 } } });
  expect(nested.statusCode).toBe(400);
  const many = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`p${i}`, 'x']));
  expect((await create({ screen: 'reviews', name: 'Bad', filters: many })).statusCode).toBe(400);
  const notObject = await create({ screen: 'reviews', name: 'Bad', filters: ['x'] });
  expect(notObject.statusCode).toBe(400);
  const unknownScreen = await create({ screen: 'menus', name: 'Bad', filters: {} });
  expect(unknownScreen.statusCode).toBe(400);
  // Every listed screen takes its own filters.
  const good: [string, Record<string, string>][] = [
    ['restaurants', { online: 'true', isFeatured: 'false', createdAt: '2026-11-01' }],
    ['reviews', { status: 'approved', rating: '5' }],
    ['content', { type: 'page', status: 'draft' }],
    ['audit-log', { action: 'refund.create', from: '2026-11-01', to: '2026-11-30' }],
  ];
  for (const [screen, filters] of good) {
    const res = await create({ screen, name: 'Good', filters });
    expect((await expectContract(res, 'createSavedView', 201)).data.filters).toEqual(filters);
  }
  expect(await t.database.db.select().from(savedViews).where(eq(savedViews.name, 'Bad'))).toEqual(
    [],
  );
});

test('a stored value that no longer applies is left out when listed', async () => {
  const [restaurant] = await t.database.db.select().from(restaurants).limit(1);
  const res = await create({
    screen: 'bookings',
    name: 'One restaurant',
    filters: { restaurant: restaurant.id, paymentStatus: 'Paid' },
  });
  const { data } = await expectContract(res, 'createSavedView', 201);
  // A restaurant that does not exist, and a status the list stopped taking (stored directly).
  const gone = '00000000-0000-4000-8000-000000000000';
  await t.database.db
    .update(savedViews)
    .set({ filters: { restaurant: gone, paymentStatus: 'Lost', search: 'ana' } })
    .where(eq(savedViews.id, data._id));
  const [view] = (await list('bookings')).data;
  expect(view.filters).toEqual({ search: 'ana' });
  expect(view.ignoredFilters.sort()).toEqual(['paymentStatus', 'restaurant']);
  const missing = await create({ screen: 'bookings', name: 'Gone', filters: { restaurant: gone } });
  await expectContract(missing, 'createSavedView', 400);
  expect(message(missing)).toBe('The restaurant of this view does not exist');
});

test('any admin renames and deletes a view; unknown ids are 404', async () => {
  const { data } = await expectContract(
    await create({ screen: 'content', name: 'Drafts', filters: { status: 'draft' } }),
    'createSavedView',
    201,
  );
  await expectContract(
    await create({ screen: 'content', name: 'Pages', filters: {} }),
    'createSavedView',
    201,
  );
  const renamed = await expectContract(
    await rename(data._id, ' Draft pages ', supportToken),
    'renameSavedView',
    200,
  );
  expect(renamed.data).toMatchObject({ name: 'Draft pages', filters: { status: 'draft' } });
  // The creator stays the admin who saved it.
  expect(renamed.data.createdBy.email).toBe(TEST_ADMIN.adminEmail);
  // Same name in another case is fine for the view itself, not for another one's name.
  await expectContract(await rename(data._id, 'DRAFT PAGES'), 'renameSavedView', 200);
  const taken = await rename(data._id, 'pages');
  await expectContract(taken, 'renameSavedView', 409);
  expect(message(taken)).toBe('A view with this name already exists');
  expect((await rename(data._id, '')).statusCode).toBe(400);
  await expectContract(await remove(data._id, supportToken), 'deleteSavedView', 200);
  await expectContract(await remove(data._id), 'deleteSavedView', 404);
  await expectContract(await rename(data._id, 'x'), 'renameSavedView', 404);
  expect((await list('content')).data.map((v: { name: string }) => v.name)).toEqual(['Pages']);
});

test('each write is one audit event naming the view and its screen', async () => {
  const { data } = await expectContract(
    await create({ screen: 'reviews', name: 'Low', filters: { rating: '1' } }),
    'createSavedView',
    201,
  );
  await rename(data._id, 'Lowest', supportToken);
  await remove(data._id);
  const of = async (action: string) =>
    (await eventsOf(t.database.db, action)).filter((e) => e.entityId === data._id);
  const [created] = await of('saved_view.create');
  const [renamed] = await of('saved_view.rename');
  const [deleted] = await of('saved_view.delete');
  expect(created).toMatchObject({
    entityType: 'saved_view',
    entityId: data._id,
    entityName: 'Low',
    details: { screen: 'reviews', filters: '{"rating":"1"}' },
  });
  expect(renamed).toMatchObject({
    actorEmail: SUPPORT_ADMIN.email,
    changes: [{ field: 'name', before: 'Low', after: 'Lowest' }],
  });
  expect(deleted).toMatchObject({
    entityName: 'Lowest',
    changes: [{ field: 'name', before: 'Lowest', after: null }],
  });
});

test(`a screen holds at most ${MAX_VIEWS_PER_SCREEN} views`, async () => {
  await t.database.db.insert(savedViews).values(
    Array.from({ length: MAX_VIEWS_PER_SCREEN }, (_, i) => ({
      screen: 'users' as const,
      name: `View ${i}`,
    })),
  );
  const res = await create({ screen: 'users', name: 'One more', filters: {} });
  await expectContract(res, 'createSavedView', 400);
  expect(message(res)).toBe(
    `A list holds at most ${MAX_VIEWS_PER_SCREEN} saved views; delete one first`,
  );
});

test('a non-admin is refused', async () => {
  const res = await t.as({
    method: 'GET',
    url: '/api/v1/admin/saved-views?screen=users',
    token: t.ownerToken,
  });
  expect(res.statusCode).toBe(403);
});
