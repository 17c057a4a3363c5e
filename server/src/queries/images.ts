/** Uploaded images: stored (checked first, lib/images.ts) and read by id. */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { images } from '../db/schema.js';
import { checkImage, imageUrl } from '../lib/images.js';
import type { UploadedFile } from '../lib/multipart.js';

export async function imageById(db: Pick<Db, 'select'>, id: string) {
  const [image] = await db.select().from(images).where(eq(images.id, id));
  return image as typeof images.$inferSelect | undefined;
}

/** Checks and stores the image; returns its id and public URL. */
export async function storeImage(
  db: Pick<Db, 'insert'>,
  file: Pick<UploadedFile, 'bytes' | 'filename'>,
): Promise<{ id: string; url: string }> {
  const contentType = checkImage(file);
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const [row] = await db
    .insert(images)
    .values({ contentType, bytes: file.bytes, size: file.bytes.length, sha256 })
    .returning({ id: images.id });
  return { id: row.id, url: imageUrl(row.id) };
}
