/**
 * The jest configuration of one Stryker target (scripts/mutation.mjs): the project of the
 * repository's jest.config.js that holds its tests, narrowed to those test files.
 */
import { fileURLToPath } from 'node:url';
import base from '../../jest.config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

const { MUTATION_PROJECT, MUTATION_TESTS = '', MUTATION_DATABASE } = process.env;
const project = base.projects.find((p) => p.displayName === MUTATION_PROJECT);
if (!project) throw new Error(`No jest project ${MUTATION_PROJECT}`);
const { displayName: _name, globalSetup: _setup, globalTeardown: _teardown, ...rest } = project;

export default {
  ...rest,
  rootDir: root,
  // Stryker wraps the test environment and resolves it itself, without <rootDir>.
  testEnvironment: rest.testEnvironment.replace('<rootDir>', root),
  testTimeout: base.testTimeout,
  testMatch: MUTATION_TESTS.split(',').map((file) => `<rootDir>/${file}`),
  // Stryker starts jest once per mutant: the seeded template is built once, not every time.
  ...(MUTATION_DATABASE ? { globalSetup: '<rootDir>/scripts/mutation/global-setup.js' } : {}),
};
