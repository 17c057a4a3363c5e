/**
 * Stopping without dropping a request (SIGTERM or SIGINT), as a load balancer or an orchestrator
 * expects:
 *
 * 1. Readiness turns 503 (`GET /readyz`). For SHUTDOWN_DELAY_SECONDS everything else is still
 *    served, so the load balancer has time to notice and send new requests elsewhere.
 * 2. The server stops accepting connections, closes its idle keep-alive connections and finishes
 *    the requests it is working on; each of their answers carries `Connection: close`, so their
 *    connections end with them (a keep-alive connection would otherwise hold the drain open).
 *    A request that arrives on a connection already open gets Fastify's 503 (`return503OnClosing`).
 * 3. The database is closed and the process exits 0, or 1 when requests are still running
 *    SHUTDOWN_GRACE_SECONDS after step 2 began.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';

export type ShutdownTimes = {
  /** readiness 503 but still serving, before the server stops accepting */
  delayMs: number;
  /** how long requests in flight may run once the server stopped accepting */
  graceMs: number;
};

/** While draining, every answer ends its connection. */
export function registerDrainHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply, payload) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    return payload;
  });
}

/**
 * Closing ends the connections that have not sent a byte yet (a client's spare or preconnected
 * socket). Node 20 counts such a connection neither as idle (closeIdleConnections leaves it) nor
 * as done, so the server's close waited for its headers timeout: 60 to 90 s with nothing to
 * answer.
 */
export function closeUnusedConnections(app: FastifyInstance) {
  const open = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('preClose', async () => {
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
  });
}

export function closeOnSignals(app: FastifyInstance, database: Database, times: ShutdownTimes) {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      void drain(app, database, signal, times);
    });
  }
}

async function drain(
  app: FastifyInstance,
  database: Database,
  signal: string,
  { delayMs, graceMs }: ShutdownTimes,
) {
  app.lifecycle.draining = true;
  if (delayMs > 0) {
    app.log.info(
      `${signal}: readiness is 503; still serving for ${delayMs / 1000} s before closing`,
    );
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  app.log.info(
    `${signal}: draining, no new connections; finishing the requests in flight (at most ${graceMs / 1000} s)`,
  );
  const deadline = setTimeout(() => {
    app.log.error(`requests still running after ${graceMs / 1000} s: exiting without them`);
    process.exit(1);
  }, graceMs);
  try {
    await app.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'closing failed');
    process.exit(1);
  }
  clearTimeout(deadline);
  app.log.info('drained: every request answered, database closed');
  process.exit(0);
}
