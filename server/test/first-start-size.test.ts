/**
 * A start counts the bookings (from the kept figures) and, on PGlite, says when the database holds
 * more than the embedded engine serves within the lists' goals (main.ts logs the warning).
 */
import { sql } from 'drizzle-orm';
import {
  embeddedSizeWarning,
  PGLITE_COMFORT_BOOKINGS,
  prepareDatabase,
} from '../src/first-start.js';
import { cloneTestDatabase } from './helpers/test-database.js';
import type { Database } from '../src/db/client.js';

let database: Database;
beforeAll(async () => {
  database = await cloneTestDatabase();
});
afterAll(() => database.close());

test('a start counts the bookings the database holds', async () => {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from bookings`,
  )) as unknown as {
    rows: { n: number }[];
  };
  const first = await prepareDatabase(database.db, { seedDemo: false });
  expect(first.bookings).toBe(result.rows[0].n);
  expect(first.bookings).toBeGreaterThan(0);
});

test('past the measured comfort of PGlite a start says to use PostgreSQL, not before', () => {
  expect(embeddedSizeWarning(PGLITE_COMFORT_BOOKINGS)).toBeUndefined();
  expect(embeddedSizeWarning(PGLITE_COMFORT_BOOKINGS + 1)).toBe(
    `This embedded database (PGlite) holds ${(PGLITE_COMFORT_BOOKINGS + 1).toLocaleString('en-US')} bookings, ` +
      `more than the ${PGLITE_COMFORT_BOOKINGS.toLocaleString('en-US')} it serves within the lists' speed goals, ` +
      'so lists and searches will be slower: run it on PostgreSQL (DATABASE_URL, docs/deploying.md).',
  );
});
