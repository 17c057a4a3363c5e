// The server tests' template database, built on the first jest run of a Stryker target and reused
// by the next ones (Stryker runs jest once per mutant, in the same process and folder).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export default function globalSetup() {
  process.env.TEST_RUN_ID ??= 'mutation';
  if (fs.existsSync(`.tmp/jest/pglite-template-${process.env.TEST_RUN_ID}.tar`)) return;
  execFileSync('node_modules/.bin/tsx', ['server/test/build-template.ts'], {
    stdio: 'inherit',
    env: process.env,
  });
}
