/**
 * Creates an administrator on the configured database (DATABASE_URL, else PGlite in DATA_DIR):
 *   npm run create-admin -- --email you@example.org [--first-name Ada] [--last-name Lovelace]
 *     [--role owner|finance|support|content|viewer] [--reset]
 * The password is read from the terminal without echo (typed twice), or as the first line of
 * standard input when that is not a terminal. It is never printed. --reset gives an existing
 * account the new password and makes it an active administrator, ending its sessions. --role is
 * the team role (default owner; with --reset, the account's role unless given).
 */
import { parseArgs } from 'node:util';
import { AdministratorError, saveAdministrator } from '../server/src/auth/administrators.js';
import { ConfigError, readConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import { DataDirLockedError } from '../server/src/db/data-dir-lock.js';
import { readPassword } from './read-password.js';
import { isTeamRole, TEAM_ROLES } from '../common/team-roles.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      role: { type: 'string' },
      reset: { type: 'boolean', default: false },
    },
  });
  if (!values.email) {
    console.error(
      `Usage: npm run create-admin -- --email you@example.org [--role ${TEAM_ROLES.join('|')}] [--reset]`,
    );
    return 2;
  }
  if (values.role !== undefined && !isTeamRole(values.role)) {
    console.error(
      `create-admin: --role must be one of ${TEAM_ROLES.join(', ')}, not "${values.role}"`,
    );
    return 2;
  }
  const password = await readPassword();
  const config = readConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    const outcome = await saveAdministrator(database.db, {
      email: values.email,
      password,
      firstName: values['first-name'],
      lastName: values['last-name'],
      teamRole: values.role,
      reset: values.reset,
    });
    console.log(
      outcome === 'created'
        ? `Administrator ${values.email} created: sign in with this email and the password you typed.`
        : `${values.email} is now an active administrator with the new password; its earlier sessions have ended.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  const known =
    error instanceof AdministratorError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError;
  console.error(known ? `create-admin: ${error.message}` : error);
  process.exitCode = 1;
}
