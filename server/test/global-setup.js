// Jest loads global setup outside its module system, so the TypeScript work runs under tsx.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

export default function globalSetup() {
  process.env.TEST_RUN_ID = randomBytes(4).toString('hex');
  execFileSync('node_modules/.bin/tsx', ['server/test/build-template.ts'], {
    stdio: 'inherit',
    env: process.env,
  });
}
