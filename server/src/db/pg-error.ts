/** PostgreSQL's refusals that a handler answers as a 4xx rather than a 500. */
import { conflict } from '../lib/http-error.js';

/** unique_violation, on the error or on one it wraps (drivers and Drizzle wrap it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * The write's result; a unique violation becomes a 409 with `message`. A check before the write
 * names the conflict; this catches two requests that passed the check at the same time.
 */
export async function conflictOnDuplicate<T>(write: Promise<T>, message: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
}
