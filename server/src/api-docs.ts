/**
 * GET /api/docs: the contract as one HTML page (built by `npm run docs` into the build folder),
 * public. The page is Redoc with its script inlined, so it has a policy of its own: its inline
 * scripts allowed by their hashes, inline styles (Redoc computes them), its search worker from a
 * blob:, nothing from another origin.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const API_DOCS_PATH = '/api/docs';
export const API_DOCS_FILE = 'api-docs.html';

/** The Content-Security-Policy of the docs page: `html`'s inline scripts by hash. */
function apiDocsPolicy(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
  );
  return [
    "default-src 'none'",
    `script-src ${hashes.join(' ') || "'none'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function registerApiDocs(app: FastifyInstance, buildDir: string) {
  const file = path.join(buildDir, API_DOCS_FILE);
  const html = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  const policy = html && apiDocsPolicy(html);
  app.get(API_DOCS_PATH, async (_req, reply) => {
    if (!html || !policy) {
      return reply.status(404).send({
        success: false,
        message: 'The API reference is not built: run npm run docs (npm run build does it too)',
        status_code: 404,
      });
    }
    return reply
      .header('content-security-policy', policy)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
