/**
 * The SPA's layers (src/): app → features → components → api, lib. Each layer imports only the
 * ones after it; a feature uses another feature only through that feature's index.ts; test
 * helpers live in src/test/ and production code never imports them; no import cycles.
 * Test files (*.test.ts[x]) wire whole screens together and are outside the layers.
 *
 * The server's layers (server/src/): handlers → auth → queries (one module per area, owning its
 * SQL) → db, lib. A handler or an auth rule holds no query (no Drizzle builder, no SQL, no table
 * but its types); a handler uses no other handler; queries, db and lib never reach up.
 *
 * The two tiers meet only in common/ (the rules both share) and openapi/; common/ imports
 * neither. Run by `npm run lint`.
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
      'common-imports-no-tier',
      'common/ is shared by the SPA and the server, so it imports neither.',
      '^common/',
      '^(src|server)/',
    ),
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
      from: { path: '^(src|server/src|common)/' },
      to: { circular: true },
    },
    {
      name: 'server-handlers-hold-no-query',
      comment:
        "A handler validates, calls its area's queries module, records the change and answers: " +
        'the query (Drizzle, SQL, tables) lives in server/src/queries/<area>.ts.',
      severity: 'error',
      from: { path: '^server/src/handlers/' },
      to: {
        path: ['(^|/)node_modules/drizzle-orm/', '^server/src/db/schema\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-auth-holds-no-query',
      comment:
        'auth/ holds the rules of sessions, passwords, sign-in throttling and administrators; ' +
        'their SQL lives in server/src/queries/ (sessions.ts, login-throttle.ts, team.ts).',
      severity: 'error',
      from: { path: '^server/src/auth/' },
      to: {
        path: ['(^|/)node_modules/drizzle-orm/', '^server/src/db/schema\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-lib-holds-no-query',
      comment:
        'lib/ holds what the layers share (contract types, errors, pure mappings); SQL lives in ' +
        'server/src/queries/. Two exceptions: recordChange (lib/audit.ts) appends the audit ' +
        'event in the transaction of every write, and booking-view.ts reads the tables only to ' +
        'decode the JSON rows queries/bookings.ts selects.',
      severity: 'error',
      from: { path: '^server/src/lib/', pathNot: '^server/src/lib/(audit|booking-view)\\.ts$' },
      to: {
        path: ['(^|/)node_modules/drizzle-orm/', '^server/src/db/schema\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-auth-below-handlers',
      comment: 'The auth rules serve handlers and the app; they never import a handler.',
      severity: 'error',
      from: { path: '^server/src/auth/' },
      to: { path: '^server/src/handlers/' },
    },
    {
      name: 'server-handler-not-another-handler',
      comment: 'A handler uses no other handler; what two share lives in queries/ or lib/.',
      severity: 'error',
      from: { path: '^server/src/handlers/(?!index\\.ts$)([^/]+)\\.ts$' },
      to: { path: '^server/src/handlers/', pathNot: '^server/src/handlers/(types|$1)\\.ts$' },
    },
    {
      name: 'server-queries-below-handlers',
      comment:
        'The queries of an area serve handlers and the auth rules; they never import either.',
      severity: 'error',
      from: { path: '^server/src/queries/' },
      to: { path: '^server/src/(handlers|auth)/' },
    },
    {
      name: 'server-db-lib-at-the-bottom',
      comment: 'db/ and lib/ are what the queries stand on: they import no handler, rule or area.',
      severity: 'error',
      from: { path: '^server/src/(db|lib)/' },
      to: { path: '^server/src/(handlers|auth|queries)/' },
    },
    {
      name: 'tiers-meet-in-common',
      comment:
        'The server and the SPA import each other only through common/ (and the contract in openapi/).',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'spa-not-server',
      comment: 'The SPA imports nothing of the server (only common/ and openapi/).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: ['\\.css$'] },
  },
};
