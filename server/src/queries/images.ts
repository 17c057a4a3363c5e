/** Uploaded images: stored (checked first, lib/images.ts) and read by id. */
import { createHash } from 'node:crypto';
import { eq, getTableColumns, is, sql } from 'drizzle-orm';
import { PgliteTransaction } from 'drizzle-orm/pglite';
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

/** A transaction: on PGlite an image's bytes are written in several statements, all or none. */
type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Bytes written per statement on PGlite, which runs each statement in the server's thread (and
 * lets the event loop run between two, db/client.ts). A 4.9 MB image written in one statement
 * held the thread for 163 ms (median of 6, PGlite, load average 14 on 2 cores); appended 1 MiB
 * at a time, its longest statement took 90 ms (512 KiB: 94 ms, 256 KiB: 165 ms: each append
 * rewrites the bytes so far, so smaller chunks only add statements). On PostgreSQL a statement
 * waits on the network, not in this thread: an image is one statement there (appending would
 * cost 76 instead of 56 ms per 4.9 MB image, measured the same way).
 */
export const IMAGE_WRITE_CHUNK_BYTES = 1024 * 1024;

/**
 * Checks and stores the image inside the caller's transaction (so that an upload that fails
 * midway leaves nothing); on PGlite the row with the first chunk of its bytes, then the rest
 * appended chunk by chunk. Returns its id and public URL.
 */
export async function storeImage(
  tx: Transaction,
  file: Pick<UploadedFile, 'bytes' | 'filename'>,
): Promise<{ id: string; url: string }> {
  const contentType = checkImage(file);
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const size = is(tx, PgliteTransaction) ? IMAGE_WRITE_CHUNK_BYTES : file.bytes.length;
  const chunk = (offset: number) => file.bytes.subarray(offset, offset + size);
  const [row] = await tx
    .insert(images)
    .values({ contentType, bytes: chunk(0), size: file.bytes.length, sha256 })
    .returning({ id: images.id });
  for (let offset = size; offset < file.bytes.length; offset += size) {
    await tx
      .update(images)
      // The column's own encoding (db/schema.ts: base64 text the database decodes).
      .set({ bytes: sql`${images.bytes} || ${sql.param(chunk(offset), images.bytes)}` })
      .where(eq(images.id, row.id));
  }
  return { id: row.id, url: imageUrl(row.id) };
}
