/**
 * GET /metrics in the Prometheus text format (fastify-metrics over prom-client): request count
 * and latency by route, method and status, the PostgreSQL pool, and the process's own metrics.
 * Registered only when METRICS_TOKEN is set, and answered only with `Authorization: Bearer
 * <METRICS_TOKEN>` (401 otherwise).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import type { Database } from '../db/client.js';

export async function registerMetrics(app: FastifyInstance, database: Database, token: string) {
  const expected = Buffer.from(`Bearer ${token}`);
  const onRequest = async (req: FastifyRequest, reply: FastifyReply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(401).send({
        success: false,
        message: 'Send the metrics token as a bearer token',
        status_code: 401,
      });
    }
  };
  await app.register(fastifyMetrics, {
    endpoint: { url: '/metrics', method: 'GET', logLevel: 'warn', onRequest } as never,
    // One registry per process: a second app (tests) starts from an empty one.
    clearRegisterOnInit: true,
    routeMetrics: { routeBlacklist: ['/metrics', '/healthz', '/readyz'] },
  });
  const pool = database.poolStats;
  if (pool) {
    new app.metrics.client.Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
      labelNames: ['state'],
      collect() {
        const stats = pool();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
}
