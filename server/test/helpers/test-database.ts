/**
 * Test databases are clones of one migrated, seeded template made once per jest run
 * (global-setup.ts): a PGlite data-folder dump, or a PostgreSQL template database when
 * DATABASE_URL is set. Creating a fresh PGlite takes seconds; a clone takes about one.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseLimits } from '../../src/db/client.js';

export const TEMPLATE_DIR = path.resolve('.tmp/jest');
export const templateFile = () =>
  path.join(TEMPLATE_DIR, `pglite-template-${process.env.TEST_RUN_ID}.tar`);
export const templateDbName = () => `ma_test_${process.env.TEST_RUN_ID}_tmpl`;

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database holding the seeded template, closed and removed by `close`. On PostgreSQL
 * `url` names it, so a second server instance can open a pool of its own on it.
 */
export async function cloneTestDatabase(
  limits?: DatabaseLimits,
): Promise<Database & { url?: string }> {
  if (process.env.DATABASE_URL) {
    const name = `ma_test_${process.env.TEST_RUN_ID}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${templateDbName()}`);
    const url = withDatabase(process.env.DATABASE_URL, name);
    const database = await openDatabase({ databaseUrl: url }, limits);
    return {
      ...database,
      url,
      close: async () => {
        await database.close();
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const bytes = await fs.readFile(templateFile());
  return openDatabase({ memory: true, loadDataDir: new Blob([bytes]) }, limits);
}

/**
 * A new database with the schema and no rows, as a real deployment starts: on PostgreSQL its own
 * database (its `url`, for a child process), else a PGlite data folder (`dataDir`).
 */
export async function emptyTestDatabase(): Promise<{
  env: Record<string, string>;
  open(): Promise<Database>;
  remove(): Promise<void>;
}> {
  if (process.env.DATABASE_URL) {
    const name = `ma_test_${process.env.TEST_RUN_ID}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = withDatabase(process.env.DATABASE_URL, name);
    return {
      env: { DATABASE_URL: url },
      open: () => openDatabase({ databaseUrl: url }),
      remove: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ma-empty-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDatabase({ dataDir }),
    remove: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

/**
 * A copy of the seeded template for a server in a child process: a PGlite data folder, or a
 * PostgreSQL database cloned from the template (`env` points the server at it). `open` reads it
 * once the server has stopped (PGlite is one process at a time).
 */
export async function seededTestDatabase(): Promise<{
  env: Record<string, string>;
  open(): Promise<Database>;
  remove(): Promise<void>;
}> {
  if (process.env.DATABASE_URL) {
    const name = `ma_test_${process.env.TEST_RUN_ID}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${templateDbName()}`);
    const url = withDatabase(process.env.DATABASE_URL, name);
    return {
      env: { DATABASE_URL: url },
      open: () => openDatabase({ databaseUrl: url }),
      remove: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ma-seeded-'));
  // A PGlite that opens the folder with the template unpacks it there.
  const template = new Blob([await fs.readFile(templateFile())]);
  await (await PGlite.create({ dataDir, loadDataDir: template })).close();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDatabase({ dataDir }),
    remove: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}
