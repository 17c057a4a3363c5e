/**
 * What a start does to the database before serving: the indexes an interrupted seed left to
 * build; the demo data in demo mode (or with SEED_DEMO=1) when the database is empty; otherwise
 * only the first administrator from ADMIN_EMAIL + ADMIN_PASSWORD, once, while no active
 * administrator exists.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { restaurantFigures } from './db/schema.js';
import { ConfigError, demoAdmin, type ServerConfig } from './config.js';
import { runDeferredSteps } from './seed/bulk-load.js';
import { seedIfEmpty } from './seed/seed-if-empty.js';
import {
  AdministratorError,
  hasActiveAdministrator,
  HOW_TO_CREATE_ADMIN,
  saveAdministrator,
} from './auth/administrators.js';

export type FirstStart = {
  /** the demo data was seeded by this start */
  seeded: boolean;
  /** the administrator ADMIN_EMAIL names was created by this start */
  createdAdministrator?: string;
  /** at least one active administrator can sign in */
  hasAdministrator: boolean;
  /** the bookings the database holds (summed over restaurant_figures, a row per restaurant) */
  bookings: number;
};

/**
 * The most bookings the embedded PGlite was measured to serve within the lists' goals (every
 * call under 50 ms at p95, searches under 100 ms; docs/benchmarks.md, "PGlite, the largest data
 * set"): past it a start says to move to PostgreSQL.
 */
export const PGLITE_COMFORT_BOOKINGS = 500_000;

/**
 * The warnings a start logs once it serves: how to create the first administrator when no active
 * one can sign in; on the embedded PGlite (`embedded`), that the database holds more bookings than
 * it serves within the measured comfort.
 */
export function startWarnings(first: FirstStart, embedded: boolean): string[] {
  const warnings: string[] = [];
  if (!first.hasAdministrator) warnings.push(HOW_TO_CREATE_ADMIN);
  if (embedded && first.bookings > PGLITE_COMFORT_BOOKINGS) {
    warnings.push(
      `This embedded database (PGlite) holds ${first.bookings.toLocaleString('en-US')} bookings, ` +
        `more than the ${PGLITE_COMFORT_BOOKINGS.toLocaleString('en-US')} it serves within the ` +
        "lists' speed goals, so lists and searches will be slower: run it on PostgreSQL " +
        '(DATABASE_URL, docs/deploying.md).',
    );
  }
  return warnings;
}

async function bookingCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${restaurantFigures.bookings}), 0)` })
    .from(restaurantFigures);
  return Number(row?.n ?? 0);
}

type Settings = Pick<ServerConfig, 'seedDemo' | 'adminEmail' | 'adminPassword'>;

export async function prepareDatabase(
  db: Db,
  config: Settings,
  log: (line: string) => void = () => {},
): Promise<FirstStart> {
  // A seed stopped after its rows were committed left indexes, keys, foreign keys or figures to
  // finish: finished before serving. One that cannot be is said, and the data served without it.
  await runDeferredSteps(db, (line) => log(`${line}, left undone by an interrupted seed`)).catch(
    (error: Error) => log(error.message),
  );
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
  return {
    seeded,
    createdAdministrator,
    hasAdministrator: await hasActiveAdministrator(db),
    bookings: await bookingCount(db),
  };
}
