/**
 * Seeds the configured database (DATA_DIR or DATABASE_URL) with the deterministic demo data, in
 * any size: `npm run seed -- --bookings 100000 --users 5000 --restaurants 200 --reviews 2000`.
 * Refuses a database that already holds data unless --reset is given, which empties it in the
 * seed's transaction: a --reset seed that fails before its commit leaves the previous data.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { demoAdmin, readConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import { errorChain } from '../server/src/lib/error-chain.js';
import { seed } from '../server/src/seed/seed.js';
import { seedIfEmpty } from '../server/src/seed/seed-if-empty.js';

const { values } = parseArgs({
  options: {
    users: { type: 'string' },
    restaurants: { type: 'string' },
    bookings: { type: 'string' },
    reviews: { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
});

const size = (name: keyof typeof values) => {
  const raw = values[name];
  if (raw === undefined || typeof raw === 'boolean') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--${name} must be a whole number of at least 1`);
  return n;
};

const config = readConfig();
// Checked before the database is opened: a refused size leaves it as it was, also with --reset.
const options = {
  ...demoAdmin(config),
  users: size('users'),
  restaurants: size('restaurants'),
  bookings: size('bookings'),
  reviews: size('reviews'),
};
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  const started = Date.now();
  // The emptying commits with the new rows: a seed that fails before its commit leaves the data.
  if (values.reset) await seed(database.db, options, { reset: true });
  else if (!(await seedIfEmpty(database.db, options))) {
    throw new Error('The database already holds data: add --reset to empty it and seed again.');
  }
  // Fresh planner statistics and visibility map, so that the first queries after a large load
  // already use index-only scans (autovacuum would get there, minutes later).
  await database.db.execute(sql`VACUUM ANALYZE`);
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  // The database's own words: Drizzle's error around them lists every value of the statement.
  const root = errorChain(error).at(-1);
  console.error(root?.code ? `seed: ${root.message}` : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
