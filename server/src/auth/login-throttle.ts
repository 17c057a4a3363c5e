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
import { eq, sql } from 'drizzle-orm';
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

type CountedRow = { key: string; failures: number; seconds: number | null };

/**
 * Counts the attempt against the account and the address (one statement), and throws the 429
 * when either is past its limit: then no password may be checked.
 */
export async function countAttempt(db: Db, keys: Keys, config: LoginThrottleConfig) {
  const window = sql`(${config.windowMs}::float8 * interval '1 millisecond')`;
  const t = sql.raw('t');
  // A window is over once it is older than the window and no wait is running.
  const expired = sql`(${t}.window_start <= now() - ${window} and (${t}.blocked_until is null or ${t}.blocked_until <= now()))`;
  const counted = sql`case when ${expired} then 1 else ${t}.failures + 1 end`;
  const max = sql`case when excluded.key = ${keys.account} then ${config.accountMaxFailures}::int else ${config.addressMaxFailures}::int end`;
  const firstWait = (limit: number) => sql`case when ${limit}::int <= 1 then now() + ${window} end`;
  const result = await db.execute(sql`
    insert into login_throttle as ${t} (key, failures, window_start, blocked_until)
    values (${keys.account}, 1, now(), ${firstWait(config.accountMaxFailures)}),
           (${keys.address}, 1, now(), ${firstWait(config.addressMaxFailures)})
    on conflict (key) do update set
      failures = ${counted},
      window_start = case when ${expired} then now() else ${t}.window_start end,
      blocked_until = case
        when ${t}.blocked_until > now() then ${t}.blocked_until
        when ${counted} >= ${max} then now() + ${window}
      end
    returning key, failures, extract(epoch from blocked_until - now())::float8 as seconds`);
  const rows = (result as unknown as { rows: CountedRow[] }).rows;
  const limitOf = (key: string) =>
    key === keys.account ? config.accountMaxFailures : config.addressMaxFailures;
  const past = rows.filter((row) => Number(row.failures) > limitOf(row.key));
  if (past.length) {
    const seconds = Math.max(...past.map((row) => Number(row.seconds ?? config.windowMs / 1000)));
    throw tooManyAttempts(seconds);
  }
}

/** A right password: the account's count is cleared and the address's attempt taken back. */
export async function forgiveAttempt(db: Db, keys: Keys) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.account));
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, keys.address));
}
