/**
 * Multipart bodies that the contract can validate. @fastify/multipart runs with
 * `attachFieldsToBody: 'keyValues'`: text fields become plain body values (repeated fields become
 * arrays), and each file is buffered in memory (at most MAX_IMAGES files of MAX_IMAGE_BYTES) and
 * kept beside the request, while its body value becomes its client filename, a string. So the
 * contract's `type: string, format: binary` file fields validate like any other field, and
 * handlers read the bytes with `uploadedFiles(req, field)` / `uploadedFile(req, field)`.
 *
 * An oversized file or too many files throw while parsing (FST_REQ_FILE_TOO_LARGE,
 * FST_FILES_LIMIT), before any handler runs, and the error handler answers 413.
 * Check the bytes themselves with `checkImage` / `storeImage` from ./images.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError } from './http-error.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 5;
/** What a multipart body may carry beside its files: text fields and every part's headers. */
const MULTIPART_FIELDS_BYTES = 1024 * 1024;

/** The largest multipart body of an operation whose form carries at most `files` files. */
export const multipartBodyLimit = (files: number) =>
  files * MAX_IMAGE_BYTES + MULTIPART_FIELDS_BYTES;

/**
 * onRequest: a multipart body longer than the operation allows is refused (413) before any of it
 * is read, and the connection is closed, so a client does not send hundreds of megabytes in vain.
 * (A body sent without a length, chunked, is stopped by the per-file and file-count limits.)
 */
export function multipartSizeGuard(files: number) {
  const limit = multipartBodyLimit(files);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) return;
    if (Number(req.headers['content-length'] ?? 0) <= limit) return;
    reply.header('connection', 'close');
    throw new HttpError(
      413,
      `The request is larger than this operation accepts (${Math.floor(limit / 1024 / 1024)} MB: ${files} file${files === 1 ? '' : 's'} of at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB and the form's fields)`,
    );
  };
}

export type UploadedFile = {
  field: string;
  /** The client's name for the file: for matching and messages only, never for storage. */
  filename: string;
  /** The Content-Type the client claimed: not trusted, images are checked by content. */
  declaredType: string;
  bytes: Buffer;
};

const uploads = new WeakMap<FastifyRequest, UploadedFile[]>();

async function onFile(this: FastifyRequest, part: MultipartFile) {
  const bytes = await part.toBuffer();
  const filename = part.filename ?? '';
  // A browser sends an empty, unnamed file part for a file input left empty: that is no file.
  if (bytes.length > 0 || filename !== '') {
    const list = uploads.get(this) ?? [];
    list.push({ field: part.fieldname, filename, declaredType: part.mimetype, bytes });
    uploads.set(this, list);
  }
  (part as MultipartFile & { value: string }).value = filename;
}

/** Options for `app.register(multipart, …)`. */
export const multipartOptions = {
  attachFieldsToBody: 'keyValues' as const,
  onFile,
  limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_IMAGES, fields: 100, fieldSize: 100_000 },
};

/** The files sent under `field`, in order (empty when none, or when the body was not multipart). */
export function uploadedFiles(req: FastifyRequest, field: string): UploadedFile[] {
  return (uploads.get(req) ?? []).filter((file) => file.field === field);
}

/** The first file sent under `field`, if any. */
export function uploadedFile(req: FastifyRequest, field: string): UploadedFile | undefined {
  return uploadedFiles(req, field)[0];
}
