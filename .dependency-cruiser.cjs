/**
 * The SPA's layers (src/): app → features → components → api, lib. Each layer imports only the
 * ones after it; a feature uses another feature only through that feature's index.ts; test
 * helpers live in src/test/ and production code never imports them; no import cycles.
 * Test files (*.test.ts[x]) wire whole screens together and are outside the layers.
 * Run by `npm run lint`.
 */
const TEST_FILE = '\\.test\\.tsx?$';

/** A rule forbidding `from` (production code) to import any of `to`. */
const layer = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: TEST_FILE },
  to: { path: to },
});

module.exports = {
  forbidden: [
    layer(
      'features-not-app',
      'Features use the app only through app/hooks (typed hooks and the thunk type).',
      '^src/features/',
      '^src/app/(?!hooks\\.ts$)',
    ),
    layer(
      'components-not-app-or-features',
      'Shared components know nothing of the app or of a feature.',
      '^src/components/',
      '^src/(app|features)/',
    ),
    layer(
      'api-below-components',
      'The API slice knows nothing of the app, features or components.',
      '^src/api/',
      '^src/(app|features|components)/',
    ),
    layer(
      'lib-at-the-bottom',
      'lib/ holds plain helpers: it imports no other layer.',
      '^src/lib/',
      '^src/(app|features|components|api)/',
    ),
    {
      name: 'feature-through-its-index',
      comment: 'A feature uses another feature only through its public index.ts.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/', pathNot: TEST_FILE },
      to: {
        path: '^src/features/([^/]+)/',
        pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.ts$'],
      },
    },
    layer(
      'no-test-code-in-production',
      'Test helpers (src/test/) and test files are for tests only.',
      '^src/(?!test/)',
      ['^src/test/', TEST_FILE],
    ),
    {
      name: 'no-circular',
      comment: 'Modules that import each other, directly or around a loop.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: ['\\.css$'] },
  },
};
