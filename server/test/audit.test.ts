/**
 * The audit trail: every write operation of the contract records exactly one event with its
 * before and after (a table over the contract's writes, so a new write without a case fails),
 * writes that change nothing record nothing, change and event commit together or not at all,
 * the table refuses UPDATE and DELETE, and the search endpoint filters and pages.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { loadContract } from '../src/contract.js';
import { createSession } from '../src/auth/sessions.js';
import {
  auditEvents,
  configuration,
  restaurants,
  reviews,
  staticContents,
  users,
} from '../src/db/schema.js';
import { createBookingFixture } from './helpers/booking-fixture.js';
import { expectContract } from './helpers/contract.js';
import { latestEvent } from './helpers/audit.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { makePng, multipart } from './helpers/uploads.js';
import { TEST_ADMIN } from './helpers/constants.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = (method: string, url: string, payload?: unknown, headers?: Record<string, string>) =>
  t.as({
    method: method as 'GET',
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers,
  });
const upload = async (method: string, url: string, fields: Parameters<typeof multipart>[0]) =>
  t.as({ method: method as 'POST', url: `/api/v1${url}`, ...(await multipart(fields)) });
const png = () => ({ bytes: makePng(3, 3), filename: 'x.png', type: 'image/png' });
const eventCount = async () => (await t.database.db.select({ n: count() }).from(auditEvents))[0].n;
const usd = (amount: number) => ({ amount, currency: 'USD' });

type Expected = {
  status: number;
  action: string;
  entityType: string;
  /** the record's id, when the case knows it before the call */
  entityId?: () => string | null;
  changes: { field: string; before: unknown; after: unknown }[];
};
type Case = { run: () => Promise<LightMyRequestResponse>; expect: () => Expected };

/** Ids made along the way, read by later cases. */
const state: Record<string, string> = {};
let feeBefore = 0;
let commissionBefore: number | null = null;

async function setUp() {
  const db = t.database.db;
  const [diner] = await db.select().from(users).where(eq(users.role, 'user')).limit(1);
  state.userId = diner.id;
  state.userStatus = String(diner.status);
  const [restaurant] = await db
    .select()
    .from(restaurants)
    .where(eq(restaurants.currency, 'USD'))
    .limit(1);
  state.restaurantId = restaurant.id;
  state.restaurantName = restaurant.name;
  commissionBefore = restaurant.platformCommission;
  const [config] = await db.select().from(configuration);
  feeBefore = config?.platformFee ?? 0;
  const withOrders = await createBookingFixture(db, { orderTotals: [3000, 2000] });
  state.bookingId = withOrders.bookingId;
  [state.orderA, state.orderB] = withOrders.orderIds;
  state.depositBookingId = (await createBookingFixture(db, { orderTotals: [] })).bookingId;
  const [review] = await db.select().from(reviews).where(eq(reviews.status, 'pending')).limit(1);
  state.reviewId = review.id;
  const [about] = await db.select().from(staticContents).where(eq(staticContents.slug, 'about-us'));
  state.aboutContent = about?.content ?? '';
  state.logoutToken = await createSession(db, t.adminId, 3_600_000);
}

const reference = (kind: string, create: string, one: string): Record<string, Case> => {
  const label = kind[0].toUpperCase() + kind.slice(1);
  return {
    [`create${label}`]: {
      run: () => api('POST', create, { name: `Audit ${kind}` }),
      expect: () => ({
        status: 201,
        action: 'reference.create',
        entityType: kind,
        changes: [{ field: 'name', before: null, after: `Audit ${kind}` }],
      }),
    },
    [`update${label}`]: {
      run: async () => {
        const [row] = await t.database.db
          .select({ id: auditEvents.entityId })
          .from(auditEvents)
          .where(
            sql`${auditEvents.action} = 'reference.create' and ${auditEvents.entityType} = ${kind}`,
          )
          .orderBy(sql`${auditEvents.createdAt} desc`)
          .limit(1);
        state[kind] = row.id!;
        return api('PUT', `${one}/${row.id}`, { name: `Audited ${kind}` });
      },
      expect: () => ({
        status: 200,
        action: 'reference.update',
        entityType: kind,
        entityId: () => state[kind],
        changes: [{ field: 'name', before: `Audit ${kind}`, after: `Audited ${kind}` }],
      }),
    },
  };
};

