/**
 * A start counts the bookings (from the kept figures) and, on PGlite, says when the database holds
 * more than the embedded engine serves within the lists' goals, and says how to create the first
 * administrator when none can sign in (main.ts logs these warnings).
 */
import { sql } from 'drizzle-orm';
import { PGLITE_COMFORT_BOOKINGS, prepareDatabase, startWarnings } from '../src/first-start.js';
import { HOW_TO_CREATE_ADMIN } from '../src/auth/administrators.js';
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

describe('what a start warns of once it serves', () => {
  const start = { seeded: false, hasAdministrator: true, bookings: PGLITE_COMFORT_BOOKINGS };
  const tooLarge =
    `This embedded database (PGlite) holds ${(PGLITE_COMFORT_BOOKINGS + 1).toLocaleString('en-US')} bookings, ` +
    `more than the ${PGLITE_COMFORT_BOOKINGS.toLocaleString('en-US')} it serves within the lists' speed goals, ` +
    'so lists and searches will be slower: run it on PostgreSQL (DATABASE_URL, docs/deploying.md).';

  test('past the measured comfort of PGlite a start says to use PostgreSQL, not before', () => {
    expect(startWarnings(start, true)).toEqual([]);
    expect(startWarnings({ ...start, bookings: PGLITE_COMFORT_BOOKINGS + 1 }, true)).toEqual([
      tooLarge,
    ]);
  });

  test('on PostgreSQL no size is too large', () => {
    expect(startWarnings({ ...start, bookings: PGLITE_COMFORT_BOOKINGS * 100 }, false)).toEqual([]);
  });

  test('without an administrator who can sign in, a start says how to create one', () => {
    expect(startWarnings({ ...start, hasAdministrator: false }, false)).toEqual([
      HOW_TO_CREATE_ADMIN,
    ]);
    expect(
      startWarnings(
        { ...start, hasAdministrator: false, bookings: PGLITE_COMFORT_BOOKINGS + 1 },
        true,
      ),
    ).toEqual([HOW_TO_CREATE_ADMIN, tooLarge]);
  });
});
