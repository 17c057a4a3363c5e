/**
 * Probes for a load balancer or an orchestrator, outside /api/v1, cheap and unauthenticated:
 * GET /healthz is 200 while the process runs; GET /readyz is 200 when the database answers on a
 * path of its own (never waiting behind requests: `Database.ping`), 503 while it does not, while
 * the server is still reaching it at start, or once the server is draining (SIGTERM).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { databaseUnavailable } from '../db/unavailable.js';

/**
 * `starting` until the database is reached and prepared (main.ts); `draining` once a SIGTERM
 * starts the drain. Readiness answers 503 in both.
 */
export type Lifecycle = {
  starting: boolean;
  draining: boolean;
  /** when `starting` ended (Date.now()); load shedding ignores the start's event-loop lag */
  startedAt?: number;
};

export function registerHealth(app: FastifyInstance, lifecycle: Lifecycle, database: Database) {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    if (lifecycle.draining) return reply.status(503).send({ status: 'draining' });
    if (lifecycle.starting) return reply.status(503).send({ status: 'starting' });
    if (!(await database.ping())) {
      return reply.status(503).send({ status: 'database unavailable' });
    }
    return { status: 'ready' };
  });
  // Until the database is reached, the API answers what it would answer in an outage.
  app.addHook('onRequest', async (req) => {
    if (lifecycle.starting && req.url.startsWith('/api/')) throw databaseUnavailable();
  });
}
