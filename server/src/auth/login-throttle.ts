/**
 * Sign-in throttling, per account and per client address, kept in the database so that every
 * server instance on it counts together. Each failed sign-in adds one to both keys' counts
 * within a window; a key that reaches its limit waits one window from its last failure (429 with
 * Retry-After, checked before any password is hashed), and the wait ends by itself. A successful
 * sign-in clears the account's count.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginThrottle } from '../db/schema.js';
import type { LoginThrottleConfig } from '../config.js';
import { HttpError } from '../lib/http-error.js';

type Keys = { account: string; address: string };

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

/** Throws the 429 when either key is still waiting. */
export async function assertNotThrottled(db: Db, keys: Keys): Promise<void> {
  const [row] = await db
    .select({
      seconds: sql<number>`extract(epoch from max(${loginThrottle.blockedUntil}) - now())::float8`,
    })
    .from(loginThrottle)
    .where(
      and(
        inArray(loginThrottle.key, [keys.account, keys.address]),
        gt(loginThrottle.blockedUntil, sql`now()`),
      ),
    );
  const seconds = Number(row?.seconds ?? 0);
  if (seconds > 0) throw tooManyAttempts(seconds);
}

/** Counts one failed sign-in against the account and the address (one statement each). */
export async function recordFailure(db: Db, keys: Keys, config: LoginThrottleConfig) {
  const window = sql`(${config.windowMs}::float8 * interval '1 millisecond')`;
  const expired = sql`${loginThrottle.windowStart} <= now() - ${window}`;
  const failures = sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`;
  for (const [key, max] of [
    [keys.account, config.accountMaxFailures],
    [keys.address, config.addressMaxFailures],
  ] as const) {
    await db
      .insert(loginThrottle)
      .values({
        key,
        failures: 1,
        blockedUntil: max <= 1 ? sql`now() + ${window}` : null,
      })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures,
          windowStart: sql`case when ${expired} then now() else ${loginThrottle.windowStart} end`,
          blockedUntil: sql`case when ${failures} >= ${max} then now() + ${window} else ${loginThrottle.blockedUntil} end`,
        },
      });
  }
}

/** A successful sign-in clears the account's count (not the address's). */
export async function clearAccount(db: Db, keys: Keys) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.account));
}
