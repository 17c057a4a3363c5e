/**
 * Shedding load instead of queueing it: an API request that arrives while SHED_MAX_IN_FLIGHT API
 * requests are already being served, or while the event loop lags more than
 * SHED_MAX_EVENT_LOOP_DELAY_MS (measured by @fastify/under-pressure), is answered at once with
 * 503, `Retry-After` and a sentence, before its body is read or the database is asked.
 *
 * Only the API (/api/) is shed and counted: /healthz and /readyz always answer (readiness says
 * whether the database answers, not whether this instance is busy), and so do the SPA's files,
 * /metrics and the API reference. A long-lived answer (an operation whose contract response is
 * `text/event-stream`) is not counted: it would hold its place for as long as a browser stays open.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { Lifecycle } from './health.js';

export const SERVER_BUSY = 'The server is too busy to answer now; try again in a few seconds';
/**
 * The event-loop delay is a mean over each second, updated once a second: the second after the
 * start (PGlite's opening, migrations and demo seed hold the loop for seconds) would still show
 * the start's lag. For two updates after it, that lag is not load.
 */
const START_LAG_MS = 2000;
/** Seconds a client is asked to wait before it retries (Retry-After). */
const RETRY_AFTER_SECONDS = 2;

export type SheddingLimits = {
  /** API requests served at once; one more is shed (0: no bound) */
  maxInFlight: number;
  /** event-loop delay in ms above which API requests are shed (0: no bound) */
  maxEventLoopDelayMs: number;
};

const isApi = (req: FastifyRequest) => req.url.startsWith('/api/');

/** Prepares the 503 and gives its body. */
function shed(reply: FastifyReply) {
  reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
  return { success: false, message: SERVER_BUSY, status_code: 503 };
}

/**
 * `streaming`: route URLs (Fastify's form, with the API prefix) whose answers are event streams.
 * `lifecycle`: the server's start (while it starts the API answers 503 anyway, ops/health.ts).
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  { maxInFlight, maxEventLoopDelayMs }: SheddingLimits,
  streaming: ReadonlySet<string>,
  lifecycle: Lifecycle,
) {
  const startLag = () =>
    lifecycle.starting ||
    (lifecycle.startedAt !== undefined && Date.now() - lifecycle.startedAt < START_LAG_MS);
  if (maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      // Its own default answer (Retry-After 10, its own body) is replaced by ours, and only the
      // API is shed: the plugin sends what this returns, and nothing lets the request through.
      pressureHandler: ((req: FastifyRequest, reply: FastifyReply, type: string, value: number) => {
        if (!isApi(req) || startLag()) return undefined;
        req.log.warn(`503, shed: ${type} ${Math.round(value)} ms`);
        return shed(reply);
      }) as never,
    });
  }
  if (maxInFlight <= 0) return;
  let inFlight = 0;
  const counted = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (req, reply) => {
    if (!isApi(req) || streaming.has(req.routeOptions.url ?? '')) return;
    if (inFlight >= maxInFlight) {
      req.log.warn(`503, shed: ${inFlight} requests in flight (SHED_MAX_IN_FLIGHT)`);
      return reply.send(shed(reply));
    }
    inFlight += 1;
    counted.add(req);
    // Given back once, when the answer is sent or the client goes away, whichever comes first.
    reply.raw.once('close', () => {
      if (counted.delete(req)) inFlight -= 1;
    });
  });
}
