/**
 * One database module, two engines: PGlite in a data folder (default) or PostgreSQL when a
 * connection string is given. Both speak the same SQL and run the same migrations.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { PgliteThread } from './pglite-thread.js';
import { notificationConnection, type NotificationListener } from './notifications.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The node-postgres pool under `db` on PostgreSQL; undefined on PGlite. */
export function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Reaches the database (PostgreSQL: retrying for `connectTimeoutMs`, one `log` line per failed
   * attempt) and applies the migrations; once, however often it is called.
   */
  ready(log?: (line: string) => void): Promise<void>;
  /**
   * Whether the database answers now, on a path of its own that never waits behind requests
   * (PostgreSQL: a separate connection; PGlite lives in this process: open and not closing).
   */
  ping(): Promise<boolean>;
  /** PostgreSQL only: connections of the pool, for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the data folder as a tarball, to clone a prepared database in tests. */
  dump?(): Promise<Blob>;
  /**
   * Receives the NOTIFYs of `channel` (PostgreSQL: on one dedicated connection of this instance,
   * opened again when lost; PGlite: in process), until the returned function is called.
   */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  /**
   * PGlite only: a consistent copy for a backup, the data folder as a gzipped tarball taken
   * after a CHECKPOINT and between two statements (what a transaction has not committed is
   * rolled back when the copy is opened, as after a crash).
   */
  backup?(): Promise<Blob>;
};

export type DatabaseOptions =
  { databaseUrl: string } | { dataDir: string } | { memory: true; loadDataDir?: Blob };

/** Bounds on waiting for the database; 0 is no bound (scripts, the seed, tests by default). */
export type DatabaseLimits = {
  /** a statement running longer is cancelled (PostgreSQL's statement_timeout) */
  statementTimeoutMs: number;
  /** a request waiting longer for a connection (PGlite: for its one connection) gets none */
  poolWaitMs: number;
  /** PostgreSQL unreachable at start: how long to keep trying before giving up */
  connectTimeoutMs: number;
};

const NO_LIMITS: DatabaseLimits = { statementTimeoutMs: 0, poolWaitMs: 0, connectTimeoutMs: 0 };

/** Readiness waits this long for the database's answer. */
const PING_TIMEOUT_MS = 1000;

/** The database could not be reached at start within DB_CONNECT_TIMEOUT_SECONDS. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);

/** A database ready to use: created, reached and migrated. */
export async function openDatabase(
  options: DatabaseOptions,
  limits: DatabaseLimits = NO_LIMITS,
): Promise<Database> {
  const database = await createDatabase(options, limits);
  try {
    await database.ready();
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

/**
 * The database's handle before it is reached: the server listens (readiness 503) while `ready`
 * waits for a PostgreSQL that is not up yet. PGlite opens its folder here (it may be locked).
 */
export async function createDatabase(
  options: DatabaseOptions,
  limits: DatabaseLimits = NO_LIMITS,
): Promise<Database> {
  if ('databaseUrl' in options) return createPostgres(options.databaseUrl, limits);
  return createPglite(options, limits);
}

/** The promise of the first call, for every call. */
function once(run: (log?: (line: string) => void) => Promise<void>) {
  let started: Promise<void> | undefined;
  return (log?: (line: string) => void) => (started ??= run(log));
}

function createPostgres(databaseUrl: string, limits: DatabaseLimits): Database {
  const { statementTimeoutMs, poolWaitMs } = limits;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // No JIT compilation: the lists' statements are estimated above jit_above_cost at ten million
    // bookings (a fallback branch they rarely run), and compiling them took 0.9-1.4 s where
    // running them took 30 ms (docs/scale.md). Options in DATABASE_URL replace this one.
    options: '-c jit=off',
    ...(statementTimeoutMs > 0
      ? {
          statement_timeout: statementTimeoutMs,
          // A database that is frozen (not down) never cancels anything: the driver gives up a
          // second after the statement timeout.
          query_timeout: statementTimeoutMs + 1000,
        }
      : {}),
    ...(poolWaitMs > 0 ? { connectionTimeoutMillis: poolWaitMs } : {}),
  });
  listenForErrors(pool);
  // Readiness asks on a connection of its own, so that it never waits behind a busy pool.
  const probe = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    connectionTimeoutMillis: PING_TIMEOUT_MS,
    statement_timeout: PING_TIMEOUT_MS,
    query_timeout: PING_TIMEOUT_MS,
  });
  listenForErrors(probe);
  const notifications = notificationConnection(databaseUrl);
  // bigint and numeric come back as strings from pg; drizzle's number modes convert them.
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  db.transaction = transactionsOnOwnClient(pool);
  return {
    db,
    kind: 'postgres',
    ready: once(async (log) => {
      await connectWithRetry(pool, databaseUrl, limits, log);
      await migratePg(db as never, { migrationsFolder });
    }),
    ping: () =>
      probe.query('select 1').then(
        () => true,
        () => false,
      ),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    listen: notifications.listen,
    close: async () => {
      await Promise.all([pool.end(), probe.end(), notifications.close()]);
    },
  };
}

