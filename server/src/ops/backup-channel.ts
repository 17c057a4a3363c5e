/**
 * How `npm run backup` gets a consistent copy of a PGlite database that a running server holds:
 * PGlite lives inside that server's process, so no other process may open its folder. The server
 * (main.ts) listens on a Unix socket of its own while it runs, and answers `GET /backup` with the
 * copy (`Database.backup`). The channel is local and authenticated by the file system: the socket
 * lives in a folder only this user may enter (mode 0700, checked on both sides), named after the
 * data folder, and the command also checks the socket's owner.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

/** The private folder of this user's sockets, and the socket of one data folder in it. */
function backupSocketPath(dataDir: string): string {
  const uid = process.getuid?.() ?? 0;
  const name = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `marketplace-admin-${uid}`, `${name}.sock`);
}

/** The folder exists, belongs to this user and nobody else may enter it. */
async function privateFolder(folder: string, create: boolean): Promise<void> {
  if (create) await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  const stat = await fs.lstat(folder);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o077) !== 0) {
    throw new Error(
      `${folder} must be a folder of this user's only (mode 0700) to carry backups; remove it and try again`,
    );
  }
}

/**
 * Serves `GET /backup` on the data folder's socket until the returned function is called. A
 * socket file left by a server that died is replaced (the data folder's lock says this process
 * is its only server).
 */
export async function serveBackups(
  dataDir: string,
  backup: () => Promise<Blob>,
  log: (line: string) => void,
): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  await privateFolder(path.dirname(socketPath), true);
  await fs.rm(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    backup().then(
      async (copy) => {
        log(`backup: sending a copy of ${dataDir} (${copy.size} bytes)`);
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': copy.size });
        res.end(Buffer.from(await copy.arrayBuffer()));
      },
      (error: Error) => {
        log(`backup: the copy failed: ${error.message}`);
        res.writeHead(500, { 'content-type': 'text/plain' }).end(error.message);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  await fs.chmod(socketPath, 0o600);
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    await fs.rm(socketPath, { force: true });
  };
}

/** Asks the server holding `dataDir` for a copy of its database (a gzipped tarball). */
export async function requestBackup(dataDir: string): Promise<Buffer> {
  const socketPath = backupSocketPath(dataDir);
  const missing = new Error(
    `The server holding ${dataDir} does not answer on ${socketPath}: start it again (it opens the channel at start) or stop it and run the backup with no server running`,
  );
  await privateFolder(path.dirname(socketPath), false).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? missing : error;
  });
  const stat = await fs.lstat(socketPath).catch(() => null);
  if (!stat?.isSocket()) throw missing;
  if (stat.uid !== process.getuid?.()) throw new Error(`${socketPath} belongs to another user`);
  return new Promise<Buffer>((resolve, reject) => {
    const req = http.get({ socketPath, path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(`The server could not make the copy: ${body.toString('utf8')}`));
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? missing : error),
    );
  });
}
