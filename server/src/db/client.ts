/**
 * One database module, two engines: PGlite in a data folder (default) or PostgreSQL when a
 * connection string is given. Both speak the same SQL and run the same migrations.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { acquireDataDirLock } from './data-dir-lock.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL only: connections of the pool, for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the data folder as a tarball, to clone a prepared database in tests. */
  dump?(): Promise<Blob>;
};

export type DatabaseOptions =
  { databaseUrl: string } | { dataDir: string } | { memory: true; loadDataDir?: Blob };

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that PostgreSQL ends (a restart, an administrator, a dropped database)
    // is an 'error' on the pool: without a listener it would crash the process. The pool
    // discards that connection and opens another on the next query.
    pool.on('error', (error) => {
      console.warn(`database: an idle connection was closed by the server (${error.message})`);
    });
    // bigint and numeric come back as strings from pg; drizzle's number modes convert them.
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    };
  }
  let release = async () => {};
  let client: PGlite;
  // Bookings search uses trigram indexes (migration 0002); PostgreSQL ships pg_trgm as contrib.
  const extensions: PGliteOptions['extensions'] = { pg_trgm };
  if ('dataDir' in options) {
    release = await acquireDataDirLock(options.dataDir);
    try {
      client = await PGlite.create({ dataDir: options.dataDir, extensions });
    } catch (error) {
      await release();
      throw error;
    }
  } else {
    client = await PGlite.create({
      extensions,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    dump: async () => (await client.dumpDataDir('none')) as Blob,
    close: async () => {
      await client.close();
      await release();
    },
  };
}
