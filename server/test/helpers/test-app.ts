/** A reference server over a fresh clone of the seeded test database, for `inject`. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { readConfig } from '../../src/config.js';
import { createSession } from '../../src/auth/sessions.js';
import { users } from '../../src/db/schema.js';
import type { Database, DatabaseLimits } from '../../src/db/client.js';
import { cloneTestDatabase } from './test-database.js';
import { multipart, type Part } from './uploads.js';
import { TEST_ADMIN, TEST_ENV, TEST_OWNER } from './constants.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Another token (null: none) or more headers for one call. */
type CallOptions = { token?: string | null; headers?: Record<string, string> };

export type TestApp = {
  app: FastifyInstance;
  /** on PostgreSQL with its `url` */
  database: Database & { url?: string };
  /** bearer token of the seeded admin */
  adminToken: string;
  /** bearer token of the seeded restaurant owner (not an admin) */
  ownerToken: string;
  adminId: string;
  /** inject as the admin */
  as: (options: InjectOptions & { token?: string | null }) => Promise<LightMyRequestResponse>;
  /** A call of the API (`path` after /api/v1) with a JSON body, as the admin unless told. */
  api: (
    method: Method,
    path: string,
    payload?: unknown,
    options?: CallOptions,
  ) => Promise<LightMyRequestResponse>;
  /** The same with a multipart/form-data body. */
  upload: (
    method: Method,
    path: string,
    fields: Record<string, Part | Part[]>,
    options?: CallOptions,
  ) => Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/** `limits`: bounds on waiting for the database (none unless given). */
export async function createTestApp(limits?: DatabaseLimits): Promise<TestApp> {
  const database = await cloneTestDatabase(limits);
  const base = readConfig(TEST_ENV);
  // Demo mode (MFA not required, so the seeded admins sign in with their password), with a key
  // so that a test can enrol a factor.
  const config = {
    ...base,
    buildDir: '/nonexistent',
    ...TEST_ADMIN,
    mfa: { ...base.mfa, encryptionKey: randomBytes(32) },
  };
  const app = await buildApp({ database, config });
  const [admin] = await database.db
    .select()
    .from(users)
    .where(eq(users.email, TEST_ADMIN.adminEmail));
  const [owner] = await database.db.select().from(users).where(eq(users.email, TEST_OWNER.email));
  const adminToken = await createSession(database.db, admin.id, 3_600_000);
  const ownerToken = await createSession(database.db, owner.id, 3_600_000);
  const as: TestApp['as'] = ({ token = adminToken, headers, ...options }) =>
    app.inject({
      ...options,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  return {
    app,
    database,
    adminToken,
    ownerToken,
    adminId: admin.id,
    as,
    api: (method, path, payload, options = {}) =>
      as({
        method,
        url: `/api/v1${path}`,
        ...(payload === undefined ? {} : { payload: payload as object }),
        ...options,
      }),
    upload: async (method, path, fields, { headers, ...options } = {}) => {
      const body = await multipart(fields);
      return as({
        method,
        url: `/api/v1${path}`,
        payload: body.payload,
        headers: { ...body.headers, ...headers },
        ...options,
      });
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
