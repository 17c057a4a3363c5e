/**
 * Builds the Fastify instance: the contract's operations bound to their handlers by operationId
 * (fastify-openapi-glue validates every request against the contract), the bearer security
 * scheme, errors in the contract's ErrorResponse shape, and the built SPA with history fallback.
 * Tests call `buildApp` and `inject`; main.ts adds listening, seeding and signals.
 */
import fs from 'node:fs';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Database } from './db/client.js';
import type { ServerConfig } from './config.js';
import {
  bodyRules,
  loadContract,
  operationFlags,
  securedOperations,
  streamingRoutes,
  versionedOperations,
} from './contract.js';
import { bearerAuth, bearerTokenPresent, type Access } from './auth/bearer-auth.js';
import { TOKEN_CHECKED_BY_HANDLER } from './handlers/bookings.js';
import { BACKGROUND_OPERATIONS } from './handlers/events.js';
import { EventHub } from './lib/event-hub.js';
import { registerApiDocs } from './api-docs.js';
import { handlers } from './handlers/index.js';
import { HttpError } from './lib/http-error.js';
import { databaseUnavailable, databaseUnavailableReason } from './db/unavailable.js';
import {
  contentTypeGuard,
  inputErrorOf,
  isMalformedMultipart,
  nulGuard,
  requiredBodyGuard,
} from './lib/request-guards.js';
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGES,
  multipartOptions,
  multipartSizeGuard,
} from './lib/multipart.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { prepareSavedViewRules } from './lib/saved-view-filters.js';
import { IF_MATCH_MALFORMED, ifMatchRequired } from './lib/versions.js';
import { validatorCompiler } from './lib/validators.js';
import { registerHealth, type Lifecycle } from './ops/health.js';
import { registerLoadShedding } from './ops/load-shedding.js';
import { registerMetrics } from './ops/metrics.js';
import { RequestLog } from './ops/request-log.js';
import { closeUnusedConnections, registerDrainHeaders } from './ops/shutdown.js';

export const API_PREFIX = '/api/v1';
export { MAX_IMAGE_BYTES, MAX_IMAGES };

export type BuildAppOptions = {
  database: Database;
  config: ServerConfig;
  logger?: boolean | object;
};

/**
 * Response types of the contract that no request carries (images, CSV, the event stream): refused
 * like any unknown type.
 */
const RESPONSE_ONLY_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'text/csv',
  'text/event-stream',
];

export async function buildApp({ database, config, logger = false }: BuildAppOptions) {
  const app = Fastify({
    logger,
    bodyLimit: 2 * 1024 * 1024,
    // Behind a load balancer the client's address comes from X-Forwarded-For, but only from the
    // proxies TRUST_PROXY names: otherwise anyone could choose the address the throttle counts.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // One line per request: route, status, duration; no URL query (ops/request-log.ts).
    logController: new RequestLog(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('lifecycle', { starting: false, draining: false } satisfies Lifecycle);
  const specification = await loadContract();
  prepareSavedViewRules(specification);
  // First, so that a request it sheds costs nothing else.
  await registerLoadShedding(
    app,
    config.shedding,
    streamingRoutes(specification, API_PREFIX),
    app.lifecycle,
  );
  // The live event stream's fan-out (GET /events); its streams end before the server closes.
  const events = new EventHub(database);
  app.decorate('events', events);
  app.addHook('preClose', () => events.close());
  registerHealth(app, app.lifecycle, database);
  registerDrainHeaders(app);
  closeUnusedConnections(app);
  if (config.metricsToken) await registerMetrics(app, database, config.metricsToken);
  // fastify-openapi-glue warns about every content type of the contract without a parser,
  // response types included; a request of these types stays a 415.
  app.addContentTypeParser(RESPONSE_ONLY_TYPES, (_req, _body, done) =>
    done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }), undefined),
  );
  app.decorateRequest('user', null as never);
  app.decorateRequest('session', null as never);
  app.decorateRequest('tokenCheckPending', false);
  app.decorateRequest('access', null);
  app.decorateRequest('enrolTicket', null);
  app.setErrorHandler(errorHandler);

  await registerSecurityHeaders(app, API_PREFIX);
  await app.register(formbody);
  // Multipart fields become body values the contract validates; files are buffered beside the
  // request (see lib/multipart.ts).
  await app.register(multipart, multipartOptions);

  app.addHook('preValidation', nulGuard);

  const secured = securedOperations(specification);
  const bodies = bodyRules(specification);
  const versioned = versionedOperations(specification);
  const stepUp = operationFlags(specification, 'x-step-up');
  const enrolTicket = operationFlags(specification, 'x-mfa-ticket');
  await app.register(openapiGlue, {
    specification,
    prefix: API_PREFIX,
    // The contract's bearer security (the token, then the permission the operation names) is
    // checked in onRequest, before the body is read: glue's own
    // securityHandlers run as a preHandler, after an unauthenticated multipart body of up to
    // 25 MB would have been buffered and validated.
    // A content type the operation does not declare is refused (415) before its body is read.
    operationResolver: (operationId: string) => {
      const handler = resolveHandler(handlers, operationId);
      const body = bodies.get(operationId) ?? { types: [], required: false, files: 0 };
      const check = TOKEN_CHECKED_BY_HANDLER.has(operationId) ? bearerTokenPresent : bearerAuth;
      // The permission the contract names for the operation, checked with the token.
      // With it, whether it needs a recent "Confirm it's you" and takes an enrolment ticket.
      const access: Access = {
        operationId,
        permission: secured.get(operationId) ?? null,
        stepUp: stepUp.has(operationId),
        enrolTicket: enrolTicket.has(operationId),
        background: BACKGROUND_OPERATIONS.has(operationId),
      };
      const auth = (req: FastifyRequest) => {
        req.access = access;
        return check(req);
      };
      const onRequest = [
        ...(secured.has(operationId) ? [auth] : []),
        // REQUIRE_IF_MATCH: a write the contract checks against a version needs If-Match (428).
        ...(versioned.has(operationId) ? [ifMatchRequired] : []),
        contentTypeGuard(body),
        ...(body.files ? [multipartSizeGuard(body.files)] : []),
      ];
      return { onRequest, preValidation: requiredBodyGuard(body), handler } as never;
    },
  });

  registerApiDocs(app, config.buildDir);
  registerSpa(app, config.buildDir);
  return app;
}

