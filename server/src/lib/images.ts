/**
 * Uploaded images: checked by their bytes (PNG, JPEG, WebP magic numbers, never the client's
 * name or declared type), at most MAX_IMAGE_BYTES, stored in the images table under a
 * server-chosen uuid (queries/images.ts storeImage), and served by getImage at
 * `/api/v1/images/{id}`. Check every file of a request with `checkImage` before writing
 * anything, then store it inside the same transaction as the row that points at it.
 */
import { imageSize } from 'image-size';
import { HttpError } from './http-error.js';
import { MAX_IMAGE_BYTES, type UploadedFile } from './multipart.js';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The image type the bytes really are, or undefined. */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return 'image/webp';
  }
  return undefined;
}

/**
 * Every browser that shows an image decodes all of it: a few compressed megabytes can be
 * gigabytes of pixels. Dimensions are read from the header, without decoding.
 */
const MAX_IMAGE_SIDE = 6000;
const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * The file's real type; 413 when too large, 415 when it is not a PNG, JPEG or WebP image, 400
 * when its header gives no dimensions or too many pixels.
 */
export function checkImage(file: Pick<UploadedFile, 'bytes' | 'filename'>): ImageType {
  const label = file.filename ? `"${file.filename}"` : 'The file';
  if (file.bytes.length > MAX_IMAGE_BYTES) {
    throw new HttpError(413, `${label} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  }
  const type = sniffImageType(file.bytes);
  if (!type) throw new HttpError(415, `${label} is not an image: upload a PNG, JPEG or WebP file`);
  let width = 0;
  let height = 0;
  try {
    ({ width, height } = imageSize(file.bytes));
  } catch {
    // A header that cannot be read: the image is damaged.
  }
  if (!(width > 0 && height > 0)) {
    throw new HttpError(400, `${label} is damaged: its size cannot be read`);
  }
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new HttpError(
      400,
      `${label} is ${width} × ${height} pixels; images may be at most ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
    );
  }
  return type;
}

export const imageUrl = (id: string) => `/api/v1/images/${id}`;
