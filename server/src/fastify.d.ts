import type { Db } from './db/client.js';
import type { users } from './db/schema.js';
import type { ServerConfig } from './config.js';
import type { Lifecycle } from './ops/health.js';
import type { EventHub } from './lib/event-hub.js';
import type { Access } from './auth/bearer-auth.js';
import type { RequestSession } from './queries/sessions.js';
import type { MfaTicket } from './queries/mfa.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: ServerConfig;
    /** reaching the database at start, or draining after SIGTERM: readiness answers 503 */
    lifecycle: Lifecycle;
    /** the fan-out of committed changes to this instance's event streams (GET /events) */
    events: EventHub;
  }
  interface FastifyRequest {
    /** The signed-in admin, set by the bearerAuth security handler. */
    user: typeof users.$inferSelect;
    /** The session the request was made with (its id and last recorded use), set with `user`. */
    session: RequestSession;
    /** the handler checks the bearer token itself and has not yet (auth/bearer-auth.ts) */
    tokenCheckPending: boolean;
    /** the operation and the permission it needs, for a secured operation (auth/bearer-auth.ts) */
    access: Access | null;
    /** an enrolment ticket the request was made with instead of a token (auth/bearer-auth.ts) */
    enrolTicket: MfaTicket | null;
  }
}
