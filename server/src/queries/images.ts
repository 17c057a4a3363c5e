/** Uploaded images, read by id (they are written by lib/images storeImage with their row). */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { images } from '../db/schema.js';

export async function imageById(db: Pick<Db, 'select'>, id: string) {
  const [image] = await db.select().from(images).where(eq(images.id, id));
  return image as typeof images.$inferSelect | undefined;
}
