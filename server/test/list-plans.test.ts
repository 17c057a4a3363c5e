/**
 * Scale (docs/scale.md): the Audit Log with each filter, a booking's History, the Approvals list
 * and the Team list read their tables through indexes, never sequentially (every statement the
 * call sends, planned with sequential scans priced out; see helpers/query-plans.ts).
 */
import { isNotNull } from 'drizzle-orm';
import { auditEvents, bookings } from '../src/db/schema.js';
import { expectNoSeqScan, explain, statementsOf } from './helpers/query-plans.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An audit event with an actor: its record, actor, action and day filter the Audit Log. */
const eventWithActor = async () =>
  (
    await t.database.db.select().from(auditEvents).where(isNotNull(auditEvents.actorId)).limit(1)
  )[0];

test('the Audit Log, a booking History, the Approvals and Team lists need no sequential scan', async () => {
  const event = await eventWithActor();
  const [booking] = await t.database.db.select().from(bookings).limit(1);
  const day = event.createdAt.toISOString().slice(0, 10);
  const calls = [
    '/admin/audit-logs?skip=0&limit=20',
    '/admin/audit-logs?skip=200&limit=20',
    `/admin/audit-logs?entityType=${event.entityType}&entityId=${event.entityId}`,
    `/admin/audit-logs?actorId=${event.actorId}`,
    `/admin/audit-logs?action=${encodeURIComponent(event.action)}`,
    `/admin/audit-logs?from=${day}&to=${day}`,
    `/activities?booking=${booking.id}`,
    '/admin/approvals?skip=0&limit=20',
    '/admin/approvals?status=pending',
    '/admin/team',
  ];
  const planned = await expectNoSeqScan(t, calls, {
    touching: /"(audit_events|approval_requests|users)"/,
    scanned: /audit_events|approval_requests|users/,
  });
  // Every call was seen and checked (the interception works).
  expect([...planned.keys()]).toEqual(calls);
});

test('the Audit Log total without a filter, or of an action, reads the counters, not the events', async () => {
  for (const url of [
    '/admin/audit-logs?skip=0&limit=20',
    '/admin/audit-logs?action=booking.activity',
    '/admin/audit-logs?action=auth.login',
  ]) {
    const { sent } = await statementsOf(t, () => t.as({ method: 'GET', url: `/api/v1${url}` }));
    const totals = sent.filter((s) => s.text.includes('"audit_event_counts"'));
    expect({ url, totals: totals.length }).toEqual({ url, totals: 1 });
    expect({ url, events: totals[0].text.includes('"audit_events"') }).toEqual({
      url,
      events: false,
    });
  }
});

test('the Audit Log total of one actor reads their counter, not their events', async () => {
  const event = await eventWithActor();
  const { sent } = await statementsOf(t, () =>
    t.as({ method: 'GET', url: `/api/v1/admin/audit-logs?actorId=${event.actorId}` }),
  );
  const totals = sent.filter((s) => s.text.includes('"audit_actor_counts"'));
  expect(totals).toHaveLength(1);
  expect(totals[0].text).not.toContain('"audit_events"');
});

test("a filtered Audit Log page is read in its order from the filter's index, with no sort", async () => {
  const event = await eventWithActor();
  for (const [url, index] of [
    [`entityType=${event.entityType}&entityId=${event.entityId}`, 'audit_events_entity_idx'],
    [`actorId=${event.actorId}`, 'audit_events_actor_idx'],
    [`action=${encodeURIComponent(event.action)}`, 'audit_events_action_idx'],
  ]) {
    const { sent } = await statementsOf(t, () =>
      t.as({ method: 'GET', url: `/api/v1/admin/audit-logs?${url}&skip=0&limit=20` }),
    );
    const page = sent.find((s) => /from "audit_events".*order by/is.test(s.text))!;
    // Other indexes priced out too: each filter's own index holds the whole order.
    const plan = await explain(t, page, ['enable_seqscan', 'enable_bitmapscan']);
    expect({ url, plan }).toEqual({ url, plan: expect.stringContaining(index) });
    expect({ url, plan }).toEqual({ url, plan: expect.not.stringMatching(/Sort/) });
  }
});
