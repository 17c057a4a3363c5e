/**
 * One log line per request, when it is answered: its id, method, route (the pattern, so no ids
 * or query values), status and duration. Never a body, a header, a token or a password: Fastify's
 * own "incoming request" line (with the URL and its query) is not written. The probes and
 * /metrics log at warn level, so their answers are not logged.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    req: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = {
      method: req.method,
      route: req.routeOptions.url ?? 'unknown',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
