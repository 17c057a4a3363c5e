/** Uploaded images: stored (checked first, lib/images.ts) and read by id. */
import { createHash } from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { images } from '../db/schema.js';
import { checkImage, imageUrl } from '../lib/images.js';
import type { UploadedFile } from '../lib/multipart.js';

/**
 * The image, its bytes read as base64 text: PGlite hands a bytea column over byte by byte in the
 * server's thread (a 4.9 MB image: 0.7–0.8 s of a blocked event loop, 26–53 ms as base64).
 */
export async function imageById(db: Pick<Db, 'select'>, id: string) {
  const { bytes, ...columns } = getTableColumns(images);
  const [image] = await db
    .select({ ...columns, base64: sql<string>`encode(${bytes}, 'base64')` })
    .from(images)
    .where(eq(images.id, id));
  if (!image) return undefined;
  const { base64, ...rest } = image;
  return { ...rest, bytes: Buffer.from(base64, 'base64') };
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
