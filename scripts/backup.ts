/**
 * A backup of the configured database (DATABASE_URL, else PGlite in DATA_DIR) into one file:
 *   npm run backup -- --out FILE
 * PostgreSQL: pg_dump's custom format. PGlite: a consistent copy, asked of the running server
 * when one holds the folder. See docs/deploying.md, "Backups".
 */
import { parseArgs } from 'node:util';
import { ConfigError, readConfig } from '../server/src/config.js';
import { backupDatabase, BackupError } from '../server/src/ops/backup.js';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) {
    console.error('Usage: npm run backup -- --out FILE');
    return 2;
  }
  const config = readConfig();
  console.log(
    await backupDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
      values.out,
    ),
  );
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  const known = error instanceof BackupError || error instanceof ConfigError;
  console.error(known ? `backup: ${error.message}` : error);
  process.exitCode = 1;
}
