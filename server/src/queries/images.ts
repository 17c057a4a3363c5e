/** Uploaded images: stored (checked first, lib/images.ts) and read by id. */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { images } from '../db/schema.js';
import { checkImage, imageUrl } from '../lib/images.js';
import type { UploadedFile } from '../lib/multipart.js';

/**
 * The image, its bytes read as base64 text: PGlite hands a bytea column over byte by byte (a
 * 4.9 MB image: 0.7–0.8 s of its one connection, 26–53 ms as base64).
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

/** A transaction, so that an upload that fails midway leaves nothing. */
type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Checks and stores the image inside the caller's transaction, in one statement on both engines
 * (PGlite runs it in its own thread, db/pglite-thread.ts). Returns its id and public URL.
 */
export async function storeImage(
  tx: Transaction,
  file: Pick<UploadedFile, 'bytes' | 'filename'>,
): Promise<{ id: string; url: string }> {
  const contentType = checkImage(file);
  // Hashed in libuv's thread pool (Web Crypto), not in the server's thread.
  const sha256 = Buffer.from(
    await crypto.subtle.digest('SHA-256', file.bytes as Uint8Array<ArrayBuffer>),
  ).toString('hex');
  const [row] = await tx
    .insert(images)
    .values({ contentType, bytes: file.bytes, size: file.bytes.length, sha256 })
    .returning({ id: images.id });
  return { id: row.id, url: imageUrl(row.id) };
}
