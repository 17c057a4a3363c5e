/**
 * Mutation testing (Stryker with its jest runner) of the code where a wrong branch costs money
 * or data: `npm run test:mutation [-- target ...]`. A target may be narrowed to lines of its
 * file, `target:first-last` (e.g. `refunds:146-282`), to run a slow one in parts; its report is
 * then reports/mutation/<target>-<first>-<last>.json. Each target mutates its own files and runs
 * only their tests, one target after another, one mutant at a time (the machine is small); the
 * scores are printed at the end and each report is kept in reports/mutation/<target>.json.
 * Not part of `npm test` nor CI: it takes minutes per target.
 */
import { Stryker } from '@stryker-mutator/core';

const TARGETS = {
  money: {
    mutate: ['common/money.ts', 'common/refund-eligibility.ts'],
    project: 'common',
    tests: ['common/money.test.ts', 'common/refund-eligibility.test.ts'],
  },
  'refund-limit': {
    mutate: ['common/refund-limit.ts', 'common/usd-rates.ts'],
    project: 'common',
    tests: ['common/refund-limit.test.ts', 'common/usd-rates.test.ts'],
  },
  'money-format': {
    mutate: ['common/money-format.ts'],
    project: 'common',
    tests: ['common/money-format.test.ts'],
  },
  'booking-rules': {
    mutate: ['src/features/bookings/booking-rules.ts'],
    project: 'client',
    tests: ['src/features/bookings/booking-rules.test.ts'],
  },
  'validate-row': {
    mutate: ['src/features/bulk-upload/validate-row.ts'],
    project: 'client',
    tests: ['src/features/bulk-upload/validate-row.test.ts'],
  },
  'list-url': {
    mutate: ['src/components/list/list-url.ts'],
    project: 'client',
    tests: ['src/components/list/list-url.test.ts'],
  },
  refunds: {
    // The handler's rules (also a refund that waits for approval and its carrying out) and the
    // refunds area's conditional updates (queries/refunds.ts).
    mutate: ['server/src/handlers/refunds.ts', 'server/src/queries/refunds.ts'],
    project: 'server',
    tests: [
      'server/test/refunds.test.ts',
      'server/test/refunds-concurrency.test.ts',
      'server/test/approvals.test.ts',
    ],
    database: true,
  },
};

const names = process.argv.slice(2);
const parse = (arg) => {
  const [, name, lines] = /^([^:]+)(?::(\d+-\d+))?$/.exec(arg) ?? [];
  if (!TARGETS[name]) throw new Error(`Unknown target ${arg}; known: ${Object.keys(TARGETS)}`);
  return { name, lines, label: lines ? `${name}-${lines}` : name };
};
const runs = (names.length ? names : Object.keys(TARGETS)).map(parse);

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const scores = [];
for (const { name, lines, label } of runs) {
  const target = TARGETS[name];
  process.env.MUTATION_PROJECT = target.project;
  process.env.MUTATION_TESTS = target.tests.join(',');
  if (target.database) process.env.MUTATION_DATABASE = '1';
  else delete process.env.MUTATION_DATABASE;
  const started = Date.now();
  const results = await new Stryker({
    mutate: lines ? target.mutate.map((file) => `${file}:${lines}`) : target.mutate,
    testRunner: 'jest',
    jest: {
      projectType: 'custom',
      configFile: 'scripts/mutation/jest.config.js',
      enableFindRelatedTests: false,
    },
    testRunnerNodeArgs: ['--experimental-vm-modules', '--no-warnings'],
    coverageAnalysis: 'perTest',
    concurrency: 1,
    // A mutant's tests are slow (a database each) and the machine is shared: a run that takes
    // three times its dry run and 30 s more is a hang, not a busy moment.
    ...(target.database ? { timeoutFactor: 3, timeoutMS: 30_000 } : {}),
    // The first run of the refunds target takes minutes on a busy 2-core machine.
    dryRunTimeoutMinutes: 20,
    reporters: ['clear-text', 'progress', 'json'],
    jsonReporter: { fileName: `reports/mutation/${label}.json` },
    ignorePatterns: ['build', 'data', 'e2e', 'reports', 'test-results*', 'playwright-report'],
    tempDirName: '.stryker-tmp',
  }).runMutationTest();
  const detected = results.filter((r) => DETECTED.has(r.status)).length;
  const undetected = results.filter((r) => UNDETECTED.has(r.status)).length;
  scores.push({
    target: label,
    mutants: results.length,
    detected,
    undetected,
    score: `${((100 * detected) / Math.max(1, detected + undetected)).toFixed(1)}%`,
    minutes: ((Date.now() - started) / 60_000).toFixed(1),
  });
}
console.table(scores);
