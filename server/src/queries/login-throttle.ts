/**
 * Sign-in throttling's SQL (the rules are auth/login-throttle.ts): one statement counts an
 * attempt against both keys and returns where each stands; a right password takes it back.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginThrottle } from '../db/schema.js';
import type { LoginThrottleConfig } from '../config.js';

export type ThrottleKeys = { account: string; address: string };

type CountedRow = { key: string; failures: number; seconds: number | null };

/**
 * Counts the attempt against the account and the address in one statement: a key whose window
 * is over starts again at 1; a key reaching its limit waits one window from now. Returns each
 * key's failures and the seconds left of its wait (null: none).
 */
export async function countAttemptRows(
  db: Pick<Db, 'execute'>,
  keys: ThrottleKeys,
  config: LoginThrottleConfig,
): Promise<CountedRow[]> {
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
  return (result as unknown as { rows: CountedRow[] }).rows;
}

/** Clears the account's count and lowers the address's by one. */
export async function forgiveAttemptRows(db: Pick<Db, 'delete' | 'update'>, keys: ThrottleKeys) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.account));
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, keys.address));
}
