/**
 * Backup and restore (ops/backup.ts) on the configured engine, around a real server process: a
 * backup taken while the server runs and writes (PostgreSQL: pg_dump; PGlite: the copy asked of
 * the server over its local channel), more writes, then a restore finds exactly the backed-up
 * rows, audit events included, in the same database (only with --force) and in an empty one.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { auditEvents, staticContents } from '../src/db/schema.js';
import type { Database } from '../src/db/client.js';
import {
  backupDatabase,
  BackupError,
  restoreDatabase,
  type BackupTarget,
} from '../src/ops/backup.js';
import { signInTo, startReadyServer } from './helpers/server-process.js';
import { emptyTestDatabase, seededTestDatabase } from './helpers/test-database.js';

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const targetOf = (env: Record<string, string>): BackupTarget =>
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR };

/** The rows a restore must bring back whole: content items and the audit trail. */
async function rows(database: Database) {
  try {
    return {
      contents: await database.db.select().from(staticContents).orderBy(asc(staticContents.id)),
      events: await database.db.select().from(auditEvents).orderBy(asc(auditEvents.id)),
    };
  } finally {
    await database.close();
  }
}

async function startServer(env: Record<string, string>) {
  const server = await startReadyServer(env);
  const { base } = server;
  const token = await signInTo(server);
  const write = async (title: string) => {
    const res = await fetch(`${base}/api/v1/static`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title, content: '<p>backed up, or not</p>' }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { _id: string } }).data._id;
  };
  const stop = async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  };
  return { base, write, stop, output: server.output };
}

test(`backup while the server runs, more writes, restore: exactly the backed-up rows, audit events included (${engine})`, async () => {
  const seeded = await seededTestDatabase();
  const empty = await emptyTestDatabase();
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'ma-backup-'));
  const file = path.join(folder, engine === 'PostgreSQL' ? 'backup.dump' : 'backup.tar.gz');
  try {
    const target = targetOf(seeded.env);
    const server = await startServer(seeded.env);
    let after: string;
    try {
      await server.write('Written before the backup');
      expect(await backupDatabase(target, file)).toMatch(
        engine === 'PostgreSQL'
          ? /^Backed up PostgreSQL at 127\.0\.0\.1:\d+\/ma_test_\w+ to .*backup\.dump \(pg_dump custom format\)$/
          : /^Backed up PGlite in .* to .*backup\.tar\.gz \(copied by the running server\)$/,
      );
      expect((await fs.stat(file)).mode & 0o077).toBe(0);
      after = await server.write('Written after the backup');
      // The server kept serving.
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
    }

    const now = await rows(await seeded.open());
    // What the backup holds: everything but the later write and its one audit event.
    const expected = {
      contents: now.contents.filter((row) => row.id !== after),
      events: now.events.filter((row) => row.entityId !== after),
    };
    expect(now.contents.length - expected.contents.length).toBe(1);
    expect(now.events.length - expected.events.length).toBe(1);
    expect(expected.contents.map((row) => row.title)).toContain('Written before the backup');

    await expect(restoreDatabase(target, file, false)).rejects.toThrow(BackupError);
    await expect(restoreDatabase(target, file, false)).rejects.toThrow(
      engine === 'PostgreSQL'
        ? /is not empty \(\d+ tables\).*add --force/
        : /already holds a database.*Add --force/,
    );
    expect(await restoreDatabase(target, file, true)).toMatch(/\(replacing what was there\)$/);
    expect(await rows(await seeded.open())).toEqual(expected);

    // Into an empty database (PGlite: an empty folder), no --force needed.
    expect(await restoreDatabase(targetOf(empty.env), file, false)).not.toMatch(/replacing/);
    expect(await rows(await empty.open())).toEqual(expected);

    if (engine === 'PGlite') {
      // With no server running the command opens the folder itself.
      expect(await backupDatabase(target, file)).toMatch(
        /\(no server was running; opened the folder itself\)$/,
      );
    }
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
    await empty.remove();
    await seeded.remove();
  }
});

test('a file that is not a backup, or one of the other engine, is refused with the reason', async () => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'ma-backup-'));
  try {
    const notBackup = path.join(folder, 'notes.txt');
    await fs.writeFile(notBackup, 'hello');
    const pgDump = path.join(folder, 'x.dump');
    await fs.writeFile(pgDump, 'PGDMP and more');
    const dataDir = path.join(folder, 'data');
    await expect(restoreDatabase({ dataDir }, notBackup, false)).rejects.toThrow(
      `${notBackup} is not a backup made by npm run backup`,
    );
    await expect(restoreDatabase({ dataDir }, pgDump, false)).rejects.toThrow(
      `${pgDump} is a PostgreSQL backup; restore it with DATABASE_URL`,
    );
    await expect(restoreDatabase({ dataDir }, path.join(folder, 'none'), false)).rejects.toThrow(
      'cannot be read',
    );
    await expect(backupDatabase({ dataDir }, path.join(folder, 'out'))).rejects.toThrow(
      `${dataDir} holds no database`,
    );
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
});
