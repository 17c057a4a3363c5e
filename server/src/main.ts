/** Starts the whole product on one port: the API under /api/v1 and the built SPA. */
import { checkMfaKey, ConfigError, demoAdmin, readConfig, type ServerConfig } from './config.js';
import { demoMfaKey } from './auth/mfa-crypto.js';
import { loadContract } from './contract.js';
import { createDatabase, DatabaseUnreachableError, type Database } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { prepareDatabase, startWarnings, type FirstStart } from './first-start.js';
import { serveBackups } from './ops/backup-channel.js';
import { closeOnSignals } from './ops/shutdown.js';

async function start() {
  const config = readConfig();
  // The demo keeps its own key in its data folder; elsewhere it is MFA_ENCRYPTION_KEY's.
  if (config.demo && !config.mfa.encryptionKey) {
    config.mfa.encryptionKey = await demoMfaKey(config.dataDir);
  }
  checkMfaKey(config);
  // A restart spends its time opening the database (PGlite compiles its WebAssembly and, after a
  // crash, recovers) and loading the application (its modules, the contract): both at once.
  const [opened, loaded] = await Promise.allSettled([
    createDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
      config.databaseLimits,
    ),
    Promise.all([import('./app.js'), loadContract()]),
  ]);
  if (opened.status === 'rejected') throw opened.reason;
  const database = opened.value;
  try {
    if (loaded.status === 'rejected') throw loaded.reason;
    const [{ buildApp }] = loaded.value;
    const app = await buildApp({
      database,
      config,
      logger: {
        level: process.env.LOG_LEVEL ?? 'info',
        // Readable lines on a terminal, JSON lines for a log collector.
        ...(process.stdout.isTTY
          ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
          : {}),
      },
    });
    if (database.backup) {
      // PGlite lives in this process: `npm run backup` asks it for a copy over a local socket.
      // Without the channel the server still runs; a backup then needs it stopped.
      await serveBackups(config.dataDir, database.backup, (line) => app.log.info(line)).then(
        (stopServingBackups) => app.addHook('onClose', stopServingBackups),
        (error: Error) => app.log.warn(`backup: no channel for npm run backup (${error.message})`),
      );
    }
    closeOnSignals(app, database, {
      delayMs: config.shutdownDelayMs,
      graceMs: config.shutdownGraceMs,
    });
    // Listening before the database is reached: readiness says 503 (and the API what it says in an
    // outage) while a PostgreSQL that is not up yet is tried again.
    app.lifecycle.starting = true;
    await app.listen({ port: config.port, host: config.host });
    let firstStart: FirstStart;
    try {
      await database.ready((line) => app.log.warn(line));
      firstStart = await prepareDatabase(database.db, config, (line) => app.log.warn(line));
    } catch (error) {
      await app.close();
      throw error;
    }
    app.lifecycle.starting = false;
    app.lifecycle.startedAt = Date.now();
    console.log(banner(config, firstStart).join('\n'));
    for (const warning of startWarnings(firstStart, !config.databaseUrl)) app.log.warn(warning);
  } catch (error) {
    // Release the data folder (and its lock) before giving up.
    await closeQuietly(database);
    throw error;
  }
}

/** What the start-up prints: where, which database, how to sign in; never a configured password. */
function banner(config: ServerConfig, firstStart: FirstStart): string[] {
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `marketplace-admin is running at http://localhost:${config.port}`,
    config.loopbackOnly
      ? '  demo mode: listening on this computer only (localhost); HOST=0.0.0.0 opens it to the network'
      : `  listening on ${config.host}`,
    `  database: ${where}${firstStart.seeded ? ' (seeded with demo data)' : ''}`,
  ];
  if (config.seedDemo) {
    const { adminEmail, adminPassword } = demoAdmin(config);
    // The demo's own password is public (README); one set in ADMIN_PASSWORD is never shown.
    lines.push(
      config.adminPassword
        ? `  demo admin login: ${adminEmail} with the password from ADMIN_PASSWORD`
        : `  demo admin login: ${adminEmail} / ${adminPassword}`,
    );
  }
  if (firstStart.createdAdministrator) {
    lines.push(`  administrator created: ${firstStart.createdAdministrator} (from ADMIN_EMAIL)`);
  }
  lines.push('');
  return lines;
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
  const known =
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DatabaseUnreachableError;
  console.error(`marketplace-admin could not start: ${known ? error.message : ''}`);
  if (!known) console.error(error);
  process.exit(1);
}
