/**
 * What the contract's validation cannot refuse by itself, refused with a 4xx before a handler
 * runs: a content type the operation does not declare (415, checked before the body is read), a
 * multipart body without a boundary (400), a required body that is missing or null (400), and a
 * NUL character in any parameter or body string (400 naming the field; PostgreSQL cannot store
 * it). Database errors that come from the input are turned into 400s by `inputErrorOf`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorChain } from './error-chain.js';
import { HttpError, badRequest } from './http-error.js';

/** `files`: how many files the operation's multipart form may carry (from the contract). */
export type BodyRule = { types: string[]; required: boolean; files?: number };

const hasBody = (req: FastifyRequest) =>
  Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** onRequest: the body's content type must be one the operation declares. */
export function contentTypeGuard({ types }: BodyRule) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    // Fastify never reads the body of a GET or HEAD.
    if (req.method === 'GET' || req.method === 'HEAD') return;
    const header = req.headers['content-type'];
    if (!hasBody(req) && !header) return;
    if (!hasBody(req) && types.length === 0) return;
    const essence = (header ?? '').split(';')[0].trim().toLowerCase();
    if (types.length === 0) throw new HttpError(415, 'This operation takes no request body');
    if (!types.includes(essence)) {
      throw new HttpError(
        415,
        `Content type "${essence || 'none'}" is not accepted here; send ${types.join(' or ')}`,
      );
    }
    if (essence === 'multipart/form-data' && !/;\s*boundary=[^;\s]+/i.test(header ?? '')) {
      throw badRequest('A multipart/form-data body needs a boundary in its Content-Type');
    }
  };
}

/** preValidation: a required body must be there (validation skips a missing or null body). */
export function requiredBodyGuard({ required }: BodyRule) {
  return async (req: FastifyRequest) => {
    if (required && (req.body === undefined || req.body === null)) {
      throw badRequest('Invalid request: a request body is required');
    }
  };
}

/** The first place in a value holding a NUL character, as a field path, or null. */
function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const field = Array.isArray(value) ? `${path}[${key}]` : `${path}/${key}`;
    if (key.includes('\u0000')) return field;
    const found = nulPath(item, field, depth + 1);
    if (found) return found;
  }
  return null;
}

/** preValidation (every route): no NUL character anywhere in the parameters or the body. */
export async function nulGuard(req: FastifyRequest) {
  const field =
    nulPath(req.params, 'params') ?? nulPath(req.query, 'querystring') ?? nulPath(req.body, 'body');
  if (field) {
    throw badRequest(`Invalid request: ${field} must not contain the NUL character (U+0000)`);
  }
}

/** An error of the multipart parser (busboy) on a malformed body, which carries no status. */
export function isMalformedMultipart(error: { statusCode?: number; stack?: string }): boolean {
  return !error.statusCode && /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '');
}

/** PostgreSQL errors caused by the values sent, by SQLSTATE: a sentence for the 400. */
const INPUT_ERRORS: Record<string, string> = {
  '22003': 'a number is out of range',
  '22001': 'a value is too long',
  '22P02': 'a value is not valid for its field',
  '22007': 'a date or time is not valid',
  '22008': 'a date or time is out of range',
  '22021': 'a value contains a character that cannot be stored',
  '22P05': 'a value contains a character that cannot be stored',
  '2201W': 'the page size is not valid',
  '2201X': 'the page offset is not valid',
  '54000': 'a value is too long',
};

/** The 400 for a database error that comes from the input (class 22 or 54000), else null. */
export function inputErrorOf(error: unknown): HttpError | null {
  for (const { code } of errorChain(error)) {
    if (/^22[0-9A-Z]{3}$/.test(code) || code === '54000') {
      return badRequest(`Invalid request: ${INPUT_ERRORS[code] ?? 'a value is not valid'}`);
    }
  }
  return null;
}
