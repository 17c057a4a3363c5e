/**
 * Drift check for the generated API types (npm run gen:api:check).
 *
 * Generates the types from openapi/openapi.yaml exactly as `npm run gen:api` does (the
 * openapi-typescript CLI, then prettier with the repository's configuration) into a temporary
 * file, and fails when the result differs from the committed openapi/schema.d.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const specPath = join(root, 'openapi', 'openapi.yaml');
const typesPath = join(root, 'openapi', 'schema.d.ts');
const cliPath = join(root, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');

function fail(message: string): never {
  console.error(`gen:api:check failed: ${message}`);
  process.exit(1);
}

async function generate(): Promise<string> {
  if (!existsSync(cliPath)) fail(`openapi-typescript is not installed (${cliPath} is missing).`);
  const dir = mkdtempSync(join(tmpdir(), 'gen-api-check-'));
  try {
    const out = join(dir, 'schema.d.ts');
    try {
      execFileSync(process.execPath, [cliPath, specPath, '-o', out], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
      fail(`openapi-typescript could not generate types from openapi/openapi.yaml:\n${stderr}`);
    }
    // Format as if the file sat at its committed path, so the repository's prettier config
    // (and any .editorconfig, as the prettier CLI would) applies.
    const config = (await prettier.resolveConfig(typesPath, { editorconfig: true })) ?? {};
    return prettier.format(readFileSync(out, 'utf8'), { ...config, filepath: typesPath });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) {
      return `first difference at line ${i + 1}:\n  generated: ${a[i] ?? '<end of file>'}\n  committed: ${b[i] ?? '<end of file>'}`;
    }
  }
  return 'the files differ';
}

const rel = relative(root, typesPath);
const generated = await generate();
if (!existsSync(typesPath)) fail(`${rel} does not exist. Run \`npm run gen:api\` and commit it.`);
const committed = readFileSync(typesPath, 'utf8');
if (generated !== committed) {
  fail(
    `${rel} is out of date with openapi/openapi.yaml; ${firstDifference(generated, committed)}\n` +
      'Run `npm run gen:api` and commit the result.',
  );
}
console.log(`gen:api:check: ${rel} is up to date.`);
