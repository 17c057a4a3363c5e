/**
 * Shedding load instead of queueing it: an API request that arrives while SHED_MAX_IN_FLIGHT API
 * requests are already being served, or while the event loop lags more than
 * SHED_MAX_EVENT_LOOP_DELAY_MS (measured by @fastify/under-pressure), is answered at once with
 * 503, `Retry-After` and a sentence, before its body is read or the database is asked. An upload
 * (a multipart body: up to 25 MB of images to parse, check and store) that arrives while
 * SHED_MAX_UPLOADS uploads are being received is answered so too: its body is discarded as it
 * arrives, never parsed, since bodies parsed at once take the server's CPU from every other
 * request (docs/deploying.md, "Large uploads"). The connection stays open, so the client reads
 * the 503 (closing it early made HTTP clients still sending see a reset instead).
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
export const UPLOADS_BUSY =
  'The server is receiving as many uploads as it can now; try again in a few seconds';
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
  /** multipart uploads received at once; one more is shed, its body never parsed (0: no bound) */
  maxUploads: number;
};

const isApi = (req: FastifyRequest) => req.url.startsWith('/api/');
const isUpload = (req: FastifyRequest) =>
  /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');

/** Prepares the 503 and gives its body. */
function shed(reply: FastifyReply, message = SERVER_BUSY) {
  reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
  return { success: false, message, status_code: 503 };
}

/**
 * Places for at most `max` requests at once (0: no bound). A place taken is given back once,
 * when the answer is sent or the client goes away, whichever comes first.
 */
function places(max: number) {
  let taken = 0;
  return {
    get taken() {
      return taken;
    },
    full: () => max > 0 && taken >= max,
    take(reply: FastifyReply) {
      taken += 1;
      reply.raw.once('close', () => {
        taken -= 1;
      });
    },
  };
}

/**
 * `streaming`: route URLs (Fastify's form, with the API prefix) whose answers are event streams.
 * `lifecycle`: the server's start (while it starts the API answers 503 anyway, ops/health.ts).
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  { maxInFlight, maxEventLoopDelayMs, maxUploads }: SheddingLimits,
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
  if (maxInFlight <= 0 && maxUploads <= 0) return;
  const requests = places(maxInFlight);
  const uploads = places(maxUploads);
  app.addHook('onRequest', async (req, reply) => {
    if (!isApi(req) || streaming.has(req.routeOptions.url ?? '')) return;
    if (requests.full()) {
      req.log.warn(`503, shed: ${requests.taken} requests in flight (SHED_MAX_IN_FLIGHT)`);
      return reply.send(shed(reply));
    }
    const upload = isUpload(req);
    if (upload && uploads.full()) {
      req.log.warn(`503, shed: ${uploads.taken} uploads in flight (SHED_MAX_UPLOADS)`);
      return reply.send(shed(reply, UPLOADS_BUSY));
    }
    requests.take(reply);
    if (upload) uploads.take(reply);
  });
}
