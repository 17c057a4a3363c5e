/**
 * PGlite is a single-process database: two servers on one data folder would corrupt it. A lock
 * file holding the owner's pid refuses a second opener, and a stale lock (dead pid) is taken over.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another process (pid ${pid}). ` +
        'Stop that process or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  await fs.mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'marketplace-admin.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await fs.writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return async () => {
        await fs.rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await fs.readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (pid && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dataDir, pid);
      await fs.rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