const CASES: Record<string, Case> = {
  login: {
    run: () =>
      api('POST', '/user/login', {
        email: TEST_ADMIN.adminEmail,
        password: TEST_ADMIN.adminPassword,
      }),
    expect: () => ({
      status: 200,
      action: 'auth.login',
      entityType: 'user',
      entityId: () => t.adminId,
      changes: [],
    }),
  },
  updateUserStatus: {
    run: () => api('PUT', `/admin/user/${state.userId}`, { status: state.userStatus !== 'true' }),
    expect: () => ({
      status: 200,
      action: 'user.status',
      entityType: 'user',
      entityId: () => state.userId,
      changes: [
        {
          field: 'status',
          before: state.userStatus === 'true',
          after: state.userStatus !== 'true',
        },
      ],
    }),
  },
  updateConfiguration: {
    run: () => api('PUT', '/configuration', { platformFee: feeBefore + 1.5 }),
    expect: () => ({
      status: 200,
      action: 'configuration.update',
      entityType: 'configuration',
      entityId: () => null,
      changes: [{ field: 'platformFee', before: feeBefore, after: feeBefore + 1.5 }],
    }),
  },
  updateRestaurant: {
    run: () => api('PUT', `/restaurant/${state.restaurantId}`, { platformCommission: 12.25 }),
    expect: () => ({
      status: 200,
      action: 'restaurant.update',
      entityType: 'restaurant',
      entityId: () => state.restaurantId,
      changes: [{ field: 'platformCommission', before: commissionBefore, after: 12.25 }],
    }),
  },
  updateBookingNotes: {
    run: () => api('PUT', `/booking/${state.bookingId}`, { adminNotes: 'Call before arrival' }),
    expect: () => ({
      status: 200,
      action: 'booking.notes',
      entityType: 'booking',
      entityId: () => state.bookingId,
      changes: [{ field: 'adminNotes', before: '', after: 'Call before arrival' }],
    }),
  },
  refundOrder: {
    run: () =>
      api('POST', '/admin/orders/refund', {
        orderId: state.orderA,
        amount: 5,
        reasonCode: 'duplicate',
        reason: 'Charged twice',
      }),
    expect: () => ({
      status: 200,
      action: 'refund.create',
      entityType: 'booking',
      entityId: () => state.bookingId,
      changes: [
        { field: 'amount', before: null, after: usd(5) },
        { field: 'orderRefunded', before: usd(0), after: usd(5) },
        { field: 'refunded', before: usd(0), after: usd(5) },
        { field: 'reason', before: null, after: 'duplicate' },
        { field: 'note', before: null, after: 'Charged twice' },
      ],
    }),
  },
  refundOrderFallback: {
    run: () => api('POST', '/admin/order/refund', { orderId: state.orderB, amount: 20 }),
    expect: () => ({
      status: 200,
      action: 'refund.create',
      entityType: 'booking',
      entityId: () => state.bookingId,
      changes: [
        { field: 'amount', before: null, after: usd(20) },
        { field: 'orderRefunded', before: usd(0), after: usd(20) },
        { field: 'refunded', before: usd(5), after: usd(25) },
        { field: 'reason', before: null, after: 'requested_by_customer' },
      ],
    }),
  },
  refundBooking: {
    run: () =>
      api('POST', '/admin/booking-refund', {
        bookingId: state.depositBookingId,
        amount: 50,
        reasonCode: 'other',
        notes: 'Deposit returned',
      }),
    expect: () => ({
      status: 200,
      action: 'refund.create',
      entityType: 'booking',
      entityId: () => state.depositBookingId,
      changes: [
        { field: 'amount', before: null, after: usd(50) },
        { field: 'refunded', before: usd(0), after: usd(50) },
        { field: 'paymentStatus', before: 'Paid', after: 'Refund' },
        { field: 'reason', before: null, after: 'other' },
        { field: 'note', before: null, after: 'Deposit returned' },
      ],
    }),
  },
  ...reference('bookingType', '/bookingType', '/bookingType'),
  deleteBookingType: {
    run: () => api('DELETE', `/bookingType/${state.bookingType}`),
    expect: () => ({
      status: 200,
      action: 'reference.delete',
      entityType: 'bookingType',
      entityId: () => state.bookingType,
      changes: [{ field: 'name', before: 'Audited bookingType', after: null }],
    }),
  },
  ...reference('category', '/category', '/category'),
  ...reference('ingredient', '/ingredient', '/ingredient'),
  ...reference('allergy', '/allergy', '/allergy'),
  ...reference('dietary', '/dietaries', '/dietary'),
  createCuisine: {
    run: () => upload('POST', '/cuisine', { name: 'Audit cuisine', image: png() }),
    expect: () => ({
      status: 201,
      action: 'reference.create',
      entityType: 'cuisine',
      changes: [
        { field: 'name', before: null, after: 'Audit cuisine' },
        { field: 'image', before: null, after: expect.stringMatching(/^\/api\/v1\/images\//) },
      ],
    }),
  },
  updateCuisine: {
    run: async () => {
      const event = await latestEvent(t.database.db);
      state.cuisine = event.entityId!;
      return api('PUT', `/cuisine/${state.cuisine}`, { status: false });
    },
    expect: () => ({
      status: 200,
      action: 'reference.status',
      entityType: 'cuisine',
      entityId: () => state.cuisine,
      changes: [{ field: 'status', before: true, after: false }],
    }),
  },
  updateReviewStatus: {
    run: () => api('PUT', `/admin/review/${state.reviewId}`, { status: 'rejected' }),
    expect: () => ({
      status: 200,
      action: 'review.moderate',
      entityType: 'review',
      entityId: () => state.reviewId,
      changes: [{ field: 'status', before: 'pending', after: 'rejected' }],
    }),
  },
  createStaticContent: {
    run: async () => {
      const res = await api('POST', '/static', { title: 'Audit Page', content: '<p>One</p>' });
      state.contentId = res.json().data._id;
      state.contentSlug = res.json().data.slug;
      return res;
    },
    expect: () => ({
      status: 201,
      action: 'content.create',
      entityType: 'content',
      changes: [
        { field: 'title', before: null, after: 'Audit Page' },
        { field: 'type', before: null, after: 'page' },
        { field: 'content', before: null, after: '<p>One</p>' },
      ],
    }),
  },
  updateStaticContentLegacy: {
    run: () => api('PUT', `/static-content/${state.contentId}`, { status: 'published' }),
    expect: () => ({
      status: 200,
      action: 'content.publish',
      entityType: 'content',
      entityId: () => state.contentId,
      changes: [{ field: 'status', before: 'draft', after: 'published' }],
    }),
  },
  updateStaticContent: {
    run: async () => {
      const res = await api('PUT', `/static?slug=${state.contentSlug}`, {
        faqs: [{ question: 'Open late?', answer: 'Until midnight.' }],
      });
      state.faqId = res.json().data.faqs[0]._id;
      return res;
    },
    expect: () => ({
      status: 200,
      action: 'content.update',
      entityType: 'content',
      entityId: () => state.contentId,
      changes: [
        {
          field: 'faqs',
          before: '[]',
          after: JSON.stringify([
            { _id: state.faqId, question: 'Open late?', answer: 'Until midnight.' },
          ]),
        },
      ],
    }),
  },
  removeStaticContentFaq: {
    run: () => api('DELETE', `/static-content/${state.contentId}/faq`, { removeFaq: state.faqId }),
    expect: () => ({
      status: 200,
      action: 'content.faq_delete',
      entityType: 'content',
      entityId: () => state.contentId,
      changes: [
        { field: 'faq.question', before: 'Open late?', after: null },
        { field: 'faq.answer', before: 'Until midnight.', after: null },
      ],
    }),
  },
  deleteStaticContent: {
    run: () => api('DELETE', `/static?slug=${state.contentSlug}`),
    expect: () => ({
      status: 200,
      action: 'content.delete',
      entityType: 'content',
      entityId: () => state.contentId,
      changes: [
        { field: 'title', before: 'Audit Page', after: null },
        { field: 'status', before: 'published', after: null },
      ],
    }),
  },
  createMenuItem: {
    run: () =>
      upload('POST', '/menu/bulk', {
        itemName: 'Audit Dish',
        restaurant: state.restaurantId,
        category: 'Mains',
        itemPrice: '11.50',
        media: png(),
      }),
    expect: () => ({
      status: 201,
      action: 'menu.bulk_item',
      entityType: 'menu_item',
      changes: [
        { field: 'name', before: null, after: 'Audit Dish' },
        { field: 'category', before: null, after: 'Mains' },
        { field: 'itemPrice', before: null, after: usd(11.5) },
        { field: 'images', before: null, after: 1 },
      ],
    }),
  },
  createSavedView: {
    run: async () => {
      const res = await api('POST', '/admin/saved-views', {
        screen: 'reviews',
        name: 'Audit view',
        filters: { status: 'pending' },
      });
      state.savedViewId = res.json().data?._id;
      return res;
    },
    expect: () => ({
      status: 201,
      action: 'saved_view.create',
      entityType: 'saved_view',
      changes: [{ field: 'name', before: null, after: 'Audit view' }],
    }),
  },
  renameSavedView: {
    run: () => api('PUT', `/admin/saved-views/${state.savedViewId}`, { name: 'Audited view' }),
    expect: () => ({
      status: 200,
      action: 'saved_view.rename',
      entityType: 'saved_view',
      entityId: () => state.savedViewId,
      changes: [{ field: 'name', before: 'Audit view', after: 'Audited view' }],
    }),
  },
  deleteSavedView: {
    run: () => api('DELETE', `/admin/saved-views/${state.savedViewId}`),
    expect: () => ({
      status: 200,
      action: 'saved_view.delete',
      entityType: 'saved_view',
      entityId: () => state.savedViewId,
      changes: [{ field: 'name', before: 'Audited view', after: null }],
    }),
  },
  // Last: it revokes the token it is sent with (a session of its own).
  logout: {
    run: () => t.as({ method: 'POST', url: '/api/v1/user/logout', token: state.logoutToken }),
    expect: () => ({
      status: 200,
      action: 'auth.logout',
      entityType: 'user',
      entityId: () => t.adminId,
      changes: [],
    }),
  },
};

describe('every write operation of the contract records exactly one event', () => {
  let writes: string[] = [];
  beforeAll(async () => {
    const contract = await loadContract();
    writes = Object.values(contract.paths).flatMap((item) =>
      Object.entries(item)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([, op]) => op.operationId!),
    );
    await setUp();
  });

  test('each write operation has a case here', () => {
    expect(writes.length).toBeGreaterThan(20);
    expect(writes.filter((op) => !CASES[op])).toEqual([]);
  });

  test.each(Object.keys(CASES))('%s', async (operationId) => {
    const c = CASES[operationId];
    const before = await eventCount();
    const res = await c.run();
    const expected = c.expect();
    await expectContract(res, operationId, expected.status);
    expect(await eventCount()).toBe(before + 1);
    const event = await latestEvent(t.database.db);
    expect(event).toMatchObject({
      action: expected.action,
      entityType: expected.entityType,
      actorId: t.adminId,
      actorEmail: TEST_ADMIN.adminEmail,
      actorRole: 'admin',
      changes: expected.changes,
      requestId: expect.any(String),
      clientAddress: '127.0.0.1',
    });
    if (expected.entityId) expect(event.entityId).toBe(expected.entityId());
    expect(event.entityName).not.toBe('');
  });
});

test('the event keeps the request facts: request id, client address, user agent', async () => {
  await api('PUT', '/configuration', { platformFee: 3.25 }, { 'user-agent': 'AuditTest/1.0' });
  const event = await latestEvent(t.database.db);
  expect(event).toMatchObject({
    requestId: expect.stringMatching(/\S/),
    clientAddress: '127.0.0.1',
    userAgent: 'AuditTest/1.0',
    actorName: expect.stringMatching(/\S/),
  });
});

test('a refused sign-in is recorded without an actor; the password never is', async () => {
  const before = await eventCount();
  await api('POST', '/user/login', { email: 'Nobody@Example.com', password: 'guess-123' });
  expect(await eventCount()).toBe(before + 1);
  const event = await latestEvent(t.database.db);
  expect(event).toMatchObject({
    action: 'auth.login_failed',
    actorId: null,
    entityName: 'nobody@example.com',
    details: { email: 'nobody@example.com', reason: 'Invalid email or password' },
  });
  expect(JSON.stringify(event)).not.toContain('guess-123');
});

test('writes that change nothing record nothing', async () => {
  const db = t.database.db;
  const fixture = await createBookingFixture(db);
  const [restaurant] = await db.select().from(restaurants).limit(1);
  const [config] = await db.select().from(configuration);
  const [diner] = await db.select().from(users).where(eq(users.role, 'user')).limit(1);
  const [review] = await db.select().from(reviews).limit(1);
  const category = await api('POST', '/category', { name: 'Unchanged category' });
  const categoryId = category.json().data._id;
  const before = await eventCount();
  const same = [
    await api('PUT', `/restaurant/${restaurant.id}`, { online: restaurant.online }),
    await api('PUT', '/configuration', { platformFee: config.platformFee }),
    await api('PUT', `/admin/user/${diner.id}`, { status: diner.status }),
    await api('PUT', `/booking/${fixture.bookingId}`, { adminNotes: '' }),
    await api('PUT', `/admin/review/${review.id}`, { status: review.status }),
    await api('PUT', `/category/${categoryId}`, { name: 'Unchanged category', status: true }),
  ];
  expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
  expect(await eventCount()).toBe(before);
});

describe('the change and its event commit together or not at all', () => {
  const exec = (query: string) => t.database.db.execute(sql.raw(query));
  afterEach(async () => {
    await exec('DROP TRIGGER IF EXISTS fail_after_event ON audit_events');
    await exec('DROP TRIGGER IF EXISTS fail_after_write ON static_contents');
    await exec('DROP FUNCTION IF EXISTS fail_now()');
  });
  const failNow = () =>
    exec(`CREATE FUNCTION fail_now() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END $$`);

  test('the event fails after the write: the write is rolled back', async () => {
    const db = t.database.db;
    const fixture = await createBookingFixture(db, { orderTotals: [3000] });
    const [restaurant] = await db.select().from(restaurants).limit(1);
    await failNow();
    await exec(
      'CREATE TRIGGER fail_after_event AFTER INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION fail_now()',
    );
    const before = await eventCount();
    const commission = await api('PUT', `/restaurant/${restaurant.id}`, {
      platformCommission: (restaurant.platformCommission ?? 0) + 3,
    });
    const refund = await api('POST', '/admin/orders/refund', {
      orderId: fixture.orderIds[0],
      amount: 10,
    });
    expect([commission.statusCode, refund.statusCode]).toEqual([500, 500]);
    const [after] = await db.select().from(restaurants).where(eq(restaurants.id, restaurant.id));
    expect(after.platformCommission).toBe(restaurant.platformCommission);
    const booking = await expectContract(
      await api('GET', `/admin/booking/${fixture.bookingId}`),
      'getBooking',
      200,
    );
    expect(booking.data.refundHistory).toEqual([]);
    expect(booking.data.orders[0].paymentDetails.refunded).toBe(0);
    expect(await eventCount()).toBe(before);
  });

  test('the write fails after the event: the event is rolled back', async () => {
    const created = await api('POST', '/static', { title: 'Atomic Page', content: '<p>A</p>' });
    const id = created.json().data._id;
    await failNow();
    await exec(
      'CREATE TRIGGER fail_after_write BEFORE UPDATE ON static_contents FOR EACH ROW EXECUTE FUNCTION fail_now()',
    );
    const before = await eventCount();
    const res = await api('PUT', `/static-content/${id}`, { content: '<p>B</p>' });
    expect(res.statusCode).toBe(500);
    expect(await eventCount()).toBe(before);
    const [row] = await t.database.db
      .select()
      .from(staticContents)
      .where(eq(staticContents.id, id));
    expect(row.content).toBe('<p>A</p>');
  });
});

test('the database refuses UPDATE and DELETE of events', async () => {
  const [event] = await t.database.db.select().from(auditEvents).limit(1);
  await expect(
    t.database.db.execute(sql`update audit_events set action = 'x' where id = ${event.id}`),
  ).rejects.toThrow();
  await expect(
    t.database.db.execute(sql`delete from audit_events where id = ${event.id}`),
  ).rejects.toThrow();
  await expect(t.database.db.execute(sql`delete from audit_events`)).rejects.toThrow();
  const [still] = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.id, event.id));
  expect(still).toEqual(event);
});

