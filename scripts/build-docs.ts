/**
 * npm run docs: the contract as one self-contained HTML page, build/api-docs.html, served at
 * /api/docs. Redocly's build-docs with Redoc inlined (no CDN at view time), its telemetry off, and
 * the two things it would still fetch from a CDN (the "API docs by Redocly" logo) replaced, so
 * the page works under its Content-Security-Policy (server/src/api-docs.ts) with nothing from
 * another origin (e2e/api-docs.spec.ts checks it in Chromium). Fails when the page would.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const output = path.resolve(process.argv[2] ?? 'build/api-docs.html');
// Redocly's banners (Node.js support, Redoc 3) go to stderr on every run and read like errors:
// its output is shown only when it fails.
try {
  execFileSync(
    'node_modules/.bin/redocly',
    ['build-docs', 'openapi/openapi.yaml', '--inlineBundle', '--output', output],
    { stdio: 'pipe', env: { ...process.env, REDOCLY_TELEMETRY: 'off' } },
  );
} catch (error) {
  const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
  process.stderr.write(`${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`);
  console.error(`npm run docs: redocly build-docs failed (${String(error)})`);
  process.exit(1);
}

const logo = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='56' height='16'><text x='0' y='12' " +
    "font-family='sans-serif' font-size='12' fill='#0044D4'>Redocly</text></svg>",
)}`;
const html = readFileSync(output, 'utf8')
  .replace(/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g, logo)
  // No favicon request for a page that has none.
  .replace('<head>', '<head>\n  <link rel="icon" href="data:,">')
  // The search index (FlexSearch) probes for a worker by evaluating code with Function(), which
  // the page's policy forbids (no 'unsafe-eval'): answer the probe "no", so search runs in the page
  // without a refused eval.
  .replace(/try\{return (\w+)\._factory\?\?=Function\(\w+\),!0\}catch\{return!1\}/, 'return!1');

const problems = [
  /\bsrc=["']https?:/.test(html) && 'an element loads a remote URL',
  html.includes('cdn.redoc.ly') && 'the Redocly logo still comes from its CDN',
  /_factory\?\?=Function\(/.test(html) && "the search's eval probe is left",
  !html.includes('"disableTelemetry":true') && 'telemetry is not disabled',
].filter(Boolean);
if (problems.length > 0) {
  console.error(`npm run docs: ${output}: ${problems.join('; ')}`);
  process.exit(1);
}
writeFileSync(output, html);
console.log(
  `API reference: ${path.relative(process.cwd(), output)} (${Math.round(html.length / 1024)} KiB)`,
);
