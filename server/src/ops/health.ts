/**
 * Probes for a load balancer or an orchestrator, outside /api/v1, cheap and unauthenticated:
 * GET /healthz is 200 while the process runs; GET /readyz is 200 when the database answers a
 * query within a second, 503 when it does not, or once the server is draining (SIGTERM).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export const READY_TIMEOUT_MS = 1000;

/** Set by main.ts when a SIGTERM starts the drain; readiness answers 503 from then on. */
export type Lifecycle = { draining: boolean };

export function registerHealth(app: FastifyInstance, lifecycle: Lifecycle) {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    if (lifecycle.draining) return reply.status(503).send({ status: 'draining' });
    const answered = await withTimeout(app.db.execute(sql`select 1`), READY_TIMEOUT_MS);
    if (!answered) return reply.status(503).send({ status: 'database unavailable' });
    return { status: 'ready' };
  });
}

/** true when the promise settles successfully within `ms`; false on rejection or timeout. */
async function withTimeout(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