describe('GET admin/audit-logs', () => {
  const list = async (query: string) =>
    expectContract(await api('GET', `/admin/audit-logs?${query}`), 'listAuditEvents', 200);
  const otherActor = '00000000-0000-4000-8000-0000000000aa';

  beforeAll(async () => {
    // Events on known days in the future, so they are the newest and their days are exact.
    const base = {
      action: 'restaurant.update',
      entityType: 'restaurant',
      changes: [{ field: 'online', before: true, after: false }],
    };
    await t.database.db.insert(auditEvents).values([
      {
        ...base,
        entityId: 'r-1',
        entityName: 'Filter Bistro',
        actorId: t.adminId,
        actorName: 'Zed Tester',
        actorEmail: 'zed@example.com',
        createdAt: new Date('2031-03-01T00:00:00Z'),
      },
      {
        ...base,
        entityId: 'r-1',
        entityName: 'Filter Bistro',
        actorId: otherActor,
        actorName: 'Bo Support',
        actorEmail: 'bo@example.com',
        createdAt: new Date('2031-03-01T23:59:59Z'),
      },
      {
        ...base,
        action: 'user.status',
        entityType: 'user',
        entityId: 'u-1',
        entityName: 'Cleo Diner',
        actorId: otherActor,
        actorName: 'Bo Support',
        actorEmail: 'bo@example.com',
        createdAt: new Date('2031-03-02T12:00:00Z'),
      },
    ]);
  });

  test('newest first with the total count, paged', async () => {
    const all = await list('limit=2');
    expect(all.success).toBe(true);
    expect(all.count).toBe(await eventCount());
    expect(all.data.map((e: { entity: { name: string } }) => e.entity.name)).toEqual([
      'Cleo Diner',
      'Filter Bistro',
    ]);
    const page2 = await list('limit=2&skip=1');
    expect(page2.data[0]._id).toBe(all.data[1]._id);
    expect(all.data[0]).toMatchObject({
      action: 'user.status',
      actor: { _id: otherActor, name: 'Bo Support', email: 'bo@example.com' },
      entity: { type: 'user', id: 'u-1', name: 'Cleo Diner' },
      changes: [{ field: 'online', before: true, after: false }],
    });
  });

  test('filters: action, record, actor, search and UTC days', async () => {
    const names = (body: { data: { entity: { name: string } }[] }) =>
      body.data.map((e) => e.entity.name);
    expect((await list('action=user.status&from=2031-01-01')).count).toBe(1);
    expect((await list('entityType=restaurant&entityId=r-1')).count).toBe(2);
    expect((await list(`actorId=${otherActor}`)).count).toBe(2);
    expect(names(await list('search=bistro'))).toEqual(['Filter Bistro', 'Filter Bistro']);
    expect((await list('search=BO@EXAMPLE')).count).toBe(2);
    expect((await list('search=Zed%20Tester')).count).toBe(1);
    expect((await list('from=2031-03-01&to=2031-03-01')).count).toBe(2);
    expect((await list('from=2031-03-02')).count).toBe(1);
    expect((await list('to=2031-02-28&entityId=r-1')).count).toBe(0);
    expect(await list('search=%25')).toMatchObject({ count: 0, data: [] });
  });

  test('bad filters are a 400 with a sentence', async () => {
    const bad = async (query: string) =>
      (await expectContract(await api('GET', `/admin/audit-logs?${query}`), 'listAuditEvents', 400))
        .message;
    expect(await bad('from=2031-13-45')).toMatch(/from/);
    expect(await bad('from=2031-03-02&to=2031-03-01')).toBe('from must be on or before to');
    expect(await bad('action=nonsense')).toBeTruthy();
    expect(await bad('actorId=not-a-uuid')).toBeTruthy();
    expect(await bad('limit=0')).toBeTruthy();
  });

  test('only admins read it', async () => {
    await expectContract(
      await t.as({ method: 'GET', url: '/api/v1/admin/audit-logs', token: t.ownerToken }),
      'listAuditEvents',
      403,
    );
  });
});
