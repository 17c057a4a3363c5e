/**
 * Fee changes with FEE_CHANGES_NEED_APPROVAL=1: every platform fee change, and a commission change
 * by more than COMMISSION_APPROVAL_POINTS (5), waits for another admin with the permission to make
 * it; approving makes it, with its usual audit event. Off (the demo's default), they are made at
 * once.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { auditEvents, restaurants } from '../src/db/schema.js';
import { expectContract } from './helpers/contract.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { actingAs, sessionOf, TEAM, type Member } from './helpers/approvals.js';

let t: TestApp;
/** The same database, with fee changes needing approval. */
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  const config = t.app.config;
  app = await buildApp({
    database: t.database,
    config: { ...config, approvals: { ...config.approvals, feeChanges: true } },
  });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const as = async (member: Member) => actingAs(t, await sessionOf(t, member), app);

const latest = async (action: string) =>
  (
    await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, action))
      .orderBy(desc(auditEvents.createdAt))
      .limit(1)
  )[0];

test('a platform fee change is a request; another admin with config.update approves it', async () => {
  const finance = await as('finance');
  const before = (await finance.call('GET', '/configuration')).json().data.platformFee;
  const target = before + 2;
  const body = await expectContract(
    await finance.call('PUT', '/configuration', { platformFee: target }),
    'updateConfiguration',
    202,
  );
  expect(body.message).toBe(`Platform fee change to ${target}% sent for approval`);
  expect((await finance.call('GET', '/configuration')).json().data.platformFee).toBe(before);
  const second = await expectContract(
    await (await as('owner')).call('PUT', '/configuration', { platformFee: target + 1 }),
    'updateConfiguration',
    409,
  );
  expect(second.approvalId).toBe(body.data.approvalId);

  const view = (await finance.get(body.data.approvalId)).json().data;
  expect(view).toMatchObject({
    kind: 'platform_fee',
    summary: `Change the platform fee from ${before}% to ${target}%`,
    why: "Every change of the platform fee needs a second admin's approval.",
    refund: null,
    change: { field: 'platformFee', restaurant: null, before, after: target },
  });
  // Support may not approve fee changes (no approvals.decide, no config.update).
  await expectContract(
    await (await as('support')).approve(body.data.approvalId),
    'approveApproval',
    403,
  );
  const approved = await expectContract(
    await (await as('owner')).approve(body.data.approvalId),
    'approveApproval',
    200,
  );
  expect(approved.message).toBe(`Platform fee change to ${target}% approved`);
  expect((await finance.call('GET', '/configuration')).json().data.platformFee).toBe(target);
  expect(await latest('approval.approve')).toMatchObject({
    actorEmail: TEAM.owner.email,
    entityType: 'configuration',
    changes: [
      { field: 'status', before: 'pending', after: 'approved' },
      { field: 'platformFee', before, after: target },
    ],
    details: { approvalId: body.data.approvalId, requestedBy: TEAM.finance.name },
  });
  // The same value again changes nothing and asks nothing.
  await expectContract(
    await finance.call('PUT', '/configuration', { platformFee: target }),
    'updateConfiguration',
    200,
  );
});

test('a commission change by up to 5 points is made at once, by more it is a request', async () => {
  const [restaurant] = await t.database.db.select().from(restaurants).limit(1);
  await t.database.db
    .update(restaurants)
    .set({ platformCommission: 10 })
    .where(eq(restaurants.id, restaurant.id));
  const finance = await as('finance');
  const put = (platformCommission: number) =>
    finance.call('PUT', `/restaurant/${restaurant.id}`, { platformCommission });
  await expectContract(await put(15), 'updateRestaurant', 200);
  await expectContract(await put(10), 'updateRestaurant', 200);
  const body = await expectContract(await put(15.01), 'updateRestaurant', 202);
  expect(body.message).toBe(`Commission change of ${restaurant.name} to 15.01% sent for approval`);
  const view = (await finance.get(body.data.approvalId)).json().data;
  expect(view).toMatchObject({
    kind: 'commission',
    summary: `Change the commission of ${restaurant.name} from 10% to 15.01%`,
    change: {
      field: 'platformCommission',
      restaurant: { _id: restaurant.id, name: restaurant.name },
      before: 10,
      after: 15.01,
    },
  });
  // Online and featured never wait.
  await expectContract(
    await finance.call('PUT', `/restaurant/${restaurant.id}`, { isFeatured: true }),
    'updateRestaurant',
    200,
  );
  const approved = await expectContract(
    await (await as('owner')).approve(body.data.approvalId),
    'approveApproval',
    200,
  );
  expect(approved.message).toBe(`Commission change of ${restaurant.name} to 15.01% approved`);
  const [after] = await t.database.db
    .select()
    .from(restaurants)
    .where(eq(restaurants.id, restaurant.id));
  expect(after.platformCommission).toBe(15.01);
  expect(await latest('approval.approve')).toMatchObject({
    entityType: 'restaurant',
    entityId: restaurant.id,
    actorEmail: TEAM.owner.email,
    changes: [
      { field: 'status', before: 'pending', after: 'approved' },
      { field: 'platformCommission', before: 10, after: 15.01 },
    ],
    details: { approvalId: body.data.approvalId },
  });
  const [request] = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, 'approval.request'))
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  expect(request).toMatchObject({ entityType: 'restaurant', entityId: restaurant.id });
});

test('a commission changed after the request was made: the approval is refused, the request waits', async () => {
  const [, restaurant] = await t.database.db.select().from(restaurants).limit(2);
  await t.database.db
    .update(restaurants)
    .set({ platformCommission: 10 })
    .where(eq(restaurants.id, restaurant.id));
  const finance = await as('finance');
  const put = (platformCommission: number) =>
    finance.call('PUT', `/restaurant/${restaurant.id}`, { platformCommission });
  const asked = await expectContract(await put(20), 'updateRestaurant', 202);
  // A small change, made at once, comes between.
  await expectContract(await put(12), 'updateRestaurant', 200);
  const owner = await as('owner');
  const refused = await expectContract(
    await owner.approve(asked.data.approvalId),
    'approveApproval',
    409,
  );
  expect(refused.message).toBe(
    `The commission of ${restaurant.name} is 12% now, not the 10% this request was made from: reject it and ask again.`,
  );
  const [after] = await t.database.db
    .select()
    .from(restaurants)
    .where(eq(restaurants.id, restaurant.id));
  expect(after.platformCommission).toBe(12);
  expect((await owner.get(asked.data.approvalId)).json().data.status).toBe('pending');
});

test('with FEE_CHANGES_NEED_APPROVAL=0 fee changes are made at once', async () => {
  const before = (await t.api('GET', '/configuration')).json().data.platformFee;
  await expectContract(
    await t.api('PUT', '/configuration', { platformFee: before + 1 }),
    'updateConfiguration',
    200,
  );
});
