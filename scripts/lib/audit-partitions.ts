/**
 * An experiment, PostgreSQL only (issue #31; docs/scale.md): audit_events partitioned by month.
 * Not the production schema: a partitioned table's primary key must hold its partition key, so
 * the key becomes (id, created_at), and PGlite is left as it is. Used by
 * scripts/bench-audit-partitions.ts and server/test/audit-partitions.test.ts.
 *
 * `partitionAuditEvents` replaces the migrated table by one of the same name and columns,
 * `PARTITION BY RANGE (created_at)`, one partition per UTC month of the span and a default one
 * for the rest, with the table's own indexes and triggers as the migrations left them (read from
 * the catalog, so they follow main); the rows are copied over. `dropAuditMonth` takes a month out
 * of retention: detach, take its events off the activity counter (migration 0019), drop.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client.js';
import { auditEvents, isActivity } from '../../server/src/db/schema.js';

type Rows<R> = { rows: R[] };

/** The live stream's announcement of each event (migration 0014). */
const NOTIFY_TRIGGER = 'audit_events_notify';

async function rows<R>(db: Db, query: ReturnType<typeof sql>): Promise<R[]> {
  return ((await db.execute(query)) as unknown as Rows<R>).rows;
}

/** The first instant of the UTC month `months` after `month`'s. */
const monthStart = (month: Date, months = 0) =>
  new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + months, 1));

/** audit_events_2024_01 for January 2024 (UTC). */
export const monthPartition = (month: Date) =>
  `audit_events_${month.toISOString().slice(0, 7).replace('-', '_')}`;

/**
 * Partitions audit_events by month: one partition per month from `first`'s for `months` months,
 * and audit_events_default. Returns the partitions' names, oldest first.
 */
export async function partitionAuditEvents(
  db: Db,
  {
    first,
    months,
    load,
  }: {
    first: Date;
    months: number;
    /** fills the partitions in the same transaction, before the key and indexes are built */
    load?: (tx: Db) => Promise<void>;
  },
): Promise<string[]> {
  const names = Array.from({ length: months }, (_, i) => monthPartition(monthStart(first, i)));
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const indexes = await rows<{ def: string }>(
      t,
      sql`select indexdef as def from pg_indexes
          where schemaname = current_schema() and tablename = 'audit_events'
            and indexname <> 'audit_events_pkey' order by indexname`,
    );
    const triggers = await rows<{ name: string; def: string; enabled: string }>(
      t,
      sql`select tgname as name, pg_get_triggerdef(oid) as def, tgenabled::text as enabled
          from pg_trigger where tgrelid = 'audit_events'::regclass and not tgisinternal
          order by tgname`,
    );
    await t.execute(sql`ALTER TABLE audit_events RENAME TO audit_events_unpartitioned`);
    await t.execute(sql`CREATE TABLE audit_events (LIKE audit_events_unpartitioned INCLUDING DEFAULTS)
      PARTITION BY RANGE (created_at)`);
    for (const [i, name] of names.entries()) {
      const [from, to] = [monthStart(first, i), monthStart(first, i + 1)];
      await t.execute(
        sql`CREATE TABLE ${sql.identifier(name)} PARTITION OF audit_events FOR VALUES
          FROM (${sql.raw(`'${from.toISOString()}'`)}) TO (${sql.raw(`'${to.toISOString()}'`)})`,
      );
    }
    await t.execute(sql`CREATE TABLE audit_events_default PARTITION OF audit_events DEFAULT`);
    // Before the triggers: the counter already holds these events.
    await t.execute(sql`INSERT INTO audit_events SELECT * FROM audit_events_unpartitioned`);
    await t.execute(sql`DROP TABLE audit_events_unpartitioned`);
    for (const { def } of triggers) await t.execute(sql.raw(def));
    const disable = (name: string) =>
      t.execute(sql`ALTER TABLE audit_events DISABLE TRIGGER ${sql.identifier(name)}`);
    for (const { name } of triggers.filter((trigger) => trigger.enabled === 'D'))
      await disable(name);
    if (load) {
      // As the seed's bulk load (server/src/seed/bulk-load.ts): no announcement of each event.
      const notify = triggers.find((trigger) => trigger.name === NOTIFY_TRIGGER);
      if (notify) await disable(notify.name);
      await t.execute(sql`SET LOCAL statement_timeout = 0`);
      await t.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
      await load(t);
      if (notify && notify.enabled !== 'D') {
        await t.execute(
          sql`ALTER TABLE audit_events ENABLE TRIGGER ${sql.identifier(NOTIFY_TRIGGER)}`,
        );
      }
    }
    await t.execute(
      sql`ALTER TABLE audit_events ADD CONSTRAINT audit_events_pkey PRIMARY KEY (id, created_at)`,
    );
    for (const { def } of indexes) await t.execute(sql.raw(def));
  });
  return names;
}

/**
 * Takes `month`'s partition out of audit_events and drops it, its events taken off the event
 * counters (the Audit Log's and Recent Activity's totals) and each actor's counter in the same
 * transaction.
 */
export async function dropAuditMonth(
  db: Db,
  month: Date,
): Promise<{ partition: string; events: number; ms: number }> {
  const partition = sql.identifier(monthPartition(month));
  const started = performance.now();
  const events = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`ALTER TABLE audit_events DETACH PARTITION ${partition}`);
    // The detached partition read under the parent's name, so that isActivity's column fits.
    const [counted] = await rows<{ events: number }>(
      t,
      sql`with per_action as (
            select action, count(*) as n,
              case when ${isActivity(auditEvents.action)} then 'activity' else 'outside' end as kind
            from ${partition} as audit_events group by action
          ), per_kind as (
            select kind, sum(n) as n, jsonb_object_agg(action, n) as by_action
            from per_action group by kind
          ), taken as (
            update audit_event_counts c set
              events = c.events - per_kind.n,
              by_action = c.by_action || (
                select coalesce(jsonb_object_agg(key, (c.by_action ->> key)::bigint - value::bigint), '{}'::jsonb)
                from jsonb_each_text(per_kind.by_action))
            from per_kind where c.kind = per_kind.kind
            returning 1
          )
          select coalesce(sum(n), 0)::int as events from per_action`,
    );
    // And off each actor's counter (migration 0021).
    await t.execute(
      sql`update audit_actor_counts c set events = c.events - d.n
          from (select actor_id, count(*) as n from ${partition}
                where actor_id is not null group by actor_id) d
          where c.actor_id = d.actor_id`,
    );
    await t.execute(sql`DROP TABLE ${partition}`);
    return counted.events;
  });
  return { partition: monthPartition(month), events, ms: performance.now() - started };
}
