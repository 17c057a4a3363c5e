/** Starts the whole product on one port: the API under /api/v1 and the built SPA. */
import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedIfEmpty } from './seed/seed.js';

const config = readConfig();
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
const seeded = await seedIfEmpty(database.db, {
  adminEmail: config.adminEmail,
  adminPassword: config.adminPassword,
});
const app = await buildApp({
  database,
  config,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  });
}

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
