/**
 * npm start's build step in a scratch project whose `build` script only counts its runs: a
 * second start without changes does not build, a changed source or build setting does, a test
 * file does not.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const script = path.resolve('scripts/build-if-changed.ts');
const tsx = path.resolve('node_modules/.bin/tsx');
let dir: string;

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const start = () => execFileSync(tsx, [script], { cwd: dir, encoding: 'utf8' });
const builds = () => readFileSync(path.join(dir, 'builds.txt'), 'utf8').length;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'build-if-changed-'));
  // The fake build writes what a real one leaves (webpack's clean empties build/ first).
  const build =
    "const fs=require('fs');fs.rmSync('build',{recursive:true,force:true});fs.mkdirSync('build');" +
    "fs.writeFileSync('build/index.html','');fs.writeFileSync('build/api-docs.html','');" +
    "fs.appendFileSync('builds.txt','x')";
  write('package.json', JSON.stringify({ scripts: { build: `node -e "${build}"` } }));
  write('src/index.tsx', 'export {};\n');
  write('src/app.test.tsx', 'test;\n');
  write('webpack.config.js', 'export default {};\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('builds once, then only when what the build reads changed', () => {
  expect(start()).toMatch(/^Build: no earlier build, building the SPA/);
  expect(builds()).toBe(1);

  expect(start()).toBe(
    'Build: up to date (no SPA, contract or build setting changed), not rebuilding.\n',
  );
  write('src/app.test.tsx', 'test; // changed\n');
  start();
  expect(builds()).toBe(1);

  write('src/index.tsx', 'export const changed = 1;\n');
  expect(start()).toMatch(/^Build: sources changed since the last build, rebuilding/);
  expect(builds()).toBe(2);

  write('webpack.config.js', 'export default { mode: "production" };\n');
  start();
  expect(builds()).toBe(3);

  // A build made by `npm run build` itself (the hash is gone with webpack's clean) is not trusted.
  execFileSync('npm', ['run', '-s', 'build'], { cwd: dir });
  start();
  expect(builds()).toBe(5);
  start();
  expect(builds()).toBe(5);
});