/**
 * Transactions on PostgreSQL, each on one client of the pool, which always goes back to it.
 *
 * drizzle's node-postgres `transaction()` takes a client from the pool and sends BEGIN before
 * its `try`: a BEGIN that fails (the connection lost, no answer within the statement timeout)
 * never gives the client back, and ten of them leave the pool empty for good (every request
 * then waits DB_POOL_WAIT_MS and gets 503, also once the database is back). Here drizzle's
 * transaction runs on a client taken and given back here; a client whose transaction may not
 * have ended (its BEGIN failed, or it is not idle afterwards) is closed instead of reused.
 */
function transactionsOnOwnClient(pool: pg.Pool): Db['transaction'] {
  return async (run, config) => {
    const client = await pool.connect();
    let begun = false;
    const lost = failFastOnceLost(client);
    try {
      const own = drizzlePg({ client, schema }) as unknown as Db;
      return await own.transaction((tx) => {
        begun = true;
        return run(tx);
      }, config);
    } finally {
      const idle = begun && !lost.error() && client.getTransactionStatus() === 'I';
      lost.restore();
      client.release(idle ? undefined : new Error('a transaction left its connection unsettled'));
    }
  };
}

/**
 * Once a statement of the transaction fails in the driver rather than in the database (no
 * answer within query_timeout from a frozen server, a connection that ended), nothing more is
 * sent on that connection: drizzle's ROLLBACK would wait for its own timeout on a connection
 * that will not answer, doubling the time the request waits. The connection is closed instead
 * (`release` with an error), which ends the transaction on the server side.
 */
function failFastOnceLost(client: pg.PoolClient) {
  const query = client.query;
  let lost: unknown;
  client.query = ((...args: unknown[]) => {
    if (lost) return Promise.reject(lost);
    const result = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      // A database error carries its SQLSTATE; the connection it came on is still sound.
      if (!/^[0-9A-Z]{5}$/.test(String((error as { code?: unknown })?.code ?? ''))) lost = error;
      throw error;
    });
  }) as typeof client.query;
  return {
    error: () => lost,
    restore: () => {
      client.query = query;
    },
  };
}

/**
 * A connection that PostgreSQL ends (a restart, a failover, an administrator) is an 'error' on its
 * client, also while the client is checked out between two statements of a transaction; without a
 * listener it would end the process. The statement in progress fails (503), the pool discards
 * the connection and opens another for the next request.
 */
function listenForErrors(pool: pg.Pool) {
  pool.on('error', (error) => {
    console.warn(`database: an idle connection was closed (${error.message})`);
  });
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      console.warn(`database: a connection in use was closed (${error.message})`);
    });
  });
}

/** First contact with backoff (0.25 s doubling up to 5 s), one line per failed attempt. */
async function connectWithRetry(
  pool: pg.Pool,
  databaseUrl: string,
  limits: DatabaseLimits,
  log?: (line: string) => void,
) {
  const started = Date.now();
  const target = describeTarget(databaseUrl);
  for (let attempt = 1, delayMs = 250; ; attempt += 1, delayMs = Math.min(delayMs * 2, 5000)) {
    try {
      await pool.query('select 1');
      return;
    } catch (error) {
      const elapsedMs = Date.now() - started;
      const reason = error instanceof Error ? error.message || error.name : String(error);
      if (elapsedMs + delayMs > limits.connectTimeoutMs) {
        if (limits.connectTimeoutMs === 0) throw error;
        throw new DatabaseUnreachableError(
          `PostgreSQL at ${target} did not answer: tried ${attempt} times over ${Math.round(elapsedMs / 1000)} s (DB_CONNECT_TIMEOUT_SECONDS=${limits.connectTimeoutMs / 1000}); last error: ${reason}`,
        );
      }
      log?.(
        `database: PostgreSQL at ${target} did not answer (attempt ${attempt}: ${reason}); trying again in ${delayMs / 1000} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

/** host:port/database of a connection string, never its password. */
function describeTarget(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

async function createPglite(
  options: Exclude<DatabaseOptions, { databaseUrl: string }>,
  limits: DatabaseLimits,
): Promise<Database> {
  let release = async () => {};
  let client: PgliteThread;
  if ('dataDir' in options) {
    release = await acquireDataDirLock(options.dataDir);
    try {
      client = await PgliteThread.start({ dataDir: options.dataDir }, limits.poolWaitMs);
    } catch (error) {
      await release();
      throw error;
    }
  } else {
    client = await PgliteThread.start({ loadDataDir: options.loadDataDir }, limits.poolWaitMs);
  }
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  let closing = false;
  return {
    db,
    kind: 'pglite',
    ready: once(() => migratePglite(db as never, { migrationsFolder })),
    ping: async () => !closing && client.ready,
    dump: () => client.dumpDataDir('none'),
    listen: async (channel, listener) => {
      const stop = await client.listen(channel, (payload) => listener.notice(payload));
      listener.listening();
      return async () => {
        if (!closing) await stop();
      };
    },
    backup: async () => {
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    close: async () => {
      closing = true;
      await client.close();
      await release();
    },
  };
}
