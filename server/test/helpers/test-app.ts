/** A reference server over a fresh clone of the seeded test database, for `inject`. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { readConfig } from '../../src/config.js';
import { createSession } from '../../src/auth/sessions.js';
import { users } from '../../src/db/schema.js';
import type { Database, DatabaseLimits } from '../../src/db/client.js';
import { cloneTestDatabase } from './test-database.js';
import { TEST_ADMIN, TEST_OWNER } from './constants.js';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** bearer token of the seeded admin */
  adminToken: string;
  /** bearer token of the seeded restaurant owner (not an admin) */
  ownerToken: string;
  adminId: string;
  /** inject as the admin */
  as: (options: InjectOptions & { token?: string | null }) => Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/** `limits`: bounds on waiting for the database (none unless given). */
export async function createTestApp(limits?: DatabaseLimits): Promise<TestApp> {
  const database = await cloneTestDatabase(limits);
  const config = { ...readConfig({}), buildDir: '/nonexistent', ...TEST_ADMIN };
  const app = await buildApp({ database, config });
  const [admin] = await database.db
    .select()
    .from(users)
    .where(eq(users.email, TEST_ADMIN.adminEmail));
  const [owner] = await database.db.select().from(users).where(eq(users.email, TEST_OWNER.email));
  const adminToken = await createSession(database.db, admin.id, 3_600_000);
  const ownerToken = await createSession(database.db, owner.id, 3_600_000);
  return {
    app,
    database,
    adminToken,
    ownerToken,
    adminId: admin.id,
    as: ({ token = adminToken, headers, ...options }) =>
      app.inject({
        ...options,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
