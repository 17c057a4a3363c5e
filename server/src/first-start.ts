/**
 * What a start does to the database before serving: the demo data in demo mode (or with
 * SEED_DEMO=1) when the database is empty; otherwise only the first administrator from
 * ADMIN_EMAIL + ADMIN_PASSWORD, once, while no active administrator exists.
 */
import type { Db } from './db/client.js';
import { ConfigError, demoAdmin, type ServerConfig } from './config.js';
import { seedIfEmpty } from './seed/seed-if-empty.js';
import {
  AdministratorError,
  hasActiveAdministrator,
  saveAdministrator,
} from './auth/administrators.js';

export type FirstStart = {
  /** the demo data was seeded by this start */
  seeded: boolean;
  /** the administrator ADMIN_EMAIL names was created by this start */
  createdAdministrator?: string;
  /** at least one active administrator can sign in */
  hasAdministrator: boolean;
};

type Settings = Pick<ServerConfig, 'seedDemo' | 'adminEmail' | 'adminPassword'>;

export async function prepareDatabase(db: Db, config: Settings): Promise<FirstStart> {
  let seeded = false;
  let createdAdministrator: string | undefined;
  if (config.seedDemo) {
    seeded = await seedIfEmpty(db, demoAdmin(config));
  } else if (config.adminEmail || config.adminPassword) {
    if (!config.adminEmail || !config.adminPassword) {
      throw new ConfigError(
        'ADMIN_EMAIL and ADMIN_PASSWORD go together: set both to create the first administrator',
      );
    }
    if (!(await hasActiveAdministrator(db))) {
      try {
        await saveAdministrator(db, { email: config.adminEmail, password: config.adminPassword });
      } catch (error) {
        if (error instanceof AdministratorError) {
          throw new ConfigError(`ADMIN_EMAIL / ADMIN_PASSWORD refused: ${error.message}`);
        }
        throw error;
      }
      createdAdministrator = config.adminEmail;
    }
  }
  return { seeded, createdAdministrator, hasAdministrator: await hasActiveAdministrator(db) };
}
