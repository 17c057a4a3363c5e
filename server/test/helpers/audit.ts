/** Reading the audit trail in tests: its newest events, and the activity view over them. */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { auditEvents } from '../../src/db/schema.js';
import type { TestApp } from './test-app.js';

export const latestEvent = async (db: Db) =>
  (
    await db
      .select()
      .from(auditEvents)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(1)
  )[0];

export const eventsOf = (db: Db, action: string) =>
  db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .orderBy(auditEvents.createdAt);

/** The newest entry of the dashboard's Recent Activity, with the actor of its event. */
export async function latestActivity(t: TestApp) {
  const response = await t.as({ method: 'GET', url: '/api/v1/admin/activityLogs?limit=1' });
  const [entry] = response.json().data as { _id: string; title: string; description: string }[];
  const [event] = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.id, entry._id));
  return { ...entry, actorId: event.actorId };
}
