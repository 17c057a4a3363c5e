/**
 * Three projects: the reference server in node, the SPA in jsdom, and common/ (the rules both
 * import) in node without the server's databases. Native ESM (see docs/architecture.md).
 */
import os from 'node:os';

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

/** ESM-only packages that CommonJS dependencies require(); jest (on Node < 24.9) needs them as CJS. */
const requiredEsm = ['content-disposition', 'cookie'];
const swcCjs = ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }];

export default {
  // jest's default is one worker fewer than the cores: a single one on a 2-core machine, where the
  // main process mostly waits. At least two: the whole suite so on 2 cores used 18 min of CPU and
  // passed at a load average of 14, but for a client test's server start limit, since raised.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  // Global only (jest ignores it per project), for the slowest of both: a component test renders
  // whole screens in jsdom (antd's first load alone takes seconds) and a server test clones a
  // database, each on a busy machine. Test files set no timeouts of their own.
  testTimeout: 240_000,
  projects: [
    {
      displayName: 'common',
      testEnvironment: 'node',
      roots: ['<rootDir>/common'],
      testMatch: ['**/*.test.ts'],
      extensionsToTreatAsEsm: ['.ts'],
      transform: { '^.+\\.ts$': swc },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server', '<rootDir>/scripts', '<rootDir>/openapi'],
      testMatch: ['**/*.test.ts'],
      extensionsToTreatAsEsm: ['.ts'],
      transform: {
        '^.+\\.ts$': swc,
        [`node_modules/(${requiredEsm.join('|')})/.+\\.js$`]: swcCjs,
      },
      transformIgnorePatterns: [`/node_modules/(?!(${requiredEsm.join('|')})/)`],
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
      globalSetup: '<rootDir>/server/test/global-setup.js',
      globalTeardown: '<rootDir>/server/test/global-teardown.js',
    },
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/src/test/jsdom-environment.js',
      setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      extensionsToTreatAsEsm: ['.ts', '.tsx'],
      transform: { '^.+\\.tsx?$': swc },
      // Stylesheets (the lazily loaded rich-text editor's) are webpack's business, not jsdom's.
      moduleNameMapper: { '\\.css$': '<rootDir>/src/test/style-stub.js' },
    },
  ],
};
