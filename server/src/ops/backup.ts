/**
 * `npm run backup -- --out FILE` and `npm run restore -- --in FILE [--force]` for both engines
 * (docs/deploying.md, "Backups"):
 *
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` of the schema and the data, and
 *   `pg_restore` of it in one transaction; restoring over a database that holds tables is
 *   refused unless `--force` (then what is there is dropped first). The password of the URL is
 *   given to the tools in their environment, never on their command line.
 * - PGlite (DATA_DIR): a consistent copy through the database itself (`Database.backup`), never
 *   a file copy of a live folder. While a server holds the folder the copy is asked of it over
 *   its local channel (ops/backup-channel.ts); with no server running the command opens the
 *   folder itself. A restore needs the folder free (no server running) and refuses a folder
 *   holding a database unless `--force`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { createDatabase } from '../db/client.js';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.js';
import { requestBackup } from './backup-channel.js';

const run = promisify(execFile);

/** A backup or restore that cannot be done as asked; the message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export type BackupTarget = { databaseUrl: string } | { dataDir: string };

/** A backup holds password hashes and sessions: readable by its owner only. */
const BACKUP_FILE_MODE = 0o600;

/** pg_dump's custom format and gzip (a PGlite copy) by their first bytes. */
const PG_DUMP_MAGIC = Buffer.from('PGDMP');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** The URL without its password, and the environment that gives the password to the tools. */
function connection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    url: url.toString(),
    where: `${url.hostname}:${url.port || 5432}${url.pathname}`,
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a PostgreSQL tool; a failure is a BackupError with the tool's own words. */
async function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === 'ENOENT') {
      throw new BackupError(
        `${tool} was not found: install the PostgreSQL client tools (the same major version as the server or newer)`,
      );
    }
    throw new BackupError(`${tool} failed: ${(stderr ?? String(error)).trim()}`);
  }
}

const hasDatabase = (dataDir: string) =>
  fs.stat(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );

/** Writes a backup of the target to `out`; returns the sentence to print. */
export async function backupDatabase(target: BackupTarget, out: string): Promise<string> {
  if ('databaseUrl' in target) {
    const { url, where, env } = connection(target.databaseUrl);
    await runTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', '--file', out, '--dbname', url],
      env,
    );
    await fs.chmod(out, BACKUP_FILE_MODE);
    return `Backed up PostgreSQL at ${where} to ${out} (pg_dump custom format)`;
  }
  const { dataDir } = target;
  if (!(await hasDatabase(dataDir))) throw new BackupError(`${dataDir} holds no database`);
  let copy: Buffer;
  let how: string;
  try {
    const database = await createDatabase({ dataDir });
    try {
      copy = Buffer.from(await (await database.backup!()).arrayBuffer());
    } finally {
      await database.close();
    }
    how = 'no server was running; opened the folder itself';
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    copy = await requestBackup(dataDir);
    how = 'copied by the running server';
  }
  await fs.writeFile(out, copy, { mode: BACKUP_FILE_MODE });
  await fs.chmod(out, BACKUP_FILE_MODE);
  return `Backed up PGlite in ${dataDir} to ${out} (${how})`;
}

/** Restores the backup in `input` into the target; returns the sentence to print. */
export async function restoreDatabase(
  target: BackupTarget,
  input: string,
  force: boolean,
): Promise<string> {
  const head = Buffer.alloc(5);
  const file = await fs.open(input, 'r').catch(() => {
    throw new BackupError(`${input} cannot be read`);
  });
  await file.read(head, 0, 5, 0).finally(() => file.close());
  const kind = head.equals(PG_DUMP_MAGIC)
    ? 'postgres'
    : head.subarray(0, 2).equals(GZIP_MAGIC)
      ? 'pglite'
      : null;
  if (!kind) throw new BackupError(`${input} is not a backup made by npm run backup`);
  if ('databaseUrl' in target) {
    if (kind !== 'postgres') {
      throw new BackupError(
        `${input} is a PGlite backup; restore it with DATA_DIR (and no DATABASE_URL)`,
      );
    }
    return restorePostgres(target.databaseUrl, input, force);
  }
  if (kind !== 'pglite') {
    throw new BackupError(`${input} is a PostgreSQL backup; restore it with DATABASE_URL`);
  }
  return restorePglite(target.dataDir, input, force);
}

async function restorePostgres(databaseUrl: string, input: string, force: boolean) {
  const { url, where, env } = connection(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let tables: number;
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    tables = rows[0].n;
  } finally {
    await client.end();
  }
  if (tables > 0 && !force) {
    throw new BackupError(
      `The database at ${where} is not empty (${tables} tables): restoring would replace everything in it. Stop the servers that use it and add --force, or restore into an empty database`,
    );
  }
  await runTool(
    'pg_restore',
    [
      ...(tables > 0 ? ['--clean', '--if-exists'] : []),
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      url,
      input,
    ],
    env,
  );
  return `Restored ${input} into PostgreSQL at ${where}${tables > 0 ? ' (replacing what was there)' : ''}`;
}

async function restorePglite(dataDir: string, input: string, force: boolean) {
  const release = await acquireDataDirLock(dataDir).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(`${error.message.split('. ')[0]}: stop the server before restoring`);
    }
    throw error;
  });
  try {
    const replacing = await hasDatabase(dataDir);
    if (replacing && !force) {
      throw new BackupError(
        `${dataDir} already holds a database: restoring would replace it. Add --force, or set DATA_DIR to an empty folder`,
      );
    }
    const lock = 'marketplace-admin.lock';
    for (const entry of await fs.readdir(dataDir)) {
      if (entry !== lock) await fs.rm(path.join(dataDir, entry), { recursive: true, force: true });
    }
    const client = await PGlite.create({
      dataDir,
      extensions: { pg_trgm },
      loadDataDir: new Blob([await fs.readFile(input)]),
    });
    await client.close();
    return `Restored ${input} into PGlite in ${dataDir}${replacing ? ' (replacing what was there)' : ''}`;
  } finally {
    // The copy carried its server's lock file; this one is removed whoever wrote it last.
    await release();
  }
}
