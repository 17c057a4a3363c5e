/**
 * The demo data go into a database without users only. The generator (seed.ts, with faker) is
 * loaded only then: a start on a database that has data does not pay for it.
 */
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import type { SeedOptions } from './seed.js';

export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;
  const { seed } = await import('./seed.js');
  await seed(db, options);
  return true;
}
