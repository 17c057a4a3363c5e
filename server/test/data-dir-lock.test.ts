import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ma-lock-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

test('a folder held by another live process is refused with a clear error', async () => {
  await fs.writeFile(path.join(dir, 'marketplace-admin.lock'), String(process.ppid));
  await expect(acquireDataDirLock(dir)).rejects.toBeInstanceOf(DataDirLockedError);
  await expect(acquireDataDirLock(dir)).rejects.toThrow(/in use by another process/);
});

test('a stale lock of a dead process is taken over, and released on close', async () => {
  await fs.writeFile(path.join(dir, 'marketplace-admin.lock'), '999999999');
  const release = await acquireDataDirLock(dir);
  expect(await fs.readFile(path.join(dir, 'marketplace-admin.lock'), 'utf8')).toBe(
    String(process.pid),
  );
  await release();
  await expect(fs.stat(path.join(dir, 'marketplace-admin.lock'))).rejects.toThrow();
});
