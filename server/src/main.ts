/** Starts the whole product on one port: the API under /api/v1 and the built SPA. */
import { buildApp } from './app.js';
import { ConfigError, readConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { seedIfEmpty } from './seed/seed.js';

async function start() {
  const config = readConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    const seeded = await seedIfEmpty(database.db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
    });
    const app = await buildApp({
      database,
      config,
      logger: { level: process.env.LOG_LEVEL ?? 'info' },
    });
    closeOnSignals(async () => {
      await app.close();
      await database.close();
    });
    await app.listen({ port: config.port, host: config.host });
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(
      [
        '',
        `marketplace-admin is running at http://localhost:${config.port}`,
        `  database: ${where}${seeded ? ' (seeded with demo data)' : ''}`,
        `  admin login: ${config.adminEmail} / ${seeded ? config.adminPassword : '(the password set when seeded)'}`,
        '',
      ].join('\n'),
    );
  } catch (error) {
    // Release the data folder (and its lock) before giving up.
    await closeQuietly(database);
    throw error;
  }
}

function closeOnSignals(close: () => Promise<void>) {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      if (closing) return;
      closing = true;
      console.log(`${signal}: closing`);
      await close();
      process.exit(0);
    });
  }
}

async function closeQuietly(database: Database) {
  try {
    await database.close();
  } catch {
    // Already failing; the first error is the one to report.
  }
}

try {
  await start();
} catch (error) {
  // A setting or a busy data folder is explained in one line; anything else with its stack.
  const known = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(`marketplace-admin could not start: ${known ? error.message : ''}`);
  if (!known) console.error(error);
  process.exit(1);
}
