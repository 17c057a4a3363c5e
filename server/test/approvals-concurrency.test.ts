/**
 * Approving is carried out once: 20 approvals of one request at the same moment, from two admins
 * on two server instances over one database, make one refund; 20 requests for one order at once
 * file one. On PostgreSQL (DATABASE_URL set) they run in parallel transactions on the pools of
 * both instances; on PGlite the engine serialises them, and the same must hold.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { approvalRequests, auditEvents, orders, refunds } from '../src/db/schema.js';
import { expectContract } from './helpers/contract.js';
import { createBookingFixture } from './helpers/booking-fixture.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { actingAs, sessionOf } from './helpers/approvals.js';

let t: TestApp;
let other: FastifyInstance;
let otherDatabase: Database | undefined;
beforeAll(async () => {
  t = await createTestApp();
  // On PostgreSQL the second instance has a pool of its own, as a second process would.
  if (t.database.url) {
    otherDatabase = await openDatabase({ databaseUrl: t.database.url });
    await otherDatabase.ready();
  }
  other = await buildApp({ database: otherDatabase ?? t.database, config: t.app.config });
});
afterAll(async () => {
  await other.close();
  await otherDatabase?.close();
  await t.close();
});

const CONCURRENT = 20;
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

test(`${CONCURRENT} concurrent approvals from two admins on two instances refund once (${engine})`, async () => {
  const fx = await createBookingFixture(t.database.db, {
    currency: 'CAD',
    orderTotals: [200_000],
  });
  const orderId = fx.orderIds[0];
  const support = actingAs(t, await sessionOf(t, 'support'));
  const asked = await expectContract(await support.refundOrder(orderId, 1500), 'refundOrder', 202);
  const id = asked.data.approvalId;
  const approvers = [
    actingAs(t, await sessionOf(t, 'finance'), t.app),
    actingAs(t, await sessionOf(t, 'owner'), other),
    actingAs(t, await sessionOf(t, 'owner'), t.app),
    actingAs(t, await sessionOf(t, 'finance'), other),
  ];
  const answers = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) => approvers[i % approvers.length].approve(id)),
  );
  const statuses = answers.map((res) => res.statusCode);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(CONCURRENT - 1);
  for (const res of answers) {
    await expectContract(res, 'approveApproval', res.statusCode);
    if (res.statusCode === 409) {
      expect(res.json().message).toMatch(
        /^This request was already approved by (Fiona Finance|Ada Admin)\.$/,
      );
    }
  }

  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order.refunded).toBe(150_000);
  expect(await t.database.db.$count(refunds, eq(refunds.orderId, orderId))).toBe(1);
  expect(
    await t.database.db.$count(
      auditEvents,
      and(eq(auditEvents.action, 'approval.approve'), eq(auditEvents.entityId, fx.bookingId)),
    ),
  ).toBe(1);
});

test(`${CONCURRENT} concurrent requests for one order on two instances file one (${engine})`, async () => {
  const fx = await createBookingFixture(t.database.db, {
    currency: 'CAD',
    orderTotals: [200_000],
  });
  const sessions = [
    actingAs(t, await sessionOf(t, 'support'), t.app),
    actingAs(t, await sessionOf(t, 'support'), other),
  ];
  const answers = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) =>
      sessions[i % 2].refundOrder(fx.orderIds[0], 1500 + i),
    ),
  );
  const statuses = answers.map((res) => res.statusCode);
  expect(statuses.filter((status) => status === 202)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(CONCURRENT - 1);
  const filed = answers.find((res) => res.statusCode === 202)!.json().data.approvalId;
  for (const res of answers.filter((r) => r.statusCode === 409)) {
    expect(res.json().approvalId).toBe(filed);
  }
  expect(
    await t.database.db.$count(approvalRequests, eq(approvalRequests.orderId, fx.orderIds[0])),
  ).toBe(1);
});
