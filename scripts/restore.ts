/**
 * Restores a file made by `npm run backup` into the configured database (DATABASE_URL, else
 * PGlite in DATA_DIR):
 *   npm run restore -- --in FILE [--force]
 * A database that already holds data is replaced only with --force; stop the servers on it
 * first. See docs/deploying.md, "Backups".
 */
import { parseArgs } from 'node:util';
import { ConfigError, readConfig } from '../server/src/config.js';
import { BackupError, restoreDatabase } from '../server/src/ops/backup.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { in: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  if (!values.in) {
    console.error('Usage: npm run restore -- --in FILE [--force]');
    return 2;
  }
  const config = readConfig();
  console.log(
    await restoreDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
      values.in,
      values.force,
    ),
  );
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  const known = error instanceof BackupError || error instanceof ConfigError;
  console.error(known ? `restore: ${error.message}` : error);
  process.exitCode = 1;
}
