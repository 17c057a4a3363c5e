/**
 * Versions on the wire (RFC 9110): a record's version goes out as a strong `ETag: "<version>"`
 * (the same value as the `version` of its list row) and comes back in `If-Match` on a write.
 * Which writes take it is declared by the contract (the If-Match header parameter); the check
 * itself is `checkVersion` (queries/versions.ts), inside the write's transaction.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

/** What If-Match asked for: any existing version (`*`), or one of these. null: no If-Match. */
export type Precondition = '*' | number[] | null;

/**
 * The If-Match header read: `*`, or its strong entity tags as versions. A weak tag (`W/"3"`)
 * never matches under If-Match's strong comparison, so it is left out (the write is refused).
 */
export function ifMatchOf(req: FastifyRequest): Precondition {
  const raw = req.headers['if-match'];
  const value = (Array.isArray(raw) ? raw.join(',') : raw)?.trim();
  if (!value) return null;
  if (value === '*') return '*';
  const versions: number[] = [];
  for (const match of value.matchAll(/(W\/)?"(\d{1,10})"/g)) {
    if (!match[1]) versions.push(Number(match[2]));
  }
  return versions;
}

/** Whether a record at `version` (0: it does not exist) meets the precondition. */
export function matches(precondition: Exclude<Precondition, null>, version: number): boolean {
  return precondition === '*' ? version > 0 : precondition.includes(version);
}

/** The answer's ETag: the version of the record it carries. */
export function setETag(reply: FastifyReply, version: number): void {
  reply.header('etag', `"${version}"`);
}

/** The answer to an If-Match the contract's pattern refuses (400). */
export const IF_MATCH_MALFORMED =
  'If-Match must be the version you read in quotes, as its ETag gives it (If-Match: "7"), or *.';

export const IF_MATCH_REQUIRED =
  'This change needs the If-Match header with the version you read (If-Match: "<version>", the ETag or the version of the record), so that it cannot overwrite a change made since.';

/**
 * With REQUIRE_IF_MATCH=1, a versioned write without If-Match is refused (428, RFC 6585 §3)
 * before its body is read; it changes nothing.
 */
export async function ifMatchRequired(req: FastifyRequest): Promise<void> {
  if (req.server.config.requireIfMatch && !req.headers['if-match']) {
    throw new HttpError(428, IF_MATCH_REQUIRED);
  }
}
