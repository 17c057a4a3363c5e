/**
 * `npm run seed` (scripts/seed.ts), run as a person runs it, on an empty database of the
 * suite's engine: it seeds the sizes given; it refuses a database that already holds data and
 * says how to go on; --reset empties it and seeds the new sizes (not added to the old rows); a
 * size that is not a whole number of at least 1 is refused before anything is written; a --reset
 * seed that fails before its commit leaves the previous data as they were.
 */
import { count, sql } from 'drizzle-orm';
import { bookings, restaurants, reviews } from '../src/db/schema.js';
import type { Database } from '../src/db/client.js';
import { emptyTestDatabase } from './helpers/test-database.js';
import { runScript } from './helpers/server-process.js';

let empty: Awaited<ReturnType<typeof emptyTestDatabase>>;
beforeAll(async () => {
  empty = await emptyTestDatabase();
});
afterAll(() => empty.remove());

/** Runs `statements` on a connection of the test's own, closed after; the rows of the last. */
async function execute(...statements: string[]): Promise<unknown[]> {
  const database: Database = await empty.open();
  try {
    let rows: unknown[] = [];
    for (const statement of statements) {
      rows = ((await database.db.execute(sql.raw(statement))) as unknown as { rows: unknown[] })
        .rows;
    }
    return rows;
  } finally {
    await database.close();
  }
}

/** Runs the script to its end (PGlite's data folder takes one process at a time). */
const seedScript = (args: string[]) => runScript('seed.ts', args, empty.env);

/** The rows the sizes set, read on a connection of the test's own, closed after. */
async function sizes() {
  const database: Database = await empty.open();
  try {
    const n = async (table: typeof bookings | typeof restaurants | typeof reviews) =>
      (await database.db.select({ n: count() }).from(table))[0].n;
    return {
      bookings: await n(bookings),
      restaurants: await n(restaurants),
      reviews: await n(reviews),
    };
  } finally {
    await database.close();
  }
}

const small = ['--bookings', '40', '--users', '6', '--restaurants', '3', '--reviews', '5'];

test('seeds an empty database with the sizes given', async () => {
  const result = await seedScript(small);
  expect(result.output).toMatch(/Seeded in \d+\.\d s/);
  expect(result.code).toBe(0);
  expect(await sizes()).toEqual({ bookings: 40, restaurants: 3, reviews: 5 });
});

test('refuses a database that holds data, saying how to go on, and leaves it as it was', async () => {
  const result = await seedScript(['--bookings', '7']);
  expect(result.code).not.toBe(0);
  expect(result.output).toContain(
    'The database already holds data: add --reset to empty it and seed again.',
  );
  expect(await sizes()).toEqual({ bookings: 40, restaurants: 3, reviews: 5 });
});

test('--reset empties the database and seeds the new sizes', async () => {
  const result = await seedScript([
    '--reset',
    '--bookings',
    '25',
    '--users',
    '4',
    '--restaurants',
    '2',
    '--reviews',
    '3',
  ]);
  expect(result.output).toMatch(/Seeded in/);
  expect(result.code).toBe(0);
  expect(await sizes()).toEqual({ bookings: 25, restaurants: 2, reviews: 3 });
});

test.each(['0', '2.5'])('refuses --bookings %s before writing anything', async (raw) => {
  const result = await seedScript(['--reset', '--bookings', raw]);
  expect(result.code).not.toBe(0);
  expect(result.output).toContain('--bookings must be a whole number of at least 1');
  expect(await sizes()).toEqual({ bookings: 25, restaurants: 2, reviews: 3 });
});

test('a --reset seed that fails before its commit leaves the previous data as they were', async () => {
  // The row count of every table, in one statement.
  const counts = async () => {
    const tables = (await execute(
      `select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as { tablename: string }[];
    return execute(
      tables
        .map((t) => `select '${t.tablename}' as t, count(*) as n from "${t.tablename}"`)
        .join(' union all '),
    );
  };
  const before = await counts();
  // The seed's last insert fails (its rows are all written by then, the tables long emptied).
  await execute(
    `CREATE FUNCTION refuse_content() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION 'static contents refused by the test'; END $$`,
    `CREATE TRIGGER refuse_content BEFORE INSERT ON static_contents
     FOR EACH STATEMENT EXECUTE FUNCTION refuse_content()`,
  );
  try {
    const result = await seedScript(['--reset', ...small]);
    expect(result.output).toContain('seed: static contents refused by the test');
    expect(result.output).not.toContain('Failed query');
    expect(result.code).not.toBe(0);
  } finally {
    await execute('DROP TRIGGER refuse_content ON static_contents', 'DROP FUNCTION refuse_content');
  }
  expect(await counts()).toEqual(before);
  expect(await sizes()).toEqual({ bookings: 25, restaurants: 2, reviews: 3 });
});
