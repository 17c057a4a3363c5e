/**
 * The experiment of audit events partitioned by month (scripts/lib/audit-partitions.ts,
 * docs/scale.md), PostgreSQL only: the Audit Log answers as before, a day's call reads that
 * day's month only (partition pruning in its plans), the table's triggers hold on the partitioned
 * table, and dropping a month takes exactly its events away, from the list's total too.
 */
import { sql } from 'drizzle-orm';
import {
  dropAuditMonth,
  monthPartition,
  partitionAuditEvents,
} from '../../scripts/lib/audit-partitions.js';
import { explain, statementsOf } from './helpers/query-plans.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const suite = process.env.DATABASE_URL ? describe : describe.skip;

const monthOf = (date: Date, months = 0) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));

/** The actor of the test's own events. */
const OLD_ACTOR = '00000000-0000-4000-8000-0000000000cc';

suite('audit events partitioned by month (PostgreSQL)', () => {
  let t: TestApp;
  let first: Date;
  let months: number;
  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
  const auditLog = async (query = 'skip=0&limit=50') => {
    const response = await t.as({ method: 'GET', url: `/api/v1/admin/audit-logs?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<{ count: number; data: { id: string }[] }>();
  };
  const eventCount = async () =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from audit_events`))[0].n;

  beforeAll(async () => {
    t = await createTestApp();
    const [span] = await rows<{ oldest: Date; newest: Date }>(
      sql`select min(created_at) as oldest, max(created_at) as newest from audit_events`,
    );
    first = monthOf(new Date(span.oldest), -1);
    const last = monthOf(new Date(span.newest));
    months =
      (last.getUTCFullYear() - first.getUTCFullYear()) * 12 +
      last.getUTCMonth() -
      first.getUTCMonth() +
      1;
    // A few events of their own across the months, the first alone in the oldest month.
    for (const at of [monthOf(first, 0), monthOf(first, 1), monthOf(first, months - 1)]) {
      await t.database.db.execute(
        sql`insert into audit_events (created_at, actor_id, action, entity_type, entity_name)
            values (${new Date(at.getTime() + 86_400_000 * 3).toISOString()}, ${OLD_ACTOR}, 'booking.notes', 'booking', 'BK-P')`,
      );
    }
  });
  afterAll(() => t.close());

  test('the Audit Log answers as before; a day reads its month alone; triggers hold; a month drops', async () => {
    const [event] = await rows<{ createdAt: Date }>(
      sql`select created_at as "createdAt" from audit_events
          where created_at >= ${monthOf(first, 1).toISOString()} order by created_at limit 1`,
    );
    const day = new Date(event.createdAt).toISOString().slice(0, 10);
    // Each reading is an event (audit.view), once a minute per filter: in the next answers.
    await auditLog();
    await auditLog(`from=${day}&to=${day}`);
    const before = await auditLog();
    const dayBefore = await auditLog(`from=${day}&to=${day}`);
    const count = await eventCount();
    expect(before.count).toBe(count);

    const names = await partitionAuditEvents(t.database.db, { first, months });
    const partitioned = await rows<{ name: string }>(
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'audit_events'::regclass order by c.relname`,
    );
    expect(partitioned.map((p) => p.name)).toEqual([...names, 'audit_events_default'].sort());
    expect(await eventCount()).toBe(count);
    expect(await auditLog()).toEqual(before);
    expect(await auditLog(`from=${day}&to=${day}`)).toEqual(dayBefore);

    // The day's statements (the page and its count) scan that month's partition alone.
    const { sent } = await statementsOf(t, () =>
      t.as({ method: 'GET', url: `/api/v1/admin/audit-logs?from=${day}&to=${day}` }),
    );
    const daily = sent.filter((s) => s.text.includes('"audit_events"."created_at" <'));
    expect(daily).toHaveLength(2);
    for (const statement of daily) {
      const scanned = [...(await explain(t, statement)).matchAll(/ on (audit_events\w*)/g)];
      expect(new Set(scanned.map((m) => m[1]))).toEqual(
        new Set([monthPartition(new Date(`${day}T00:00:00Z`))]),
      );
    }

    // The table's triggers: append-only, and the counter the list's total reads.
    await expect(
      t.database.db.execute(sql`update audit_events set action = 'x'`),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }),
    });
    await t.database.db.execute(
      sql`insert into audit_events (created_at, action, entity_type, entity_name)
          values (now(), 'booking.notes', 'booking', 'BK-Q')`,
    );
    expect((await auditLog()).count).toBe(count + 1);

    // The oldest month holds one event: dropping it takes that one, from the total too.
    const dropped = await dropAuditMonth(t.database.db, first);
    expect(dropped).toMatchObject({ partition: monthPartition(first), events: 1 });
    expect(await eventCount()).toBe(count);
    expect((await auditLog()).count).toBe(count);
    // And from its actor's total (migration 0021's counter): two of their three events are left.
    expect((await auditLog(`actorId=${OLD_ACTOR}`)).count).toBe(2);
    const [{ left }] = await rows<{ left: number }>(
      sql`select count(*)::int as left from audit_events where created_at < ${monthOf(first, 1).toISOString()}`,
    );
    expect(left).toBe(0);
  });
});
