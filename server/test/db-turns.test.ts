/**
 * The event loop runs while the database works, on both engines: PostgreSQL in its own process,
 * PGlite in a thread of its own (db/pglite-thread.ts). In the server's thread a queue of PGlite
 * statements (or one long statement) kept the event loop from reading requests, answering
 * /healthz or measuring its delay until the last one was done.
 */
import { sql } from 'drizzle-orm';
import { cloneTestDatabase } from './helpers/test-database.js';
import type { Database } from '../src/db/client.js';

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let database: Database;
beforeAll(async () => {
  database = await cloneTestDatabase();
});
afterAll(() => database.close());

/** Most of a second of work for the database. */
const longStatement = sql`select count(*) from generate_series(1, 2000000)`;

test(`a callback scheduled while statements wait for their turn runs before the last of them is done (${engine})`, async () => {
  const order: string[] = [];
  const statements = [sql`select 1`, sql`select 2`, longStatement].map((statement, n) =>
    database.db.execute(statement).then(() => order.push(`statement ${n + 1}`)),
  );
  setImmediate(() => order.push('event loop'));
  await Promise.all(statements);
  // Checked as soon as the last statement is done, before the event loop could run again.
  expect(order).toContain('event loop');
});

test(`inside a transaction, the event loop runs while its statements do (${engine})`, async () => {
  const order: string[] = [];
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    setImmediate(() => order.push('event loop'));
    await tx.execute(longStatement);
    order.push('statement 2');
  });
  expect(order).toEqual(['event loop', 'statement 2']);
});

test(`a statement that runs long does not hold the event loop while it runs (${engine})`, async () => {
  const order: string[] = [];
  // PGlite: in its own thread, db/pglite-thread.ts.
  const statement = database.db.execute(longStatement).then(() => order.push('statement'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  order.push('timer');
  await statement;
  expect(order).toEqual(['timer', 'statement']);
});
