/**
 * npm start's build step: runs `npm run build` (webpack, then the API reference) only when what
 * the build reads changed since the last successful build, judged by a SHA-256 of those files'
 * paths and contents kept in build/.inputs-hash. Says in one line which it does.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the build reads: the SPA, the shared rules, the contract, and the build's settings. */
const INPUTS = [
  'src',
  'common',
  'openapi',
  'public',
  'webpack.config.js',
  'tsconfig.base.json',
  'tsconfig.spa.json',
  'package.json',
  'package-lock.json',
  'redocly.yaml',
  'scripts/build-docs.ts',
];
/** Test files are never part of the bundle. */
const NOT_BUILT = /\.test\.tsx?$|(^|\/)src\/test\//;
const HASH_FILE = 'build/.inputs-hash';
const OUTPUTS = ['build/index.html', 'build/api-docs.html'];

function files(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return NOT_BUILT.test(entry) ? [] : [entry];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => files(path.posix.join(entry, name)));
}

function inputsHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files)) {
    hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const started = Date.now();
const hash = inputsHash();
const previous = existsSync(HASH_FILE) ? readFileSync(HASH_FILE, 'utf8').trim() : '';
if (previous === hash && OUTPUTS.every((file) => existsSync(file))) {
  console.log('Build: up to date (no SPA, contract or build setting changed), not rebuilding.');
} else {
  console.log(
    previous
      ? 'Build: sources changed since the last build, rebuilding the SPA (about 2 minutes).'
      : 'Build: no earlier build, building the SPA (about 2 minutes).',
  );
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  writeFileSync(HASH_FILE, `${hash}\n`);
  console.log(`Build: done in ${Math.round((Date.now() - started) / 1000)} s.`);
}