/** Trust the nearest `hops` proxies (Fastify's own number form is missing from its types). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The handler of an operation, or one answering 501 when the operation has none yet. */
export function resolveHandler(map: object, operationId: string): (...args: never[]) => unknown {
  const handler = (map as Record<string, unknown>)[operationId];
  if (typeof handler === 'function') return handler as (...args: never[]) => unknown;
  return async () => {
    throw new HttpError(501, `Operation ${operationId} is not implemented yet`);
  };
}

async function errorHandler(
  this: FastifyInstance,
  thrown: FastifyError,
  req: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[1],
  reply: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[2],
) {
  let error = thrown;
  if (req.tokenCheckPending) {
    // The handler that checks the token itself did not get to it: the check comes first.
    error = await bearerAuth(req).then(
      () => thrown,
      (authError: FastifyError) => authError,
    );
  }
  const unavailable = databaseUnavailableReason(error);
  if (unavailable) {
    // Not the request's fault and not a bug: the client may try again (any write was rolled back).
    req.log.warn({ reqId: req.id, url: req.url }, `503, database unavailable: ${unavailable}`);
    error = databaseUnavailable() as FastifyError;
  }
  let statusCode = error.statusCode ?? 500;
  let message = error.message;
  const inputError = statusCode >= 500 ? inputErrorOf(error) : null;
  if (inputError) {
    // A value the database refused (out of range, invalid text, too long): the caller's input.
    statusCode = inputError.statusCode;
    message = inputError.message;
  } else if (isMalformedMultipart(error)) {
    statusCode = 400;
    message = `Invalid request: the multipart/form-data body is malformed (${error.message})`;
  } else if (error.validation) {
    statusCode = 400;
    message =
      error.validationContext === 'headers' && error.validation[0]?.instancePath === '/if-match'
        ? IF_MATCH_MALFORMED
        : `Invalid request: ${error.message}`;
  } else if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
    statusCode = 413;
    message = `A file is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`;
  } else if (error.code === 'FST_FILES_LIMIT') {
    statusCode = 413;
    message = `At most ${MAX_IMAGES} files may be uploaded at once`;
  }
  // 501 (not implemented) and 503 (try again) say what they are; anything else is a bug.
  if (statusCode >= 500 && statusCode !== 501 && statusCode !== 503) {
    // Every 500 is logged with its cause and the request id the answer can be matched by.
    req.log.error({ err: error, reqId: req.id, url: req.url }, `500 for request ${req.id}`);
    message = 'Internal server error';
  }
  if (error instanceof HttpError && error.headers) reply.headers(error.headers);
  const fields = error instanceof HttpError && statusCode < 500 ? error.fields : undefined;
  return reply
    .status(statusCode)
    .send({ ...fields, success: false, message, status_code: statusCode });
}

function registerSpa(app: FastifyInstance, buildDir: string) {
  const hasBuild = fs.existsSync(`${buildDir}/index.html`);
  if (hasBuild) {
    app.register(fastifyStatic, {
      root: buildDir,
      // Look files up per request (not only those present at start), so a server left running
      // across `npm run build` serves the new content-hashed assets.
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies (webpack.config.js): sent to browsers that accept them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Content-hashed assets never change; index.html (or its copy) must always be revalidated.
        res.header(
          'cache-control',
          /\.html(\.br|\.gz)?$/.test(filePath) ? 'no-cache' : 'public, max-age=31536000, immutable',
        );
      },
    });
    // The root is a folder, which the wildcard route refuses (403) when it has no index.
    app.get('/', (_req, reply) => sendIndex(reply));
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith(`${API_PREFIX}/`) || req.url === API_PREFIX || !hasBuild) {
      return reply
        .status(404)
        .send({ success: false, message: `No route ${req.method} ${req.url}`, status_code: 404 });
    }
    // A missing file (a chunk of an older build, a typo) is a 404, never the SPA's page: a
    // script answered with HTML fails in a way nobody can read.
    const lastSegment = req.url.split(/[?#]/)[0].split('/').pop() ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || lastSegment.includes('.')) {
      return reply.status(404).send({ success: false, message: 'Not found', status_code: 404 });
    }
    return sendIndex(reply);
  });
}

function sendIndex(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}
