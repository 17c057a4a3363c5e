/**
 * Sign-in throttling, per account and per client address, kept in the database so that every
 * server instance on it counts together. Each attempt is counted against both keys before its
 * password is checked, in one statement that also says whether either key is past its limit:
 * however many attempts arrive at once, on however many instances, at most the limit of them get
 * their password checked. A key that reaches its limit waits one window from the attempt that
 * reached it (429 with Retry-After), and the wait ends by itself. A right password takes its
 * attempt back: the account's count is cleared and the address's lowered by one, so the counts
 * are of failed (and refused) attempts.
 */
import type { Db } from '../db/client.js';
import type { LoginThrottleConfig } from '../config.js';
import { HttpError } from '../lib/http-error.js';
import {
  countAttemptRows,
  forgiveAttemptRows,
  type ThrottleKeys as Keys,
} from '../queries/login-throttle.js';

export const throttleKeys = (email: string, address: string): Keys => ({
  account: `account:${email}`,
  address: `address:${address}`,
});

/** "Try again in 15 minutes." from a number of seconds. */
export function tooManyAttempts(seconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new HttpError(
    429,
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { 'retry-after': String(Math.max(1, Math.ceil(seconds))) },
  );
}

/**
 * Counts the attempt against the account and the address (one statement), and throws the 429
 * when either is past its limit: then no password may be checked.
 */
export async function countAttempt(db: Db, keys: Keys, config: LoginThrottleConfig) {
  const rows = await countAttemptRows(db, keys, config);
  const limitOf = (key: string) =>
    key === keys.account ? config.accountMaxFailures : config.addressMaxFailures;
  const past = rows.filter((row) => Number(row.failures) > limitOf(row.key));
  if (past.length) {
    const seconds = Math.max(...past.map((row) => Number(row.seconds ?? config.windowMs / 1000)));
    throw tooManyAttempts(seconds);
  }
}

/** A right password: the account's count is cleared and the address's attempt taken back. */
export const forgiveAttempt = (db: Pick<Db, 'delete' | 'update'>, keys: Keys) =>
  forgiveAttemptRows(db, keys);
