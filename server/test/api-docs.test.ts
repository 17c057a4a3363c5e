/** GET /api/docs: the built contract reference, public, with a CSP of its own on that path. */
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { API_DOCS_FILE, registerApiDocs } from '../src/api-docs.js';
import { createTestApp } from './helpers/test-app.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

test('serves the built page without a token, its inline scripts allowed by hash and nothing else', async () => {
  const buildDir = await mkdtemp(path.join(os.tmpdir(), 'api-docs-'));
  const scripts = ['window.a = 1;', 'import("./x.js"); const s = `<script> <\\/script>`;'];
  await writeFile(
    path.join(buildDir, API_DOCS_FILE),
    `<html><head><script>${scripts[0]}</script></head><body><script type="module">${scripts[1]}</script></body></html>`,
  );
  const app = Fastify();
  registerApiDocs(app, buildDir);
  const res = await app.inject({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).toContain(scripts[0]);
  const policy = String(res.headers['content-security-policy']);
  expect(policy).toContain(
    `script-src 'sha256-${sha256(scripts[0])}' 'sha256-${sha256(scripts[1])}';`,
  );
  expect(policy).toMatch(/^default-src 'none'; /);
  expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  expect(policy).not.toContain('http');
  await app.close();
});

test('the server answers /api/docs without a token, and says how to build it when it is missing', async () => {
  const testApp = await createTestApp();
  try {
    const res = await testApp.as({ method: 'GET', url: '/api/docs', token: null });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'The API reference is not built: run npm run docs (npm run build does it too)',
    );
  } finally {
    await testApp.close();
  }
});
