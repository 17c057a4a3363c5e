/**
 * The environment the tests' servers read: the defaults, but no shedding on event-loop delay. A
 * test process blocks its event loop for seconds at a time (PGlite's clones and migrations run in
 * it), after which the plugin would shed the next second of requests; load-shedding.test.ts tests
 * that bound on its own.
 */
export const TEST_ENV = { SHED_MAX_EVENT_LOOP_DELAY_MS: '0' };
export const TEST_ADMIN = { adminEmail: 'admin@example.com', adminPassword: 'admin1234' };
export const TEST_OWNER = { email: 'owner@example.com', password: 'owner1234' };
