/**
 * Prepared statements. `queryPrepared`: a statement sent as a named prepared statement on
 * PostgreSQL (node-postgres prepares it once per connection and then sends only its name and
 * values, and the server may keep its plan), as an ordinary query on PGlite (in process: nothing to
 * save on the way). The name is a hash of the statement's text, so each distinct text (each
 * combination of filters) is its own statement.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { poolOf, type Db } from './client.js';

const dialect = new PgDialect();

export async function queryPrepared<R>(db: Db, statement: SQL): Promise<R[]> {
  const client = poolOf(db);
  if (client) {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    const name = `q${createHash('sha1').update(text).digest('base64url')}`;
    return (await client.query<R & pg.QueryResultRow>({ name, text, values: params })).rows;
  }
  return ((await db.execute(statement)) as unknown as { rows: R[] }).rows;
}

/**
 * A drizzle prepared query built once per database (its SQL text is made at the first call, not
 * at every request): `const q = onePerDatabase((db) => db.select(…).prepare('name'))`, then
 * `q(db).execute({ … })`. For statements every request of a kind runs (the session check, the
 * dashboard's counts).
 */
export function onePerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
