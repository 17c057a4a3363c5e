/** PostgreSQL's refusals that a handler answers as a 4xx rather than a 500. */
import { errorChain } from '../lib/error-chain.js';
import { conflict } from '../lib/http-error.js';

/** unique_violation, on the error or on one it wraps (drivers and Drizzle wrap it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  return errorChain(error).some(({ code }) => code === '23505');
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
