/**
 * PostgreSQL can end a pooled connection while it is idle (a restart, an administrator, a
 * dropped database). The server must shrug that off and answer the next request.
 */
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { adminQuery } from './helpers/test-database.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test(`an idle connection ended by the server is replaced, not a crash (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
  const first = await t.as({ method: 'GET', url: '/api/v1/total/user' });
  expect(first.statusCode).toBe(200);
  if (t.database.kind === 'postgres') {
    const result = await t.database.db.execute<{ name: string }>(
      sql`select current_database() as name`,
    );
    const name = (result as unknown as { rows: { name: string }[] }).rows[0].name;
    await adminQuery(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`,
    );
    // Let the pool hear of the ended connections before the next request.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const again = await t.as({ method: 'GET', url: '/api/v1/total/user' });
  expect(again.statusCode).toBe(200);
});
