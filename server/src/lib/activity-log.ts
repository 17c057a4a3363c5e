/** Entries of the dashboard's Recent Activity, written when an admin acts. */
import type { Db } from '../db/client.js';
import { activityLogs } from '../db/schema.js';

export async function logActivity(
  db: Pick<Db, 'insert'>,
  entry: { title: string; description: string; actorId?: string | null },
): Promise<void> {
  await db.insert(activityLogs).values({ ...entry, actorId: entry.actorId ?? null });
}
