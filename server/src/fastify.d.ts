import type { Db } from './db/client.js';
import type { users } from './db/schema.js';
import type { ServerConfig } from './config.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: ServerConfig;
  }
  interface FastifyRequest {
    /** The signed-in admin, set by the bearerAuth security handler. */
    user: typeof users.$inferSelect;
  }
}
