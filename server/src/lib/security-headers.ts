/**
 * Security headers on every response (helmet) and no caching of API answers.
 *
 * The Content-Security-Policy fits the built SPA: scripts, workers, fonts and connections only
 * from this origin (no 'unsafe-eval', no inline script); styles also inline, because antd's
 * CSS-in-JS writes <style> elements and Quill writes style attributes; images also from data:
 * (seeded pictures, pasted images) and http(s) (images the editor links to). The page may not be
 * framed (frame-ancestors 'none', X-Frame-Options DENY).
 *
 * The headers are the same for every response, so helmet's middleware is built once, here.
 * (@fastify/helmet, used before, built it again for every request: 4% of the server's time
 * serving total/user in a CPU profile, docs/benchmarks.md.)
 */
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:', 'http:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export async function registerSecurityHeaders(app: FastifyInstance, apiPrefix: string) {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Uploaded images are public and may be shown by the diner apps on other origins.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onRequest', (req, reply, done) =>
    setHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  // API answers carry account data: never stored by a browser or a proxy. Images set their own
  // immutable caching, which is kept.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith(`${apiPrefix}/`) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
