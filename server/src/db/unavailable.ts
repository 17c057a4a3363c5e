/**
 * A database that cannot answer now (connection lost or refused, the server restarting, a
 * statement past its timeout, no connection free in time) fails the request with a 503 the client
 * may retry, never a 500 and never the process.
 */
import { errorChain } from '../lib/error-chain.js';
import { HttpError } from '../lib/http-error.js';

export const DATABASE_UNAVAILABLE = 'The database is unavailable; try again in a few seconds';
/** Seconds a client is asked to wait before it retries (Retry-After). */
const RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = () =>
  new HttpError(503, DATABASE_UNAVAILABLE, { 'retry-after': String(RETRY_AFTER_SECONDS) });

/** No connection (PGlite: no turn on its one connection) within DB_POOL_WAIT_MS. */
export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
  constructor(waitedMs: number) {
    super(`no database connection was free within ${waitedMs} ms`);
  }
}

/**
 * SQLSTATE classes and codes of a database that is away or overloaded: connection exceptions
 * (08), operator intervention (57: shutdown, crash, cannot connect now; 57014 is a statement
 * cancelled by statement_timeout), insufficient resources (53: too many connections).
 */
const UNAVAILABLE_CODE = /^(08[0-9A-Z]{3}|57P0[1-4]|57014|53[0-9A-Z]{3})$/;
/** Socket errors while reaching the database. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres reports these without a code. */
const DRIVER_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Query read timeout|Connection ended/;

/**
 * The message of the error (or of its cause: drizzle wraps the driver's) that says the database
 * is away, or null when none does.
 */
export function databaseUnavailableReason(error: unknown): string | null {
  for (const e of errorChain(error)) {
    if (
      e.error instanceof DatabaseBusyError ||
      UNAVAILABLE_CODE.test(e.code) ||
      SOCKET_CODES.has(e.code) ||
      DRIVER_MESSAGES.test(e.message)
    ) {
      return e.message || e.code;
    }
    // AggregateError of a connection tried on every address of a host name.
    if (e.errors.some(databaseUnavailableReason)) return e.code || 'unreachable';
  }
  return null;
}
